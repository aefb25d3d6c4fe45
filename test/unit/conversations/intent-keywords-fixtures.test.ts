import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyByKeywords } from '../../../src/conversations/intent-keywords.js';
import { INTENTS, isIntent, type Intent, type IntentInput } from '../../../src/conversations/intents.js';

/**
 * The keyword classifier on the invented recruiter mail in test/fixtures/intents/ (see the README
 * there). Each floor sits a little under the accuracy the rules reach, so a rule change that
 * costs more than a couple of mails fails here; `npm run eval:intent -- --file <file>` shows the
 * confusion matrix and the misses.
 */
const DIR = path.resolve(import.meta.dirname, '../../fixtures/intents');

interface Row {
  id: string;
  intent: Intent;
  input: IntentInput;
}

function load(file: string): Row[] {
  return readFileSync(path.join(DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as { id: string; intent: unknown; subject: string; isReply: boolean; text: string };
      if (!isIntent(row.intent)) throw new Error(`${file} ${row.id}: unknown intent ${String(row.intent)}`);
      return { id: row.id, intent: row.intent, input: { subject: row.subject, text: row.text, isReply: row.isReply } };
    });
}

const SETS = [
  { file: 'recruiter-intents.jsonl', floor: 0.97, perIntent: 25 },
  { file: 'recruiter-intents-fresh.jsonl', floor: 0.95, perIntent: 25 },
  { file: 'recruiter-intents-fresh-2.jsonl', floor: 0.92, perIntent: 10 },
  { file: 'recruiter-intents-fresh-3.jsonl', floor: 0.97, perIntent: 16 },
  { file: 'recruiter-intents-fresh-4.jsonl', floor: 0.97, perIntent: 10 },
  { file: 'recruiter-intents-fresh-5.jsonl', floor: 0.97, perIntent: 15 },
  { file: 'recruiter-intents-fresh-6.jsonl', floor: 0.88, perIntent: 10 },
];

describe('classifyByKeywords on the invented fixture sets', () => {
  for (const { file, floor, perIntent } of SETS) {
    const rows = load(file);

    it(`${file}: well-formed, unique ids, at least ${perIntent} mails per intent`, () => {
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      for (const intent of INTENTS) expect(rows.filter((r) => r.intent === intent).length).toBeGreaterThanOrEqual(perIntent);
      for (const r of rows) expect(r.input.text.trim().length).toBeGreaterThan(0);
    });

    it(`${file}: accuracy at least ${floor * 100}%`, () => {
      const misses = rows.filter((r) => classifyByKeywords(r.input).intent !== r.intent);
      const accuracy = 1 - misses.length / rows.length;
      expect(accuracy, `misses: ${misses.map((m) => `${m.id} (${m.intent} -> ${classifyByKeywords(m.input).intent})`).join(', ')}`).toBeGreaterThanOrEqual(floor);
    });
  }
});
