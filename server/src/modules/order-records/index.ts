/**
 * The order read model: reading orders in a role's scope and mapping them, the order mails and the
 * orders' webhook events; below orders, availability and late-delivery.
 */
export {
  distributionMatch,
  enqueueOrderMail,
  enqueueOrderMailTo,
  enqueueOrderNotices,
  inZone,
  type OrderMailFacts,
  orderFactLines,
  orderMailRecipients,
  uniqueAddresses,
} from './notify.ts';
export { enqueueOrderWebhooks, webhookOrder } from './order-webhooks.ts';
export {
  type PlacedNoticeValues,
  type PlacedOrderFacts,
  placedNoticesSql,
  placedNoticeValues,
} from './placed-notices.ts';
export {
  administrationAnswer,
  orderInScope,
  orderList,
  orderScope,
  orderScopeOn,
  orderSource,
  receiptAnswer,
  selectOrders,
  shipmentAnswer,
  toOrder,
  withContacts,
  withOwnColumns,
} from './queries.ts';
export { recipientsWithZones } from './recipients.ts';
