import { sql, type Kysely } from 'kysely';

// The owner's knowledge base and its full-text index. `knowledge_fts` is an external-content
// FTS5 table: it stores only the index and reads key/value back from `knowledge`. Triggers keep
// it in step on every write, so an entry is searchable the moment it is saved, and they index
// active rows only, so a soft-deleted entry leaves the index at once. Never run the FTS5
// 'rebuild' command on it: that would index inactive rows too (retrieval still filters them
// by joining on `knowledge.active`, but the index would be larger than it needs to be).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('knowledge')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('career_fact', 'qa_pair', 'filled_table', 'example_conversation')`),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_category_active').on('knowledge').columns(['category', 'active']).execute();

  // porter over unicode61: English stemming (salary/salaries), case folding, and accents
  // removed from every Latin letter, so "resume" finds "résumé".
  await sql`
    create virtual table knowledge_fts using fts5(
      key, value,
      content = 'knowledge', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db);

  // The 'delete' command must be given exactly the values that were indexed, which is why a row
  // is removed only when it was active (and therefore indexed) before the change.
  await sql`
    create trigger knowledge_fts_after_insert after insert on knowledge when new.active = 1 begin
      insert into knowledge_fts (rowid, key, value) values (new.id, new.key, new.value);
    end`.execute(db);
  await sql`
    create trigger knowledge_fts_after_delete after delete on knowledge when old.active = 1 begin
      insert into knowledge_fts (knowledge_fts, rowid, key, value) values ('delete', old.id, old.key, old.value);
    end`.execute(db);
  await sql`
    create trigger knowledge_fts_after_update after update on knowledge begin
      insert into knowledge_fts (knowledge_fts, rowid, key, value) select 'delete', old.id, old.key, old.value where old.active = 1;
      insert into knowledge_fts (rowid, key, value) select new.id, new.key, new.value where new.active = 1;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['knowledge_fts_after_update', 'knowledge_fts_after_delete', 'knowledge_fts_after_insert']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists knowledge_fts`.execute(db);
  await db.schema.dropIndex('knowledge_category_active').execute();
  await db.schema.dropTable('knowledge').execute();
}
