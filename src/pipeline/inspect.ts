import type { Config } from '../config/config.js';
import { routeChannel, type ChannelDecision } from '../conversations/channel.js';
import { findThread, type ThreadMatch } from '../conversations/threading.js';
import type { Db } from '../db/database.js';
import { countRecentToRecipient } from '../outbound/outbox.repository.js';
import { replyHeaders, type ReplyHeaders } from '../outbound/compose-reply.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import { classifyMachineMail, type MachineVerdict } from '../safety/machine-mail.js';
import { decideReply, type ReplyDecision } from './reply-decision.js';

export interface EmailView {
  machine: MachineVerdict;
  channel: ChannelDecision;
  thread: ThreadMatch;
  reply: ReplyHeaders | null;
  decision: ReplyDecision;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything Hermes decides about one parsed email before writing anything. Reads, never writes. */
export async function viewEmail(
  db: Db | null,
  config: Readonly<Config>,
  email: InboundEmail,
  opts: { answerable: boolean; now: number; forwardedVia?: ChannelDecision | null },
): Promise<EmailView> {
  const machine = classifyMachineMail(email, config.ownAddresses);
  // The original of a forward keeps the channel of the forward it came in.
  const channel = opts.forwardedVia ?? routeChannel(email, config.channels);
  const thread: ThreadMatch = db ? await findThread(db, email) : { kind: 'new' };
  let reply: ReplyHeaders | null = null;
  try {
    reply = replyHeaders(email);
  } catch {
    reply = null;
  }
  const sentToday = db && reply ? await countRecentToRecipient(db, reply.to, opts.now - DAY_MS) : 0;
  const decision = decideReply({
    machine,
    channel: channel.channel,
    forwardedOriginal: Boolean(opts.forwardedVia),
    answerable: opts.answerable,
    conversationState: thread.kind === 'new' ? null : thread.conversation.state,
    hasReplyAddress: reply !== null,
    sentToRecipientToday: sentToday,
    dailyLimit: config.outbox.perRecipientDailyLimit,
  });
  return { machine, channel, thread, reply, decision };
}
