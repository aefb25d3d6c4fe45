import type { Message } from '../db/schema.js';

export interface AlertInput {
  kind: 'escalation' | 'crisis' | 'held' | 'star';
  conversationId: number;
  sender: string;
  subject: string;
  reasons: string[];
  /** The thread, oldest first. */
  thread: Array<Pick<Message, 'direction' | 'sender' | 'subject' | 'body_text' | 'created_at'>>;
}

const TITLES: Record<AlertInput['kind'], string> = {
  escalation: 'Escalated: Hermes stopped answering',
  crisis: 'Urgent: a correspondent may be in crisis',
  held: 'Needs review: a reply is held',
  star: 'Starred: a recruiter starred your repository',
};

/** The owner's alert: what happened, why, and the whole thread, in plain text. */
export function composeAlert(a: AlertInput): { subject: string; text: string } {
  const lines = [
    `${TITLES[a.kind]} (conversation ${a.conversationId}).`,
    '',
    `From: ${a.sender}`,
    `Subject: ${a.subject}`,
    '',
    'Why:',
    ...a.reasons.map((r) => `- ${r}`),
    '',
    '--- thread, oldest first ---',
  ];
  for (const m of a.thread) {
    lines.push('', `[${new Date(m.created_at).toISOString()}] ${m.direction === 'inbound' ? 'from' : 'Hermes to'} ${m.direction === 'inbound' ? m.sender : ''}`.trimEnd(), `Subject: ${m.subject}`, '', m.body_text);
  }
  return { subject: `[Hermes] ${TITLES[a.kind]}: ${a.subject}`.slice(0, 200), text: lines.join('\n') };
}

export interface MonitorInput {
  conversationId: number;
  sender: string;
  subject: string;
  inboundText: string;
  transition: string | null;
  reply: { text: string; status: 'queued' | 'held'; heldReason: string | null } | null;
}

/** MONITOR_ADDRESS copy of one exchange: what came in, what Hermes decided, and what it answered. */
export function composeMonitorCopy(m: MonitorInput): { subject: string; text: string } {
  const lines = [
    `Conversation ${m.conversationId}${m.transition ? ` (${m.transition})` : ''}`,
    '',
    `From: ${m.sender}`,
    `Subject: ${m.subject}`,
    '',
    m.inboundText,
    '',
    m.reply ? `--- Hermes's reply (${m.reply.status === 'held' ? `held: ${m.reply.heldReason ?? ''}` : 'queued for sending'}) ---` : '--- no reply ---',
  ];
  if (m.reply) lines.push('', m.reply.text);
  return { subject: `[Hermes monitor] ${m.subject}`.slice(0, 200), text: lines.join('\n') };
}
