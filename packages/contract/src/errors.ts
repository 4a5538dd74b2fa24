import { z } from 'zod';

/** Error codes of the API contract and spec section 8. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'ESIGN_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ROLE_NOT_ALLOWED',
  'NO_ROLE',
  'NOT_FOUND',
  'INVALID_CREDENTIALS',
  'PASSWORD_EXPIRED',
  'USER_LOCKED',
  'USER_INACTIVE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  'RESOURCE_ALREADY_EXISTS',
  'AVAILABILITY_SLOT_FULL',
  'AVAILABILITY_DAY_CLOSED',
  'AVAILABILITY_CHANGED',
  'EXCEPTION_BELOW_BOOKED',
  'INVALID_STATUS_TRANSITION',
  'MAIL_NOT_FAILED',
  'MAIL_NOT_RESENDABLE',
  'WEBHOOK_DELIVERY_NOT_FAILED',
  'DOSE_EXPIRED',
  'DRUG_INACTIVE',
  'DRUG_IN_USE',
  'EXAM_NAME_DRUG_UNIQUE',
  'EXAM_DRUG_INACTIVE',
  'RADIONUCLIDE_IN_USE',
  'RADIONUCLIDE_INACTIVE',
  'USER_MANAGEMENT_INVALID_PERMISSION_ASSIGNMENT',
  'USER_MANAGEMENT_INVALID_USERS_ASSIGNMENT',
  'USER_MANAGEMENT_INVALID_DEACTIVATION',
  'USER_MANAGEMENT_INVALID_GROUP_ASSIGNMENT',
  'USER_NOT_LOCKED',
  'IDEMPOTENCY_KEY_REUSED',
  'USER_MANAGEMENT_INVALID_ROLE_ASSIGNMENT',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_STREAMS',
  'API_KEY_NOT_ALLOWED',
  'AUDIT_CHECKPOINT_INVALID',
  /** A password of a user who signs in with the organisation's identity provider only (decision 056). */
  'ORGANISATION_ONLY',
  /** The organisation's identity provider could not be reached. */
  'IDP_UNREACHABLE',
  /** A calibration outside the subject's window for the timepoint (issue 36); `overrideReason` places it. */
  'OUT_OF_WINDOW',
  /** A second live order for the subject's timepoint (issue 36); `overrideReason` places it. */
  'DUPLICATE_TIMEPOINT',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z
  .object({ code: z.string(), message: z.string(), parameter: z.string() })
  .meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body every failed API call answers with. */
export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    errors: z.array(fieldErrorSchema),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
