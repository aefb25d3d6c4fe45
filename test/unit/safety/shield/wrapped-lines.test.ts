import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwrapLines } from '../../../../src/safety/shield/fast-normalise.js';
import { screen } from '../../../../src/safety/shield/shield.js';
import { hardWrap } from '../../../support/hard-wrap.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');

describe('SHIELD on hard-wrapped plain text', () => {
  it('reads a line break made by wrapping as a space, and keeps every other', () => {
    const wrapped = 'Sorry for going quiet on the interview loop. Honestly I do not want to\nlive anymore.';
    expect(unwrapLines(wrapped)).toBe(wrapped.replace('\n', ' '));
    // Same length, so offsets into the text hold.
    expect(unwrapLines(wrapped).length).toBe(wrapped.length);
    // Line ends written CRLF or CR (pasted text, raw mail) are line breaks like any other.
    expect(unwrapLines(wrapped.replace('\n', '\r\n'))).toBe(wrapped.replace('\n', ' '));
    expect(unwrapLines('Hi Sam,\r\nthanks.\rBest')).toBe('Hi Sam,\nthanks.\nBest');
    // A short line (a greeting), a capital letter (a new sentence or a name), a label and a colon
    // (a transcript line, a note), a quote marker: the writer broke the line.
    for (const kept of ['Hi Sam,\nthanks for the update.', 'We will send the written offer to you by the end of the week.\nThe team', 'Here is the transcript of our call with the hiring team today:\nassistant: hello', 'This is the line that was quoted from the earlier message below\n> it said', 'No break here at all.']) {
      expect(unwrapLines(kept)).toBe(kept);
    }
  });

  // Every invented set wrapped at 60 characters, as a mail client would send it. Before wrapped
  // lines were read as spaces, the sets lost 56 of the 2,023 positives they catch flat (up to 4 in
  // one set) and flagged 11 more look-alikes: a phrase a rule needs, split by a line break.
  for (const dir of ['crisis', 'injection', 'jailbreak']) {
    for (const file of readdirSync(path.join(FIXTURES, dir)).filter((f) => f.endsWith('.jsonl'))) {
      it(`${dir}/${file}: wrapping at 60 characters loses at most one positive and flags no more look-alikes`, () => {
        const rows = readFileSync(path.join(FIXTURES, dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { label: boolean | string; text: string });
        const hit = (t: string) => (dir === 'crisis' ? screen(t).verdict.startsWith('CRISIS') : screen(t).verdict !== 'CLEAN');
        let lost = 0;
        let flat = 0;
        let wrapped = 0;
        for (const r of rows) {
          const positive = r.label === true || r.label === 'crisis';
          const a = hit(r.text);
          const b = hit(hardWrap(r.text, 60));
          if (positive && a && !b) lost++;
          if (!positive) (flat += a ? 1 : 0), (wrapped += b ? 1 : 0);
        }
        expect(lost).toBeLessThanOrEqual(1);
        expect(wrapped).toBeLessThanOrEqual(flat);
      });
    }
  }
});
