import {
  errorBodySchema,
  idParam,
  listQuerySchema,
  listResponseSchema,
  mailFailedCountSchema,
  mailLogAccess,
  mailLogEntrySchema,
  mailResendBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { countFailedMails, getMail, listMails, resendMail } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['mails'];

/**
 * The notification log (issue 22): `/mails` lists every outgoing mail without its bodies,
 * `/mails/failed-count` feeds the dashboard's banner, `/mails/{id}/resend` sends a failed one
 * again. Staff and admin only (contract `mailLogAccess`).
 */
export function mailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/mails',
    {
      config: { access: mailLogAccess.read },
      schema: {
        tags,
        summary: 'The notification log: every outgoing mail',
        description:
          "Recipients, subject, purpose, order, status, attempts and last error of each mail; never its body (a password-recovery mail's holds its link).",
        querystring: listQuerySchema,
        response: {
          200: listResponseSchema(mailLogEntrySchema.partial().required({ id: true }), mailLogEntrySchema),
          ...errors,
        },
      },
    },
    (request) => listMails(serviceContext(request, deps), request.query),
  );
  r.get(
    '/mails/failed-count',
    {
      config: { access: mailLogAccess.read },
      schema: { tags, response: { 200: mailFailedCountSchema, ...errors } },
    },
    (request) => countFailedMails(serviceContext(request, deps)),
  );
  r.get(
    '/mails/:id',
    {
      config: { access: mailLogAccess.read },
      schema: {
        tags,
        params: idParam,
        response: { 200: mailLogEntrySchema, ...errors, 404: errorBodySchema },
      },
    },
    (request) => getMail(serviceContext(request, deps), request.params.id),
  );
  r.post(
    '/mails/:id/resend',
    {
      config: { access: mailLogAccess.resend },
      schema: {
        tags,
        summary: 'Send a failed mail again',
        description:
          'Puts a failed mail back to pending, due now, its attempts reset; signed and audited. 409 MAIL_NOT_FAILED for a mail that is not failed (also the second of two resends at once). A password-recovery mail is written again with a fresh link (the old one stops working); 409 MAIL_NOT_RESENDABLE when no active account has its address any more.',
        params: idParam,
        body: mailResendBodySchema,
        response: { 200: mailLogEntrySchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const mail = await resendMail(serviceContext(request, deps), request.params.id, request.body);
      deps.mailer.wake();
      return mail;
    },
  );
}
