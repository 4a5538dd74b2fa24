import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyRevokeBodySchema,
  apiKeySchema,
} from './api-keys.ts';
import {
  auditCheckpointSchema,
  auditTrailVerificationSchema,
  auditVerifyBodySchema,
  changesetEntrySchema,
} from './audit.ts';
import {
  loginBodySchema,
  loginResponseSchema,
  meUserSchema,
  ownPasswordChangeBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  refreshBodySchema,
  switchRoleBodySchema,
  tokenPairSchema,
} from './auth.ts';
import {
  availabilityCreateBodySchema,
  availabilitySchema,
  availabilitySearchAnswerSchema,
  availabilitySearchQuerySchema,
  availabilityUpdateBodySchema,
} from './availability.ts';
import {
  availabilityExceptionListSchema,
  availabilityExceptionSchema,
  exceptionCreateBodySchema,
  exceptionDeleteBodySchema,
  exceptionUpdateBodySchema,
} from './availability-exceptions.ts';
import { checkInUseQuerySchema, checkInUseResponseSchema } from './check-in-use.ts';
import { companyBodySchemas, companySchema } from './companies.ts';
import {
  doseAccountabilityQuerySchema,
  doseAccountabilitySchema,
  doseRecordsSchema,
} from './dose-accountability.ts';
import { drugCreateBodySchema, drugSchema, drugUpdateBodySchema } from './drugs.ts';
import { examCreateBodySchema, examSchema, examUpdateBodySchema } from './exams.ts';
import { groupCreateBodySchema, groupSchema, groupUpdateBodySchema } from './groups.ts';
import { type ListResponse, listQuerySchema, listResponseSchema } from './list-query.ts';
import { mailFailedCountSchema, mailLogEntrySchema, mailResendBodySchema } from './mail-log.ts';
import { reasonForChangeSchema } from './mutation.ts';
import { oidcSessionBodySchema, oidcSettingsSchema, oidcSignatureStartSchema } from './oidc.ts';
import { orderAdministrationBodySchema } from './order-administration.ts';
import {
  orderNotificationsAnswerSchema,
  orderStatusBatchAnswerSchema,
  orderStatusBatchBodySchema,
  orderStatusChangeBodySchema,
} from './order-status.ts';
import {
  orderSchema,
  orderStatusLookupSchema,
  placeOrderAnswerSchema,
  placeOrderBodySchema,
  placeOrderOptionsSchema,
} from './orders.ts';
import {
  passwordRecoveryBodySchema,
  validateTokenBodySchema,
  validateTokenResponseSchema,
} from './password-recovery.ts';
import {
  radionuclideCreateBodySchema,
  radionuclideSchema,
  radionuclideUpdateBodySchema,
} from './radionuclides.ts';
import { ordersCountQuerySchema, ordersCountSchema, ordersReportOptionsSchema } from './reports.ts';
import type { CompanyType } from './roles.ts';
import {
  pairingCreateBodySchema,
  pairingDeleteBodySchema,
  pairingSchema,
  studyCreateBodySchema,
  studySchema,
  studyUpdateBodySchema,
} from './studies.ts';
import {
  orderWindowQuerySchema,
  orderWindowSchema,
  studyScheduleBodySchema,
  studyScheduleSchema,
  subjectsDueQuerySchema,
  subjectsDueSchema,
} from './study-schedule.ts';
import { timepointCreateBodySchema, timepointSchema, timepointUpdateBodySchema } from './timepoints.ts';
import { userCreateBodySchema, userSchema, userUnlockBodySchema, userUpdateBodySchema } from './users.ts';
import {
  webhookCreateBodySchema,
  webhookCreatedSchema,
  webhookDeliveryResendBodySchema,
  webhookDeliverySchema,
  webhookDisableBodySchema,
  webhookSchema,
} from './webhooks.ts';

/**
 * One call of the API, as the web app makes it: its query, its body and the answer of its success
 * status (`z.null()` for none). The server declares the same schemas on the route (a server test
 * holds each entry equal to its route), so the web app's answer types are the server's, checked.
 */
