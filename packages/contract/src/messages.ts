import { limits } from './limits.ts';

/** The product's name, as mails, tabs and the sender name it. */
const productName = 'DoseChain';
const count = (n: number) => n.toLocaleString('en-US');
const entries = (n: number) => (n === 1 ? 'entry' : 'entries');

/** Every user-facing text of the spec, written once and used verbatim by server and web. */
/** An order whose manufacture day became a day with no manufacture (decision 026, issue 33). */
const closedDayText = (day: string, reason: string) =>
  `This order's manufacture day, ${day}, has no manufacture (${reason}).`;

export const messages = {
  appTitle: 'Supply Chain Management System',
  productName,
  /** A browser tab's title: the screen it shows, then the product. */
  tabTitle: (screen: string) => `${screen} — ${productName}`,
  required: 'Required',
  onlySpaces: "Can't contain only spaces",
  maxLength: (n: number) => `Longer than maximum length ${n}`,
  invalidEmail: 'Invalid email format',
  invalidPhone: 'Invalid phone number',
  invalidTimezone: 'Invalid time zone',
  invalidCountry: 'Invalid country code',
  alreadyUsed: 'This value is already used',
  minValue: (n: number) => `Min value is ${n}`,
  // a decimal field's range and precision (a number stored exactly, e.g. a half-life)
  greaterThanZero: 'Must be greater than 0',
  maxDecimals: (n: number) => `At most ${n} decimal places`,
  maxValue: (n: number) => `Max value is ${n}`,
  invalidValue: 'invalidValue',
  // what a picker's 'invalidValue' reads as under the field (issue 18)
  invalidDate: 'Enter a valid date (MM/DD/YYYY)',
  invalidTime: 'Enter a valid time (HH:mm)',
  /** A positive-number field holds digits only: a decimal or a sign is refused, never rewritten. */
  wholeNumber: 'Enter a whole number, digits only (no decimals)',
  /** A decimal field holds digits and at most one decimal point. */
  decimalNumber: 'Enter a number: digits with at most one decimal point',
  pickWeekday: 'Pick at least one day',
  // a dialog with unsaved input asks before it is dropped (issue 18); the spec gives no texts
  discardTitle: 'Discard unsaved changes?',
  discardText: 'What you entered in this dialog will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
  // a page with unsaved input asks before the user leaves it (issue 33); the spec gives no texts
  leaveTitle: 'Leave with unsaved changes?',
  leaveText: (what: string) => `Your changes to ${what} are not saved and will be lost.`,
  stay: 'Stay',
  leave: 'Leave',
  // a secret shown once asks before its dialog is dropped by Esc, a click beside it or Back (issue 33)
  secretCopiedTitle: (what: string) => `Did you copy the ${what}?`,
  secretNotShownAgain: 'It will not be shown again.',
  keepSecretOpen: 'No, keep it open',
  closeSecret: 'Yes, close',
  // Place order keeps an unfinished order per user, role and tab (issue 33)
  draftRestored: 'Draft restored',
  draftRestoredText: 'The order you had started was restored. The e-signature is never kept: sign again.',
  draftSlotGone: 'The calibration time you had picked is no longer open: pick a day and hour again.',
  draftChoicesGone: (fields: string) => `No longer open to your role, emptied: ${fields}. Choose again.`,
  discardDraft: 'Discard draft',
  /** Under a dialog's disabled Save: the fields still missing or wrong, by their labels. */
  toSave: (fields: string) => `To save, complete: ${fields}`,
  /** A lookup shows the first `lookupSize`; more exist, and typing searches all of them. */
  lookupTruncated: (shown: number, total: number) =>
    `Showing the first ${count(shown)} of ${count(total)} — type to narrow`,
  passwordPolicy: 'Password must be at least 8 characters long, contain an uppercase letter and a number',
  enterPassword: 'Enter a password',
  confirmPassword: 'Confirm your password',
  passwordMismatch: 'Password confirmation does not match',
  eSignatureLabel: 'Please insert your password to complete the action',
  subjectMax: 'Subject can be max 50 characters long',
  monthlyDays: 'Must be a comma separated list of integers between 1 and 31',
  notBeforeFrom: 'Must not be before the from date',

  // session and transport (spec section 8)
  unexpectedError: 'An unexpected error occurred.',
  emptyUser: 'Error getting the user, empty response',
  tokenParse: 'Error parsing token',
  tokenExpired: 'Token expired',
  sessionEnded: 'Your session has ended, please sign in again',
  // A screen that failed to open (its code did not load, or it broke): a way back is offered.
  screenFailed: 'This screen could not be opened.',
  /** A stored session's user is still loading after a few seconds: the server is slow, not the user's fault. */
  sessionLoadSlow: 'Loading your account… the server is slow to answer; still trying.',
  sessionUnreachableTitle: 'The server is not answering',
  sessionUnreachable:
    'Your account could not be loaded, so nothing is shown yet. Your session is kept: try again, or sign out.',
  passwordExpired: 'Your password has expired, please choose a new one',
  brokenRecoveryLink:
    'The recovery link you selected is broken. Re-submit your email address to receive a new recovery link.',
  errorChangingPassword: 'Error changing password',
  errorUpdatingProfile: 'Error updating profile',
  passwordUpdated: 'Password updated',
  profileUpdated: 'Profile Updated',
  errorCreating: (entity: string) => `Error creating the ${entity}`,
  errorUpdating: (entity: string) => `Error updating the ${entity}`,
  notFound: (type: string) => `${type} not found`,
  pageNotFound: 'Page not found',
  // the notification log (issue 22; not in the spec)
  mailNotFailed: 'Only a failed mail can be resent',
  mailsFailed: (n: number) =>
    n === 1
      ? '1 mail could not be sent after all its attempts.'
      : `${n} mails could not be sent after all their attempts.`,
  mailResent: 'Mail queued to be sent again',
  /** A recovery mail is resent with a fresh link (decision 045); not when its account is gone. */
  recoveryMailAccountGone:
    'No active account has this address any more, so no new recovery link can be sent; the user can ask for one on the sign-in page',
  recoveryMailResendNote: 'A recovery mail is sent again with a new link; the link it carried stops working.',
  welcome: 'Welcome to the Supply Chain Management System. Browse the sidebar to get started.',

  // configuration (spec section 8)
  drugInUse: (drug: string) => `You can't inactivate Drug ${drug} because it's in use`,
  /** Where the drug is used (issue 33), after the spec's sentence: a few names and a count of the rest. */
  drugUsedBy: (uses: string[], more: number) =>
    `Used by ${uses.join('; ')}${more > 0 ? `; and ${count(more)} more` : ''}.`,
  // a drug's radionuclide (not in the spec: written as the drug's and exam's texts are)
  radionuclideInUse: (name: string) => `You can't inactivate Radionuclide ${name} because it's in use`,
  radionuclideInactive: (name: string) => `Radionuclide ${name} is inactive, an active Drug can't use it`,
  examNameDrugUnique: (drug: string) => `An Exam with this name already exists for Drug ${drug}`,
  examDrugInactive: (drug: string) => `Drug ${drug} is inactive, an Exam can't be created or activated on it`,
  errorCreatingExam: 'Error creating Exam',
  errorUpdatingExam: 'Error updating Exam',
  pairingExists: 'A pairing already exists for this Study with this Exam and Site',
  pairingCreated: 'Pairing created',
  pairingDeleted: 'Pairing deleted',
  errorCreatingPairing: 'Error creating pairing',
  errorDeletingPairing: 'Error deleting pairing',
  inactiveChoice: (type: string) => `This ${type} is inactive`,
  updatedEmailList: 'Updated email list',
  errorUpdatingEmails: 'Error updating emails',
  csvEmpty: 'The file was empty, please upload a file with the right format',
  csvWrongType: 'Invalid file type, please make sure to upload a CSV file.',
  csvUnreadable: 'There was an error processing/reading the file, please try again',
  csvNotUtf8: 'The file is not UTF-8; save it as CSV UTF-8 and try again',
  csvTooLarge: 'The file is larger than 2 MB, please upload a smaller file',
  /** Why Submit changes of the e-mail list is disabled, and the Discard changes question. */
  emailListNoChanges: 'Nothing to submit: the list is as saved.',
  emailListImporting: 'Wait until the file is imported.',
  emailListRowsToFix: (rows: number, first: number) =>
    `${count(rows)} ${rows === 1 ? 'row needs' : 'rows need'} fixing before you can submit; the first is row ${count(first)}.`,
  /** The same address twice reaching the same orders (issue 33): one row per address and company type. */
  distributionEmailDuplicate: (row: number) => `This address is already on row ${count(row)}`,
  csvEmailDuplicate: (line: number, email: string, firstLine: number) =>
    `Line ${count(line)}: ${email} is already on line ${count(firstLine)}`,
  emailListDiscardTitle: 'Discard changes?',
  emailListDiscardText: 'Your changes to the e-mail list are not saved and will be lost.',

  // server answers
  invalidCredentials: 'Invalid username or password',
  /** The failed login before the one that locks (as `eSignatureLastAttempt` warns in a session). */
  invalidCredentialsLastAttempt: (lockoutMinutes: number) =>
    `Invalid username or password. 1 attempt left: one more failed attempt locks the account ${lockoutMinutes === 0 ? 'until a user manager unlocks it' : `for ${lockoutMinutes} minutes`}.`,
  userLocked: 'Your account is locked, please contact an administrator',
  /** A lock that ends by itself (LOCKOUT_MINUTES); `until` is the instant on the user's clock, with its zone label. */
  userLockedUntil: (until: string) =>
    `Your account is locked until ${until} after too many failed attempts. Try again then, reset your password with “Can't log in?”, or ask a user manager to unlock it.`,
  tooManyAttempts: 'Too many failed attempts, please wait a minute before trying again',
  userInactive: 'Your account is inactive, please contact an administrator',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  roleNotAllowed: 'The selected role is not one of your roles',
  noRoleAssigned: 'No role is assigned to your account yet. Please ask a user manager to assign you one.',
  notOrderParty: (action: string) => `Your current role cannot ${action.toLowerCase()} this order`,
  notOrderingRole: 'Orders are placed in a clinical site or imaging center role',
  notFoundGeneric: 'Not found',
  validationFailed: 'The request is not valid',
  malformedJson: 'The request body is not valid JSON',
  malformedUrl: 'The address is not valid',
  unknownField: 'Unknown field',
  eSignatureFailed: 'The password is incorrect, the action was not signed',
  projectedDeliveryInPast: 'The projected delivery cannot be in the past',
  deliveryInFuture: 'The delivery time cannot be in the future',
  // the dose's journey (issue 35); the spec gives no texts, these are ours
  journeyTimeInFuture: 'The time cannot be in the future',
  notForThisAction: 'Not used by this action',
  assayRequiredForRadioactiveDrug: 'Required for a radioactive drug',
  expiryNotAfterAssay: 'The expiry must be after the assay time',
  expiryNotAfterDispatch: 'The expiry must be after the dispatch time',
  doseExpired: 'The dose has expired',
  measurementFarFromEvent: (hours: number) => `Must be within ${hours} hours of the event`,
  beforeShipment: 'Cannot be before the shipment',
  receiptOutsideTolerance: (percent: number) => `Outside the ${percent} % tolerance — give the reason`,
  /** A receipt recorded as a deviation, as the journey shows it: its tolerance and its reason. */
  receiptDeviationShown: (percent: number, reason: string) =>
    `Deviation (tolerance ${percent} %)${reason ? `: ${reason}` : ''}`,
  damagedPackageReason: 'The package is damaged — give the reason',
  expectedActivityAt: (at: string, activity: string) => `Expected at ${at}: ${activity}`,
  receivedOffExpected: (signedPercent: string) => `received ${signedPercent}\u00a0%`,
  administeredActivityIs: (activity: string) => `Administered activity: ${activity}`,
  administrationRecorded: (number: number) => `Order #${number}: administration recorded`,
  beforeDelivery: 'Cannot be before the delivery',
  residualAboveMeasured: 'The residual cannot be as much as the measured activity',
  administrationOnlyDelivered: 'An administration is recorded on a delivered order',
  projectedDeliveryFarFromCalibration: (days: number) =>
    `The projected delivery must be within ${days} days of the calibration time`,
  batchDuplicateOrder: 'Each order may appear only once in a batch',
  batchTooLarge: (max: number) => `At most ${max} orders at a time`,
  deliveryAfterCalibration: (calibration: string) =>
    `The projected delivery is after the calibration time (${calibration}): the dose will have decayed. Check before accepting.`,
  /** A projected delivery before the calibration time (issue 33): almost always a mistyped date. */
  deliveryBeforeCalibration: (calibration: string) =>
    `The projected delivery is before the calibration time (${calibration}). This is almost always a mistyped date: check it before accepting.`,
  /** The bulk dialog's one projected delivery lands before these orders' calibration times. */
  deliveryBeforeCalibrationOf: (orders: string) =>
    `The projected delivery is before the calibration time of ${orders}. This is almost always a mistyped date: check it before accepting.`,
  /** An order whose manufacture day became a day with no manufacture (decision 026). */
  orderClosedDay: closedDayText,
  orderOnClosedDay: (day: string, reason: string) =>
    `${closedDayText(day, reason)} Accept it only if a dose will be made for it.`,
  ordersOnClosedDays: (orders: string) =>
    `${orders} ${orders.includes(',') ? 'are' : 'is'} on a day with no manufacture. Accept only if a dose will be made for each.`,
  /** The confirmation an accept with one of the warnings above needs before it can be signed. */
  confirmAcceptWarnings: 'I checked the warnings above: accept anyway',
  confirmAcceptWarningsRequired: 'Confirm the warnings above',
  /** A place-order body with notes under both names (`additionalNotes`, `additional_notes`) that differ. */
  notesTwice: 'Give the notes once: additionalNotes or additional_notes, not both',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  eSignatureLastAttempt:
    'The password is incorrect, the action was not signed. One more wrong password will lock your account.',
  eSignatureLocked: (until: string | null) =>
    `The password is incorrect, the action was not signed. Your account is now locked ${until ? `until ${until}` : 'until a user manager unlocks it'} and you will be signed out.`,
  eSignaturePaced:
    'The password is incorrect, the action was not signed. Further attempts are limited to one a minute.',
  eSignatureRateLimited: 'Too many signature attempts, please wait a minute before signing again',
  reasonRequired: 'A reason for change is required',
  rateLimited: 'Too many requests, please try again later',
  // live events (issue 22, decision 023); the spec gives no texts, these are ours
  tooManyLiveStreams: (n: number) =>
    `At most ${n} live update connections per user are open: close a DoseChain tab or window, then try again`,
  payloadTooLarge: 'The request body is too large',
  invalidRefreshToken: 'The session is no longer valid, please log in again',
  recoveryLinkInvalid: 'The recovery link is invalid or has expired',
  passwordMustDiffer: 'The new password must differ from the current one',
  currentPasswordWrong: 'The current password is not correct',
  /** A wrong current password before the one that locks (as `eSignatureLastAttempt` warns). */
  currentPasswordLastAttempt:
    'The current password is not correct. One more wrong password will lock your account.',

  // password recovery (spec section 2: the same confirmation whether or not the address exists)
  recoveryEmailSent: (email: string, minutes: number) =>
    `If ${email} belongs to an account, an email with a recovery link is on its way. The link is valid for ${minutes} minutes.`,
  // availability (spec sections 5 and 8)
  availabilityCreated: 'Availability was created!',
  availabilityUpdated: 'Availability was updated!',
  errorCreatingAvailability: 'Error creating availability',
  errorUpdatingAvailability: 'Error updating availability',
  errorActivatingAvailability: 'Error updating the availability',
  availabilityDrugInactive: (id: number, drug: string) =>
    `Can not activate Availability #${id} because Drug ${drug} is inactive`,
  availabilityCreateDrugInactive: (drug: string) =>
    `Drug ${drug} is inactive, an Availability can't be created on it`,
  validFromPast: 'Must be today or later',
  notBeforeValidFrom: 'Must not be before the valid from date',
  endAfterStart: 'Must be after the start time',
  searchWindowTooLong: (days: number) => `The window can be at most ${days} days`,
  // manufacturing exceptions (issue 21; the spec gives no texts, these are ours)
  exceptionCreated: 'Exception was added!',
  exceptionUpdated: 'Exception was updated!',
  exceptionRemoved: 'Exception was removed!',
  errorSavingException: 'Error saving the exception',
  errorRemovingException: 'Error removing the exception',
  exceptionNotManufactureDay: (date: string) => `${date} is not a manufacture day of this availability`,
  exceptionOutsideValidity: (from: string, until: string) =>
    `Must be within the availability's validity, ${from} to ${until}`,
  exceptionDateTaken: (date: string) => `There is already an exception on ${date}`,
  exceptionChangeNeeded: 'Enter the doses or the window of that day',
  exceptionWindowIncomplete: 'Enter both the start and the end time',
  exceptionOnlyChangedDay: 'Only a changed day has doses or a window',
  exceptionBelowBooked: (doses: number, booked: number, orders: readonly number[]) =>
    `Can not make ${doses} ${doses === 1 ? 'dose' : 'doses'} that day: ${booked} ${booked === 1 ? 'is' : 'are'} already booked by ${orders.map((n) => `Order #${n}`).join(', ')}`,
  dayBlackedOut: 'There is no manufacture on the day you picked, please pick another day',
  /** The dashboards' banner (issue 33): how many orders, then what the reader can do about them. */
  exceptionOrdersAffected: (n: number) =>
    n === 1
      ? '1 pending or accepted order is placed on a day with no manufacture (a manufacturing exception).'
      : `${n} pending or accepted orders are placed on a day with no manufacture (a manufacturing exception).`,
  exceptionOrdersAdvice: {
    cancel: 'They are not canceled: cancel each one and place it again on a manufacture day.',
    reject:
      'They are not canceled: reject the pending ones, or agree on another day with the ordering site, which cancels and orders again.',
    rejectOrCancel:
      'They are not canceled: agree on another day with the ordering site, then reject the pending ones or cancel them.',
    askSite:
      'They are not canceled: contact the ordering site, which cancels them and orders again on a manufacture day.',
  },

  // orders (spec section 8)
  orderPlaced: (n: number) => `Order #${n} was placed!`,
  errorPlacingOrder: 'Error placing the order',
  /** The answer to a placement was lost twice: it may or may not have been placed. */
  placementUncertain:
    'The server did not answer, so it is not known whether the order was placed. Place it again: it will not be placed twice.',
  /** After a lost answer the form was changed and sent again: the first order had been placed. */
  placedBeforeChange:
    'The order sent before the answer was lost had been placed. Find it under Order status before placing another.',
  // an order's requested activity and its decay (issue 21; not in the spec)
  /** The availability's activity unit changed between the placement's read and its dose (issue 34). */
  availabilityUnitChanged:
    'The availability’s activity unit changed while the order was placed: place it again.',
  activityAboveDrugMaximum: (max: string) => `Above the drug's maximum activity of ${max}`,
  activityLowAtDelivery: (left: string, percent: string, threshold: number) =>
    `Only ${left} (${percent}) of the requested activity will be left at the projected delivery, below the drug's ${threshold}% threshold`,
  /** A decayed activity above `ACTIVITY_SHOWN_MAX_FACTOR` times the requested one: no figure. */
  activityBeyondShown: (factor: number) => `more than ${factor}× the requested activity`,
  activityUnitAfterDay: 'The unit follows once exam and day are picked',
  slotFull: 'The day you picked is no longer available, please pick another day',
  orderStatusChanged: (id: number, status: string) => `Order #${id} ${status}`,
  errorUpdatingOrder: 'Error updating the order',
  // Resend notification (cmoAcknowledgement.update); the spec gives no texts, these are ours.
  notificationSent: (n: number) => `Notification of Order #${n} sent`,
  errorSendingNotification: 'Error sending the notification',
  noPairing: 'There is no pairing for this Study, Exam and Site',
  imagingCenterNotLinked: 'This Imaging Center is not linked to the Site',
  calibrationOutsideAvailability: 'The time you picked is outside the availability of that day',
  calibrationInPast: 'The calibration date-time must not be in the past',
  // user management (spec section 8)
  userManagementInvalidPermissionAssignment: "Can't leave this group without user management permission",
  userManagementInvalidUsersAssignment: "Can't leave this group without active users",
  userManagementInvalidDeactivation:
    "Can't inactivate this group/user because it's the last one with user management permissions",
  userManagementInvalidGroupAssignment: "You can't leave this user without user management permission groups",
  userManagementInvalidRoleAssignment:
    "You can't leave this user without a staff or admin role: nobody else could manage users",
  // a user manager grants only what it holds itself (issue 16)
  groupBeyondOwnPermissions: (groups: string) =>
    `You can't add users to ${groups}: it grants permissions you don't have yourself`,
  permissionsBeyondOwn: (permissions: string) =>
    `You can't give a group permissions you don't have yourself: ${permissions}`,
  onlyAdminSetsAdmin: 'Only an administrator can change the Admin flag',
  userUnlocked: 'User successfully unlocked',
  errorUnlockingUser: 'Error unlocking the user',
  userNotLocked: 'The user is not locked',
  notAnAreaAction: 'This area has no such permission',
  roleHasNoCompany: 'Staff and admin roles have no company',
  duplicateRole: 'This role is already listed',
  onlyClinicalSiteUsers: 'Only for clinical site users',
  onlyImagingCenterUsers: 'Only for imaging center users',
  invalidLocalDateTime: 'Enter a date-time as YYYY-MM-DDTHH:mm',
  /** A NUL character or half of a UTF-16 pair: the database cannot store it. */
  unstorableText: 'Contains an invalid character (a null character or a broken Unicode character)',
  dateOutOfRange: `Must be a date between the years ${limits.dateYearMin} and ${limits.dateYearMax}`,
  nonexistentLocalTime: (zone: string) => `This time does not exist in ${zone} (daylight saving change)`,
  invalidStatusTransition: (from: string, to: string) => `An order that is ${from} can't be ${to}`,
  // the audit trail's chain (issue 17, decision 015); the spec gives no texts, these are ours
  auditChainChecking: 'Verifying the audit trail…',
  auditChainIntact: (checked: number) => `Audit trail intact: ${count(checked)} ${entries(checked)} verified`,
  auditChainBroken: (firstBrokenId: number, broken: number) =>
    `Audit trail altered: entry #${firstBrokenId} does not match the chain${broken > 1 ? ` (${count(broken)} entries do not)` : ''}`,
  auditChainHeadMismatch:
    'Audit trail altered: its newest entries were removed or the chain’s head was changed',
  auditChainUnchained: (unchained: number) =>
    `${count(unchained)} older ${entries(unchained)}, written before the chain was introduced, ${unchained === 1 ? 'is' : 'are'} not covered by it`,
  auditChainFailed: 'The audit trail could not be verified',
  auditChainEndMovedBack: (from: number, to: number) =>
    `Audit trail altered: the trail’s end moved back (it had reached entry ${count(from)} of the chain; it now ends at ${count(to)})`,
  auditCheckpointInChain: (position: number, issuedAt: string) =>
    `The checkpoint of ${issuedAt} (entry ${count(position)} of the chain) is still in the trail`,
  auditCheckpointEntryMissing: (position: number) =>
    `Audit trail altered: the checkpoint’s entry ${count(position)} of the chain is no longer in the trail (its end moved back)`,
  auditCheckpointEntryChanged: (position: number) =>
    `Audit trail altered: entry ${count(position)} of the chain is not the one the checkpoint recorded (the trail was cut back and written again)`,
  auditCheckpointCountChanged: (recorded: number) =>
    `Audit trail altered: the trail up to the checkpoint no longer holds the ${count(recorded)} ${entries(recorded)} it recorded`,
  auditCheckpointInvalid:
    'This is not a checkpoint of this audit trail: its signature does not verify with the server’s audit key (it was changed, or issued by another server)',
  auditCheckpointDownload: 'Download checkpoint',
  auditCheckpointDownloadFailed: 'The checkpoint could not be downloaded',
  auditChainRecheck: 'Re-check',
  // integration API keys (issue 22, decision 027)
  apiKeyNotAllowed: 'An API key cannot be used on this route',
  apiKeyRevoked: 'This API key is already revoked',
  apiKeySiteNotPaired: 'This Clinical Site is not paired with the Study',
  apiKeyRevokedDone: 'API key revoked',
  errorRevokingApiKey: 'Error revoking API key',
  errorCreatingApiKey: 'Error creating API key',
  apiKeySecretShownOnce: 'Copy the key now: it is shown only once and cannot be read again.',
  // webhooks (issue 22, decision 030)
  webhookUrlInvalid: 'Enter a valid URL (https://…)',
  webhookUrlCredentials: 'A webhook URL cannot contain a user name or password',
  webhookUrlHttpsRequired: 'The webhook URL must start with https://',
  webhookUrlUnresolvable: "The URL's host could not be resolved",
  webhookUrlPrivateAddress:
    'The URL leads to a private, loopback or reserved network address, which webhooks may not call',
  webhookDisabled: 'This webhook is already disabled',
  /** A second active webhook to one endpoint would deliver every event twice (issue 33). */
  webhookUrlDuplicate: (id: number) =>
    `Webhook #${id} of this study already calls this URL; disable it first or use another URL`,
  webhookDisabledDone: 'Webhook disabled',
  webhookDeliveryNotFailed: 'Only a failed delivery can be resent',
  webhookDeliveryOfDisabled: 'The webhook of this delivery is disabled',
  webhookDeliveryResent: 'Delivery queued to be sent again',
  errorResendingWebhookDelivery: 'Error resending the delivery',
  errorCreatingWebhook: 'Error creating webhook',
  errorDisablingWebhook: 'Error disabling webhook',
  webhookSecretShownOnce: 'Copy the signing secret now: it is shown only once and cannot be read again.',
  // The study's schedule (issue 36, decision 057).
  scheduleOffsetRange: (max: number) => `Enter a whole number of days from -${max} to ${max}`,
  scheduleWindowRange: (max: number) => `Enter a whole number of days from 0 to ${max}`,
  scheduleTooManyEntries: (max: number) => `A schedule has at most ${max} timepoints`,
  scheduleTimepointTwice: 'This timepoint is already in the schedule',
  scheduleAnchorRequired: 'Choose the anchor timepoint',
  scheduleAnchorNotEntry: 'The anchor must be one of the scheduled timepoints',
  scheduleAnchorOffset: 'The anchor timepoint is day 0',
  scheduleAnchorWithoutEntries: 'A schedule without timepoints has no anchor',
  noSchedule: 'No schedule',
  scheduleSaved: 'Schedule saved',
  errorSavingSchedule: 'Error saving the schedule',
  noSubjectsDue: 'No subjects due',
  // Placing against the schedule (issue 36, decision 059).
  outOfWindow: (earliest: string, latest: string) =>
    `The calibration date is outside the subject's window for this timepoint (${earliest} to ${latest})`,
  duplicateTimepoint: (number: number) => `The subject already has order #${number} for this timepoint`,
  overrideReasonRequired: 'Enter the reason for placing this order anyway',
  replacesOrderInvalid:
    'The order to replace must be a rejected, canceled or blacked-out order of the same study, site, subject and timepoint',
  outOfWindowMarker: 'Out of window',
  duplicateTimepointMarker: 'Duplicate timepoint',
  placeAnyway: 'Place anyway',
  overrideReason: 'Reason for placing anyway',
  orderAgain: 'Order again',
  replacesOrder: (number: number) => `Replaces order #${number}`,
  replacedByOrder: (number: number) => `Replaced by order #${number}`,
} as const;
