import { TERMINAL_STATES, type Channel, type ConversationState } from '../db/schema.js';
import type { MachineVerdict } from '../safety/machine-mail.js';

export type ReplyDecision =
  | { answer: true; reason: 'reply' }
  | {
      answer: false;
      reason: 'machine-mail' | 'forwarded-channel' | 'pre-existing-mail' | 'terminal-conversation' | 'send-limit' | 'no-reply-address';
      detail?: string;
    };

export interface DecisionInput {
  machine: MachineVerdict;
  channel: Channel;
  /** A forwarded-channel mail whose original recruiter email was found (and may be answered). */
  forwardedOriginal?: boolean;
  answerable: boolean;
  conversationState: ConversationState | null;
  hasReplyAddress: boolean;
  sentToRecipientToday: number;
  dailyLimit: number;
}

/**
 * Mail that never joins a conversation: no one to converse with (machines, a missing address),
 * or not ours to answer yet (forwarded channel, mail from before the first run).
 */
export function staysOutsideConversations(d: ReplyDecision): boolean {
  return !d.answer && ['machine-mail', 'forwarded-channel', 'pre-existing-mail', 'no-reply-address'].includes(d.reason);
}

/**
 * Whether Hermes writes back at all. Later layers (SHIELD, escalation, the state machine) narrow
 * this further; none of them can widen it.
 */
export function decideReply(i: DecisionInput): ReplyDecision {
  if (i.machine.isMachine) return { answer: false, reason: 'machine-mail', detail: i.machine.reason ?? undefined };
  if (i.channel === 'forwarded' && !i.forwardedOriginal) return { answer: false, reason: 'forwarded-channel', detail: 'no forwarded recruiter email from an allowed forwarder' };
  if (!i.answerable) return { answer: false, reason: 'pre-existing-mail' };
  if (i.conversationState && TERMINAL_STATES.includes(i.conversationState)) {
    return { answer: false, reason: 'terminal-conversation', detail: i.conversationState };
  }
  if (!i.hasReplyAddress) return { answer: false, reason: 'no-reply-address' };
  if (i.sentToRecipientToday >= i.dailyLimit) {
    return { answer: false, reason: 'send-limit', detail: `${i.sentToRecipientToday} replies in 24 h` };
  }
  return { answer: true, reason: 'reply' };
}
