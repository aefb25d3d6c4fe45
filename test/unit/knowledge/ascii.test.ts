import { describe, expect, it } from 'vitest';
import { toAscii } from '../../../src/knowledge/ascii.js';

describe('toAscii', () => {
  it.each([
    ['curly double quotes', '\u201CHello\u201D', '"Hello"'],
    ['curly single quotes and apostrophe', '\u2018it\u2019s\u2019', "'it's'"],
    ['low-9 quote and guillemets', '\u201Eja\u201C \u00ABoui\u00BB', '"ja" "oui"'],
    ['en dash in a range', '5\u20137 years', '5-7 years'],
    ['minus sign', '\u22123', '-3'],
    ['em dash between words, unspaced', 'Lisbon\u2014remote', 'Lisbon - remote'],
    ['em dash between words, spaced', 'Lisbon \u2014 remote', 'Lisbon - remote'],
    ['em dash opening a line', '\u2014 Alex', '- Alex'],
    ['ellipsis', 'and so on\u2026', 'and so on...'],
    ['no-break, narrow and ideographic spaces', 'a\u00A0b\u202Fc\u3000d\u2009e', 'a b c d e'],
    ['bullets', '\u2022 one\n\u25E6 two\n\u25AA three', '- one\n- two\n- three'],
    ['accents on Latin letters', 'r\u00E9sum\u00E9 \u00D1and\u00FA \u00C5sa', 'resume Nandu Asa'],
    ['decomposed accents', 'cafe\u0301', 'cafe'],
    ['Latin letters without a decomposition', 'Stra\u00DFe \u00C6r\u00F8 \u0141\u00F3d\u017A \u0153uvre', 'Strasse AEro Lodz oeuvre'],
    ['NFKC compatibility forms', '\uFB01le \uFF21\uFF22\uFF23 x\u00B2', 'file ABC x2'],
    ['zero-width characters and soft hyphen are dropped', 'ze\u200Bro\u200D wi\uFEFFdth soft\u00ADhyphen', 'zero width softhyphen'],
    ['control characters are dropped, tab and newline kept', 'a\u0007b\tc\r\nd\re', 'ab\tc\nd\ne'],
    ['arrows and multiplication sign', 'A \u2192 B \u2190 C, 2\u00D73', 'A -> B <- C, 2x3'],
  ])('%s', (_name, input, expected) => {
    expect(toAscii(input)).toBe(expected);
  });

  it('keeps other scripts, their own marks, symbols and emoji', () => {
    for (const text of ['\u041F\u0440\u0438\u0432\u0435\u0442 \u0439', '\u6771\u4EAC', '\u0928\u092E\u0938\u094D\u0924\u0947', '\u20AC100 \u00A9', '\u{1F600}']) {
      expect(toAscii(text)).toBe(text.normalize('NFC'));
    }
  });

  it('leaves plain ASCII untouched and is idempotent', () => {
    const ascii = 'Plain "ASCII" text - with: punctuation!\n\tand tabs';
    expect(toAscii(ascii)).toBe(ascii);
    const messy = '\u201CR\u00E9sum\u00E9\u201D \u2014 5\u20137 yrs\u2026';
    expect(toAscii(toAscii(messy))).toBe(toAscii(messy));
  });
});
