import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MailboxStateTable {
  mailbox: string;
  uidvalidity: number;
  last_uid: number;
  last_sync_at: number | null;
  updated_at: number;
}

export type ConversationState =
  | 'INITIAL'
  | 'ENGAGING'
  | 'QUALIFYING'
  | 'RESUME_REQUESTED'
  | 'RESUME_SENT'
  | 'PII_FISHING'
  | 'PII_PROVIDED'
  | 'PHONE_REQUESTED'
  | 'STAR_REQUESTED'
  | 'AWAITING_STAR'
  | 'STARRED'
  | 'GHOSTED'
  | 'ESCALATED';

export const TERMINAL_STATES: readonly ConversationState[] = ['STARRED', 'GHOSTED', 'ESCALATED'];

export type Channel = 'standard' | 'forwarded';

export interface ConversationsTable {
  id: Generated<number>;
  sender: string;
  domain: string;
  to_address: string | null;
  channel: Channel;
  subject: Generated<string>;
  state: Generated<ConversationState>;
  /** 0 follows the global setting, 1 forces AI on, -1 forces it off. */
  ai_enabled: Generated<number>;
  github_username: string | null;
  star_verified: Generated<number>;
  job_title: string | null;
  job_company: string | null;
  message_count: Generated<number>;
  reply_count: Generated<number>;
  /** Consecutive drafts that failed output validation; 3 escalate. */
  validation_failures: Generated<number>;
  escalation_reason: string | null;
  /** Random per conversation: fabricated PII derives from it, so the same answer is given twice. */
  pii_seed: string | null;
  /** 1 once a PII request was stalled; the next one is answered with fabricated data. */
  pii_stalled: Generated<number>;
  /** JSON array of the phone-excuse indexes already used here; never repeated. */
  phone_excuses_used: Generated<string>;
  /** Our replies in a row without an answer; the scheduler ghosts at GHOST_AFTER_UNANSWERED. */
  unanswered_replies: Generated<number>;
  star_checked_at: number | null;
  /** When the scheduler should check the star again (AWAITING_STAR, or after a rate limit). */
  star_check_after: number | null;
  last_inbound_at: number | null;
  last_outbound_at: number | null;
  created_at: number;
  updated_at: number;
}

export type RawStatus = 'pending' | 'processed' | 'ignored' | 'duplicate' | 'failed';

export interface RawMessagesTable {
  id: Generated<number>;
  mailbox: string;
  uidvalidity: number;
  uid: number;
  message_id: string | null;
  size: number;
  raw: Buffer;
  internal_date: number | null;
  fetched_at: number;
  status: Generated<RawStatus>;
  answerable: Generated<number>;
  decision: string | null;
  error: string | null;
  attempts: Generated<number>;
  conversation_id: number | null;
  processed_at: number | null;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  raw_message_id: number | null;
  /** 'alert' rows are Hermes's emails to the owner about this conversation. */
  direction: 'inbound' | 'outbound' | 'alert';
  sender: string;
  recipient: string;
  subject: Generated<string>;
  body_text: Generated<string>;
  quoted_text: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  references_header: string | null;
  template_used: string | null;
  ai_model: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  intent: string | null;
  send_success: number | null;
  error_notes: string | null;
  shield_verdict: string | null;
  shield_categories: string | null;
  intent_confidence: number | null;
  /** 'llm' or 'keywords': which classifier decided. */
  intent_source: string | null;
  /** `state A -> B` and the action chosen for this inbound message. */
  transition: string | null;
  action: string | null;
  cache_read_tokens: number | null;
  cache_creation_tokens: number | null;
  created_at: number;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held';

export interface OutboxTable {
  id: Generated<number>;
  conversation_id: number;
  message_row_id: number;
  in_reply_to_raw_id: number | null;
  rfc_message_id: string;
  from_address: string;
  to_address: string;
  bcc_address: string | null;
  subject: string;
  body_text: string;
  in_reply_to: string | null;
  references_header: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: number;
  sending_started_at: number | null;
  last_error: string | null;
  smtp_response: string | null;
  confirmed_by: string | null;
  /** 'reply' to a recruiter; 'alert' and 'monitor' (MONITOR_ADDRESS copies) go to the owner. */
  kind: Generated<'reply' | 'alert' | 'monitor'>;
  /** A file from config (RESUME_FILE) attached to a reply; never chosen by the model. */
  attachment_path: string | null;
  /** Why a reply waits for the owner instead of being sent (status 'held'). */
  held_reason: string | null;
  created_at: number;
  sent_at: number | null;
}

export type KnowledgeCategory = 'career_fact' | 'qa_pair' | 'filled_table' | 'example_conversation';
export const KNOWLEDGE_CATEGORIES: readonly KnowledgeCategory[] = ['career_fact', 'qa_pair', 'filled_table', 'example_conversation'];

/** The owner's knowledge base; `knowledge_fts` (FTS5, kept in sync by triggers) indexes key and value. */
export interface KnowledgeTable {
  id: Generated<number>;
  category: KnowledgeCategory;
  key: string;
  value: string;
  active: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Runtime settings changed by the CLI while the daemon runs (`hermes ai <mode>`). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  mailbox_state: MailboxStateTable;
  conversations: ConversationsTable;
  raw_messages: RawMessagesTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  knowledge: KnowledgeTable;
  settings: SettingsTable;
}

export type Conversation = Selectable<ConversationsTable>;
export type NewConversation = Insertable<ConversationsTable>;
export type ConversationUpdate = Updateable<ConversationsTable>;
export type RawMessage = Selectable<RawMessagesTable>;
export type Message = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type KnowledgeEntry = Selectable<KnowledgeTable>;