export interface ApiEndpoint {
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  /**
   * A list's item as it comes when the call names no `fields` (every field): what screens read.
   * The answer's items are partial because `fields` may leave any out but the id.
   */
  item?: z.ZodType;
}

/** The public settings the web app reads before login. */
export const appConfigSchema = z.object({
  supportEmail: z.string(),
  eSignature: z.boolean(),
  /** The organisation's identity provider, when one is configured (decision 056). */
  oidc: oidcSettingsSchema.optional(),
});
export type AppSettings = z.infer<typeof appConfigSchema>;

const noContent = z.null();

/** A list route: the list grammar's query, the page of items (only the id sure), the full item. */
function list<I extends z.ZodObject>(item: I) {
  return {
    query: listQuerySchema,
    // Typed by hand: `required` over a generic object's keys is beyond the compiler.
    answer: listResponseSchema(item.partial().required({ id: true } as never)) as unknown as z.ZodType<
      ListResponse<Partial<z.output<I>> & { id: number }>
    >,
    item,
  };
}

type ListEndpoint<I extends z.ZodObject> = ReturnType<typeof list<I>>;

type ConfigEndpoints<P extends string, I extends z.ZodObject, C extends z.ZodType, U extends z.ZodType> = {
  [K in `GET ${P}`]: ListEndpoint<I>;
} & { [K in `POST ${P}`]: { body: C; answer: I } } & { [K in `GET ${P}/:id`]: { answer: I } } & {
  [K in `PUT ${P}/:id`]: { body: U; answer: I };
};

/** A configuration entity's four routes: list, create, read, update (config-routes.ts). */
function configEndpoints<P extends string, I extends z.ZodObject, C extends z.ZodType, U extends z.ZodType>(
  path: P,
  item: I,
  create: C,
  update: U,
): ConfigEndpoints<P, I, C, U> {
  return {
    [`GET ${path}`]: list(item),
    [`POST ${path}`]: { body: create, answer: item },
    [`GET ${path}/:id`]: { answer: item },
    [`PUT ${path}/:id`]: { body: update, answer: item },
  } as ConfigEndpoints<P, I, C, U>;
}

/** A company kind's four routes: each kind's bodies take only its own link field. */
function companyEndpoints<P extends string, T extends CompanyType>(path: P, type: T) {
  const bodies = companyBodySchemas(type);
  return configEndpoints(path, companySchema, bodies.create, bodies.update);
}

/**
 * Every call the web app makes, by `METHOD /path` with the server's `:param` names. The web
 * client's paths and answer types come from here (`web/src/api/http-client.ts`).
 */
