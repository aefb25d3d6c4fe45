/**
 * SHIELD's own normaliser. The shared `normaliseForMatching` joins spaced letters with a regex
 * that costs ~175 ms per MB of "a a a"; this one folds leetspeak and joins spaced letters in a
 * single left-to-right pass, so 1 MB stays within the screening budget. It also records which
 * tokens were evasive (leet or spaced out), which the leetspeak categories need.
 */
import { BLANKS, decodeEntities, foldDecoratedWords, foldHomoglyphs, INVISIBLE_ASTRAL_ALL, invisibleAstral, stripInvisible } from '../normalise.js';
import { CodeUnitBuffer, CodeUnitOutput } from './code-units.js';
import { CRISIS_EVASIVE, JAILBREAK_EVASIVE, RULE_HINTS } from './rules.js';

export interface NormalisedText {
  text: string;
  /** The text before leetspeak folding and letter joining. */
  base: string;
  /**
   * The [start, end) spans in `text` of tokens that were leet-folded or joined from spaced
   * letters, flat: start, end, start, end… Gathered in a reused buffer and copied out once: pushing
   * them onto an array cost half of normalising a megabyte of short leet words.
   */
  evasive: Int32Array;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
// Character classes by code unit, so the hot loop compares integers instead of strings.
const LETTER = 1;
const DIGIT = 2;
const SYMBOL = 4;
const SPACER = 8;
const CLS = new Uint8Array(128);
for (let c = 97; c <= 122; c++) CLS[c] = LETTER;
for (let c = 48; c <= 57; c++) CLS[c] = DIGIT;
for (const c of '@$!|+') CLS[c.charCodeAt(0)] = SYMBOL;
for (const c of ' .-_*') CLS[c.charCodeAt(0)] = SPACER;
const cls = (s: string, i: number): number => {
  const c = s.charCodeAt(i);
  return c < 128 ? (CLS[c] as number) : c === 0xb7 || c === 0x2022 ? SPACER : 0;
};
const WORD = LETTER | DIGIT;
const TOKEN = LETTER | DIGIT | SYMBOL;
// Numbers with a unit or ordinal suffix are not leetspeak.
const NUMERIC = /^\$?[0-9][0-9.,]{0,8}(?:am|pm|st|nd|rd|th|k|m|b|x|s|h|d|w|g|yr|yrs|kb|mb|gb|tb|ms|hr|hrs|min)?$/;

// Every step but entities and lower case only touches non-ASCII characters, and NFKC leaves
// ASCII as it is, so ASCII text (most mail) skips them.
const NON_ASCII = /[^\x00-\x7f]/;

/** The character-by-character steps: invisible characters, homoglyphs, spaces, quotes, dashes. */
function foldCharacters(t: string): string {
  return foldHomoglyphs(stripInvisible(t))
    .replace(BLANKS, ' ')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

// What foldCharacters does to each non-ASCII code unit, learnt from foldCharacters itself the first
// time the unit is seen (so the tables stay those of the shared normaliser): UNSEEN, DROP, or the
// code unit it becomes. Every class those steps use is a set of single BMP characters, so they act
// unit by unit and one pass over the text replaces six regex passes.
const UNSEEN = -2;
const DROP = -1;
const CHAR_FOLD = new Int32Array(0x10000).fill(UNSEEN);
function foldOf(c: number): number {
  let f = CHAR_FOLD[c] as number;
  if (f === UNSEEN) {
    const out = foldCharacters(String.fromCharCode(c));
    f = out.length === 0 ? DROP : out.length === 1 ? out.charCodeAt(0) : c;
    // A step that ever yields more than one unit is beyond this table: keep the regex passes.
    if (out.length > 1) multiUnitFold = true;
    CHAR_FOLD[c] = f;
  }
  return f;
}
let multiUnitFold = false;

/**
 * Code units that may dress a letter up (an accented or stroked Latin letter, a combining mark, a
 * regional indicator's high surrogate), and whether the text being folded holds one: only then
 * does it go through `foldDecoratedWords`.
 */
const DECORATION_UNIT = new Uint8Array(0x10000);
for (const [from, to] of [[0xc0, 0x24f], [0x268, 0x268], [0x300, 0x36f], [0x483, 0x489], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x1e00, 0x1eff], [0x20d0, 0x20ff], [0xfe20, 0xfe2f], [0xd83c, 0xd83c]] as const) DECORATION_UNIT.fill(1, from, to + 1);
DECORATION_UNIT[0xd7] = 0;
DECORATION_UNIT[0xf7] = 0;
let decorationSeen = false;

function foldCharactersFast(t: string): string {
  const parts: string[] = [];
  let copyFrom = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 128) continue;
    if (DECORATION_UNIT[c] === 1) decorationSeen = true;
    // Each unit of a pair is folded alone below, which keeps it. Invisible pairs are dropped first,
    // all at once: a megabyte may hold half a million of them between letters.
    if (c >= 0xd800 && c <= 0xdbff && invisibleAstral(t.codePointAt(i) as number)) return foldCharactersFast(t.replace(INVISIBLE_ASTRAL_ALL, ''));
    const f = foldOf(c);
    if (multiUnitFold) {
      decorationSeen = true;
      return foldCharacters(t);
    }
    if (f === c) continue;
    if (i > copyFrom) parts.push(t.slice(copyFrom, i));
    // Text where most characters change (a megabyte of small capitals or struck-through letters)
    // is folded unit by unit into a buffer: a part per character cost ~30 ms a megabyte.
    if (parts.length >= MOST_PARTS) return parts.join('') + foldRest(t, i);
    if (f !== DROP) parts.push(String.fromCharCode(f));
    copyFrom = i + 1;
  }
  if (copyFrom === 0) return t;
  parts.push(t.slice(copyFrom));
  return parts.join('');
}
const MOST_PARTS = 256;
const FOLD_OUT = new CodeUnitOutput();

