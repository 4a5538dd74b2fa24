/**
 * Late-order notices: a periodic job that mails each order past its projected delivery to its
 * parties, once.
 */
export { LateDeliveryJob } from './job.ts';
