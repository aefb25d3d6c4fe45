import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../src/safety/shield/shield.js';

// Invented forum posts (test/fixtures/crisis/crisis-posts-*.jsonl): people at risk writing in the
// first person, often indirectly, and people in pain, grieving, helping others or recovered. Each
// set has a floor of crisis posts caught and a ceiling of other posts flagged, at what it measures
// now (see the README there), so a change that loses crisis posts or flags more fails here.
interface Row {
  id: string;
  label: 'crisis' | 'benign';
  text: string;
}
const SETS: Array<[string, number, number]> = [
  ['crisis-posts-1.jsonl', 48, 2],
  ['crisis-posts-2.jsonl', 47, 1],
  ['crisis-posts-3.jsonl', 29, 2],
  ['crisis-posts-4.jsonl', 45, 0],
  // Long posts: the other half are long, dark and about suicide (supporters, survivors, grief).
  ['crisis-posts-5.jsonl', 49, 20],
  ['crisis-posts-6.jsonl', 31, 2],
  ['crisis-posts-7.jsonl', 34, 3],
  ['crisis-posts-8.jsonl', 46, 1],
  ['crisis-posts-9.jsonl', 46, 0],
  ['crisis-posts-10.jsonl', 42, 2],
  ['crisis-posts-11.jsonl', 31, 2],
  ['crisis-posts-12.jsonl', 25, 2],
  ['crisis-posts-13.jsonl', 38, 2],
  ['crisis-posts-14.jsonl', 29, 2],
];
const isCrisis = (text: string) => {
  const v = screen(text).verdict;
  return v === 'CRISIS_DETECTED' || v === 'CRISIS_UNDER_ATTACK';
};

describe('SHIELD on invented crisis forum posts', () => {
  for (const [file, floor, ceiling] of SETS) {
    const rows = readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/crisis', file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    it(`${file}: at least ${floor} of 50 crisis posts caught, at most ${ceiling} of 50 others flagged`, () => {
      const crisis = rows.filter((r) => r.label === 'crisis');
      const others = rows.filter((r) => r.label === 'benign');
      expect([crisis.length, others.length]).toEqual([50, 50]);
      expect(crisis.filter((r) => isCrisis(r.text)).length).toBeGreaterThanOrEqual(floor);
      expect(others.filter((r) => isCrisis(r.text)).length).toBeLessThanOrEqual(ceiling);
    });
  }
});