/** `foldCharactersFast` of `t.slice(from)`, written unit by unit into a buffer. */
function foldRest(t: string, from: number): string {
  const out = FOLD_OUT.reserve(t.length - from);
  let n = 0;
  for (let i = from; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 128) {
      out[n++] = c;
      continue;
    }
    if (DECORATION_UNIT[c] === 1) decorationSeen = true;
    if (c >= 0xd800 && c <= 0xdbff && invisibleAstral(t.codePointAt(i) as number)) return foldCharactersFast(t.slice(from).replace(INVISIBLE_ASTRAL_ALL, ''));
    const f = foldOf(c);
    if (multiUnitFold) {
      decorationSeen = true;
      return foldCharacters(t.slice(from));
    }
    if (f !== DROP) out[n++] = f;
  }
  return FOLD_OUT.string(n);
}

/** A character beyond Latin-1, which makes V8 hold the whole string two bytes per character. */
export const BEYOND_LATIN1 = /[^\x00-\xff]/;
/** Every such character, for `replace`. */
export const BEYOND_LATIN1_ALL = /[^\x00-\xff]/g;

/**
 * `t` as a one-byte string when every character fits one byte. Mail text with a curly quote or
 * a dash anywhere is held by V8 in its two-byte form, and so is every slice of it and every string
 * folded from it, even once only Latin-1 is left. On the two-byte form, lower-casing costs ~9
 * times more and every regex runs slower, compiled a second time for two-byte subjects: twice
 * the machine code competing for the cache. (The test costs ~40 ns on a one-byte string.)
 */
export function oneByte(t: string): string {
  if (BEYOND_LATIN1.test(t)) return t;
  const bytes = latin1Bytes(t.length);
  bytes.write(t, 0, 'latin1');
  return bytes.toString('latin1', 0, t.length);
}
/** Reused for conversions: a fresh Buffer per piece cost more than the two copies it holds. */
let LATIN1 = Buffer.allocUnsafe(4096);
function latin1Bytes(n: number): Buffer {
  if (LATIN1.length < n) LATIN1 = Buffer.allocUnsafe(Math.max(n, 2 * LATIN1.length));
  return LATIN1;
}

