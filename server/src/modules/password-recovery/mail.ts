import { limits, messages } from '@dosechain/contract';
import type { OutgoingMail } from '../../kernel/mail/outbox.ts';

interface Recipient {
  username: string;
  email: string;
  fullName: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain-text paragraphs, and the same as HTML with the link made clickable. */
function compose(to: string, subject: string, paragraphs: string[], link?: string): OutgoingMail {
  const html = paragraphs
    .map((p) =>
      p === link ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    )
    .join('\n');
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html };
}

/**
 * The recovery mail: who it is for, the single-use link and how long it works; for a locked
 * account, that the new password also unlocks it.
 */
export function recoveryMail(user: Recipient, link: string, locked = false): OutgoingMail {
  return compose(
    user.email,
    `${messages.productName}: password recovery`,
    [
      `Hello ${user.fullName},`,
      `Someone, hopefully you, asked to reset the password of your account "${user.username}". Open this link within ${limits.recoveryLinkMinutes} minutes to choose a new password:`,
      link,
      ...(locked
        ? [
            'Your account is locked after too many failed sign-in attempts; choosing a new password unlocks it.',
          ]
        : []),
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    link,
  );
}
