import { readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import type { KnowledgeCategory, KnowledgeEntry } from '../db/schema.js';
import { buildFtsQuery } from '../knowledge/fts-query.js';
import { importKnowledge, parseKnowledgeYaml } from '../knowledge/import.js';
import { keySchema, listKnowledge, parseInput, softDeleteKnowledge } from '../knowledge/knowledge.service.js';
import { searchKnowledge } from '../knowledge/retrieve.js';
import { parseTableFile } from '../knowledge/table-file.js';
import { AppError } from '../shared/errors.js';

const USAGE = `usage:
  hermes knowledge import <file.yaml>          add or update entries from a seed file
  hermes knowledge import-table <name> <file>  save a filled table from .csv or "field: value" lines
  hermes knowledge list [category] [--all]     entries (--all includes deleted ones)
  hermes knowledge delete <id>                 take an entry out of retrieval (soft delete)
  hermes knowledge search <text>               the entries retrieval picks for this text`;

function usage(problem?: string): AppError {
  return new AppError('INPUT_INVALID', problem ? `${problem}\n${USAGE}` : USAGE);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new AppError('INPUT_INVALID', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, { cause: err });
  }
}

function shown(entry: KnowledgeEntry) {
  return {
    id: entry.id,
    category: entry.category,
    key: entry.key,
    value: entry.value,
    active: entry.active === 1,
    createdAt: new Date(entry.created_at).toISOString(),
    updatedAt: new Date(entry.updated_at).toISOString(),
  };
}

/**
 * `hermes knowledge`: seeds and inspects the owner's knowledge base. Prints the owner's own
 * entries on stdout (never to the log). Works on a fresh database: it migrates first.
 */
export async function knowledgeCommand(config: Readonly<Config>, args: string[]): Promise<unknown> {
  const [verb, ...rest] = args;
  const db = openDatabase(config.databasePath);
  try {
    await migrateToLatest(db);
    switch (verb) {
      case 'import': {
        const [file] = rest;
        if (!file || rest.length !== 1) throw usage();
        const items = parseKnowledgeYaml(readText(file));
        return { file, entries: items.length, ...(await importKnowledge(db, items)) };
      }
      case 'import-table': {
        const [name, file] = rest;
        if (!name || !file || rest.length !== 2) throw usage();
        const key = parseInput(keySchema, name, 'table name');
        const table = parseTableFile(file, readText(file));
        const counts = await importKnowledge(db, [{ category: 'filled_table', key, value: table.value }]);
        return { name: key, file, shape: table.shape, size: table.size, ...counts };
      }
      case 'list': {
        const all = rest.includes('--all');
        const [category, ...extra] = rest.filter((a) => a !== '--all');
        if (extra.length > 0) throw usage();
        // listKnowledge rejects an unknown category with the list of known ones.
        return (await listKnowledge(db, { category: category as KnowledgeCategory | undefined, includeInactive: all })).map(shown);
      }
      case 'delete': {
        const id = Number(rest[0]);
        if (rest.length !== 1 || !Number.isInteger(id) || id <= 0) throw usage();
        const entry = await softDeleteKnowledge(db, id);
        if (!entry) throw new AppError('INPUT_INVALID', `knowledge entry ${id} does not exist`);
        return { deleted: id };
      }
      case 'search': {
        const text = rest.join(' ');
        if (text.trim() === '') throw usage('search needs some text');
        const started = process.hrtime.bigint();
        const results = await searchKnowledge(db, text);
        const micros = Number((process.hrtime.bigint() - started) / 1000n);
        return { query: buildFtsQuery(text), micros, results: results.map((r) => ({ ...shown(r), score: r.score })) };
      }
      default:
        throw usage(verb === undefined ? undefined : `unknown sub-command: ${verb}`);
    }
  } finally {
    await db.destroy();
  }
}
