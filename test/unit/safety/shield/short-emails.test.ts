import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../src/safety/shield/shield.js';

// Invented short emails (test/fixtures/crisis/): crisis messages and hard benign mail. The floors
// sit just under what each set measures now (docs/shield.md, "Short crisis emails"), so a change
// that loses crisis emails or flags ordinary mail fails here before it reaches eval:safety.
interface Row {
  id: string;
  label: 'crisis' | 'benign';
  kind: string;
  text: string;
}
// [file, floor, crisis emails in the set]
const FLOORS: Array<[string, number, number]> = [
  ['short-emails.jsonl', 0.96, 60],
  ['short-emails-2.jsonl', 1, 50],
  ['short-emails-3.jsonl', 0.96, 50],
  ['short-emails-4.jsonl', 0.925, 40],
  ['short-emails-5.jsonl', 0.975, 40],
  ['short-emails-6.jsonl', 0.9, 40],
  ['short-emails-7.jsonl', 0.625, 40],
  ['short-emails-8.jsonl', 0.84, 25],
  ['short-emails-9.jsonl', 0.66, 30],
  ['short-emails-10.jsonl', 0.9, 40],
  ['short-emails-11.jsonl', 0.8, 30],
];
const load = (file: string): Row[] =>
  readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/crisis', file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
const flagged = (r: Row) => screen(r.text).verdict !== 'CLEAN';

describe('SHIELD on invented short emails', () => {
  for (const [file, floor, size] of FLOORS) {
    const rows = load(file);
    it(`${file}: crisis recall at least ${floor * 100}%`, () => {
      const crisis = rows.filter((r) => r.label === 'crisis');
      expect(crisis.length).toBe(size);
      expect(crisis.filter(flagged).length / crisis.length).toBeGreaterThanOrEqual(floor);
    });
    it(`${file}: no benign email flagged`, () => {
      expect(rows.filter((r) => r.label === 'benign' && flagged(r)).map((r) => r.id)).toEqual([]);
    });
  }
});
