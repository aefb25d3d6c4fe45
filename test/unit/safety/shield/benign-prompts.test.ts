import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flaggedAsJailbreak, type LabelledRow } from '../../../support/labelled-sets.js';

// Invented ordinary prompts and work texts with no attack in them (test/fixtures/benign-prompts/):
// role-play and "act as" prompts with rules, and developers' and security staff's texts about
// their own assistants, which quote attacks. Each set has a ceiling of texts SHIELD may flag, at
// what it flags now (see the README: the texts that quote attacks are a known weakness), so a
// change that flags more of them fails here.
const DIR = path.resolve(import.meta.dirname, '../../../fixtures/benign-prompts');
const CEILINGS: Record<string, number> = {
  'benign-prompts-1.jsonl': 1,
  'benign-prompts-2.jsonl': 35,
  'benign-prompts-3.jsonl': 30,
  'benign-prompts-4.jsonl': 0,
};

describe('SHIELD on invented benign prompts', () => {
  it('has a ceiling for every set', () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort()).toEqual(Object.keys(CEILINGS).sort());
  });
  for (const [file, ceiling] of Object.entries(CEILINGS)) {
    it(`${file}: at most ${ceiling} of 100 flagged`, () => {
      const rows = readFileSync(path.join(DIR, file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as LabelledRow);
      expect(rows.length).toBe(100);
      expect(rows.every((r) => !r.label)).toBe(true);
      expect(rows.filter((r) => flaggedAsJailbreak(r.text)).length).toBeLessThanOrEqual(ceiling);
    });
  }
});
