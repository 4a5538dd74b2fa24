import {
  activityUnits,
  availabilityFrequencies,
  halfLifeUnits,
  notAdministeredReasons,
  orderStatuses,
  packageConditions,
  type Repeat,
  repeatableWebhookEvent,
} from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companyTypeEnum = pgEnum('company_type', ['cmo', 'clinical_site', 'imaging_center']);
export const roleTypeEnum = pgEnum('role_type', ['staff', 'admin', 'cmo', 'clinical_site', 'imaging_center']);

/** CMOs, clinical sites and imaging centers share one shape; `type` tells them apart. */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: companyTypeEnum().notNull(),
    name: text().notNull(),
    phoneNumber: text('phone_number'),
    timezone: text().notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text().notNull(),
    state: text(),
    country: text().notNull(),
    zipCode: text('zip_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_type_name_key').on(t.type, sql`lower(${t.name})`),
    index('companies_type_created_idx').on(t.type, t.createdAt),
  ],
);

/** The many-to-many link between clinical sites and imaging centers. */
export const siteImagingCenters = pgTable(
  'site_imaging_centers',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => companies.id),
    imagingCenterId: integer('imaging_center_id')
      .notNull()
      .references(() => companies.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.imagingCenterId] }),
    index('site_imaging_centers_center_idx').on(t.imagingCenterId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    commonName: text('common_name'),
    email: text().notNull(),
    phone: text(),
    isStaff: boolean('is_staff').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    active: boolean().notNull().default(true),
    lockedOut: boolean('locked_out').notNull().default(false),
    /** When a lock ends by itself (LOCKOUT_MINUTES); null while locked: until a user manager unlocks. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Failed logins in a row, from any address (login, expired-password screen): they lock new logins only. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** The last failed login. */
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    /**
     * Wrong passwords in a row inside a session (e-signatures, own password change): counted apart
     * from failed logins, which anyone can send; they lock and end the user's sessions.
     */
    failedSignatureCount: integer('failed_signature_count').notNull().default(0),
    /** The last wrong password inside a session: paces a user manager whose lock was refused. */
    lastFailedSignatureAt: timestamp('last_failed_signature_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    imagingCenterContact: boolean('imaging_center_contact').notNull().default(false),
    siteCoordinator: boolean('site_coordinator').notNull().default(false),
    primaryInvestigator: boolean('primary_investigator').notNull().default(false),
    /** The identity provider's issuer and subject this user signs in as (decision 056); linked on first sign-in. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Signs in with the organisation's identity provider only: the password is refused (decision 056). */
    organisationOnly: boolean('organisation_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/**
 * Failed logins per name as typed (trimmed, lower case; known or not, so pacing tells nothing of
 * which accounts exist) and source address (decision 010): the address that keeps failing for a
 * name is paced, every other address is not. A right password from the address deletes its row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    username: text().notNull(),
    source: text().notNull(),
    failures: integer().notNull(),
    /** The last attempt from this address for this name, failed or claimed while paced. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.source] }),
    index('login_failures_last_attempt_idx').on(t.lastAttemptAt),
  ],
);

/** A user's roles: staff/admin without a company, or a company role bound to one company. */
export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: roleTypeEnum().notNull(),
    companyId: integer('company_id').references(() => companies.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('roles_user_idx').on(t.userId),
    index('roles_company_idx').on(t.companyId, t.type),
    uniqueIndex('roles_user_type_company_key').on(t.userId, t.type, sql`coalesce(${t.companyId}, 0)`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_name_key').on(sql`lower(${t.name})`)],
);

/** One row per group and permission area; the booleans are the actions granted. */
export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    area: text().notNull(),
    canCreate: boolean('can_create').notNull().default(false),
    canUpdate: boolean('can_update').notNull().default(false),
    canRead: boolean('can_read').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.area] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/**
 * Refresh tokens, stored hashed. Tokens of one login share a `familyId`; reuse of a rotated
 * token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One-time proofs from the identity provider (decision 056), stored as SHA-256 only: `login`, the
 * hand-off from the sign-in callback to the page (a minute); `signature`, a re-authentication the
 * signer's next mutation sends as its e-signature (two minutes). Used once.
 */
export const oidcGrants = pgTable(
  'oidc_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text().$type<'login' | 'signature'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuer: text().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_grants_expires_idx').on(t.expiresAt)],
);

export const reasonsForChange = pgTable(
  'reasons_for_change',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reasons_for_change_name_key').on(sql`lower(${t.name})`)],
);

/** Binary data (`bytea`), read and written as lowercase hex. */
const bytea = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (hex) => Buffer.from(hex, 'hex'),
  fromDriver: (bytes) => Buffer.from(bytes).toString('hex'),
});

