import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/safety/normalise.js';

describe('decodeEntities', () => {
  it('decodes decimal, hexadecimal and named references, in any case', () => {
    expect(decodeEntities('&#105;gnore &#X49;GNORE &#x1F600; &AMP; &lt;|im_start|&gt; caf&eacute;')).toBe('ignore IGNORE \u{1f600} & <|im_start|> caf&eacute;');
    expect(decodeEntities('soft&shy;hyphen, &nbsp;space, &hellip;')).toBe('softhyphen,  space, ...');
  });
  it('leaves what is not a well-formed reference as written', () => {
    for (const s of ['AT&T', 'a & b', '&;', '&#;', '&#x;', '&#xg;', '&amp', '&a;', '&#12345678;', '&#x1234567;', '&abcdefghi;', '&#0;', '&#x110000;', '&unknown;', '&&&']) {
      expect(decodeEntities(s)).toBe(s);
    }
  });
  it('reads each reference once, left to right, and takes the limits of each kind exactly', () => {
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeEntities('&&amp;&')).toBe('&&&');
    expect(decodeEntities('&#1234567;&#x10ffff;&hellipx;')).toBe(`&#1234567;${String.fromCodePoint(0x10ffff)}&hellipx;`);
    expect(decodeEntities('&#0000065;&#x000041;')).toBe('AA');
  });
  it('decodes a megabyte of references in linear time', () => {
    const text = '&amp;'.repeat(200_000);
    const t = performance.now();
    expect(decodeEntities(text)).toBe('&'.repeat(200_000));
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});
