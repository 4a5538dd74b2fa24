/** Business constants and limits (spec section 9). */
export const limits = {
  apiTimeoutMs: 5000,
  /** GET /audit-logs/verify reads the whole audit trail (10,000 entries took 0.3–0.4 s on 2 cores). */
  auditVerifyTimeoutMs: 300_000,
  uniquenessDebounceMs: 500,
  lookupDebounceMs: 500,
  tableFilterDebounceMs: 100,
  /** How often an open dashboard asks again how many mails failed (no live event carries it). */
  failedMailsRefreshMs: 60_000,
  nameMax: 50,
  /** A study schedule's day offsets from the anchor: within ten years either way (issue 36). */
  scheduleOffsetMaxDays: 3650,
  /** The days a schedule window may open before or close after its nominal day. */
  scheduleWindowMaxDays: 365,
  /** The timepoints one study schedule may hold. */
  scheduleEntriesMax: 100,
  /** Subjects due lists a timepoint whose window opens within this many days. */
  subjectsDueLookaheadDays: 7,
  usernameMax: 32,
  addressLineMax: 100,
  zipMax: 10,
  emailMax: 254,
  reasonMax: 140,
  /** A shipment's lot (batch) number, courier and tracking number (issue 35). */
  lotNumberMax: 50,
  courierMax: 50,
  trackingNumberMax: 100,
  /** How far from its event (dispatch, receipt, injection) a journey's measurement may lie (issue 35). */
  journeyMeasurementMaxHours: 24,
  notesMax: 1000,
  notesCollapseAfter: 140,
  subjectMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  dosesMax: 100_000_000,
  repeatEveryMax: 1000,
  pageSizeDefault: 10,
  pageSizeOptions: [10, 20, 50, 100] as const,
  pageSizeMax: 100,
  lookupSize: 100,
  positiveNumberMinDefault: 1,
  csvImportDelayMs: 500,
  /** The largest CSV file the distribution-list import reads (2 MB): refused before it is read. */
  csvImportMaxBytes: 2 * 1024 * 1024,
  failedLoginsBeforeLock: 5,
  /**
   * An account at the failure limit that may not be locked (the last user manager) takes one
   * password attempt per this many seconds instead (docs/decisions/010).
   */
  failedPasswordPauseSeconds: 60,
  defaultCountry: 'US',
  recoveryLinkMinutes: 15,
  /** How far a clock may be off: a delivery this far in the future, a projected delivery this far past, still pass. */
  clockSkewMinutes: 5,
  /**
   * How far from the order's calibration time a projected delivery may lie, either side
   * (docs/decisions/017): further off it is not a delivery for that dose.
   */
  projectedDeliveryMaxDaysFromCalibration: 31,
  /** The most orders one `POST /orders/status-batch` changes (a grid page at its largest). */
  statusBatchMax: 100,
  /** The most doses one core-lab export sends (`GET /reports/dose-accountability/doses`). */
  doseRecordsMax: 5000,
  /** How long a POST /orders Idempotency-Key answers its first result. */
  idempotencyKeyHours: 24,
  idempotencyKeyMax: 200,
  /** The longest window one availability search may expand. */
  availabilitySearchMaxDays: 366,
  /** The reason text of a manufacturing exception (maintenance, holiday, …). */
  exceptionReasonMax: 200,
  /** The years a date or instant may fall in; outside them a date is a 400 on its field. */
  dateYearMin: 1900,
  dateYearMax: 2199,
  /** Live event streams (`GET /events`) one user may hold open on one server instance (decision 023). */
  liveStreamsPerUser: 5,
  /** A live event stream sends a comment line this often, so proxies keep it and clients know it lives. */
  liveHeartbeatSeconds: 25,
  /** An integration API key lives at most this many days (decision 027); its expiry is required. */
  apiKeyValidDaysMax: 365,
  /** A webhook's URL is at most this long (decision 030). */
  webhookUrlMax: 2000,
} as const;

/** Browser storage keys of the session (spec section 9). */
/**
 * The browser's stored keys. `sessionEndNotice`: why a tab ended the session when it is not the
 * usual text (a lock and its end), read by the other tabs as they follow the end.
 */
export const storageKeys = {
  authToken: 'AUTH_TOKEN',
  roleId: 'ROLE_ID',
  sessionEndNotice: 'SESSION_END_NOTICE',
  /** Set when the session was started at the organisation's identity provider (its logout goes there too). */
  signedInWithProvider: 'SIGNED_IN_WITH_PROVIDER',
} as const;

export const GENERIC_TOAST_ID = 'GENERIC_TOAST_ID';
