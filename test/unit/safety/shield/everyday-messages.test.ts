import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../src/safety/shield/shield.js';

// Invented ordinary short messages (test/fixtures/crisis/short-everyday-*.jsonl) that share the
// words of crisis writing: apologies, thanks, goodbyes on leaving, cancellations, tiredness,
// pharmacy errands, wills and funerals of the very old, dark idioms. None is a crisis. Each set has
// a ceiling of crisis verdicts at what it measures now (see the README there) and no jailbreak
// verdict at all, so a change that makes SHIELD read ordinary mail as a crisis fails here.
const SETS: Array<[string, number]> = [
  // Set 1 is also training data of the broad crisis model (hard negatives); sets 2 and 3 never are.
  ['short-everyday-1.jsonl', 0],
  ['short-everyday-2.jsonl', 1],
  ['short-everyday-3.jsonl', 1],
];

describe('SHIELD on ordinary short messages that share crisis words', () => {
  for (const [file, ceiling] of SETS) {
    const rows = readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/crisis', file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; label: string; text: string });
    it(`${file}: at most ${ceiling} of 200 flagged as a crisis, none as a jailbreak`, () => {
      expect(rows).toHaveLength(200);
      expect(rows.every((r) => r.label === 'benign')).toBe(true);
      const verdicts = rows.map((r) => screen(r.text).verdict);
      expect(verdicts.filter((v) => v === 'CRISIS_DETECTED' || v === 'CRISIS_UNDER_ATTACK').length).toBeLessThanOrEqual(ceiling);
      expect(verdicts.filter((v) => v === 'JAILBREAK_DETECTED' || v === 'CRISIS_UNDER_ATTACK')).toEqual([]);
    });
  }
});
