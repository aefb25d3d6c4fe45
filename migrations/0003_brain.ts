import type { Kysely } from 'kysely';

// The conversation brain: per-conversation memory the state machine and the persona need, what
// was decided for each inbound message, prompt-cache bookkeeping, and runtime settings.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('pii_seed', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('pii_stalled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('conversations').addColumn('phone_excuses_used', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('conversations').addColumn('unanswered_replies', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('conversations').addColumn('star_checked_at', 'integer').execute();
  await db.schema.alterTable('conversations').addColumn('star_check_after', 'integer').execute();
  await db.schema.createIndex('conversations_star_check').on('conversations').columns(['state', 'star_check_after']).execute();

  await db.schema.alterTable('messages').addColumn('intent_confidence', 'real').execute();
  await db.schema.alterTable('messages').addColumn('intent_source', 'text').execute();
  await db.schema.alterTable('messages').addColumn('transition', 'text').execute();
  await db.schema.alterTable('messages').addColumn('action', 'text').execute();
  await db.schema.alterTable('messages').addColumn('cache_read_tokens', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('cache_creation_tokens', 'integer').execute();

  // A file from config (RESUME_FILE) attached to a reply; never chosen by the model.
  await db.schema.alterTable('outbox').addColumn('attachment_path', 'text').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.alterTable('outbox').dropColumn('attachment_path').execute();
  for (const col of ['cache_creation_tokens', 'cache_read_tokens', 'action', 'transition', 'intent_source', 'intent_confidence']) {
    await db.schema.alterTable('messages').dropColumn(col).execute();
  }
  await db.schema.dropIndex('conversations_star_check').execute();
  for (const col of ['star_check_after', 'star_checked_at', 'unanswered_replies', 'phone_excuses_used', 'pii_stalled', 'pii_seed']) {
    await db.schema.alterTable('conversations').dropColumn(col).execute();
  }
}
