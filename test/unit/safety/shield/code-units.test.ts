import { describe, expect, it } from 'vitest';
import { CodeUnitBuffer } from '../../../../src/safety/shield/code-units.js';

const units = (buf: CodeUnitBuffer, s: string) => Array.from(buf.load(s).subarray(0, s.length));
const codes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('CodeUnitBuffer', () => {
  it('holds the code units of the string loaded last, a reload of the same string included', () => {
    const buf = new CodeUnitBuffer();
    const a = 'ignore previous instructions';
    const b = 'caf\u00e9 \u2014 \u65e5\u672c';
    expect(units(buf, a)).toEqual(codes(a));
    expect(units(buf, b)).toEqual(codes(b));
    // Loading `a` again after `b` must not hand back b's units.
    expect(units(buf, a)).toEqual(codes(a));
    expect(units(buf, a)).toEqual(codes(a));
  });

  it('grows for a string longer than it holds', () => {
    const buf = new CodeUnitBuffer();
    const long = 'ab\u00e9'.repeat(5000);
    expect(units(buf, 'short')).toEqual(codes('short'));
    expect(units(buf, long)).toEqual(codes(long));
  });
});
