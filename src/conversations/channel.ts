import type { InboundEmail } from '../parse/inbound-email.js';
import type { Channel } from '../db/schema.js';

export interface ChannelDecision {
  channel: Channel;
  /** The configured address the mail was sent to, or null when none matched. */
  address: string | null;
}

/**
 * Routes by the address the mail was delivered to. Envelope headers added by the receiving
 * server (Delivered-To, X-Original-To) come first: they name the alias even for Bcc.
 */
export function routeChannel(email: InboundEmail, channels: { standard: readonly string[]; forwarded: readonly string[] }): ChannelDecision {
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to']
    .flatMap((h) => email.headers[h] ?? [])
    .map((v) => v.replace(/^.*<|>.*$/g, '').trim().toLowerCase());
  const candidates = [...envelope, ...email.to.map((a) => a.address), ...email.cc.map((a) => a.address)];
  for (const address of candidates) {
    if (channels.forwarded.includes(address)) return { channel: 'forwarded', address };
    if (channels.standard.includes(address)) return { channel: 'standard', address };
  }
  return { channel: 'standard', address: null };
}