/**
 * A long text without its invisible characters beyond the BMP, which NFKC leaves as they are: a
 * megabyte that is half tag characters costs NFKC half as much. (On mail-sized text the search
 * would cost more than it saves; `foldCharactersFast` drops them after NFKC.)
 */
function withoutInvisibleAstral(t: string): string {
  return t.length >= STRIP_BEFORE_NFKC_CHARS && INVISIBLE_ASTRAL_UNITS.test(t) ? t.replace(INVISIBLE_ASTRAL_ALL, '') : t;
}
const STRIP_BEFORE_NFKC_CHARS = 20_000;
/** The high surrogates of the invisible characters beyond the BMP (and of some visible ones). */
const INVISIBLE_ASTRAL_UNITS = /[\uD82F\uD834\uDB40-\uDB43]/;

/**
 * Words with letters starred out ("s*icide", "d*e", "instr*ctions", "k#ll"): people write crisis
 * words so to get past filters, and a reader, or a model, fills the gap at once. A token of letters
 * and digits with `*` or `#` inside it, at most half of it so, is read as the one word the rules
 * wake on (`RULE_HINTS`, the leetspeak words) that it spells with one letter per star; with none or
 * several, it stays. The word is as long as the token, so every offset stays. Swear words and
 * markdown are no such word ("d*mn", "**bold**", "C#").
 */
function unstarWords(t: string): string {
  let star = t.indexOf('*');
  let hash = t.indexOf('#');
  if (star < 0 && hash < 0) return t;
  const n = t.length;
  const u = STAR_UNITS.copyOf(t);
  let changed = false;
  let from = 0;
  for (;;) {
    if (star >= 0 && star < from) star = t.indexOf('*', from);
    if (hash >= 0 && hash < from) hash = t.indexOf('#', from);
    const at = star < 0 ? hash : hash < 0 ? star : Math.min(star, hash);
    if (at < 0) break;
    let start = at;
    while (start > 0 && WORD_UNIT[u[start - 1] as number] === 1) start--;
    let end = at;
    while (end < n && WORD_UNIT[u[end] as number] !== 0) end++;
    const word = start < at ? starredWord(u, start, end) : undefined;
    if (word !== undefined) {
      for (let i = 0; i < word.length; i++) u[start + i] = word.charCodeAt(i);
      changed = true;
    }
    from = end + 1;
  }
  return changed ? oneByte(STAR_UNITS.string(n)) : t;
}
const STAR_UNITS = new CodeUnitOutput();
const STAR = 2;
/** 1 for the letters, digits and apostrophe of a word, STAR for `*` and `#`, 0 for the rest. */
const WORD_UNIT = new Uint8Array(0x10000);
for (let c = 97; c <= 122; c++) WORD_UNIT[c] = WORD_UNIT[c - 32] = 1;
for (let c = 48; c <= 57; c++) WORD_UNIT[c] = 1;
WORD_UNIT[39] = 1;
WORD_UNIT[42] = WORD_UNIT[35] = STAR;
/** Words the rules wake on, by length (under STAR_WORD_MAX), first letter and last letter (`starBucket`). */
let starBuckets: Array<string[] | undefined> | undefined;
const STAR_WORD_MAX = 32;
const starBucket = (length: number, first: number, last: number): number => (length * 26 + first - 97) * 26 + last - 97;
const isLower = (c: number): boolean => c >= 97 && c <= 122;

