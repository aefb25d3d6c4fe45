import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { knowledgeCommand } from '../../src/commands/knowledge.js';
import { loadConfig } from '../../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database.js';
import type { KnowledgeCategory } from '../../src/db/schema.js';
import { formatKnowledgeLayer } from '../../src/knowledge/format.js';
import { importKnowledge, parseKnowledgeYaml } from '../../src/knowledge/import.js';
import {
  createKnowledge,
  getKnowledge,
  listKnowledge,
  softDeleteKnowledge,
  updateKnowledge,
} from '../../src/knowledge/knowledge.service.js';
import { retrieveKnowledge, searchKnowledge } from '../../src/knowledge/retrieve.js';
import { parseTableFile } from '../../src/knowledge/table-file.js';
import { tempDir } from '../support/temp-dir.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/knowledge');
const workDir = tempDir('hermes-knowledge-');
let fileCounter = 0;

function tempFile(name: string, text: string): string {
  const file = path.join(workDir, `${fileCounter++}-${name}`);
  writeFileSync(file, text);
  return file;
}

async function freshDb(): Promise<Db> {
  const db = openDatabase(path.join(workDir, `kb-${fileCounter++}.sqlite`));
  await migrateToLatest(db);
  return db;
}

async function keysFor(db: Db, text: string, limit?: number): Promise<string[]> {
  return (await retrieveKnowledge(db, text, limit)).map((e) => e.key);
}

/** Row ids the FTS index itself holds for `term`, bypassing the join on `knowledge`. */
async function indexedIds(db: Db, term: string): Promise<number[]> {
  const { rows } = await sql<{ rowid: number }>`select rowid from knowledge_fts where knowledge_fts match ${`"${term}"`} order by rowid`.execute(db);
  return rows.map((r) => r.rowid);
}

async function add(db: Db, category: KnowledgeCategory, key: string, value: string) {
  return createKnowledge(db, { category, key, value });
}

