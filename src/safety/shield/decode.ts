/**
 * Encoded chunks an attacker can hide an instruction in: base64 runs, quoted-printable text and
 * rot13. Each decoder is a linear scan; only decodings that read as text are returned.
 */

import { SubstringSet } from './substrings.js';

/** Decoded bytes of all chunks are capped so a 1 MB base64 body costs one pass, not more. */
const MAX_DECODED = 200_000;

function looksLikeText(s: string): boolean {
  if (s.length < 8) return false;
  // printable / length > 0.95 fails for good once the unprintable count reaches 5%: stop there,
  // so a megabyte of binary costs a few hundred characters, not a full pass.
  // The margin of one keeps the exit clear of floating-point ties with the exact test below.
  const maxUnprintable = s.length * 0.05 + 1;
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9 || c >= 160) printable++;
    else if (i + 1 - printable > maxUnprintable) return false;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
    if (c === 32) spaces++;
  }
  return printable / s.length > 0.95 && letters / s.length > 0.5 && spaces > 0;
}

/**
 * True when the UTF-8 reading of `bytes` certainly fails `looksLikeText`, judged from the bytes
 * without building the string: a megabyte of base64 that decodes to binary then costs one native
 * decode and a short byte loop, not a UTF-8 decode into a two-byte string (~1 ms per 100 KB).
 * Each ASCII byte reads as exactly one character, never merged into a replacement character, and
 * no byte sequence reads as more characters than it has bytes. So the string has at most as
 * many characters as there are bytes and at least as many as there are ASCII bytes, its ASCII
 * controls and spaces and letters are exactly those bytes, and each test below implies that
 * `looksLikeText` fails: fewer than 8 characters, no space, unprintable share ≥ 5%, letters ≤ half.
 */
function certainlyNotText(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (n < 8) return true;
  let controls = 0;
  let ascii = 0;
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b >= 128) continue;
    ascii++;
    if (b < 32 ? b !== 9 && b !== 10 && b !== 13 : b === 127) {
      // Unprintable characters only grow from here: stop as soon as they reach 5% of the bytes.
      if (++controls * 20 >= n) return true;
    } else if (b === 32) spaces++;
    else if ((b | 32) >= 97 && (b | 32) <= 122) letters++;
  }
  return spaces === 0 || letters * 2 <= ascii;
}

/** `s` without its trailing `=` padding; a loop, since `/=+$/` is quadratic on a long `=` run. */
function stripPadding(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  return end === s.length ? s : s.slice(0, end);
}

// Base64 alphabet plus the padding and line breaks allowed inside a run.
const B64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\r\n') B64_CHAR[c.charCodeAt(0)] = 1;
const MIN_B64_RUN = 24;

const isB64 = (c: number): boolean => c < 128 && B64_CHAR[c] === 1;
/** The base64 characters from `lastIndex` on (sticky: `lastIndex` ends where they do). */
const B64_RUN = /[A-Za-z0-9+/=\r\n]*/y;
const B64_LOWER = /[a-z]/;
const B64_OTHER = /[A-Z0-9+/]/;

/**
 * Maximal runs of base64 characters at least MIN_B64_RUN long: the matches of
 * `/[A-Za-z0-9+/=\r\n]{24,}/g`, without a regex that restarts at every word of prose. Any such
 * run starting in [i, i + 23] covers position i + 23, so when that character is not base64 the
 * scan jumps 24 characters; otherwise it widens the run around it. Each character is read at most
 * twice.
 */
