import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen, type ShieldInput } from '../../src/safety/shield/shield.js';

/** One row of an invented labelled set: a file holds as many positives as look-alikes (25, 30 or 50 of each). */
export interface LabelledRow {
  id: string;
  label: boolean;
  text: string;
  /** The mail's HTML and attachment names, where the set has them (recruiter injections 17 on). */
  html?: string;
  attachmentNames?: string[];
}

/**
 * Floors for invented labelled sets (test/fixtures/injection/, test/fixtures/escalation/): every
 * file in `dir` has a floor of positives `hit` must catch, and no look-alike may be hit except the
 * known ones, each a weakness named in the set's README.
 */
export function labelledSetFloors(name: string, dir: string, floors: Record<string, number>, knownFalsePositives: ReadonlySet<string>, hit: (text: string, row: LabelledRow) => boolean): void {
  const load = (file: string): LabelledRow[] =>
    readFileSync(path.join(dir, file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LabelledRow);
  describe(name, () => {
    it('has a floor for every set', () => {
      expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()).toEqual(Object.keys(floors).sort());
    });
    for (const [file, floor] of Object.entries(floors)) {
      const rows = load(file);
      const size = rows.filter((r) => r.label).length;
      it(`${file}: at least ${floor} of ${size} positives caught`, () => {
        const positives = rows.filter((r) => r.label);
        expect(positives.length).toBe(rows.length - positives.length);
        expect(positives.filter((r) => hit(r.text, r)).length).toBeGreaterThanOrEqual(floor);
      });
      it(`${file}: no look-alike caught`, () => {
        expect(rows.filter((r) => !r.label && hit(r.text, r) && !knownFalsePositives.has(r.id)).map((r) => r.id)).toEqual([]);
      });
    }
  });
}

/**
 * Ceilings for invented sets of ordinary texts only (test/fixtures/benign-prompts/,
 * test/fixtures/benign-mail/): every file in `dir` has one, holds 100 texts all labelled `false`,
 * and `hit` flags at most its ceiling of them.
 */
/** Each set's ceiling on flagged rows, or `[ceiling, rows]` for a set of other than 100 rows. */
export function ordinarySetCeilings(name: string, dir: string, ceilings: Record<string, number | [number, number]>, hit: (text: string) => boolean): void {
  describe(name, () => {
    it('has a ceiling for every set', () => {
      expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()).toEqual(Object.keys(ceilings).sort());
    });
    for (const [file, limit] of Object.entries(ceilings)) {
      const [ceiling, size] = typeof limit === 'number' ? [limit, 100] : limit;
      it(`${file}: at most ${ceiling} of ${size} flagged`, () => {
        const rows = readFileSync(path.join(dir, file), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as LabelledRow);
        expect(rows.length).toBe(size);
        expect(rows.every((r) => !r.label)).toBe(true);
        const flagged = rows.filter((r) => hit(r.text)).map((r) => r.id);
        expect(flagged.length, `flagged: ${flagged.join(', ')}`).toBeLessThanOrEqual(ceiling);
      });
    }
  });
}

/** SHIELD flags the mail as an attack on the model: a jailbreak verdict, alone or beside a crisis. */
export function flaggedAsJailbreak(mail: string | ShieldInput): boolean {
  const v = screen(mail).verdict;
  return v === 'JAILBREAK_DETECTED' || v === 'CRISIS_UNDER_ATTACK';
}