/**
 * The append-only audit trail (21 CFR Part 11): who did what, when (server UTC), to which
 * record, old → new values, why, and the meaning of the signature. A trigger rejects UPDATE
 * and DELETE. Each row is chained (`audit/chain.ts`, decision 015): `chain_hmac` is a keyed
 * HMAC over the previous row's and this row's content, `chain_position` its place in the chain.
 * Rows written before the chain existed (migration 0010) have neither.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    eventType: text('event_type').notNull(),
    changeset: jsonb().notNull().$type<Record<string, [unknown, unknown]>>(),
    reason: text(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorUsername: text('actor_username').notNull(),
    actorFullName: text('actor_full_name').notNull(),
    actorRoleType: text('actor_role_type'),
    signed: boolean().notNull().default(false),
    signatureMeaning: text('signature_meaning'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    chainPosition: bigint('chain_position', { mode: 'number' }),
    chainHmac: bytea('chain_hmac'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.issuedAt),
    uniqueIndex('audit_log_chain_position_key').on(t.chainPosition),
  ],
);

/**
 * The head of the audit chain: one row, the position and chain value of the newest chained
 * audit row. Every audit write locks it (FOR UPDATE) and moves it in the same transaction, so
 * the chain stays linear under concurrent writers. `legacy_max_id`: the rows up to this id were
 * written before the chain existed. `key_check`: an HMAC of a fixed text under the key the chain
 * was written with, so that a server with another key refuses to add to it.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint().primaryKey().default(1),
    position: bigint({ mode: 'number' }).notNull(),
    chainHmac: bytea('chain_hmac').notNull(),
    legacyMaxId: bigint('legacy_max_id', { mode: 'number' }).notNull(),
    keyCheck: bytea('key_check'),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);

/** The visit points of a study at which a dose is ordered (e.g. "Baseline", "Week 12"). */
export const timepoints = pgTable(
  'timepoints',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('timepoints_name_key').on(sql`lower(${t.name})`),
    index('timepoints_created_idx').on(t.createdAt),
  ],
);

/** Radiopharmaceuticals; inactive drugs can no longer be used for new exams or availability. */
export const halfLifeUnitEnum = pgEnum('half_life_unit', halfLifeUnits);

/**
 * A radionuclide (F-18, Tc-99m …) with its half-life, stored exactly as given: the number
 * (numeric, up to 6 decimals) in its unit. Names are unique ignoring case.
 */
export const radionuclides = pgTable(
  'radionuclides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    halfLife: numeric('half_life', { precision: 13, scale: 6, mode: 'number' }).notNull(),
    halfLifeUnit: halfLifeUnitEnum('half_life_unit').notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('radionuclides_name_key').on(sql`lower(${t.name})`),
    index('radionuclides_created_idx').on(t.createdAt),
    check('radionuclides_half_life_positive', sql`${t.halfLife} > 0`),
  ],
);