/** The one word `u[start, end)` spells with a letter per star, or undefined. */
function starredWord(u: Uint16Array, start: number, end: number): string | undefined {
  const length = end - start;
  const first = (u[start] as number) | 32;
  const last = (u[end - 1] as number) | 32;
  if (length < 3 || length >= STAR_WORD_MAX || !isLower(first) || !isLower(last)) return undefined;
  if (!starBuckets) {
    const buckets: Array<string[] | undefined> = new Array(starBucket(STAR_WORD_MAX, 97, 97)).fill(undefined);
    const words = new Set<string>([...JAILBREAK_EVASIVE, ...CRISIS_EVASIVE]);
    for (const hints of Object.values(RULE_HINTS)) for (const h of hints) if (/^[a-z]['a-z]*[a-z]$/.test(h) && h.length < STAR_WORD_MAX) words.add(h);
    for (const w of words) (buckets[starBucket(w.length, w.charCodeAt(0), w.charCodeAt(w.length - 1))] ??= []).push(w);
    starBuckets = buckets;
  }
  const bucket = starBuckets[starBucket(length, first, last)];
  if (bucket === undefined) return undefined;
  let stars = 0;
  for (let i = start; i < end; i++) if (WORD_UNIT[u[i] as number] === STAR) stars++;
  if (2 * stars > length) return undefined;
  let found: string | undefined;
  for (const word of bucket) {
    let fits = true;
    for (let i = 1; i < length - 1 && fits; i++) {
      const c = u[start + i] as number;
      const w = word.charCodeAt(i);
      fits = WORD_UNIT[c] === STAR ? isLower(w) : (c >= 65 && c <= 90 ? c | 32 : c) === w;
    }
    if (!fits) continue;
    if (found !== undefined) return undefined;
    found = word;
  }
  return found;
}

/** NFKC, entities, invisible characters, homoglyphs, typographic punctuation, starred-out words, lower case. */
export function baseNormalise(s: string): string {
  decorationSeen = false;
  const one = oneByte(s);
  let t = NON_ASCII.test(one) ? withoutInvisibleAstral(one).normalize('NFKC') : one;
  if (t.includes('&')) t = decodeEntities(t);
  t = unstarWords(t);
  if (!NON_ASCII.test(t)) return t.toLowerCase();
  const folded = foldCharactersFast(t);
  return oneByte(decorationSeen ? foldDecoratedWords(folded) : folded).toLowerCase();
}

// Where an evasion can start: a letter touching a leet character, or a single letter followed by
// a spacer and another single letter. A symbol that ends a word is punctuation ("help!",
// `start|>`), and a leading `|` is markup (`<|im_start|>`), not an l. As a regex:
//   /[a-z](?:[0-9]|[@$!|+](?=[a-z0-9]))|[0-9@$!+][a-z]|(?<![a-z0-9@$!|+])[a-z][ .\-_*\u00b7\u2022] ?[a-z](?![a-z0-9])/g
// That regex tried three alternatives and a lookbehind at every letter of the text; the loop below
// reads each character's class once and, for the common letter-after-letter case, does no more.

// The character classes above for every UTF-16 code unit, so the candidate scan reads one table
// entry per character with no branch on the code unit's range.
const UNIT_CLS = new Uint8Array(0x10000);
UNIT_CLS.set(CLS);
UNIT_CLS[0xb7] = SPACER;
UNIT_CLS[0x2022] = SPACER;
const UNITS = new CodeUnitBuffer();

/**
 * The candidate scan's steps, by the class of a character (with LONE when it is a letter that
 * starts a token) and the class of the next: the next state (its class, with LONE when it is a
 * letter after a character outside tokens) and MAYBE when the pair can start a candidate. One
 * table read and one test per character, and no branch for the common pairs.
 */
const LONE = 16;
const STATE = 0xff;
const MAYBE = 0x100;
const STEP = new Uint16Array(32 << 4);
for (let k = 0; k < 32; k++) {
  for (let k1 = 0; k1 < 16; k1++) {
    const next = k1 & LETTER && (k & TOKEN) === 0 ? k1 | LONE : k1;
    const maybe = (k & LETTER && k1 & (DIGIT | SYMBOL)) || (k & LONE && k1 & SPACER) || (k & (DIGIT | SYMBOL) && k1 & LETTER);
    STEP[(k << 4) | k1] = next | (maybe ? MAYBE : 0);
  }
}

/** Whether a lone letter stands at `i` (< n): a letter not followed by a letter or digit. */
function loneLetter(units: Uint16Array, n: number, i: number): boolean {
  return i < n && ((UNIT_CLS[units[i] as number] as number) & LETTER) !== 0 && (i + 1 >= n || ((UNIT_CLS[units[i + 1] as number] as number) & WORD) === 0);
}

/** Whether a lone letter starts at `j` (< n), after one optional space: the tail of a spaced-letter candidate. */
function loneLetterAt(units: Uint16Array, n: number, j: number): boolean {
  return loneLetter(units, n, units[j] === 32 ? j + 1 : j);
}

/**
 * The first index at or after `from` where the regex above matches in the first `n` code units of
 * `units` (its lookbehind reads before `from`, as a regex's does), or -1. The normaliser acts only
 * on candidate spots, so it finds exactly the spots the regex found.
 */
export function nextCandidate(units: Uint16Array, n: number, from: number): number {
  // Every alternative spans at least two characters.
  if (from >= n - 1) return -1;
  let k = UNIT_CLS[units[from] as number] as number;
  if (k & LETTER && (from === 0 || ((UNIT_CLS[units[from - 1] as number] as number) & TOKEN) === 0)) k |= LONE;
  for (let i = from; i < n - 1; i++) {
    const k1 = UNIT_CLS[units[i + 1] as number] as number;
    const step = STEP[(k << 4) | k1] as number;
    if (step & MAYBE && candidateAt(units, n, i, k, k1)) return i;
    k = step & STATE;
  }
  return -1;
}

/** The checks of a pair of classes that `STEP` marks MAYBE. */
function candidateAt(units: Uint16Array, n: number, i: number, k: number, k1: number): boolean {
  if (k & LETTER) {
    if (k1 & DIGIT) return true;
    if (k1 & SYMBOL) return i + 2 < n && ((UNIT_CLS[units[i + 2] as number] as number) & WORD) !== 0;
    // A spacer after a lone letter: another lone letter must follow.
    return i + 2 < n && loneLetterAt(units, n, i + 2);
  }
  // A digit or symbol before a letter; a leading `|` is markup.
  return units[i] !== 124;
}


// The end of the run of letters spaced out one by one that starts with the letter at `start`, or
// `start` when there is none: each letter stands alone, and one spacer repeats between them, a
// space or one of `.-_*·•` with an optional space after it. Linear: every step consumes a spacer
// and a letter, and none is read twice. As the regexes it replaces (an exec for each candidate,
// twice per word of "a.b a.b …", cost most of screening 1 MB of that):
//   /[a-z](?: [a-z](?![a-z0-9]))+/y
//   /[a-z]([.\-_*\u00b7\u2022]) ?[a-z](?![a-z0-9])(?:\1 ?[a-z](?![a-z0-9]))*/y
function spacedRunEnd(units: Uint16Array, n: number, start: number): number {
  const spacer = units[start + 1] as number;
  let end = start;
  let i = start + 1;
  while (i < n && units[i] === spacer) {
    let j = i + 1;
    if (spacer !== 32 && j < n && units[j] === 32) j++;
    if (!loneLetter(units, n, j)) break;
    end = i = j + 1;
  }
  return end;
}

const LEET_CODES = new Uint8Array(128);
for (const [from, to] of Object.entries(LEET)) LEET_CODES[from.charCodeAt(0)] = to.charCodeAt(0);
const foldTable = (pick: (c: number) => boolean): Uint8Array => Uint8Array.from({ length: 128 }, (_, c) => (pick(c) && LEET_CODES[c] ? (LEET_CODES[c] as number) : c));
const FOLD_ALL = foldTable(() => true);
const FOLD_DIGITS = foldTable((c) => c >= 48 && c <= 57);

/**
 * The normalised text's code units as it is built. Folded tokens and joined letters are written
 * here one unit at a time: a string per token (a slice, two table maps, a concatenation and a
 * piece to join) cost ~350 ns per token, ~9 ms per 100 000 characters of short leet words.
 */
const OUT = new CodeUnitOutput();

/** The first `n` units of `OUT` as a string, held one byte per character when `latin1`. */
function outString(n: number, latin1: boolean): string {
  if (!latin1) return OUT.string(n);
  const bytes = latin1Bytes(n);
  bytes.set(OUT.reserve(n).subarray(0, n));
  return bytes.toString('latin1', 0, n);
}

/**
 * Folds the token `s[start, end)` of letters, digits and leet symbols (all ASCII) into `out` from
 * `k`; returns whether folding changed it. Symbols after the last letter are punctuation
 * ("help!"); digits there are still leet ("1gn0r3"). Numbers with a unit stay as they are.
 */
function foldTokenInto(s: string, units: Uint16Array, start: number, end: number, out: Uint16Array, k: number): boolean {
  let lastLetter = end - 1;
  while (lastLetter >= start && ((UNIT_CLS[units[lastLetter] as number] as number) & LETTER) === 0) lastLetter--;
  if (lastLetter < start) return false;
  const first = units[start] as number;
  if (end - start <= 14 && (first === 36 || (first >= 48 && first <= 57)) && NUMERIC.test(s.slice(start, end))) return false;
  let changed = false;
  for (let i = start; i < end; i++) {
    const c = units[i] as number;
    const m = i <= lastLetter ? (FOLD_ALL[c] as number) : (FOLD_DIGITS[c] as number);
    out[k++] = m;
    if (m !== c) changed = true;
  }
  return changed;
}

/**
 * Whether the token `s[start, end)` is the local part, the `@` and the first label of a mail
 * address ("recruit@northwind" in "recruit@northwind.example"): one `@` with a letter or digit on
 * each side, and the domain going on after the token with a dot or a hyphen and a letter or digit.
 * An address is left as it is written: folded, "jobs@acme.example" read "jobsaacme", so a rule
 * never saw an address ("forward the thread to x@y.example"), and the pre-leet text differed from
 * the folded one in every email that quoted one. "@ll", "h@ck" and "k1ll@myself" are no addresses.
 */
function mailAddressAt(s: string, start: number, end: number): boolean {
  // The domain's continuation first (two reads), then the token itself: an indexOf for the `@`
  // would read on past the token to the next `@` in the text, once for every folded token.
  const after = s.charCodeAt(end);
  if ((after !== 46 && after !== 45) || (cls(s, end + 1) & WORD) === 0) return false;
  let at = -1;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) !== 64) continue;
    if (at >= 0) return false;
    at = i;
  }
  return at > start && at < end - 1 && (cls(s, at - 1) & WORD) !== 0 && (cls(s, at + 1) & WORD) !== 0;
}

