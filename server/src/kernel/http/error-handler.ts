import { type ErrorBody, type ErrorCode, type FieldError, messages } from '@dosechain/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/client.ts';
import { safeError } from '../safe-error.ts';
import { AppError } from './app-error.ts';

interface ZodValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Turns schema-validation issues into the contract's field errors, named as sent. */
export function toFieldErrors(issues: ZodValidationIssue[], context?: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const base = issue.instancePath.split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys?.length) {
      for (const key of issue.params.keys) {
        out.push({
          code: 'unknown_field',
          message: messages.unknownField,
          parameter: base ? `${base}.${key}` : key,
        });
      }
      continue;
    }
    out.push({
      code: issue.keyword,
      message: issue.message ?? messages.validationFailed,
      parameter: base || context || '',
    });
  }
  return out;
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

const body = (code: string, message: string, errors: FieldError[] = []): ErrorBody => ({
  code,
  message,
  errors,
});

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route runs — a path segment
 * that is not valid percent-encoding (FST_ERR_BAD_URL) or a parameter past `maxParamLength`
 * (FST_ERR_MAX_PARAM_LENGTH, else a 414 in Fastify's own format). Both are a malformed request:
 * 400 with the contract's body, like every other error.
 */
export function frameworkErrorHandler(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(400).send(body('VALIDATION_FAILED', messages.malformedUrl));
  }
  request.log.error({ err: safeError(err) }, 'request failed in the router');
  return reply.status(500).send(body('INTERNAL_ERROR', messages.unexpectedError));
}

/** One error mapping for the whole API: the contract's body, never a stack trace or SQL. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(body(err.code, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = toFieldErrors(err.validation as ZodValidationIssue[], err.validationContext);
      return reply.status(400).send(body('VALIDATION_FAILED', messages.validationFailed, errors));
    }
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send(body('RESOURCE_ALREADY_EXISTS', messages.alreadyUsed));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', messages.rateLimited));
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', messages.payloadTooLarge));
    if (status === 400 && err.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(400).send(body('VALIDATION_FAILED', messages.malformedJson));
    }
    if (status === 400 && err instanceof SyntaxError) {
      return reply.status(400).send(body('VALIDATION_FAILED', messages.malformedJson));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeByStatus[status] ?? 'VALIDATION_FAILED', err.message));
    }
    // Only the error's safe fields: a database error's own carry the statement's parameters.
    request.log.error({ err: safeError(err) }, 'request failed');
    return reply.status(500).send(body('INTERNAL_ERROR', messages.unexpectedError));
  });
}