export function decodeBase64Chunks(text: string): string[] {
  const out: string[] = [];
  let budget = MAX_DECODED;
  // Runs decode to at most 3 bytes per 4 characters and to at most one character per byte. When
  // the whole text cannot decode to more than the budget, the budget never cuts a run short, so a
  // run that is certainly not text can be dropped without measuring its decoded length.
  const budgetIdle = text.length * 3 <= MAX_DECODED * 4;
  const n = text.length;
  let i = 0;
  while (budget > 0) {
    const probe = i + MIN_B64_RUN - 1;
    if (probe >= n) break;
    if (!isB64(text.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && isB64(text.charCodeAt(start - 1))) start--;
    // The rest of the run, and the checks below, by native scans: read one character at a time in
    // JavaScript, a megabyte of line breaks (a run of nothing) cost ~5 ms.
    B64_RUN.lastIndex = probe + 1;
    B64_RUN.test(text);
    const end = B64_RUN.lastIndex;
    i = end;
    if (end - start < MIN_B64_RUN) continue;
    // A run of one repeated character or a long word is not base64 worth decoding: it needs a
    // lower-case letter and an upper-case letter, digit, + or /.
    const run = text.slice(start, end);
    if (!B64_LOWER.test(run) || !B64_OTHER.test(run)) continue;
    const compact = run.includes('\n') || run.includes('\r') ? run.replace(/[\r\n]/g, '') : run;
    if (compact.length < MIN_B64_RUN) continue;
    const body = stripPadding(compact.slice(0, Math.min(compact.length, budget * 2)));
    const found = decodeAligned(body, budgetIdle, 0);
    budget -= found.spent;
    if (found.text !== null) {
      out.push(found.text);
      continue;
    }
    // A letter or three glued to the front (or a window edge inside a long run) shifts the 4-character
    // groups and turns the payload into noise: try the other three alignments, on a bounded prefix.
    const head = body.length > MAX_REALIGNED ? body.slice(0, MAX_REALIGNED) : body;
    for (let shift = 1; shift < 4 && budget > 0; shift++) {
      const shifted = decodeAligned(head, budgetIdle, shift);
      budget -= shifted.spent;
      if (shifted.text !== null) {
        out.push(shifted.text);
        break;
      }
    }
  }
  return out;
}

/** Characters of a run re-decoded at the three other alignments when the first reads as noise. */
const MAX_REALIGNED = 8192;

/** The text `body` decodes to from character `shift` on, or null; `spent` counts against the decode budget. */
function decodeAligned(body: string, budgetIdle: boolean, shift: number): { text: string | null; spent: number } {
  const usable = body.length - shift;
  if (usable < MIN_B64_RUN) return { text: null, spent: 0 };
  const bytes = Buffer.from(body.slice(shift, shift + usable - (usable % 4)), 'base64');
  if (budgetIdle && certainlyNotText(bytes)) return { text: null, spent: 0 };
  const decoded = bytes.toString('utf8');
  return { text: looksLikeText(decoded) ? decoded : null, spent: decoded.length };
}

const QP_ESCAPE = /=[0-9A-F]{2}/g;
/** How far back `inLink` looks for the `?`, `&` or `/` of a link. */
const QUERY_REACH = 200;

/**
 * The `=` at `at` sets a parameter of a link ("?id=68&b=97", "/masterid=51794"), not a QP escape:
 * a name comes right before it, and a `?`, `&` or `/` before that in the same run of non-space
 * characters. Real QP writes a link's `=` as `=3D`, which is an escape wherever it stands.
 */
function inLink(text: string, at: number): boolean {
  if (text.startsWith('=3D', at) || at === 0 || !/[\w.-]/.test(text.charAt(at - 1))) return false;
  for (let i = at - 2; i >= 0 && i >= at - QUERY_REACH; i--) {
    const c = text.charCodeAt(i);
    if (c === 63 || c === 38 || c === 47) return true; // `?`, `&`, `/`
    if (c <= 32 || c === 34 || c === 39 || c === 60 || c === 62) return false; // whitespace, quote, angle bracket
  }
  return false;
}

/**
 * Quoted-printable is decoded only when the text carries enough QP escapes to be QP. Parameters
 * of links ("?id=68&b=97&offer=36") are not escapes: counted as such, they made newsletters full
 * of tracking links decode to themselves and be screened twice (twice the time of a 23 KB digest).
 */
export function decodeQuotedPrintable(text: string): string | null {
  if (!text.includes('=')) return null;
  let escapes = 0;
  QP_ESCAPE.lastIndex = 0;
  for (let m = QP_ESCAPE.exec(text); escapes < 3 && m; m = QP_ESCAPE.exec(text)) if (!inLink(text, m.index)) escapes++;
  if (escapes < 3) return null;
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1');
  const out: number[] = [];
  const hex = (c: number | undefined) => (c === undefined ? -1 : c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : -1);
  for (let i = 0; i < bytes.length; i++) {
    const hi = bytes[i] === 61 ? hex(bytes[i + 1]) : -1;
    const lo = hi >= 0 ? hex(bytes[i + 2]) : -1;
    if (hi >= 0 && lo >= 0) {
      out.push(hi * 16 + lo);
      i += 2;
    } else out.push(bytes[i] as number);
  }
  return Buffer.from(out).toString('utf8');
}

// rot13 forms of words that only an attack or a crisis message would encode.
export const ROT13_HINTS = ['vtaber', 'vafgehpgvba', 'flfgrz', 'cebzcg', 'wnvyoernx', 'qvfertneq', 'xvyy', 'fhvpvqr', 'bireqbfr', 'zlfrys'];

const ROT13_WORDS = new SubstringSet(ROT13_HINTS, [], true);

export function rot13(s: string): string {
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c >= 97 && c <= 122 ? ((c - 84) % 26) + 97 : c >= 65 && c <= 90 ? ((c - 52) % 26) + 65 : c;
  }
  return new TextDecoder('utf-16le').decode(out);
}

