import type { Kysely } from 'kysely';
import { z } from 'zod';
import { KNOWLEDGE_CATEGORIES, type Database, type KnowledgeCategory, type KnowledgeEntry } from '../db/schema.js';
import { AppError } from '../shared/errors.js';
import { toAscii } from './ascii.js';

/** A database or a transaction: the importer runs these functions inside one transaction. */
type KnowledgeDb = Kysely<Database>;

/** A key is a label, a question or a title: one line's worth. */
export const KEY_MAX_CHARS = 300;
/** Entries are injected three at a time into the system prompt; this keeps that layer bounded. */
export const VALUE_MAX_CHARS = 8000;

/** Text as it is saved: ASCII typography, no surrounding blank space, then checked for length. */
function savedText(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be text') })
    .transform((s) => toAscii(s).trim())
    .pipe(z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`));
}

export const keySchema = savedText(KEY_MAX_CHARS);
export const valueSchema = savedText(VALUE_MAX_CHARS);
export const categorySchema = z.custom<KnowledgeCategory>(
  (v) => typeof v === 'string' && (KNOWLEDGE_CATEGORIES as readonly string[]).includes(v),
  { error: `must be one of ${KNOWLEDGE_CATEGORIES.join(', ')}` },
);

const newEntrySchema = z.object({ category: categorySchema, key: keySchema, value: valueSchema });
const patchSchema = z
  .object({ category: categorySchema.optional(), key: keySchema.optional(), value: valueSchema.optional(), active: z.boolean().optional() })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: 'nothing to update: give key, value, category or active' });
const idSchema = z.number().int().positive();

export interface NewKnowledge {
  category: KnowledgeCategory;
  key: string;
  value: string;
  now?: number;
}

export interface KnowledgePatch {
  category?: KnowledgeCategory;
  key?: string;
  value?: string;
  active?: boolean;
  now?: number;
}

/** Parses `input` or throws INPUT_INVALID listing every problem, each with its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new AppError('INPUT_INVALID', `invalid ${what}: ${problems.join('; ')}`, { cause: parsed.error });
}

function checkId(id: number): number {
  return parseInput(idSchema, id, 'knowledge id');
}

/**
 * The entry the importer treats as "the same" as a (category, key) pair: the active one if
 * there is one, else the newest soft-deleted one (which a re-import brings back).
 */
export async function findKnowledgeByKey(db: KnowledgeDb, category: KnowledgeCategory, key: string): Promise<KnowledgeEntry | undefined> {
  return db
    .selectFrom('knowledge')
    .selectAll()
    .where('category', '=', category)
    .where('key', '=', key)
    .orderBy('active', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Entries newest first; soft-deleted ones only when asked for (the dashboard's "show deleted"). */
export async function listKnowledge(
  db: KnowledgeDb,
  opts: { category?: KnowledgeCategory; includeInactive?: boolean } = {},
): Promise<KnowledgeEntry[]> {
  let query = db.selectFrom('knowledge').selectAll().orderBy('id', 'desc');
  if (opts.category !== undefined) query = query.where('category', '=', parseInput(categorySchema, opts.category, 'category'));
  if (!opts.includeInactive) query = query.where('active', '=', 1);
  return query.execute();
}

/** One entry, active or not; undefined when there is no such id. */
export async function getKnowledge(db: KnowledgeDb, id: number): Promise<KnowledgeEntry | undefined> {
  return db.selectFrom('knowledge').selectAll().where('id', '=', checkId(id)).executeTakeFirst();
}

/** Saves a new active entry; the FTS triggers make it searchable within the same statement. */
export async function createKnowledge(db: KnowledgeDb, input: NewKnowledge): Promise<KnowledgeEntry> {
  const entry = parseInput(newEntrySchema, input, 'knowledge entry');
  const now = input.now ?? Date.now();
  return db
    .insertInto('knowledge')
    .values({ ...entry, active: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Changes the given fields and returns the entry, or undefined when there is no such id.
 * `active: true` brings a soft-deleted entry back into retrieval.
 */
export async function updateKnowledge(db: KnowledgeDb, id: number, patch: KnowledgePatch): Promise<KnowledgeEntry | undefined> {
  const { active, ...fields } = parseInput(patchSchema, patch, 'knowledge update');
  return db
    .updateTable('knowledge')
    .set({ ...fields, ...(active === undefined ? {} : { active: active ? 1 : 0 }), updated_at: patch.now ?? Date.now() })
    .where('id', '=', checkId(id))
    .returningAll()
    .executeTakeFirst();
}

/** Takes an entry out of retrieval and the default listing, keeping it for the owner to restore. */
export async function softDeleteKnowledge(db: KnowledgeDb, id: number, now = Date.now()): Promise<KnowledgeEntry | undefined> {
  return updateKnowledge(db, id, { active: false, now });
}
