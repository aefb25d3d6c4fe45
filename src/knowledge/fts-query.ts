import { toAscii } from './ascii.js';

/**
 * Turns an inbound email into an FTS5 query. The recruiter writes that text, so none of it may
 * reach FTS5's query syntax: quotes, `*`, `^`, `:` column filters, parentheses, `-`, `+` and the
 * NEAR/AND/OR/NOT operators would otherwise be parsed (and a stray quote or parenthesis is a
 * syntax error). Only runs of letters and digits survive, each one wrapped in double quotes,
 * which FTS5 reads as a plain string whatever its content; the terms are joined with OR so that
 * BM25 ranks entries by how many of them, and how rare ones, they share with the email.
 */

/** Enough distinct terms for a long email's questions, few enough to keep a query in the sub-ms range. */
export const MAX_QUERY_TERMS = 64;
/** Only the start of a very long text is read; recruiter questions fit well within it. */
export const MAX_QUERY_INPUT_CHARS = 20_000;
const MIN_TERM_CHARS = 2;
// Longer "words" are identifiers, hashes or base64, not something an owner's entry would share.
const MAX_TERM_CHARS = 40;

// The same characters unicode61 keeps inside a token (letters, digits, private use), so a term
// is one token both here and in the index.
const TERM = /[\p{L}\p{N}\p{Co}]+/gu;

// English function words, email pleasantries, and the fragments unicode61 leaves of
// contractions ("don't" is indexed as "don" + "t"): they occur in every email and every entry.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren as at be because been before being below between both but by
  can cannot could couldn did didn do does doesn doing don down during each few for from further had hadn has hasn have haven
  having he her here hers herself him himself his how i if in into is isn it its itself just let ll me more most my myself
  no nor not now of off on once only or other ought our ours ourselves out over own re same shan she should shouldn so some
  such than that the their theirs them themselves then there these they this those through to too under until up ve very
  was wasn we were weren what when where which while who whom why will with won would wouldn you your yours yourself
  yourselves also may might must shall us etc via per yes ok okay
  hi hello hey dear thanks thank regards best cheers kind sincerely please mr mrs ms sir madam hope well great
  re fw fwd wrote sent subject`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The distinct content terms of `text`, lowercased, at most MAX_QUERY_TERMS. When there are
 * more, the longest are kept (a rough stand-in for the most specific), ties by first appearance.
 */
export function queryTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const match of toAscii(text.slice(0, MAX_QUERY_INPUT_CHARS)).toLowerCase().matchAll(TERM)) {
    const term = match[0];
    if (term.length < MIN_TERM_CHARS || term.length > MAX_TERM_CHARS || STOP_WORDS.has(term) || seen.has(term)) continue;
    seen.add(term);
  }
  const terms = [...seen];
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  return terms
    .map((term, order) => ({ term, order }))
    .sort((a, b) => b.term.length - a.term.length || a.order - b.order)
    .slice(0, MAX_QUERY_TERMS)
    .sort((a, b) => a.order - b.order)
    .map((t) => t.term);
}

/** The FTS5 MATCH expression for `text`, or null when it has no content terms. */
export function buildFtsQuery(text: string): string | null {
  const terms = queryTerms(text);
  // Terms hold only letters and digits; doubling quotes is FTS5's escape, kept as a second line
  // of defence should TERM ever change.
  return terms.length === 0 ? null : terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}