/** The rot13 reading of `text`, when it contains rot13-encoded attack or crisis words. */
export function decodeRot13(text: string): string | null {
  // One case-insensitive table pass instead of lower-casing the text and ten includes(). It folds
  // only ASCII letters, which is what toLowerCase() did for these hints: the only non-ASCII
  // characters it lowers to ASCII are the Kelvin sign (no hint has a k) and U+0130, which becomes
  // "i" plus a combining dot and so never completes a hint.
  return ROT13_WORDS.scan(text).includes(1) ? rot13(text) : null;
}

const MORSE: Record<string, string> = {
  '.-': 'a', '-...': 'b', '-.-.': 'c', '-..': 'd', '.': 'e', '..-.': 'f', '--.': 'g', '....': 'h', '..': 'i', '.---': 'j',
  '-.-': 'k', '.-..': 'l', '--': 'm', '-.': 'n', '---': 'o', '.--.': 'p', '--.-': 'q', '.-.': 'r', '...': 's', '-': 't',
  '..-': 'u', '...-': 'v', '.--': 'w', '-..-': 'x', '-.--': 'y', '--..': 'z', '-----': '0', '.----': '1', '..---': '2',
  '...--': '3', '....-': '4', '.....': '5', '-....': '6', '--...': '7', '---..': '8', '----.': '9', '.-.-.-': '.',
  '--..--': ',', '..--..': '?', '-.-.--': '!', '.----.': "'", '---...': ':', '-.--.': '(', '-.--.-': ')',
};
/** A run needs this many codes to be read as Morse. */
const MORSE_MIN_CODES = 12;
/** Share of codes that are not Morse above which a run is dots and dashes, not a message. */
const MORSE_MAX_UNKNOWN = 0.2;
/** A message uses at least this many different letters ("eeeeeeee" is a row of spaced dots). */
const MORSE_MIN_DISTINCT = 4;
/** Letters by code key: a leading 1 bit, then one bit a symbol (dash = 1); -1 for no letter. */
const MORSE_KEYS = new Int32Array(256).fill(-1);
for (const [code, ch] of Object.entries(MORSE)) {
  let key = 1;
  for (const sym of code) key = (key << 1) | (sym === '-' ? 1 : 0);
  MORSE_KEYS[key] = ch.charCodeAt(0);
}
const QUESTION_MARK = 63;
const UTF16 = new TextDecoder('utf-16le');
const WORD_GAP = 32;