export const apiEndpoints = {
  'GET /app-config': { answer: appConfigSchema },
  'POST /auth/login': { body: loginBodySchema, answer: loginResponseSchema },
  'POST /auth/refresh': { body: refreshBodySchema, answer: tokenPairSchema },
  'POST /auth/oidc/session': { body: oidcSessionBodySchema, answer: loginResponseSchema },
  'POST /auth/oidc/signature': { answer: oidcSignatureStartSchema },
  'POST /auth/logout': { body: refreshBodySchema, answer: noContent },
  'PUT /users/password-change': { body: passwordChangeBodySchema, answer: noContent },
  'POST /users/password-recovery': { body: passwordRecoveryBodySchema, answer: z.undefined() },
  'POST /validate-token': { body: validateTokenBodySchema, answer: validateTokenResponseSchema },
  'GET /users/me': { answer: meUserSchema },
  'PUT /users/me': { body: profileUpdateBodySchema, answer: meUserSchema },
  'PUT /users/me/role': { body: switchRoleBodySchema, answer: meUserSchema },
  'PUT /users/me/password': { body: ownPasswordChangeBodySchema, answer: noContent },
  'GET /check-in-use': { query: checkInUseQuerySchema, answer: checkInUseResponseSchema },
  'GET /reasons-for-change': { answer: z.array(reasonForChangeSchema) },
  'GET /audit-logs/changeset/:entityType/:entityId': { answer: z.array(changesetEntrySchema) },
  'GET /audit-logs/verify': { answer: auditTrailVerificationSchema },
  'POST /audit-logs/verify': { body: auditVerifyBodySchema, answer: auditTrailVerificationSchema },
  'GET /audit-logs/checkpoint': { answer: auditCheckpointSchema },
  ...configEndpoints('/timepoints', timepointSchema, timepointCreateBodySchema, timepointUpdateBodySchema),
  ...configEndpoints('/drugs', drugSchema, drugCreateBodySchema, drugUpdateBodySchema),
  ...configEndpoints(
    '/radionuclides',
    radionuclideSchema,
    radionuclideCreateBodySchema,
    radionuclideUpdateBodySchema,
  ),
  ...configEndpoints('/exams', examSchema, examCreateBodySchema, examUpdateBodySchema),
  ...configEndpoints('/studies', studySchema, studyCreateBodySchema, studyUpdateBodySchema),
  'GET /studies/:id/pairings': list(pairingSchema),
  'POST /studies/:id/pairings': { body: pairingCreateBodySchema, answer: pairingSchema },
  'DELETE /studies/:id/pairings/:pairingId': { body: pairingDeleteBodySchema, answer: noContent },
  'GET /studies/:id/sites': list(companySchema),
  'GET /studies/:id/schedule': { answer: studyScheduleSchema },
  'PUT /studies/:id/schedule': { body: studyScheduleBodySchema, answer: studyScheduleSchema },
  'GET /orders/window': { query: orderWindowQuerySchema, answer: orderWindowSchema },
  'GET /subjects/due': { query: subjectsDueQuerySchema, answer: subjectsDueSchema },
  'GET /studies/:id/api-keys': list(apiKeySchema),
  'POST /studies/:id/api-keys': { body: apiKeyCreateBodySchema, answer: apiKeyCreatedSchema },
  'PUT /studies/:id/api-keys/:keyId/revoke': { body: apiKeyRevokeBodySchema, answer: apiKeySchema },
  'GET /studies/:id/webhooks': list(webhookSchema),
  'POST /studies/:id/webhooks': { body: webhookCreateBodySchema, answer: webhookCreatedSchema },
  'PUT /studies/:id/webhooks/:webhookId/disable': { body: webhookDisableBodySchema, answer: webhookSchema },
  'GET /studies/:id/webhooks/:webhookId/deliveries': list(webhookDeliverySchema),
  'POST /studies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend': {
    body: webhookDeliveryResendBodySchema,
    answer: webhookDeliverySchema,
  },
  ...companyEndpoints('/clinical-sites', 'clinical_site'),
  ...companyEndpoints('/imaging-centers', 'imaging_center'),
  ...companyEndpoints('/cmos', 'cmo'),
  ...configEndpoints('/groups', groupSchema, groupCreateBodySchema, groupUpdateBodySchema),
  ...configEndpoints('/users', userSchema, userCreateBodySchema, userUpdateBodySchema),
  'PUT /users/:id/unlock': { body: userUnlockBodySchema, answer: userSchema },
  'GET /drug-availabilities': list(availabilitySchema),
  'POST /drug-availabilities': { body: availabilityCreateBodySchema, answer: availabilitySchema },
  'GET /drug-availabilities/search': {
    query: availabilitySearchQuerySchema,
    answer: availabilitySearchAnswerSchema,
  },
  'GET /drug-availabilities/:id': { answer: availabilitySchema },
  'PUT /drug-availabilities/:id': { body: availabilityUpdateBodySchema, answer: availabilitySchema },
  'GET /drug-availabilities/:id/exceptions': { answer: availabilityExceptionListSchema },
  'POST /drug-availabilities/:id/exceptions': {
    body: exceptionCreateBodySchema,
    answer: availabilityExceptionSchema,
  },
  'PUT /drug-availabilities/:id/exceptions/:exceptionId': {
    body: exceptionUpdateBodySchema,
    answer: availabilityExceptionSchema,
  },
  'DELETE /drug-availabilities/:id/exceptions/:exceptionId': {
    body: exceptionDeleteBodySchema,
    answer: noContent,
  },
  'GET /orders': list(orderSchema),
  'POST /orders': { body: placeOrderBodySchema, answer: placeOrderAnswerSchema },
  'GET /orders/options': { answer: placeOrderOptionsSchema },
  'GET /orders/:id': { answer: orderSchema },
  'PUT /orders/:id/status': { body: orderStatusChangeBodySchema, answer: orderSchema },
  'POST /orders/status-batch': { body: orderStatusBatchBodySchema, answer: orderStatusBatchAnswerSchema },
  'POST /orders/:id/notifications': { answer: orderNotificationsAnswerSchema },
  'PUT /orders/:id/administration': { body: orderAdministrationBodySchema, answer: orderSchema },
  'GET /order-statuses': { answer: orderStatusLookupSchema },
  'GET /mails': list(mailLogEntrySchema),
  'GET /mails/failed-count': { answer: mailFailedCountSchema },
  'GET /mails/:id': { answer: mailLogEntrySchema },
  'POST /mails/:id/resend': { body: mailResendBodySchema, answer: mailLogEntrySchema },
  'GET /reports/orders-count/options': { answer: ordersReportOptionsSchema },
  'GET /reports/orders-count': { query: ordersCountQuerySchema, answer: ordersCountSchema },
  'GET /reports/dose-accountability/options': { answer: ordersReportOptionsSchema },
  'GET /reports/dose-accountability': {
    query: doseAccountabilityQuerySchema,
    answer: doseAccountabilitySchema,
  },
  'GET /reports/dose-accountability/doses': {
    query: doseAccountabilityQuerySchema,
    answer: doseRecordsSchema,
  },
} satisfies Record<string, ApiEndpoint>;