/** A drug, with the radionuclide it carries (none for a drug that is not radioactive). */
export const drugs = pgTable(
  'drugs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    otherName: text('other_name'),
    radionuclideId: integer('radionuclide_id').references(() => radionuclides.id),
    /** The most activity an order may request, in MBq (decision 025); null: no limit. */
    maxActivityMbq: numeric('max_activity_mbq', { precision: 14, scale: 4, mode: 'number' }),
    /** Warn below this percent of the requested activity at delivery; null: the default 50. */
    activityWarningPercent: integer('activity_warning_percent'),
    /** A receipt off the expected activity by more than this percent is a deviation; null: the default 10 (issue 35). */
    receiptTolerancePercent: integer('receipt_tolerance_percent'),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('drugs_name_key').on(sql`lower(${t.name})`),
    index('drugs_created_idx').on(t.createdAt),
    // The in-use check of a radionuclide's inactivation.
    index('drugs_radionuclide_idx').on(t.radionuclideId),
    check('drugs_max_activity_positive', sql`${t.maxActivityMbq} > 0`),
    check('drugs_activity_warning_percent_range', sql`${t.activityWarningPercent} between 1 and 100`),
    check('drugs_receipt_tolerance_percent_range', sql`${t.receiptTolerancePercent} between 1 and 100`),
  ],
);

/** An imaging exam done with one drug; (name, drug) is unique ignoring case. */
export const exams = pgTable(
  'exams',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    drugId: integer('drug_id')
      .notNull()
      .references(() => drugs.id),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exams_drug_name_key').on(t.drugId, sql`lower(${t.name})`),
    index('exams_created_idx').on(t.createdAt),
  ],
);

export const studies = pgTable(
  'studies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    sponsor: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('studies_name_key').on(sql`lower(${t.name})`),
    index('studies_created_idx').on(t.createdAt),
  ],
);

/**
 * Which CMO makes the drug of an exam for one site in a study. One pairing per (study, exam,
 * site); orders take their drug and CMO from it. Pairings are the one thing deleted for real
 * (spec), and each deletion is audited on the study.
 */
/**
 * Integration API keys (issue 22, decision 027): a study's key, bound to one clinical site,
 * with its scopes and expiry. Only the SHA-256 of the whole token is kept; `public_id` (the part
 * after `dck_`) finds the row. Revoked keys stay, with who revoked them in the audit trail.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text().notNull(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => companies.id),
    scopes: text().array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    /** The staff or admin user who created the key: the person accountable for what it places. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_public_id_key').on(t.publicId),
    index('api_keys_study_idx').on(t.studyId),
    index('api_keys_site_idx').on(t.siteId),
  ],
);

export const studyPairings = pgTable(
  'study_pairings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => companies.id),
    cmoId: integer('cmo_id')
      .notNull()
      .references(() => companies.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('study_pairings_study_exam_site_key').on(t.studyId, t.examId, t.siteId),
    index('study_pairings_site_idx').on(t.siteId),
    index('study_pairings_exam_idx').on(t.examId),
    index('study_pairings_cmo_idx').on(t.cmoId),
  ],
);

/**
 * A study's schedule (issue 36, decision 057): each timepoint once, its nominal day counted from
 * the anchor timepoint's (the one row with `anchor`, at day 0) and its window in whole days.
 */
export const studyScheduleEntries = pgTable(
  'study_schedule_entries',
  {
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    timepointId: integer('timepoint_id')
      .notNull()
      .references(() => timepoints.id),
    dayOffset: integer('day_offset').notNull(),
    windowBeforeDays: integer('window_before_days').notNull(),
    windowAfterDays: integer('window_after_days').notNull(),
    anchor: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.timepointId] }),
    uniqueIndex('study_schedule_entries_anchor_key').on(t.studyId).where(sql`${t.anchor}`),
    index('study_schedule_entries_timepoint_idx').on(t.timepointId),
    check('study_schedule_entries_windows', sql`${t.windowBeforeDays} >= 0 and ${t.windowAfterDays} >= 0`),
    check('study_schedule_entries_anchor_day_zero', sql`not ${t.anchor} or ${t.dayOffset} = 0`),
  ],
);

/** A row of a study's e-mail distribution list, kept in the order it was entered. */
export const studyDistributionEntries = pgTable(
  'study_distribution_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    position: integer().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    companyType: companyTypeEnum('company_type'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('study_distribution_entries_study_position_key').on(t.studyId, t.position)],
);