function distinct(units: Uint16Array, n: number): number {
  const seen = new Set<number>();
  for (let i = 0; i < n && seen.size < MORSE_MIN_DISTINCT + 1; i++) if (units[i] !== WORD_GAP) seen.add(units[i] as number);
  return seen.size;
}

/**
 * The text of every Morse run in `text` that reads as a message ("-.. .- -." -> "dan"): codes of
 * one to seven dots and dashes, letters apart by spaces, words by "/", "|" or two spaces. One pass
 * over the text with no string built until a run is read; a run ends at any other character.
 */
export function decodeMorse(text: string): string | null {
  // A message of four different letters holds a dot next to a dash somewhere; most mail holds
  // neither pair, and two native searches cost less than the pass below.
  if (!text.includes('.-') && !text.includes('-.')) return null;
  const out: string[] = [];
  let letters = new Uint16Array(64);
  let n = 0;
  let key = 1;
  let symbols = 0;
  let codes = 0;
  let unknown = 0;
  let spaces = 0;
  const push = (ch: number) => {
    if (n === letters.length) {
      const grown = new Uint16Array(n * 2);
      grown.set(letters);
      letters = grown;
    }
    letters[n++] = ch;
  };
  const endCode = () => {
    if (symbols === 0) return;
    const ch = MORSE_KEYS[key] as number;
    if (ch < 0) unknown++;
    push(ch < 0 ? QUESTION_MARK : ch);
    codes++;
    key = 1;
    symbols = 0;
  };
  const endRun = () => {
    endCode();
    if (codes >= MORSE_MIN_CODES && unknown / codes <= MORSE_MAX_UNKNOWN && distinct(letters, n) >= MORSE_MIN_DISTINCT) {
      out.push(UTF16.decode(letters.subarray(0, n)));
    }
    n = 0;
    codes = 0;
    unknown = 0;
    spaces = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 || c === 45) {
      // "." or "-"
      if (spaces >= 2 && n > 0 && letters[n - 1] !== WORD_GAP) push(WORD_GAP);
      spaces = 0;
      if (symbols === 7) {
        // Too long for a code: not Morse, and the run ends here.
        key = 1;
        symbols = 0;
        endRun();
        continue;
      }
      key = (key << 1) | (c === 45 ? 1 : 0);
      symbols++;
    } else if (c === 32 || c === 9) {
      endCode();
      spaces++;
    } else if (c === 47 || c === 124) {
      // "/" or "|"
      endCode();
      if (n > 0 && letters[n - 1] !== WORD_GAP) push(WORD_GAP);
      spaces = 0;
    } else {
      if (symbols > 0 || codes > 0) endRun();
      spaces = 0;
    }
  }
  endRun();
  return out.length > 0 ? out.join('\n') : null;
}

/**
 * Every decoded reading of `text` worth screening. `rot13Words` says whether the text holds a
 * rot13 hint, when the caller already knows: `screenPiece` finds the hints in its normalised text
 * in the same table pass as the rule hints, so the text need not be scanned again. Normalising
 * never removes a hint that the raw text holds (it leaves ASCII letters as they are, only lowers
 * their case), so that answer covers every text this pass would find.
 */
export function decodedChunks(text: string, rot13Words?: boolean): string[] {
  const chunks = decodeBase64Chunks(text);
  const qp = decodeQuotedPrintable(text);
  if (qp !== null) chunks.push(qp);
  const r13 = rot13Words === undefined ? decodeRot13(text) : rot13Words ? rot13(text) : null;
  if (r13 !== null) chunks.push(r13);
  const morse = decodeMorse(text);
  if (morse !== null) chunks.push(morse);
  return chunks;
}
