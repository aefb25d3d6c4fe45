/**
 * Knowledge text is normalised to plain ASCII typography when it is saved. Entries are pasted
 * from word processors, CVs and web forms full of curly quotes, long dashes and odd spaces;
 * left alone they reach the system prompt and get echoed in replies, where they read as
 * machine-written, and they make the same word look different to the search index.
 */

// Typographic characters with an ASCII spelling. Applied after NFKC, which has already turned
// the ellipsis into "...", fullwidth forms into ASCII, ligatures into letters and most special
// spaces into U+0020.
const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u02BC\u02B9\u00B4]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u02BA]/g, '"'],
  [/[\u2039]/g, '<'],
  [/[\u203A]/g, '>'],
  [/[\u2010\u2011\u2012\u2013\u2212\uFE63]/g, '-'],
  [/[\u2022\u2023\u2043\u2219\u25AA\u25AB\u25CF\u25E6\u00B7\u2027]/g, '-'],
  [/\u2044/g, '/'],
  [/\u2192/g, '->'],
  [/\u2190/g, '<-'],
  [/\u00D7/g, 'x'],
  [/\u00DF/g, 'ss'],
  [/\u00C6/g, 'AE'],
  [/\u00E6/g, 'ae'],
  [/\u0152/g, 'OE'],
  [/\u0153/g, 'oe'],
  [/\u00D8/g, 'O'],
  [/\u00F8/g, 'o'],
  [/\u0141/g, 'L'],
  [/\u0142/g, 'l'],
  [/\u0110/g, 'D'],
  [/\u0111/g, 'd'],
  [/\u0131/g, 'i'],
];

// Zero-width characters, the byte-order mark, the soft hyphen and control characters other than
// tab and newline: invisible, and they split words for the search index.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

// A Latin (or ASCII) letter followed by combining marks, once the text is decomposed.
const LATIN_WITH_MARKS = /([\p{Script=Latin}\u0000-\u007F])\p{M}+/gu;

/**
 * Returns `text` with ASCII typography:
 * - curly single and double quotes, guillemets, primes → `'` and `"`;
 * - hyphen, non-breaking hyphen, figure and en dash, minus sign → `-`; an em dash or horizontal
 *   bar between words becomes ` - ` (one space either side, whatever spacing it had), and `-`
 *   at the start or end of a line;
 * - the ellipsis → `...`; bullets and the middle dot → `-`; `→`/`←` → `->`/`<-`; `×` → `x`;
 * - every Unicode space (no-break, narrow, em, ideographic…) → one ASCII space; CRLF and CR → LF;
 * - NFKC compatibility forms (fullwidth letters, ligatures such as "ﬁ", superscripts);
 * - accents removed from Latin letters (é → e, ñ → n, Å → A) and the Latin letters that do not
 *   decompose spelled out (ß → ss, æ → ae, ø → o, ł → l, œ → oe, đ → d).
 *
 * Dropped: combining marks on Latin letters, zero-width characters (ZWSP, ZWJ, ZWNJ, word
 * joiner), the byte-order mark, soft hyphens and control characters other than tab and newline.
 *
 * Kept as they are: text in other scripts (Greek, Cyrillic, CJK, Devanagari… including their
 * own combining marks), currency and other symbols without an ASCII spelling (€, ©), and emoji.
 * So the result is ASCII for Latin-script text, not guaranteed ASCII overall.
 */
export function toAscii(text: string): string {
  let out = text.replace(/\r\n?/g, '\n').normalize('NFKC').replace(INVISIBLE, '');
  out = out.replace(/\p{Zs}/gu, ' ');
  out = out.replace(/(?<=\S)[ \t]*[\u2014\u2015]+[ \t]*(?=\S)/g, ' - ').replace(/[\u2014\u2015]+/g, '-');
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out.normalize('NFD').replace(LATIN_WITH_MARKS, '$1').normalize('NFC');
}
