/**
 * Text normalisation shared by inbound screening (SHIELD) and outbound validation, so that a
 * rule matches the same way whichever side the text is on. Every function is linear in its input.
 */

// Zero-width characters, soft hyphen, word joiners, BOM, bidirectional controls, variation
// selectors and tag characters: invisible in a mail client, used to split words so that filters
// miss them. Beyond the BMP: shorthand format controls, musical formatting, the tag block and the
// variation selector supplement. What tag characters and selectors spell is read apart
// (`smuggled.ts`). Also the combining marks that NFKC, run first, left uncombined: an accent on a
// letter that has no accented form, a strike-through or an underline on every letter
// ("i̶g̶n̶o̶r̶e̶"), which a reader and a model read through; accented letters of real words are
// single characters by then, and keep their accents.
const INVISIBLE = /[\u00AD\u0300-\u036F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u1AB0-\u1AFF\u1DC0-\u1DFF\u200B-\u200F\u202A-\u202E\u2060-\u206F\u20D0-\u20FF\u3164\uFE00-\uFE0F\uFE20-\uFE2F\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;
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
const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 97 && (c | 0x20) <= 122;
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

/** NFKC, entities, invisible characters, homoglyphs, whitespace, lower case. */
export function normaliseText(s: string): string {
  return foldHomoglyphs(stripInvisible(decodeEntities(s.normalize('NFKC'))))
    .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase();
}

/** The form rules match against: normalised, spaced-out letters joined, leetspeak folded. */
export function normaliseForMatching(s: string): string {
  return foldLeet(joinSpacedLetters(normaliseText(s)));
}
