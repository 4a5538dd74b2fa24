import { queryKeys } from '../api/query-keys.ts';

/**
 * The failed-mails count's query key, in a module of its own: the layout's live events refresh
 * it without loading the banner's code.
 */
export const FAILED_MAILS_QUERY_KEY = queryKeys.of('/mails/failed-count');