/**
 * A short spaced run ("a l l", "t o") is a word of a spaced-out sentence when a wider gap, two or
 * more spaces, sets it apart from the words around it: "i g n o r e   a l l   p r e v i o u s".
 * Runs of four letters or more are joined anyway.
 */
function spacedAsWord(s: string, start: number, end: number, bySpace: boolean): boolean {
  if (!bySpace) return false;
  const wideBefore = start >= 2 && s.charCodeAt(start - 1) === 32 && s.charCodeAt(start - 2) === 32;
  const wideAfter = s.charCodeAt(end) === 32 && s.charCodeAt(end + 1) === 32;
  return wideBefore || wideAfter;
}

/**
 * A line at least this long (code units) before a line break, and a lower-case letter after it,
 * mark a break made by wrapping rather than by the writer: mail clients wrap plain text at 72–78
 * characters, often in the middle of a phrase the rules read ("I don't want to\nlive anymore").
 */
export const WRAPPED_LINE_CHARS = 40;
const CARRIAGE_RETURNS = /\r\n?/g;
/**
 * A line break after WRAPPED_LINE_CHARS characters of one line and before a lower-case letter,
 * unless the next line opens with a word and a colon ("assistant: …", "note: …"), which starts
 * something of its own. One native pass: a loop over a megabyte of empty lines cost ~30 ms. The
 * line break comes first and the lookbehind after it: a regex that opens with a lookbehind tries
 * it at every position (40 characters read at each, which doubled the cost of screening an email).
 */
