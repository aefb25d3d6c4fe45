import { parseDocument } from 'yaml';
import { z } from 'zod';
import { transaction, type Db } from '../db/database.js';
import type { KnowledgeCategory } from '../db/schema.js';
import { AppError } from '../shared/errors.js';
import { toAscii } from './ascii.js';
import { createKnowledge, findKnowledgeByKey, keySchema, updateKnowledge, VALUE_MAX_CHARS, valueSchema } from './knowledge.service.js';
import { fieldNameProblem, serializeExample, serializeFields, serializeRows } from './shapes.js';

/** One entry as read from a seed file, already normalised as it will be saved. */
export interface KnowledgeItem {
  category: KnowledgeCategory;
  key: string;
  value: string;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

// YAML turns `years: 11` into a number and `remote: yes` into a boolean, and an empty field into
// null; the owner meant the text in every case.
const scalar = z
  .union([z.string(), z.number(), z.boolean(), z.null()], { error: (i) => (i.input === undefined ? 'is missing' : 'must be text') })
  .transform((v) => (v === null ? '' : String(v)));
const keyText = scalar.pipe(keySchema);
const valueText = scalar.pipe(valueSchema);
const cellText = scalar.transform((v) => toAscii(v).replace(/\s+/g, ' ').trim());

const fieldRows = z.record(z.string(), cellText).superRefine((rows, ctx) => {
  const fields = Object.keys(rows);
  if (fields.length === 0) ctx.addIssue({ code: 'custom', message: 'a table needs at least one field' });
  for (const field of fields) {
    const problem = fieldNameProblem(field);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  }
});
const gridRows = z
  .array(z.array(cellText))
  .min(2, 'a list of rows needs a header row and at least one row')
  .superRefine((rows, ctx) => {
    const width = rows[0]!.length;
    rows.forEach((row, i) => {
      if (row.length === 0 || row.length > width) ctx.addIssue({ code: 'custom', path: [i], message: `has ${row.length} cells; the header row has ${width}` });
    });
  });

const TABLE_FORMS = 'a mapping of field: value, or a list of rows (the first one naming the columns)';

const seedSchema = z.strictObject(
  {
    career_facts: z.array(z.strictObject({ key: keyText, value: valueText })).optional(),
    qa_pairs: z.array(z.strictObject({ question: keyText, answer: valueText })).optional(),
    filled_tables: z
      .array(
        z.strictObject({
          name: keyText,
          rows: z
            .union([fieldRows, gridRows], { error: `must be ${TABLE_FORMS}` })
            .transform((rows) => (Array.isArray(rows) ? serializeRows(rows[0]!, rows.slice(1)) : serializeFields(Object.entries(rows))))
            .pipe(valueSchema),
        }),
      )
      .optional(),
    example_conversations: z
      .array(
        z.strictObject({ title: keyText, recruiter: valueText, reply: valueText }).superRefine((e, ctx) => {
          if (serializeExample(e).length > VALUE_MAX_CHARS) {
            ctx.addIssue({ code: 'custom', path: ['reply'], message: `recruiter and reply together must be at most ${VALUE_MAX_CHARS} characters` });
          }
        }),
      )
      .optional(),
  },
  { error: 'expected a mapping with career_facts, qa_pairs, filled_tables and/or example_conversations' },
);

type Seed = z.output<typeof seedSchema>;

// The fields each section's entries take, for "unknown key" messages.
const SECTION_FIELDS: Record<keyof Seed, readonly string[]> = {
  career_facts: ['key', 'value'],
  qa_pairs: ['question', 'answer'],
  filled_tables: ['name', 'rows'],
  example_conversations: ['title', 'recruiter', 'reply'],
};

/** Each entry with where its key sits in the file, to name it when it is given twice. */
function seedItems(seed: Seed): Array<KnowledgeItem & { where: string }> {
  return [
    ...(seed.career_facts ?? []).map((e, i) => ({ category: 'career_fact' as const, key: e.key, value: e.value, where: `career_facts[${i}].key` })),
    ...(seed.qa_pairs ?? []).map((e, i) => ({ category: 'qa_pair' as const, key: e.question, value: e.answer, where: `qa_pairs[${i}].question` })),
    ...(seed.filled_tables ?? []).map((e, i) => ({ category: 'filled_table' as const, key: e.name, value: e.rows, where: `filled_tables[${i}].name` })),
    ...(seed.example_conversations ?? []).map((e, i) => ({
      category: 'example_conversation' as const,
      key: e.title,
      value: serializeExample(e),
      where: `example_conversations[${i}].title`,
    })),
  ];
}

/** `qa_pairs[3].answer`, the way the owner finds the spot in the file. */
function yamlPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(top level)';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return `${yamlPath(issue.path)}: ${issue.message}`;
  const expected = issue.path.length === 0 ? Object.keys(SECTION_FIELDS) : (SECTION_FIELDS[issue.path[0] as keyof Seed] ?? []);
  const keys = issue.keys.map((k) => `"${k}"`).join(', ');
  return `${yamlPath(issue.path)}: unknown key ${keys} (expected ${expected.join(', ')})`;
}

/**
 * Reads a knowledge seed file (see docs/knowledge.md). Throws INPUT_INVALID listing every
 * problem with its place in the file: a YAML syntax error with its line, a schema problem with
 * its path (`qa_pairs[3].answer: must not be empty`), a key given twice in one section.
 */
export function parseKnowledgeYaml(text: string): KnowledgeItem[] {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new AppError('INPUT_INVALID', `invalid YAML: ${doc.errors.map((e) => e.message.split('\n')[0]).join('; ')}`);
  }
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) throw new AppError('INPUT_INVALID', 'the knowledge file is empty');
  const parsed = seedSchema.safeParse(data);
  if (!parsed.success) {
    throw new AppError('INPUT_INVALID', `invalid knowledge file:\n  ${parsed.error.issues.map(describeIssue).join('\n  ')}`);
  }
  const items = seedItems(parsed.data);
  const firstSeen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const item of items) {
    const id = `${item.category}\u0000${item.key}`;
    const earlier = firstSeen.get(id);
    if (earlier) duplicates.push(`${item.where}: "${item.key}" is already used by ${earlier}`);
    else firstSeen.set(id, item.where);
  }
  if (duplicates.length > 0) throw new AppError('INPUT_INVALID', `invalid knowledge file:\n  ${duplicates.join('\n  ')}`);
  return items.map(({ category, key, value }) => ({ category, key, value }));
}

/**
 * Saves `items` in one transaction, matching existing entries on (category, key): a new key is
 * created, a changed value (or a soft-deleted entry) is updated and made active, and an identical
 * active entry is left alone, so importing the same file twice changes nothing.
 */
export async function importKnowledge(db: Db, items: readonly KnowledgeItem[], now = Date.now()): Promise<ImportCounts> {
  return transaction(db, async (tx) => {
    const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
    for (const item of items) {
      const existing = await findKnowledgeByKey(tx, item.category, item.key);
      if (!existing) {
        await createKnowledge(tx, { ...item, now });
        counts.created++;
      } else if (existing.value === item.value && existing.active === 1) {
        counts.unchanged++;
      } else {
        await updateKnowledge(tx, existing.id, { value: item.value, active: true, now });
        counts.updated++;
      }
    }
    return counts;
  });
}
