import type { Kysely } from 'kysely';

// Times are integer milliseconds since the epoch (UTC).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mailbox_state')
    .addColumn('mailbox', 'text', (c) => c.primaryKey())
    .addColumn('uidvalidity', 'integer', (c) => c.notNull())
    .addColumn('last_uid', 'integer', (c) => c.notNull())
    .addColumn('last_sync_at', 'integer')
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('INITIAL'))
    .addColumn('ai_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('github_username', 'text')
    .addColumn('star_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_title', 'text')
    .addColumn('job_company', 'text')
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_inbound_at', 'integer')
    .addColumn('last_outbound_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversations_sender').on('conversations').columns(['sender', 'state']).execute();

  await db.schema
    .createTable('raw_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('mailbox', 'text', (c) => c.notNull())
    .addColumn('uidvalidity', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('raw', 'blob', (c) => c.notNull())
    .addColumn('internal_date', 'integer')
    .addColumn('fetched_at', 'integer', (c) => c.notNull())
    // pending | processed | ignored | duplicate | failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('answerable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('decision', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id'))
    .addColumn('processed_at', 'integer')
    .addUniqueConstraint('raw_messages_uid', ['mailbox', 'uidvalidity', 'uid'])
    .execute();
  await db.schema.createIndex('raw_messages_message_id').on('raw_messages').column('message_id').execute();
  await db.schema.createIndex('raw_messages_status').on('raw_messages').columns(['status', 'id']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id'))
    .addColumn('raw_message_id', 'integer', (c) => c.references('raw_messages.id'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quoted_text', 'text')
    .addColumn('message_id', 'text')
    .addColumn('in_reply_to', 'text')
    .addColumn('references_header', 'text')
    .addColumn('template_used', 'text')
    .addColumn('ai_model', 'text')
    .addColumn('tokens_in', 'integer')
    .addColumn('tokens_out', 'integer')
    .addColumn('intent', 'text')
    .addColumn('send_success', 'integer')
    .addColumn('error_notes', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_message_id').on('messages').column('message_id').execute();
  await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id'))
    .addColumn('message_row_id', 'integer', (c) => c.notNull().references('messages.id'))
    // At most one reply per inbound message, enforced by the schema.
    .addColumn('in_reply_to_raw_id', 'integer', (c) => c.unique().references('raw_messages.id'))
    .addColumn('rfc_message_id', 'text', (c) => c.notNull().unique())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('bcc_address', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('in_reply_to', 'text')
    .addColumn('references_header', 'text')
    // pending | sending | sent | failed | held
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('sending_started_at', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('confirmed_by', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'integer')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['to_address', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['outbox', 'messages', 'raw_messages', 'conversations', 'mailbox_state']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