export const WRAPPED_BREAK = new RegExp(String.raw`\n(?=[a-z])(?<=[^\n]{${WRAPPED_LINE_CHARS}}\n)(?![a-z][a-z0-9_-]{0,30}[ \t]*:)`, 'g');

/**
 * `text` with line breaks as `\n` (CRLF and CR, as text pasted or read from raw mail has them,
 * become one) and each break that wrapping made read as a space (`WRAPPED_BREAK`).
 */
export function unwrapLines(text: string): string {
  const s = text.includes('\r') ? text.replace(CARRIAGE_RETURNS, '\n') : text;
  return s.includes('\n') ? s.replace(WRAPPED_BREAK, ' ') : s;
}

let SPANS = new Int32Array(256);
const NO_SPANS = new Int32Array(0);
/** Appends the span [start, end) to SPANS after its first `count` entries; returns the new count. */
function addSpan(count: number, start: number, end: number): number {
  if (count + 2 > SPANS.length) {
    const grown = new Int32Array(2 * SPANS.length);
    grown.set(SPANS);
    SPANS = grown;
  }
  SPANS[count] = start;
  SPANS[count + 1] = end;
  return count + 2;
}

/** Copies `from[start, end)` to `to` at `k`; a typed-array view per copy cost more than a short one. */
function copyUnits(from: Uint16Array, start: number, end: number, to: Uint16Array, k: number): void {
  if (end - start > 64) to.set(from.subarray(start, end), k);
  else for (let i = start; i < end; i++) to[k++] = from[i] as number;
}

