/**
 * Every query key of the app, built here rather than by hand at each use: a list's pages, a
 * lookup's searches and a record all start with what invalidating them needs (`lists(resource)`
 * matches every page of that list).
 */
export const queryKeys = {
  /** Every page of a server-paged list. */
  lists: (resource: string) => ['list', resource] as const,
  /** One page of a list, by its list parameters. */
  list: (resource: string, params: object) => ['list', resource, params] as const,
  /** A list's count or other view of its own (e.g. the late orders' count as of an instant). */
  listView: (resource: string, view: string, ...args: unknown[]) =>
    ['list', resource, view, ...args] as const,
  /** Every search of a lookup on a list endpoint. */
  lookups: (resource: string) => ['lookup', resource] as const,
  /** One search (or choice list) of a lookup. */
  lookup: (resource: string, ...args: unknown[]) => ['lookup', resource, ...args] as const,
  /** One record of a resource, e.g. `['/orders', 12]`. */
  record: (resource: string, id: number | string) => [resource, id] as const,
  /** A resource's answer that is neither list nor record (options, lookups of the report). */
  of: (resource: string, ...args: unknown[]) => [resource, ...args] as const,
};