/** The companies a typed distribution entry is limited to. */
export const studyDistributionEntryCompanies = pgTable(
  'study_distribution_entry_companies',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => studyDistributionEntries.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.companyId] }),
    index('study_distribution_entry_companies_company_idx').on(t.companyId),
  ],
);

export const activityUnitEnum = pgEnum('activity_unit', activityUnits);
export const availabilityFrequencyEnum = pgEnum('availability_frequency', availabilityFrequencies);

/**
 * A CMO's recurring manufacture calendar for a drug: `doses` per manufacture day, on the days
 * the recurrence gives between validFrom and validUntil, in the window [start_time, end_time)
 * of the CMO's time zone. Only validUntil and active change after creation.
 */
export const drugAvailabilities = pgTable(
  'drug_availabilities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    drugId: integer('drug_id')
      .notNull()
      .references(() => drugs.id),
    cmoId: integer('cmo_id')
      .notNull()
      .references(() => companies.id),
    doses: integer().notNull(),
    activityUnit: activityUnitEnum('activity_unit').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    frequency: availabilityFrequencyEnum().notNull(),
    repeatEvery: integer('repeat_every').notNull(),
    /** Weekly: weekday codes; Monthly: day numbers or {every: ordinal, on: weekday codes}. */
    repeatOn: jsonb('repeat_on').$type<Repeat['on']>(),
    /** `HH:mm` in the CMO's zone; the end may be `24:00`. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drug_availabilities_drug_cmo_idx').on(t.drugId, t.cmoId, t.active),
    index('drug_availabilities_cmo_idx').on(t.cmoId),
    index('drug_availabilities_created_idx').on(t.createdAt),
    check('drug_availabilities_doses_positive', sql`${t.doses} > 0`),
    check('drug_availabilities_valid_range', sql`${t.validUntil} >= ${t.validFrom}`),
  ],
);

/**
 * The capacity of one manufacture day of an availability (decision 004): an order takes a
 * dose with `booked = booked + 1 WHERE booked < capacity`; rejecting or canceling gives it back.
 * Created lazily for the day being ordered.
 */
export const doseSlots = pgTable(
  'dose_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    availabilityId: integer('availability_id')
      .notNull()
      .references(() => drugAvailabilities.id),
    manufactureDate: date('manufacture_date', { mode: 'string' }).notNull(),
    capacity: integer().notNull(),
    booked: integer().notNull().default(0),
    /** No manufacture that day (an exception, decision 026): no dose can be taken. */
    closed: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dose_slots_availability_date_key').on(t.availabilityId, t.manufactureDate),
    check('dose_slots_booked_within_capacity', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`),
  ],
);

/**
 * A manufacturing exception of one manufacture day of an availability (issue 21, decision 026):
 * no manufacture that day (`closed`), or other doses and/or another window. Its dose slot row
 * carries the effect (capacity, closed), so placement's one-statement check honours it.
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    availabilityId: integer('availability_id')
      .notNull()
      .references(() => drugAvailabilities.id),
    exceptionDate: date('exception_date', { mode: 'string' }).notNull(),
    closed: boolean().notNull(),
    /** A changed day's doses; null: the availability's. */
    doses: integer(),
    /** A changed day's window (`HH:mm`, the end may be `24:00`); null: the availability's. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    reason: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('availability_exceptions_availability_date_key').on(t.availabilityId, t.exceptionDate),
    check('availability_exceptions_doses_positive', sql`${t.doses} is null or ${t.doses} > 0`),
  ],
);

export const orderStatusEnum = pgEnum('order_status', orderStatuses);

/**
 * An order of one dose for a subject's exam. Drug and CMO come from the study's pairing at
 * placement; `number` is the human-readable number the database assigns.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: integer().notNull().generatedAlwaysAsIdentity({ name: 'orders_number_seq', startWith: 1001 }),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => companies.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id),
    drugId: integer('drug_id')
      .notNull()
      .references(() => drugs.id),
    cmoId: integer('cmo_id')
      .notNull()
      .references(() => companies.id),
    imagingCenterId: integer('imaging_center_id')
      .notNull()
      .references(() => companies.id),
    timepointId: integer('timepoint_id')
      .notNull()
      .references(() => timepoints.id),
    doseSlotId: integer('dose_slot_id')
      .notNull()
      .references(() => doseSlots.id),
    subjectId: text('subject_id').notNull(),
    calibrationDatetime: timestamp('calibration_datetime', { withTimezone: true }).notNull(),
    /** The activity requested at calibration, in the unit of the dose's availability (issue 21). */
    requestedActivity: numeric('requested_activity', { precision: 14, scale: 4, mode: 'number' }),
    activityUnit: activityUnitEnum('activity_unit'),
    status: orderStatusEnum().notNull().default('pending'),
    projectedDelivery: timestamp('projected_delivery', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The dispatch time the CMO entered when shipping (issue 35; the shipment's record: order_shipments). */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the late-delivery watch mailed that the order is late (once; issue 21). */
    lateNotifiedAt: timestamp('late_notified_at', { withTimezone: true }),
    /** When its manufacture day's blackout was mailed to the distribution list (once; issue 21). */
    exceptionNotifiedAt: timestamp('exception_notified_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    cancelationReason: text('cancelation_reason'),
    additionalNotes: text('additional_notes'),
    /** Placed with a calibration outside the subject's window, overridden with `overrideReason` (issue 36). */
    outOfWindow: boolean('out_of_window').notNull().default(false),
    /** Placed while another live order held the subject's timepoint, overridden with `overrideReason` (issue 36). */
    duplicateTimepoint: boolean('duplicate_timepoint').notNull().default(false),
    /** Why the placement overrode a refusal (either flag set); null when none was overridden. */
    overrideReason: text('override_reason'),
    /** The rejected, canceled or blacked-out order this one orders again (issue 36, "Order again"). */
    replacesOrderId: integer('replaces_order_id').references((): AnyPgColumn => orders.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    // A subject's orders for a timepoint (the duplicate check, the anchor read).
    index('orders_subject_timepoint_idx').on(t.studyId, t.siteId, t.subjectId, t.timepointId),
    // The order that replaces this one ("replaced by" on the order).
    index('orders_replaces_idx').on(t.replacesOrderId).where(sql`${t.replacesOrderId} is not null`),
    check(
      'orders_override_reason',
      sql`(${t.outOfWindow} or ${t.duplicateTimepoint}) = (${t.overrideReason} is not null)`,
    ),
    index('orders_status_calibration_idx').on(t.status, t.calibrationDatetime),
    // A status's newest orders (the order lists' default sort) without skipping the others.
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_cmo_status_idx').on(t.cmoId, t.status),
    index('orders_site_idx').on(t.siteId),
    index('orders_imaging_center_idx').on(t.imagingCenterId),
    index('orders_study_idx').on(t.studyId),
    index('orders_created_idx').on(t.createdAt),
    // The dose accountability report's range: doses by calibration, every status (decision 060).
    index('orders_calibration_idx').on(t.calibrationDatetime, t.number),
    index('orders_dose_slot_idx').on(t.doseSlotId),
    check(
      'orders_requested_activity',
      sql`(${t.requestedActivity} is null) = (${t.activityUnit} is null) and ${t.requestedActivity} > 0`,
    ),
    // The late-delivery watch's pass: accepted or shipped orders not yet noticed, by projected
    // delivery. Said by the stamps, not the status: an index predicate may not name 'shipped',
    // an enum value the same migration run adds (0027; PostgreSQL refuses a new value before its
    // transaction commits, and a cast to text is not immutable). Accepted and not yet delivered,
    // rejected or canceled is accepted or shipped; the watch's query (late-delivery/notice.ts)
    // adds these clauses so the index serves it.
    index('orders_late_watch_idx')
      .on(t.projectedDelivery)
      .where(
        sql`${t.acceptedAt} is not null and ${t.deliveredAt} is null and ${t.rejectedAt} is null and ${t.canceledAt} is null and ${t.lateNotifiedAt} is null`,
      ),
  ],
);

/**
 * An order's shipment (issue 35, decision 058), written with its move to `shipped`: one row per
 * order. The assay is in `activity_unit` (the order's unit, or its availability's when the order
 * requested no activity); both null for a drug that is not radioactive when no assay was given.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    lotNumber: text('lot_number').notNull(),
    assayedActivity: numeric('assayed_activity', { precision: 14, scale: 4, mode: 'number' }),
    activityUnit: activityUnitEnum('activity_unit'),
    assayedAt: timestamp('assayed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    courier: text(),
    trackingNumber: text('tracking_number'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'order_shipments_assay',
      sql`(${t.assayedActivity} is null) = (${t.assayedAt} is null) and (${t.assayedActivity} is null) = (${t.activityUnit} is null) and ${t.assayedActivity} > 0`,
    ),
    check('order_shipments_expiry_after_assay', sql`${t.expiresAt} > ${t.assayedAt}`),
  ],
);

export const packageConditionEnum = pgEnum('package_condition', packageConditions);

/**
 * An order's receipt (issue 35, decision 058), written with its delivery: one row per order. The
 * expected activity is the server's figure at `received_at` (or at the delivery when no assay was
 * given), in `activity_unit`; `deviation` is outside the tolerance or damaged, `comment` its reason.
 */
export const orderReceipts = pgTable(
  'order_receipts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    receivedActivity: numeric('received_activity', { precision: 14, scale: 4, mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    activityUnit: activityUnitEnum('activity_unit'),
    expectedActivity: doublePrecision('expected_activity'),
    deviationPercent: doublePrecision('deviation_percent'),
    tolerancePercent: integer('tolerance_percent').notNull(),
    packageCondition: packageConditionEnum('package_condition').notNull(),
    deviation: boolean().notNull(),
    comment: text(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'order_receipts_assay',
      sql`(${t.receivedActivity} is null) = (${t.receivedAt} is null) and ${t.receivedActivity} > 0`,
    ),
    check('order_receipts_deviation_reason', sql`not ${t.deviation} or ${t.comment} is not null`),
  ],
);

export const notAdministeredReasonEnum = pgEnum('not_administered_reason', notAdministeredReasons);

/**
 * An order's administration record (issue 35, decision 058): one row per order, corrected in
 * place (the audit trail keeps each version). Administered: the injection, the syringe's assay
 * and residual, and the administered activity as the server computed it (`administered_activity`,
 * in `activity_unit`); not administered: the reason (`reason`, one of the contract's
 * `notAdministeredReasons`, decision 060) and the `comment`, which `other` needs.
 */
export const orderAdministrations = pgTable(
  'order_administrations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    administered: boolean().notNull(),
    injectedAt: timestamp('injected_at', { withTimezone: true }),
    measuredActivity: numeric('measured_activity', { precision: 14, scale: 4, mode: 'number' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }),
    residualActivity: numeric('residual_activity', { precision: 14, scale: 4, mode: 'number' }),
    residualAt: timestamp('residual_at', { withTimezone: true }),
    activityUnit: activityUnitEnum('activity_unit'),
    administeredActivity: doublePrecision('administered_activity'),
    reason: notAdministeredReasonEnum(),
    comment: text(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'order_administrations_given',
      sql`case when ${t.administered} then ${t.injectedAt} is not null and ${t.measuredActivity} is not null and ${t.measuredAt} is not null and ${t.administeredActivity} is not null and ${t.reason} is null else ${t.reason} is not null and (${t.reason} <> 'other' or ${t.comment} is not null) end`,
    ),
  ],
);

/**
 * How many orders sit in each final status (one no action leaves: rejected, canceled,
 * delivered; in SQL `is_final_order_status`, migration 0012), by company. Kept by triggers on
 * `orders` (migration 0007) in the same statement that changes an order, so an order list's
 * total counts only the few live orders and adds these, instead of counting most of the table. Placements create live orders, so they never
 * touch these rows and never wait on each other here.
 */
export const finalOrderCounts = pgTable(
  'final_order_counts',
  {
    status: orderStatusEnum().notNull(),
    cmoId: integer('cmo_id').notNull(),
    siteId: integer('site_id').notNull(),
    imagingCenterId: integer('imaging_center_id').notNull(),
    orders: integer().notNull(),
  },
  // No check that a count stays >= 0: PostgreSQL checks an upsert's proposed row before it
  // finds the conflict, so a decrement (a negative proposed count) would always be refused.
  (t) => [primaryKey({ columns: [t.status, t.cmoId, t.siteId, t.imagingCenterId] })],
);

export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * The mail outbox: a mail is written here inside the business transaction that causes it and
 * sent after commit by the dispatcher (`server/src/kernel/mail`), which claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so several server instances can send without sending twice.
 */
/**
 * `POST /orders` Idempotency-Keys: a key a caller sent, the hash of the order it asked for and the
 * answer it got, written in the placement's transaction. A repeat within 24 hours answers the
 * stored result and places nothing; an older key may be used again. A key is the caller's own
 * (decision 016): an API key's by the key's id, a person's by user and the role they act in —
 * never one creator's for all their API keys, nor one person's across their companies.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The person who sent it, or the creator of the API key that did (who answers for its orders). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The role the person acted in; null for a synthetic staff/admin role and for an API key. No
     * foreign key: a role taken from a user is deleted, and its day-old keys mean nothing then.
     */
    roleId: integer('role_id'),
    /** The API key that sent it; null for a person. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    key: text().notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Null is a value here (a person without a role id, a person rather than a key): one row per caller and key.
    unique('idempotency_keys_caller_key').on(t.userId, t.roleId, t.apiKeyId, t.key).nullsNotDistinct(),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipients: text().array().notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: mailStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Why it was sent (contract `mailPurposes`, the notification log's column); rows queued
     * before it was recorded are 'other'. Text, not an enum: a new purpose needs no migration.
     */
    purpose: text().notNull().default('other'),
    /** The order the mail is about, when it is about one. */
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_order_idx').on(t.orderId),
    index('mail_outbox_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * A study's webhook endpoints (decision 030). The signing secret must be recoverable to sign, so
 * it is kept encrypted (AES-256-GCM under a key derived from the audit key, `webhooks/secret.ts`);
 * the database alone never yields it. Disabled webhooks stay listed; deliveries stop.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id),
    url: text().notNull(),
    /** Contract `webhookEvents` it subscribes to. */
    events: text().array().notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disableReason: text('disable_reason'),
    /**
     * The endpoint's circuit breaker (decision 034), shared by every dispatcher: failed attempts
     * in a row (any delivery; a 2xx resets it), and until when its deliveries are not attempted.
     */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_study_idx').on(t.studyId)],
);

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', ['pending', 'sent', 'failed']);

/**
 * The webhook outbox and delivery log (decision 030): one row per webhook and order event,
 * written in the transaction of the order change, sent by `WebhookDispatcher` like the mail
 * outbox. `delivery_id` is the `webhook-id` header, the same on every attempt and resend.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    deliveryId: uuid('delivery_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The JSON body, exactly as it is signed and sent on every attempt. */
    payload: text().notNull(),
    status: webhookDeliveryStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lastHttpStatus: integer('last_http_status'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_delivery_id_key').on(t.deliveryId),
    // One delivery per webhook and event: an order is placed, accepted, … late once. An
    // administration's corrections are each their own (issue 35).
    uniqueIndex('webhook_deliveries_event_key')
      .on(t.webhookId, t.orderId, t.eventType)
      .where(sql.raw(`event_type <> '${repeatableWebhookEvent}'`)),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_order_idx').on(t.orderId),
  ],
);

/**
 * Password-recovery tokens, stored as SHA-256 hashes (the token itself has 256 random bits).
 * Single use (`used_at`), valid 15 minutes; a new request supersedes a user's older tokens.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