/** Normalises `raw` for matching: linear base steps, then evasions folded at candidate spots. */
export function normaliseForShield(raw: string): NormalisedText {
  const s = baseNormalise(unwrapLines(raw));
  let spans = 0;
  // The scan reads the code units; the output is written to OUT (see there). Text copied as it is
  // keeps its offsets shifted by what the replacements before it removed.
  const units = UNITS.load(s);
  const n = s.length;
  // Folding keeps a token's length and joining letters shortens the run: the output fits in n.
  const out = OUT.reserve(n);
  let outLen = 0;
  let copyFrom = 0;
  let resume = 0;
  for (let at = nextCandidate(units, n, 0); at >= 0; at = nextCandidate(units, n, resume)) {
    let start = at;
    let end = start;
    // Where the replacement goes once the text before it is copied; written there first.
    let k = 0;
    let changed = false;
    // A space kept after the replacement, outside its evasive span.
    let gap = 0;
    if ((UNIT_CLS[units[start + 1] as number] as number) & SPACER) {
      const bySpace = units[start + 1] === 32;
      const runEnd = spacedRunEnd(units, n, start);
      k = outLen + (start - copyFrom);
      let letters = 0;
      for (let i = start; i < runEnd; i++) {
        const c = units[i] as number;
        if (c >= 97 && c <= 122) out[k + letters++] = c;
      }
      if (letters >= 4 || (letters >= 2 && spacedAsWord(s, start, runEnd, bySpace))) {
        changed = true;
        end = runEnd;
        // The wider gap that set a spaced-out word apart becomes one space, as between the words
        // it spelt: "e n d  i t  a l l" reads "end it all", as the rules spell it.
        if (bySpace && s.charCodeAt(end) === 32 && s.charCodeAt(end + 1) === 32) {
          while (s.charCodeAt(end) === 32) end++;
          gap = 1;
          out[k + letters] = 32;
        }
        spans = addSpan(spans, k, k + letters);
        outLen = k + letters + gap;
      }
    } else {
      while (start > copyFrom && (UNIT_CLS[units[start - 1] as number] as number) & TOKEN) start--;
      end = at + 1;
      while (end < n && (UNIT_CLS[units[end] as number] as number) & TOKEN) end++;
      k = outLen + (start - copyFrom);
      changed = !mailAddressAt(s, start, end) && foldTokenInto(s, units, start, end, out, k);
      if (changed) {
        spans = addSpan(spans, k, k + (end - start));
        outLen = k + (end - start);
      }
    }
    if (changed) {
      copyUnits(units, copyFrom, start, out, k - (start - copyFrom));
      copyFrom = end;
    }
    resume = Math.max(end, at + 1);
  }
  if (copyFrom === 0) return { text: s, base: s, evasive: NO_SPANS };
  if (copyFrom < n) {
    copyUnits(units, copyFrom, n, out, outLen);
    outLen += n - copyFrom;
  }
  return { text: outString(outLen, !BEYOND_LATIN1.test(s)), base: s, evasive: SPANS.slice(0, spans) };
}
