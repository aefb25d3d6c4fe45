import type { Config } from '../config/config.js';
import { routeChannel, type ChannelDecision } from '../conversations/channel.js';
import { extractForwarded, type ForwardedOriginal } from '../parse/forwarded.js';
import type { InboundEmail } from '../parse/inbound-email.js';

export interface ForwardResolution {
  /** What the rest of the pipeline handles: the recruiter's original when one was found, else the mail as received. */
  email: InboundEmail;
  /** The forwarded-channel route when `email` is an unwrapped original; null otherwise. */
  forwardedVia: ChannelDecision | null;
  original: ForwardedOriginal | null;
  /** Why a mail to a forwarded address was not unwrapped; null when it was, or was not a forward. */
  problem: 'forwarder-not-allowed' | 'no-original' | null;
}

/**
 * Mail to a forwarded-channel address from an allowed forwarder is the owner handing over a
 * recruiter's email: Hermes answers the original sender, as a new conversation with them.
 * Anyone else writing to that address could make Hermes write to strangers, so they cannot;
 * with no allowed forwarder configured at all, every forward is acted on (the daemon warns).
 */
export async function resolveForward(received: InboundEmail, config: Readonly<Config>): Promise<ForwardResolution> {
  const route = routeChannel(received, config.channels);
  const asIs = { email: received, forwardedVia: null, original: null };
  if (route.channel !== 'forwarded') return { ...asIs, problem: null };
  const allowed = config.brain.forwardFrom;
  if (allowed.length > 0 && !allowed.includes(received.from?.address ?? '')) return { ...asIs, problem: 'forwarder-not-allowed' };
  const original = await extractForwarded(received, { ownAddresses: [...config.ownAddresses, ...config.brain.forwardFrom] });
  if (!original || config.ownAddresses.includes(original.from.address)) return { ...asIs, problem: 'no-original' };
  return { email: originalAsInbound(received, original), forwardedVia: route, original, problem: null };
}

/** The recruiter's original as if it had come in directly: their address, subject, words and Message-ID. */
export function originalAsInbound(forward: InboundEmail, original: ForwardedOriginal): InboundEmail {
  const { attachedMessages: _attached, ...rest } = forward;
  return {
    ...rest,
    from: original.from,
    to: original.to,
    cc: [],
    replyTo: [],
    subject: original.subject,
    messageId: original.messageId,
    inReplyTo: null,
    references: [],
    date: original.date ? original.date.toISOString() : forward.date,
    text: original.text,
    quotedText: '',
    signature: '',
    html: null,
    attachments: [],
  };
}
