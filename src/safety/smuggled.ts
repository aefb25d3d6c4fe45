/**
 * Text hidden in invisible code points that a language model still reads ("ASCII smuggling"):
 *
 * - Unicode tag characters, U+E0020 to U+E007E, one per ASCII character. They render as nothing,
 *   but a model's tokeniser keeps them, and models follow instructions spelt with them. Their one
 *   legitimate use is inside an emoji flag of a region (U+1F3F4, tags, U+E007F), which is skipped.
 * - Variation selectors used as bytes: U+FE00 to U+FE0F for bytes 0 to 15 and U+E0100 to U+E01EF
 *   for bytes 16 to 255, strung after one visible character. Text puts one selector after a
 *   character, never a run.
 *
 * SHIELD reads what they spell (`smuggledText`); recruiter text loses them before it reaches a
 * model (`removeSmuggled`), since nobody writes to a person in characters that cannot be seen.
 */

import { isAsciiLetter } from './normalise.js';

/** Every code point of both forms past the BMP is U+E0000 to U+E01EF, whose high surrogate is this one. */
const HIGH = 0xdb40;
const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;
const TAG_BLOCK_FIRST = 0xe0000;
const SUPPLEMENT_FIRST = 0xe0100;
const SUPPLEMENT_LAST = 0xe01ef;

/**
 * Whether `s` may hold either form: text needs bytes 16 and up (every printable character), so a
 * payload of variation selectors holds some beyond the BMP, as tag characters are. One search for
 * their high surrogate, so mail without them costs nothing more.
 */
function mayHold(s: string): boolean {
  return s.includes(String.fromCharCode(HIGH));
}

const UTF8 = new TextDecoder('utf-8');
/** An emoji flag of a region is U+1F3F4, up to seven tag characters spelling the region, and U+E007F. */
const BLACK_FLAG = 0x1f3f4;
const MAX_FLAG_TAGS = 7;
const CANCEL_LOW = 0xdc7f;

/** Where the flag whose tags start at `at` ends (past its cancel tag), or -1 when they make no flag. */
function flagEnd(s: string, at: number): number {
  for (let k = 0, i = at; k <= MAX_FLAG_TAGS && i + 1 < s.length && s.charCodeAt(i) === HIGH; k++, i += 2) {
    const low = s.charCodeAt(i + 1);
    if (low === CANCEL_LOW) return k > 0 ? i + 2 : -1;
    if (low < 0xdc20 || low > 0xdc7e) return -1;
  }
  return -1;
}
/** The bytes read, reused between calls and grown as needed. */
let BYTES = new Uint8Array(1024);
const NEWLINE = 10;

/**
 * What the invisible code points of `s` spell: tag characters as ASCII, variation selectors as
 * UTF-8 bytes, a line break wherever visible text comes between them. Null when that holds no
 * letter (nothing, a flag's region code aside, to read). One pass, one decoding: mail may hold a
 * megabyte of them.
 */
export function smuggledText(s: string): string | null {
  if (!mayHold(s)) return null;
  if (BYTES.length < s.length + 1) BYTES = new Uint8Array(s.length + 1);
  const bytes = BYTES;
  let n = 0;
  let letters = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === HIGH && i >= 2 && s.codePointAt(i - 2) === BLACK_FLAG) {
      // An emoji flag of a region ("gbsct" for Scotland): its tags up to the cancel tag are no text.
      const end = flagEnd(s, i);
      if (end > 0) {
        i = end - 1;
        continue;
      }
    }
    let b = -1;
    if (c >= 0xfe00 && c <= 0xfe0f) b = c - 0xfe00;
    else if (c === HIGH && i + 1 < s.length) {
      const cp = s.codePointAt(i) as number;
      if (cp >= TAG_FIRST && cp <= TAG_LAST) b = cp - TAG_BLOCK_FIRST;
      else if (cp >= SUPPLEMENT_FIRST && cp <= SUPPLEMENT_LAST) b = cp - SUPPLEMENT_FIRST + 16;
      if (b >= 0) i++;
    }
    if (b >= 0) {
      bytes[n++] = b;
      if (isAsciiLetter(b)) letters = true;
    } else if (n > 0 && bytes[n - 1] !== NEWLINE) bytes[n++] = NEWLINE;
  }
  if (!letters) return null;
  return UTF8.decode(bytes.subarray(0, n)).trim();
}

/**
 * `s` without tag characters and without the variation selectors beyond the BMP: what a person
 * sees, with nothing a model would read besides. (A payload's bytes below 16, left as BMP
 * selectors, are control characters: nothing to read.)
 */
export function removeSmuggled(s: string): string {
  return mayHold(s) ? s.replace(INVISIBLE_ASTRAL, '') : s;
}
const INVISIBLE_ASTRAL = /[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
