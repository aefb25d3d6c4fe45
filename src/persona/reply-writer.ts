import type { ChatTurn } from '../llm/anthropic-client.js';

/** What the crisis writer may use. Untrusted text (the recruiter's) only ever goes into user turns. */
export interface ReplyContext {
  conversationId: number | null;
  /** 1 for the first reply in the conversation, 2 for the second, ... */
  attempt: number;
  ownerName: string;
  recruiterName: string;
  subject: string;
  /** Earlier turns, oldest first; the last one is the inbound mail being answered. */
  turns: ChatTurn[];
  /** SHIELD saw an injection attempt: the system prompt gets its hardening layer. */
  hardening?: boolean;
}

export interface ReplyDraft {
  text: string;
  source: 'llm' | 'template';
  templateUsed: string | null;
  aiModel: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  /** Prompt-cache bookkeeping of the model call (input tokens read from / written to the cache). */
  cacheReadTokens?: number | null;
  cacheCreationTokens?: number | null;
  /** Why a template was used instead of the model, when it was. */
  fallbackReason: string | null;
}

/** The Messages API wants alternating roles starting with user; consecutive turns are joined. */
export function mergeTurns(turns: ChatTurn[]): ChatTurn[] {
  const out: ChatTurn[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.role === t.role) last.text = `${last.text}\n\n${t.text}`;
    else out.push({ ...t });
  }
  while (out[0]?.role === 'assistant') out.shift();
  return out;
}
