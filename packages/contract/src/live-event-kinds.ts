import type { AccessRequirement } from './permissions.ts';

// What the web app's layout needs of live events, apart from their schemas (live-events.ts): a
// module without zod, so opening the stream adds no schemas to the app's first download.

/**
 * Who may open the stream: whoever has a screen it refreshes (order lists and details, the Place
 * order calendar, availability). The server's route and the web app's hook both read this.
 */
export const liveEventsAccess: AccessRequirement = {
  anyPermissions: ['order.read', 'order.create', 'cmoManufactureAvailability.read'],
};

export const liveEventTypes = [
  'order.placed',
  'order.status',
  'order.updated',
  'availability.changed',
  'mails.failed',
  'reset',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