describe('knowledge store and retrieval', () => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('finds an entry the moment it is saved', async () => {
    const entry = await add(db, 'qa_pair', 'What is your notice period?', 'Two months from signing.');
    expect(await retrieveKnowledge(db, 'Could you tell me your notice period?')).toEqual([entry]);
  });

  it('finds updated text by its new words and no longer by its old ones', async () => {
    const entry = await add(db, 'career_fact', 'Databases', 'Deep PostgreSQL experience.');
    await updateKnowledge(db, entry.id, { value: 'Years of Cassandra clusters in production.' });
    expect(await keysFor(db, 'Have you used Cassandra?')).toEqual(['Databases']);
    expect(await keysFor(db, 'Have you used PostgreSQL?')).toEqual([]);
    await updateKnowledge(db, entry.id, { key: 'Wide-column stores' });
    expect(await keysFor(db, 'wide column')).toEqual(['Wide-column stores']);
    expect(await keysFor(db, 'databases')).toEqual([]);
  });

  it('does not return a soft-deleted entry, and drops it from the index', async () => {
    const entry = await add(db, 'career_fact', 'Kubernetes', 'Runs Kubernetes clusters on AWS.');
    const deleted = await softDeleteKnowledge(db, entry.id);
    expect(deleted?.active).toBe(0);
    expect(await keysFor(db, 'kubernetes')).toEqual([]);
    expect(await indexedIds(db, 'kubernetes')).toEqual([]);
    expect(await listKnowledge(db)).toEqual([]);
    expect((await listKnowledge(db, { includeInactive: true })).map((e) => e.id)).toEqual([entry.id]);
  });

  it('finds a reactivated entry again, with the text it had meanwhile', async () => {
    const entry = await add(db, 'career_fact', 'Kubernetes', 'Runs Kubernetes clusters on AWS.');
    await softDeleteKnowledge(db, entry.id);
    await updateKnowledge(db, entry.id, { value: 'Runs Kubernetes clusters on GCP.' });
    expect(await keysFor(db, 'GCP')).toEqual([]);
    await updateKnowledge(db, entry.id, { active: true });
    expect(await keysFor(db, 'kubernetes GCP')).toEqual(['Kubernetes']);
    expect(await keysFor(db, 'AWS')).toEqual([]);
  });

  it('keeps the index equal to the active entries through every kind of write', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await add(db, 'career_fact', `Fact ${i}`, `common marker text number ${i}`)).id);
    await softDeleteKnowledge(db, ids[1]!);
    await softDeleteKnowledge(db, ids[2]!);
    await updateKnowledge(db, ids[2]!, { active: true });
    await updateKnowledge(db, ids[3]!, { value: 'rewritten without the word' });
    await db.deleteFrom('knowledge').where('id', 'in', [ids[4]!, ids[1]!]).execute();
    await updateKnowledge(db, ids[5]!, { category: 'qa_pair' });
    const active = (await listKnowledge(db)).filter((e) => e.value.includes('marker')).map((e) => e.id).sort((a, b) => a - b);
    expect(await indexedIds(db, 'marker')).toEqual(active);
    expect(active).toHaveLength(9);
    await sql`insert into knowledge_fts (knowledge_fts, rank) values ('integrity-check', 0)`.execute(db);
  });

  it('ranks the entry that matches best first, and a word in the key above the same word in a value', async () => {
    await add(db, 'career_fact', 'Languages', 'Go and Java, some Python.');
    await add(db, 'qa_pair', 'What are your salary expectations?', 'Between 95,000 and 115,000 EUR base.');
    await add(db, 'career_fact', 'Current role', 'Tech lead; the salary review is in spring.');
    await add(db, 'qa_pair', 'Are you open to relocation?', 'No, remote only.');
    expect(await keysFor(db, 'Hi! What salary expectations do you have?', 2)).toEqual([
      'What are your salary expectations?',
      'Current role',
    ]);

    await add(db, 'career_fact', 'Relocation', 'Not before next year.');
    await add(db, 'career_fact', 'Moving', 'Relocation is not before next year.');
    const [first] = await searchKnowledge(db, 'relocation', 5);
    expect(first?.key).toBe('Relocation');
    const scores = (await searchKnowledge(db, 'relocation', 5)).map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it('returns at most three entries by default, and nothing for text without content words', async () => {
    for (let i = 0; i < 6; i++) await add(db, 'career_fact', `Remote fact ${i}`, 'Works remote.');
    expect(await retrieveKnowledge(db, 'remote')).toHaveLength(3);
    expect(await retrieveKnowledge(db, '')).toEqual([]);
    expect(await retrieveKnowledge(db, 'Hi, thanks and best regards!')).toEqual([]);
    await expect(retrieveKnowledge(db, 'remote', 0)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });

  it('never throws on hostile query text, and still matches the words in it', async () => {
    await add(db, 'qa_pair', 'What are your salary expectations?', 'Between 95,000 and 115,000 EUR base.');
    await add(db, 'career_fact', 'Languages', 'English native; \u0440\u0443\u0441\u0441\u043A\u0438\u0439 \u044F\u0437\u044B\u043A basic; \u65E5\u672C\u8A9E.');
    const hostile = [
      '"',
      '"""',
      'salary" OR "x',
      'NEAR(',
      'NEAR(salary expectations, 2)',
      '*',
      'salary*',
      '-',
      '- salary',
      ':',
      'key:salary',
      '{key value}: salary',
      'OR',
      'AND OR NOT',
      'NOT salary',
      '^salary',
      '(salary',
      ')))',
      '+',
      '\u0000salary\u0000',
      'x'.repeat(1_000_000),
      'salary '.repeat(100_000),
      Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' '),
      '\u65E5\u672C\u8A9E',
      '\u0440\u0443\u0441\u0441\u043A\u0438\u0439',
      '\u0645\u0627 \u0647\u0648 \u0631\u0627\u062A\u0628\u0643\u061F',
      '\u{1F4B0}\u{1F4B0}\u{1F4B0}',
      '\uD800 lone surrogate',
    ];
    for (const text of hostile) {
      const results = await retrieveKnowledge(db, text);
      expect(Array.isArray(results), text.slice(0, 40)).toBe(true);
    }
    expect(await keysFor(db, 'salary" OR "x')).toEqual(['What are your salary expectations?']);
    expect(await keysFor(db, 'NEAR(salary expectations, 2)')).toEqual(['What are your salary expectations?']);
    expect(await keysFor(db, 'key:salary')).toEqual(['What are your salary expectations?']);
    expect(await keysFor(db, '\u0440\u0443\u0441\u0441\u043A\u0438\u0439?')).toEqual(['Languages']);
    expect(await keysFor(db, '\u65E5\u672C\u8A9E')).toEqual(['Languages']);
  });

  it('normalises text to ASCII on save and keeps timestamps in ms', async () => {
    const entry = await createKnowledge(db, {
      category: 'qa_pair',
      key: '  \u201CAre you open to relocation?\u201D ',
      value: 'No \u2014 I\u2019m staying in Lisbon\u2026',
      now: 1_700_000_000_123,
    });
    expect(entry).toMatchObject({ key: '"Are you open to relocation?"', value: "No - I'm staying in Lisbon...", active: 1 });
    expect(entry.created_at).toBe(1_700_000_000_123);
    const updated = await updateKnowledge(db, entry.id, { value: 'Caf\u00E9 \u2013 maybe', now: 1_700_000_000_999 });
    expect(updated).toMatchObject({ value: 'Cafe - maybe', created_at: 1_700_000_000_123, updated_at: 1_700_000_000_999 });
    expect(await getKnowledge(db, entry.id)).toEqual(updated);
  });

  it('rejects invalid input with INPUT_INVALID naming the field', async () => {
    await expect(add(db, 'qa_pair', '   ', 'x')).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(/key: must not be empty/) });
    await expect(add(db, 'qa_pair', 'k', '\u200B')).rejects.toMatchObject({ message: expect.stringMatching(/value: must not be empty/) });
    await expect(add(db, 'qa_pair', 'k', 'v'.repeat(8001))).rejects.toMatchObject({ message: expect.stringMatching(/value: must be at most 8000 characters/) });
    await expect(add(db, 'qa_pair', 'k'.repeat(301), 'v')).rejects.toMatchObject({ message: expect.stringMatching(/key: must be at most 300/) });
    await expect(add(db, 'fact' as KnowledgeCategory, 'k', 'v')).rejects.toMatchObject({ message: expect.stringMatching(/category: must be one of career_fact, qa_pair/) });
    const entry = await add(db, 'qa_pair', 'k', 'v');
    await expect(updateKnowledge(db, entry.id, {})).rejects.toMatchObject({ message: expect.stringMatching(/nothing to update/) });
    await expect(getKnowledge(db, -1)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(await updateKnowledge(db, 9999, { value: 'x' })).toBeUndefined();
    expect(await softDeleteKnowledge(db, 9999)).toBeUndefined();
  });

  it('keeps the CHECK on categories and the active flag at the database level', async () => {
    const now = Date.now();
    await expect(db.insertInto('knowledge').values({ category: 'nope' as KnowledgeCategory, key: 'k', value: 'v', created_at: now, updated_at: now }).execute()).rejects.toThrow(/CHECK/);
    await expect(db.insertInto('knowledge').values({ category: 'qa_pair', key: 'k', value: 'v', active: 2, created_at: now, updated_at: now }).execute()).rejects.toThrow(/CHECK/);
  });

  it('migrates down to nothing and up again', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0003_brain');
    expect(down.error).toBeUndefined();
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where name like 'knowledge%'`.execute(db);
    expect(rows).toEqual([]);
    await migrateToLatest(db);
    await add(db, 'career_fact', 'Back', 'Searchable after a round trip.');
    expect(await keysFor(db, 'round trip')).toEqual(['Back']);
  });

  it('retrieves in a few milliseconds from a few thousand entries', async ({ annotate }) => {
    // 3,000 entries of 80 words drawn, skewed towards the common ones, from 3,000 invented terms
    // and 40 real ones, so a long email matches a few hundred entries, as a real knowledge base would.
    const real = 'go java kotlin python rust postgres kafka redis aws gcp kubernetes terraform payments ledger logistics tracking remote hybrid lisbon berlin london salary notice visa relocation contract mentoring oncall incidents latency throughput migration design api grpc graphql testing observability'.split(' ');
    const vocabulary = [...Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}`), ...real];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = () => vocabulary[Math.floor(vocabulary.length * random() ** 2)]!;
    const categories: KnowledgeCategory[] = ['career_fact', 'qa_pair', 'filled_table', 'example_conversation'];
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 3000; i++) {
        const words = Array.from({ length: 80 }, pick).join(' ');
        await createKnowledge(tx, { category: categories[i % 4]!, key: `Entry ${i} about ${pick()} and ${pick()}`, value: words });
      }
    });
    const email = [
      'Hi Jordan, I hope you are well. I am recruiting for a fintech scale-up building a new payments ledger,',
      'and your background in Kafka, Postgres and Kubernetes on AWS looks like a great match. The team is',
      'eight engineers, fully remote across Europe, with an office in Lisbon for those who want it. They run',
      'Go services with gRPC, care a lot about observability and on-call health, and are planning a big',
      'migration off a legacy monolith next year. Could you share your salary expectations, your notice',
      'period, and whether you would need visa sponsorship or relocation support? A contract-to-hire route',
      'is also possible. Happy to send the full job description. Best regards, Kim',
    ].join(' ');
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      const found = await retrieveKnowledge(db, email);
      times.push(performance.now() - started);
      expect(found).toHaveLength(3);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    await annotate(`3000 entries: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms per retrieval`);
    // A bound with room for a busy shared CI core; the measured figures are in docs/knowledge.md.
    expect(median).toBeLessThan(50);
  });
});

