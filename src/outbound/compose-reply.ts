import { randomBytes } from 'node:crypto';
import type { InboundEmail } from '../parse/inbound-email.js';

export interface ReplyHeaders {
  to: string;
  subject: string;
  inReplyTo: string | null;
  references: string | null;
}

/** `Re:` once, whatever prefixes (Re, RE, Fwd, AW, SV...) a client already stacked up. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  if (/^re\s*(\[\d+\])?\s*:/i.test(trimmed)) return trimmed;
  return trimmed ? `Re: ${trimmed}` : 'Re: your message';
}

/** RFC 5322 §3.6.4: In-Reply-To is the parent, References is the parent's References plus the parent. */
export function replyHeaders(email: InboundEmail): ReplyHeaders {
  const to = email.replyTo[0]?.address ?? email.from?.address;
  if (!to) throw new Error('cannot reply to a message without a sender');
  const refs = [...email.references];
  if (email.messageId && !refs.includes(email.messageId)) refs.push(email.messageId);
  // Long threads: keep the first reference and the most recent ones (RFC 5322 suggests trimming).
  const kept = refs.length > 20 ? [refs[0]!, ...refs.slice(-19)] : refs;
  return {
    to,
    subject: replySubject(email.subject),
    inReplyTo: email.messageId,
    references: kept.length > 0 ? kept.join(' ') : null,
  };
}

/** Every Message-ID Hermes generates starts so, which lets intake spot its own sent copies cheaply. */
export const OWN_MESSAGE_ID_PREFIX = '<hermes.';

export function newMessageId(domain: string): string {
  return `${OWN_MESSAGE_ID_PREFIX}${Date.now().toString(36)}.${randomBytes(9).toString('base64url')}@${domain}>`;
}