export type ApiEndpoints = typeof apiEndpoints;
export type ApiEndpointKey = keyof ApiEndpoints;

/** The methods of the table's calls. */
export type ApiMethod = ApiEndpointKey extends `${infer M} ${string}` ? M : never;

/** A `:param`'s value in a path sent: an id is a number, any other param text. */
type ParamValue<Name extends string> = Name extends 'id' | `${string}Id` ? number : string;

/** A path pattern with its `:param`s filled: `/orders/:id` → `/orders/${number}`. */
export type FilledPath<Pattern extends string> = Pattern extends `${infer Head}:${infer Param}/${infer Tail}`
  ? `${Head}${ParamValue<Param>}/${FilledPath<Tail>}`
  : Pattern extends `${infer Head}:${infer Param}`
    ? `${Head}${ParamValue<Param>}`
    : Pattern;

/** The table's entry a call of `method` to the sent `path` is (never: none). */
export type ApiEndpointOf<M extends string, P extends string> = {
  [K in ApiEndpointKey]: K extends `${M} ${infer Pattern}`
    ? P extends FilledPath<Pattern>
      ? K
      : never
    : never;
}[ApiEndpointKey];

/** The paths a method may be sent to, filled. */
export type ApiPathOf<M extends string> = {
  [K in ApiEndpointKey]: K extends `${M} ${infer Pattern}` ? FilledPath<Pattern> : never;
}[ApiEndpointKey];

type EntryOf<K extends ApiEndpointKey> = ApiEndpoints[K];

/** What a call answers (its success body, parsed). */
export type ApiAnswerOf<K extends ApiEndpointKey> = z.output<EntryOf<K>['answer']>;

/** What a call's body may be (as the client writes it), or never for a call without one. */
export type ApiBodyOf<K extends ApiEndpointKey> =
  EntryOf<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** A list call's item with every field (no `fields` sent). */
export type ApiListItemOf<K extends ApiEndpointKey> =
  EntryOf<K> extends { item: infer I extends z.ZodType } ? z.output<I> : never;

/** The list paths (filled) whose full item is assignable to T: where a grid of T may read. */
export type ApiListPathOf<T> = {
  [K in ApiEndpointKey]: K extends `GET ${infer Pattern}`
    ? [ApiListItemOf<K>] extends [never]
      ? never
      : ApiListItemOf<K> extends T
        ? FilledPath<Pattern>
        : never
    : never;
}[ApiEndpointKey];

/** Every list path (filled): where a generic grid or lookup may read. */
export type ApiListPath = ApiListPathOf<unknown>;
