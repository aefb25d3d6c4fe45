/**
 * Text normalisation shared by inbound screening (SHIELD) and outbound validation, so that a
 * rule matches the same way whichever side the text is on. Every function is linear in its input.
 */

import { CodeUnitOutput } from './shield/code-units.js';

// Zero-width characters, soft hyphen, word joiners, BOM, bidirectional controls, variation
// selectors and tag characters: invisible in a mail client, used to split words so that filters
// miss them. Beyond the BMP: shorthand format controls, musical formatting, the tag block and the
// variation selector supplement. What tag characters and selectors spell is read apart
// (`smuggled.ts`). Also the combining marks that NFKC, run first, left uncombined: an accent on a
// letter that has no accented form, a strike-through or an underline on every letter
// ("i̶g̶n̶o̶r̶e̶"), which a reader and a model read through; accented letters of real words are
// single characters by then, and keep their accents.
const INVISIBLE = /[\u00AD\u0300-\u036F\u0483-\u0489\u061C\u17B4\u17B5\u180B-\u180F\u1AB0-\u1AFF\u1DC0-\u1DFF\u200B-\u200F\u202A-\u202E\u2060-\u206F\u20D0-\u20FF\uFE00-\uFE0F\uFE20-\uFE2F\uFEFF\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;
/**
 * Characters drawn as a blank: the Unicode spaces, and the Hangul fillers, which are meant to be
 * invisible but which mail clients and fonts draw as a blank, so a sender can put one for each
 * space ("Ignore\u3164all\u3164previous…"); dropped, they ran the words together.
 */
export const BLANKS = /[\u00A0\u115F\u1160\u1680\u2000-\u200A\u202F\u205F\u3000\u3164\uFFA0]/g;
/** The invisible characters beyond the BMP alone. */
export const INVISIBLE_ASTRAL_ALL = /[\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;
/** Whether the code point `cp`, beyond the BMP, is one of the invisible characters above. */
export function invisibleAstral(cp: number): boolean {
  return (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

/**
 * Cyrillic, Greek and Cherokee letters that render like Latin ones (NFKC does not fold across
 * scripts), and the Latin small capitals ("ɪɢɴᴏʀᴇ"), which NFKC leaves as they are.
 */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  ɑ: 'a', ɡ: 'g', ɩ: 'i', ʟ: 'l', ᴄ: 'c', ᴏ: 'o', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z',
  ᴀ: 'a', ʙ: 'b', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ᴍ: 'm', ɴ: 'n', ᴘ: 'p', ǫ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ʏ: 'y',
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭰ: 'D', Ꭼ: 'E', Ꮐ: 'G', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮮ: 'L', Ꮇ: 'M', Ꮲ: 'P', Ꮪ: 'S', Ꭲ: 'T', Ꮩ: 'V', Ꮃ: 'W', Ꮓ: 'Z',
};
const HOMOGLYPH_RE = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'gu');

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '-', mdash: '-', hellip: '...',
  lsquo: "'", rsquo: "'", ldquo: '"', rdquo: '"', shy: '', zwj: '', zwnj: '', lrm: '', rlm: '', copy: '(c)', reg: '(r)',
};

export function stripInvisible(s: string): string {
  return s.replace(INVISIBLE, '');
}

export function foldHomoglyphs(s: string): string {
  return s.replace(HOMOGLYPH_RE, (c) => HOMOGLYPHS[c] ?? c);
}

/**
 * Decodes the character references `&#N;`, `&#xH;` and the named ones above; anything else that
 * starts with `&` stays as written. As a regex, /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, but
 * read by a loop from one `&` to the next: `replace` with a callback per reference cost ~0.25 µs
 * each, half of screening a megabyte of "&amp;".
 */
export function decodeEntities(s: string): string {
  let amp = s.indexOf('&');
  if (amp < 0) return s;
  const parts: string[] = [];
  let copyFrom = 0;
  for (; amp >= 0; amp = s.indexOf('&', amp + 1)) {
    const end = referenceEnd(s, amp);
    if (end < 0) continue;
    const decoded = decodeReference(s.slice(amp + 1, end));
    if (decoded === undefined) continue;
    if (amp > copyFrom) parts.push(s.slice(copyFrom, amp));
    parts.push(decoded);
    copyFrom = end + 1;
    amp = end;
  }
  if (copyFrom === 0) return s;
  parts.push(s.slice(copyFrom));
  return parts.join('');
}

/** The index of the `;` that ends a well-formed reference opening with the `&` at `amp`, or -1. */
function referenceEnd(s: string, amp: number): number {
  let i = amp + 1;
  // Which characters the reference holds, and how few and how many.
  let isDigit = isAsciiLetter;
  let least = 2;
  let most = 8;
  if (s.charCodeAt(i) === 35) {
    const hex = (s.charCodeAt(i + 1) | 0x20) === 120;
    i += hex ? 2 : 1;
    isDigit = hex ? isHexDigit : isDecimalDigit;
    least = 1;
    most = hex ? 6 : 7;
  }
  const start = i;
  while (i - start <= most && isDigit(s.charCodeAt(i))) i++;
  const length = i - start;
  return length >= least && length <= most && s.charCodeAt(i) === 59 ? i : -1;
}
const isDecimalDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 97 && (c | 0x20) <= 122;
/** The value of the hexadecimal digit with code unit `c`, either case, or -1. */
export const hexDigitValue = (c: number): number => (isDecimalDigit(c) ? c - 48 : (c | 0x20) >= 97 && (c | 0x20) <= 102 ? (c | 0x20) - 87 : -1);
const isHexDigit = (c: number): boolean => hexDigitValue(c) >= 0;

/** What the reference `body` (between `&` and `;`) stands for, or undefined when it stays as written. */
function decodeReference(body: string): string | undefined {
  if (body.charCodeAt(0) === 35) {
    const hex = (body.charCodeAt(1) | 0x20) === 120;
    const code = hex ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[body.toLowerCase()];
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };

/**
 * Folds leetspeak inside tokens that also contain letters ("4ss1st4nt" → "assistant"), leaving
 * plain numbers ("2024", "10am") alone.
 */
export function foldLeet(s: string): string {
  return s.replace(/[a-z0-9@$!|+]+/gi, (token) => {
    if (!/[a-z]/i.test(token) || !/[0-9@$!|+]/.test(token)) return token;
    if (/^[0-9]+[a-z]{1,3}$/i.test(token)) return token; // 10am, 3rd, 5k
    return token.replace(/[0-9@$!|+]/g, (c) => LEET[c] ?? c);
  });
}

const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SEPARATORS = new Set([' ', '.', '-', '_', '*', '\u00B7', '\u2022']);

function isLetter(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER.test(ch);
}

function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return WORD_CHAR.test(ch);
}

/**
 * Joins words spelled out one letter at a time with separators ("c l a u d e", "C-l-a-u-d-e",
 * "c.l.a.u.d.e", "c. l. a. u. d. e"), from four letters up, so the word matches as a word.
 * One pass: a run shorter than four letters is at most three letters long, so re-scanning it
 * from its next letter keeps the whole scan linear.
 */
export function joinSpacedLetters(s: string): string {
  const parts: string[] = [];
  let copyFrom = 0;
  let i = 0;
  const n = s.length;
  while (i < n) {
    if (!isLetter(s[i]) || isWordChar(s[i - 1]) || isWordChar(s[i + 1])) {
      i++;
      continue;
    }
    const letters = [s[i]!];
    let end = i + 1;
    for (;;) {
      let k = end;
      if (!SEPARATORS.has(s[k] ?? '')) break;
      k++;
      if (s[k] === ' ' && s[k - 1] !== ' ') k++;
      if (!isLetter(s[k]) || isWordChar(s[k + 1])) break;
      letters.push(s[k]!);
      end = k + 1;
    }
    if (letters.length >= 4) {
      parts.push(s.slice(copyFrom, i), letters.join(''));
      copyFrom = end;
      i = end;
    } else {
      i++;
    }
  }
  if (copyFrom === 0) return s;
  parts.push(s.slice(copyFrom));
  return parts.join('');
}

/** NFKC, entities, invisible characters, homoglyphs, dressed-up words, whitespace, lower case. */
export function normaliseText(s: string): string {
  return foldDecoratedWords(foldHomoglyphs(stripInvisible(decodeEntities(s.normalize('NFKC')))))
    .replace(BLANKS, ' ')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase();
}

/** The form rules match against: normalised, spaced-out letters joined, leetspeak folded. */
export function normaliseForMatching(s: string): string {
  return foldLeet(joinSpacedLetters(normaliseText(s)));
}

/**
 * Letters dressed up so that no rule reads them, though a person and a model do: accents or
 * strokes on the letters ("íǵńóŕé", "ÏGNØŘË"), zalgo text (whose first mark NFKC combines into an
 * accented letter and whose other marks are invisible characters above), regional indicator
 * letters ("🇮🇬🇳🇴🇷🇪", boxed capitals when they pair into no flag). Real words rarely carry an
 * accent on three letters in a row, or on most of the letters of a longer word; a text that does
 * is read with every dressed-up letter as its plain letter. Other text, the accented words of other
 * languages among it, stays as it is.
 */
export function foldDecoratedWords(s: string): string {
  if (!dressedUp(s)) return s;
  const out = DRESSED_OUT.reserve(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const plain = plainLetter(s, i);
    if (plain === 0) out[n++] = s.charCodeAt(i);
    else {
      out[n++] = plain;
      if (isRegional(s, i)) i++;
    }
  }
  return DRESSED_OUT.string(n);
}
/** The folded text's code units, reused between calls. */
const DRESSED_OUT = new CodeUnitOutput();

/** Dressed-up letters in a row that make a text dressed up. */
const DRESSED_RUN = 3;
/** ...or the share of dressed-up letters in a word of at least `DRESSED_WORD` letters that does. */
const DRESSED_WORD = 4;
const DRESSED_SHARE = 0.6;

function dressedUp(s: string): boolean {
  let run = 0;
  let letters = 0;
  let dressed = 0;
  for (let i = 0; i <= s.length; ) {
    const width = letterWidth(s, i);
    if (width === 0) {
      if (letters >= DRESSED_WORD && dressed >= DRESSED_SHARE * letters) return true;
      run = letters = dressed = 0;
      i++;
      continue;
    }
    letters++;
    if (plainLetter(s, i) === 0) run = 0;
    else {
      dressed++;
      if (++run >= DRESSED_RUN) return true;
    }
    i += width;
  }
  return false;
}

const isRegional = (s: string, i: number): boolean => s.charCodeAt(i) === 0xd83c && s.charCodeAt(i + 1) >= 0xdde6 && s.charCodeAt(i + 1) <= 0xddff;

/** How many code units the letter at `i` takes (a regional indicator two), or 0 when no letter starts there. */
function letterWidth(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (isAsciiLetter(c)) return 1;
  if (isRegional(s, i)) return 2;
  return c >= 128 && plainOf(c) !== NOT_A_LETTER ? 1 : 0;
}

/** The plain ASCII letter the dressed-up letter at `i` stands for; 0 for a plain or other letter. */
function plainLetter(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (isRegional(s, i)) return s.charCodeAt(i + 1) - 0xdde6 + 97;
  if (c < 128) return 0;
  const p = plainOf(c);
  return p > 0 ? p : 0;
}

const NOT_A_LETTER = -1;
const UNDRESSED = 0;
const UNSEEN = -2;
/** Per BMP code unit, learnt on first sight: its plain ASCII letter, UNDRESSED (a letter of no such form) or NOT_A_LETTER. */
const PLAIN = new Int32Array(0x10000).fill(UNSEEN);
/** Letters with a stroke or a bar, which have no decomposition. */
const STROKED: Record<string, string> = { ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T', ƀ: 'b', ı: 'i', ɨ: 'i', ƶ: 'z', Ƶ: 'Z', ǥ: 'g', Ǥ: 'G', ɇ: 'e', Ɇ: 'E', ɍ: 'r', Ɍ: 'R', ɏ: 'y', Ɏ: 'Y' };

function plainOf(c: number): number {
  let p = PLAIN[c] as number;
  if (p === UNSEEN) {
    const ch = String.fromCharCode(c);
    const stroked = STROKED[ch];
    const decomposed = ch.normalize('NFKD');
    if (stroked !== undefined) p = stroked.charCodeAt(0);
    else if (c >= 128 && decomposed.length > 1 && isAsciiLetter(decomposed.charCodeAt(0))) p = decomposed.charCodeAt(0);
    else p = /\p{L}/u.test(ch) ? UNDRESSED : NOT_A_LETTER;
    PLAIN[c] = p;
  }
  return p;
}