describe('knowledge import', () => {
  let db: Db;
  beforeEach(async () => {
    db = await freshDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const seedText = () => readFileSync(path.join(FIXTURES, 'seed.yaml'), 'utf8');

  it('imports every section, normalised, in each category shape', async () => {
    expect(await importKnowledge(db, parseKnowledgeYaml(seedText()))).toEqual({ created: 7, updated: 0, unchanged: 0 });
    const byKey = new Map((await listKnowledge(db)).map((e) => [e.key, e]));
    expect(byKey.get('Years of experience')).toMatchObject({ category: 'career_fact', value: 'Jordan has 9 years of backend experience - mostly Rust and Elixir.' });
    expect(byKey.get('"Are you open to relocation?"')).toMatchObject({ category: 'qa_pair', value: 'No, remote only...' });
    expect(byKey.get('Application form')?.value).toBe('Full name: Jordan Example\nYears of experience: 9\nWilling to relocate: false\nMiddle name:');
    expect(byKey.get('Past employers')?.value).toBe('| Employer | Years |\n| Pinecrest Analytics | 2021-now |\n| Harbour \\| Co | 2016-2021 |');
    expect(byKey.get('Short and warm')).toMatchObject({ category: 'example_conversation' });

    const layer = formatKnowledgeLayer(await retrieveKnowledge(db, 'Please fill in the application form: years of experience?'));
    expect(layer).toContain('| Years of experience | 9 |');
  });

  it('is idempotent: the same file again changes nothing, an edit updates only that entry', async () => {
    await importKnowledge(db, parseKnowledgeYaml(seedText()), 1000);
    expect(await importKnowledge(db, parseKnowledgeYaml(seedText()), 2000)).toEqual({ created: 0, updated: 0, unchanged: 7 });
    expect(await listKnowledge(db, { includeInactive: true })).toHaveLength(7);
    expect((await listKnowledge(db)).every((e) => e.updated_at === 1000)).toBe(true);

    const edited = seedText().replace('answer: Six weeks.', 'answer: Eight weeks.');
    expect(await importKnowledge(db, parseKnowledgeYaml(edited), 3000)).toEqual({ created: 0, updated: 1, unchanged: 6 });
    expect(await keysFor(db, 'eight weeks')).toEqual(['What is your notice period?']);
    expect(await keysFor(db, 'six')).toEqual([]);
  });

  it('brings a soft-deleted entry back when the file still has it', async () => {
    await importKnowledge(db, parseKnowledgeYaml(seedText()));
    const [entry] = await listKnowledge(db, { category: 'qa_pair' });
    await softDeleteKnowledge(db, entry!.id);
    expect(await importKnowledge(db, parseKnowledgeYaml(seedText()))).toEqual({ created: 0, updated: 1, unchanged: 6 });
    expect((await getKnowledge(db, entry!.id))?.active).toBe(1);
    expect(await listKnowledge(db, { includeInactive: true })).toHaveLength(7);
  });

  it('saves nothing when one entry of the batch fails', async () => {
    const items = [
      { category: 'career_fact' as const, key: 'Fine', value: 'A valid entry.' },
      { category: 'career_fact' as const, key: 'Broken', value: '' },
    ];
    await expect(importKnowledge(db, items)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(await listKnowledge(db, { includeInactive: true })).toEqual([]);
  });

  it.each([
    ['an empty answer', 'qa_pairs:\n  - question: Notice?\n    answer: "  "\n', /qa_pairs\[0\]\.answer: must not be empty/],
    ['a missing field', 'career_facts:\n  - key: A\n    value: fine\n  - key: B\n', /career_facts\[1\]\.value: is missing/],
    ['a misspelt section', 'career_fact:\n  - key: A\n    value: b\n', /\(top level\): unknown key "career_fact" \(expected career_facts, qa_pairs, filled_tables, example_conversations\)/],
    ['a misspelt field', 'qa_pairs:\n  - question: Q\n    anwser: A\n', /(?=[\s\S]*qa_pairs\[0\]: unknown key "anwser" \(expected question, answer\))[\s\S]*qa_pairs\[0\]\.answer: is missing/],
    ['a section that is not a list', 'qa_pairs:\n  question: Q\n', /qa_pairs: /],
    ['table rows of the wrong type', 'filled_tables:\n  - name: T\n    rows: just text\n', /filled_tables\[0\]\.rows: must be a mapping of field: value, or a list of rows/],
    ['a ragged row', 'filled_tables:\n  - name: T\n    rows:\n      - [a, b]\n      - [1, 2, 3]\n', /filled_tables\[0\]\.rows\[1\]: has 3 cells; the header row has 2/],
    ['a field name with a colon', 'filled_tables:\n  - name: T\n    rows:\n      "Time: zone": UTC\n', /filled_tables\[0\]\.rows\.Time: zone: a field name must not contain ":"/],
    ['a key given twice', 'qa_pairs:\n  - question: Notice?\n    answer: A\n  - question: "Notice?"\n    answer: B\n', /qa_pairs\[1\]\.question: "Notice\?" is already used by qa_pairs\[0\]\.question/],
    ['a YAML syntax error', 'qa_pairs:\n  - question: [unclosed\n    answer: A\n', /invalid YAML: .*line \d+/],
    ['a duplicated YAML key', 'qa_pairs: []\nqa_pairs: []\n', /invalid YAML: Map keys must be unique/],
    ['an example too long to save', `example_conversations:\n  - title: T\n    recruiter: ${'a'.repeat(5000)}\n    reply: ${'b'.repeat(5000)}\n`, /example_conversations\[0\]\.reply: recruiter and reply together must be at most 8000 characters/],
    ['an empty file', '# nothing here\n', /the knowledge file is empty/],
    ['a list at the top', '- a\n- b\n', /expected a mapping with career_facts/],
  ])('names the place of %s', (_name, text, message) => {
    expect(() => parseKnowledgeYaml(text)).toThrow(message);
  });

  it('reads the example knowledge base shipped in config/', async () => {
    const items = parseKnowledgeYaml(readFileSync(path.resolve(import.meta.dirname, '../../config/knowledge.yaml'), 'utf8'));
    const count = (c: KnowledgeCategory) => items.filter((i) => i.category === c).length;
    expect(count('career_fact')).toBeGreaterThanOrEqual(12);
    expect(count('qa_pair')).toBeGreaterThanOrEqual(10);
    expect(count('filled_table')).toBeGreaterThanOrEqual(2);
    expect(count('example_conversation')).toBeGreaterThanOrEqual(2);
    expect(items.every((i) => /^[\x09\x0A\x20-\x7E]*$/.test(i.key + i.value))).toBe(true);
    await importKnowledge(db, items);
    expect(await keysFor(db, 'What are your salary expectations and notice period?', 3)).toContain('What are your salary expectations?');
  });
});

describe('filled tables from files', () => {
  const read = (name: string) => parseTableFile(name, readFileSync(path.join(FIXTURES, name), 'utf8'));

  it('reads a CSV header row with one row of values as a form', () => {
    expect(read('form.csv')).toEqual({
      shape: 'fields',
      size: 4,
      value: 'Full name: Jordan Example\nLocation: Porto, Portugal\nYears of experience: 9\nNotice period: 6 weeks',
    });
  });

  it('reads a two-column field,value CSV with quotes and CRLF as a form', () => {
    expect(read('pairs.csv')).toEqual({
      shape: 'fields',
      size: 3,
      value: 'Full name: Jordan Example\nLocation: Porto, Portugal\nNotes: Prefers "async" teams',
    });
  });

  it('reads a CSV with several rows as a table', () => {
    const table = read('history.csv');
    expect(table).toMatchObject({ shape: 'rows', size: 3 });
    expect(table.value.split('\n')[0]).toBe('| Employer | Role | From | To |');
  });

  it('reads field: value lines, skipping comments and blank lines', () => {
    expect(read('form.txt')).toEqual({
      shape: 'fields',
      size: 3,
      value: 'Full name: Jordan Example\nAvailability: from 09:00 to 17:00 WET\nSalary range: 80,000 - 90,000 EUR',
    });
  });

  it('names the line of a problem', () => {
    expect(() => parseTableFile('form.txt', 'Name: A\nno colon here\n')).toThrow(/form\.txt: line 2: expected "field: value"/);
    expect(() => parseTableFile('t.csv', 'a,b,c\n1,2,3\n1,2,3,4\n')).toThrow(/t\.csv: line 3: 4 cells, but the first row has 3/);
    expect(() => parseTableFile('t.csv', 'a,b\n"open,2\n')).toThrow(/t\.csv: line 2: a quoted cell is never closed/);
    expect(() => parseTableFile('t.csv', '\n\n')).toThrow(/t\.csv: the file has no rows/);
    expect(() => parseTableFile('t.txt', '# only a comment\n')).toThrow(/no "field: value" lines/);
  });
});

describe('knowledgeCommand', () => {
  let config: ReturnType<typeof loadConfig>;
  beforeEach(() => {
    config = loadConfig({ DATABASE_PATH: path.join(workDir, `cmd-${fileCounter++}`, 'hermes.sqlite') });
  });

  it('imports a seed into a fresh database, twice without duplicating', async () => {
    const file = path.join(FIXTURES, 'seed.yaml');
    expect(await knowledgeCommand(config, ['import', file])).toEqual({ file, entries: 7, created: 7, updated: 0, unchanged: 0 });
    expect(await knowledgeCommand(config, ['import', file])).toEqual({ file, entries: 7, created: 0, updated: 0, unchanged: 7 });
    expect(await knowledgeCommand(config, ['list'])).toHaveLength(7);
  });

  it('imports a table, lists by category, searches and deletes', async () => {
    const file = path.join(FIXTURES, 'form.csv');
    expect(await knowledgeCommand(config, ['import-table', 'Application form', file])).toEqual({
      name: 'Application form',
      file,
      shape: 'fields',
      size: 4,
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await knowledgeCommand(config, ['import-table', 'Application form', path.join(FIXTURES, 'form.txt')])).toMatchObject({ updated: 1 });
    const listed = (await knowledgeCommand(config, ['list', 'filled_table'])) as Array<{ id: number; key: string; active: boolean; createdAt: string }>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ key: 'Application form', active: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(await knowledgeCommand(config, ['list', 'qa_pair'])).toEqual([]);

    const search = (await knowledgeCommand(config, ['search', 'What', 'is', 'your', 'salary', 'range?'])) as {
      query: string;
      micros: number;
      results: Array<{ key: string; score: number }>;
    };
    expect(search.query).toBe('"salary" OR "range"');
    expect(search.results.map((r) => r.key)).toEqual(['Application form']);
    expect(search.results[0]!.score).toBeLessThan(0);

    expect(await knowledgeCommand(config, ['delete', String(listed[0]!.id)])).toEqual({ deleted: listed[0]!.id });
    expect(((await knowledgeCommand(config, ['search', 'salary'])) as { results: unknown[] }).results).toEqual([]);
    expect(await knowledgeCommand(config, ['list', '--all'])).toMatchObject([{ active: false }]);
  });

  it.each([
    [[], /usage:/],
    [['frobnicate'], /unknown sub-command: frobnicate/],
    [['import'], /usage:/],
    [['import', path.join(FIXTURES, 'missing.yaml')], /cannot read .*missing\.yaml: ENOENT/],
    [['import-table', 'Only a name'], /usage:/],
    [['import-table', ' ', path.join(FIXTURES, 'form.csv')], /invalid table name: must not be empty/],
    [['list', 'facts'], /invalid category: must be one of/],
    [['delete', 'abc'], /usage:/],
    [['delete', '12345'], /knowledge entry 12345 does not exist/],
    [['search'], /search needs some text/],
  ])('rejects %j with a clear message', async (args, message) => {
    await expect(knowledgeCommand(config, args)).rejects.toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(message) });
  });

  it('reports a bad seed file without saving any of it', async () => {
    const file = tempFile('bad.yaml', 'career_facts:\n  - key: Fine\n    value: ok\nqa_pairs:\n  - question: Q\n    answer: ""\n');
    await expect(knowledgeCommand(config, ['import', file])).rejects.toThrow(/qa_pairs\[0\]\.answer: must not be empty/);
    expect(await knowledgeCommand(config, ['list', '--all'])).toEqual([]);
  });
});
