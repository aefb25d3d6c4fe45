import { sql, type Kysely } from 'kysely';
import type { Database, KnowledgeEntry } from '../db/schema.js';
import { AppError } from '../shared/errors.js';
import { buildFtsQuery } from './fts-query.js';

/** What the prompt gets by default: three entries keep the knowledge layer short (DESIGN.md 4). */
export const DEFAULT_RETRIEVAL_LIMIT = 3;
const MAX_RETRIEVAL_LIMIT = 50;

// bm25() column weights, in the table's column order (key, value). A word in the key (the fact's
// label, the question, the table's name) says more about what an entry is for than the same
// word somewhere in a long value.
const KEY_WEIGHT = 2;
const VALUE_WEIGHT = 1;

export interface ScoredKnowledge extends KnowledgeEntry {
  /** FTS5 bm25(): lower is a better match (it is negative for any match). */
  score: number;
}

/**
 * The active entries that best match `text` by BM25, best first, with their scores. Text with
 * no content terms (empty, only stop-words or punctuation) matches nothing.
 */
export async function searchKnowledge(db: Kysely<Database>, text: string, limit = DEFAULT_RETRIEVAL_LIMIT): Promise<ScoredKnowledge[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RETRIEVAL_LIMIT) {
    throw new AppError('INPUT_INVALID', `limit must be a whole number from 1 to ${MAX_RETRIEVAL_LIMIT}`);
  }
  const query = buildFtsQuery(text);
  if (query === null) return [];
  // The triggers index active entries only; the join on `active` also holds if the index was
  // ever rebuilt from the whole table.
  const { rows } = await sql<ScoredKnowledge>`
    select k.id, k.category, k.key, k.value, k.active, k.created_at, k.updated_at,
           bm25(knowledge_fts, ${sql.lit(KEY_WEIGHT)}, ${sql.lit(VALUE_WEIGHT)}) as score
    from knowledge_fts
    join knowledge k on k.id = knowledge_fts.rowid
    where knowledge_fts match ${query} and k.active = 1
    order by score, k.id
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * The knowledge layer's entries for an inbound email: the top `limit` active entries by BM25.
 * `text` is the recruiter's; it is only ever used as a sanitised search query (see fts-query.ts).
 */
export async function retrieveKnowledge(db: Kysely<Database>, text: string, limit = DEFAULT_RETRIEVAL_LIMIT): Promise<KnowledgeEntry[]> {
  const rows = await searchKnowledge(db, text, limit);
  return rows.map(({ score: _score, ...entry }) => entry);
}
