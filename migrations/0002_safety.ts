import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // 'reply' to a recruiter, or 'alert' to the owner (escalation, crisis).
  await db.schema.alterTable('outbox').addColumn('kind', 'text', (c) => c.notNull().defaultTo('reply')).execute();
  await db.schema.alterTable('outbox').addColumn('held_reason', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('validation_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('conversations').addColumn('escalation_reason', 'text').execute();
  await db.schema.alterTable('messages').addColumn('shield_verdict', 'text').execute();
  await db.schema.alterTable('messages').addColumn('shield_categories', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('shield_categories').execute();
  await db.schema.alterTable('messages').dropColumn('shield_verdict').execute();
  await db.schema.alterTable('conversations').dropColumn('escalation_reason').execute();
  await db.schema.alterTable('conversations').dropColumn('validation_failures').execute();
  await db.schema.alterTable('outbox').dropColumn('held_reason').execute();
  await db.schema.alterTable('outbox').dropColumn('kind').execute();
}
