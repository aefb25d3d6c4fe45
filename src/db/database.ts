import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Transaction } from 'kysely';
import { migrations } from '../../migrations/index.js';
import { AppError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export function openDatabase(file: string, opts: { readonly?: boolean; log?: Logger } = {}): Db {
  if (file !== ':memory:' && !opts.readonly) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
  if (!opts.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const log = opts.log;
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: log
      ? (event) => {
          if (event.level === 'error') log.error({ err: event.error, ms: event.queryDurationMillis }, 'query failed');
          else if (log.isLevelEnabled('trace')) log.trace({ sql: event.query.sql, ms: event.queryDurationMillis }, 'query');
        }
      : undefined,
  });
}

export async function migrateToLatest(db: Db, log?: Logger): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  for (const name of applied) log?.info({ migration: name }, 'migration applied');
  if (error) throw new AppError('DB_MIGRATION_FAILED', `migration failed: ${String(error)}`, { cause: error });
  return applied;
}

/** True when every migration this release knows has been applied to `db`. */
export async function isMigrated(db: Db): Promise<boolean> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false;
  }
}

function isBusy(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_BUSY';
}

/** Runs `fn` in one transaction, retrying a few times when another process holds the lock. */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (!isBusy(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}
