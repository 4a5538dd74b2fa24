import { type ErrorCode, type FieldError, messages } from '@dosechain/contract';

/** An error that answers with the API contract's error body; services throw these. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    /** A 429's wait, sent as Retry-After: at most this many seconds until a retry is let through. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = messages.notFoundGeneric) =>
  new AppError(404, 'NOT_FOUND', message);

export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'FORBIDDEN', message);

export const unauthenticated = (message: string = messages.unauthenticated) =>
  new AppError(401, 'UNAUTHENTICATED', message);

/** 400 VALIDATION_FAILED with one entry per bad field. */
export function validationFailed(errors: { parameter: string; message: string; code?: string }[]) {
  return new AppError(
    400,
    'VALIDATION_FAILED',
    messages.validationFailed,
    errors.map((e) => ({ code: e.code ?? 'invalid', message: e.message, parameter: e.parameter })),
  );
}

/** The field is already used by another record (uniqueness). */
export const alreadyUsed = (parameter: string) =>
  validationFailed([{ parameter, message: messages.alreadyUsed, code: 'not_unique' }]);
