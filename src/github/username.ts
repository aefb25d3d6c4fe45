import { MAIL_PROVIDERS, PROSE_WORDS, RESERVED_GITHUB_NAMES } from './username-words.js';

// GitHub's sign-up rule: 1-39 ASCII letters, digits and single hyphens, no hyphen at either end.
const USERNAME_SHAPE = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/**
 * Whether `name` can be a GitHub account: GitHub's username shape, and not one of the paths
 * github.com keeps for its own pages (`features`, `settings`, `orgs`…). Checked before any API
 * call so a recruiter's typo or a page link never costs a request against the rate limit.
 */
export function isValidGithubUsername(name: string): boolean {
  return USERNAME_SHAPE.test(name) && !RESERVED_GITHUB_NAMES.has(name.toLowerCase());
}

export interface ExtractOptions {
  /** Accounts never returned, compared case-insensitively: the owner's, whose repository link our own replies carry. */
  exclude?: string[];
  /**
   * The owner already asked this correspondent for their GitHub username (our replies carry the
   * star request), so a bare "username: alice" or "my handle is @alice" answers it, unless the
   * line names another platform.
   */
  asked?: boolean;
}

interface Candidate {
  name: string;
  start: number;
  end: number;
  /** The pattern already matched what follows the name ("… on GitHub"). */
  closed?: boolean;
}

type Accept = (c: Candidate) => boolean;

// Every pattern below starts at a literal or behind a one-character look-behind and uses only
// bounded repetition, so a match attempt costs a constant and a scan is linear in the input.
const NAME = '@?([A-Za-z0-9_-]{1,64})';
const QUALIFIER = '(?:user\\s?name|user|handle|id|login|account|profile|nick(?:name)?)';
const STATEMENTS: RegExp[] = [
  // "my GitHub is alice", "my GitHub username is alice"
  new RegExp(`\\bmy\\s{1,4}github(?:\\s{1,4}${QUALIFIER})?\\s{1,4}is:?\\s{1,4}${NAME}`, 'gid'),
  // "GitHub handle is alice", "the GitHub username is: alice"
  new RegExp(`\\bgithub\\s{1,4}${QUALIFIER}\\s{1,4}is:?\\s{1,4}${NAME}`, 'gid'),
  // "GitHub: alice", "github username: @alice", "GitHub ID = alice"
  new RegExp(`\\bgithub(?:\\s{1,4}${QUALIFIER})?\\s{0,4}[:=]\\s{0,4}${NAME}`, 'gid'),
  // "find me on GitHub as alice", "I'm on GitHub under alice-dev"
  new RegExp(`\\bon\\s{1,4}github\\s{1,4}(?:as|under|at)\\s{1,4}${NAME}`, 'gid'),
];
// "I'm alice on GitHub", "I go by alice-dev on GitHub": the name comes before the anchor.
const NAME_BEFORE_GITHUB = new RegExp(`\\b(?:i['\u2019]?m|i\\s{1,4}am|i\\s{1,4}go\\s{1,4}by|known\\s{1,4}as)\\s{1,4}${NAME}\\s{1,4}on\\s{1,4}github\\b`, 'gid');
// "username: alice", "my handle is alice": only when GitHub is the platform talked about.
const LABELLED = new RegExp(`\\b(?:user\\s?name|handle|login)(?:\\s{0,4}[:=]|\\s{1,4}is:?)\\s{0,4}${NAME}`, 'gid');
// "@alice", not the "@example.com" of an address nor one of a run of at-signs.
const MENTION = /(?<![A-Za-z0-9._%+@-])@([A-Za-z0-9_-]{1,64})/dg;
// github.com/<name>, also behind a scheme or www. and inside <…> or a markdown link; a
// subdomain (api., gist.) or an address (bob@github.com) is not a profile link.
const LINK = /(?<![A-Za-z0-9.@_-])(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9_-]{1,64})/dgi;
// <name>.github.io is the GitHub Pages site of the account <name>.
const PAGES = /(?<![A-Za-z0-9.@_-])([A-Za-z0-9_-]{1,64})\.github\.io(?![A-Za-z0-9_-])/dgi;

const PLATFORMS =
  /\b(?:github|gitlab|bitbucket|twitter|x\.com|linkedin|instagram|telegram|discord|slack|skype|mastodon|bluesky|bsky|threads|tiktok|facebook|reddit|medium|stack\s?overflow|leetcode|hackerrank|kaggle|codepen|dribbble|behance|npm|keybase|signal|whatsapp|wechat|email|e-mail)\b/gi;
const PLATFORM_WINDOW = 160;
// "I starred it", "Starred, as requested", "gave your repo a star": the reply to a star request.
const STARRED = /\b(?:starred|(?:gave|given|left|added)\s{1,4}(?:it|your\s{1,4}repo(?:sitory)?|the\s{1,4}repo(?:sitory)?)\s{1,4}a\s{1,4}star)\b/i;

const TERMINATORS = new Set([...'\r\n.,;!?)]}>"\'|(*-', '\u2013', '\u2014']);

// Words after a name that show the sentence went on about it ("my GitHub is alice, and…").
const CONTINUATIONS = new Set(['and', 'or', 'but', 'so', 'if', 'please', 'feel', 'thanks', 'thank', 'cheers', 'let', 'i', "i'm", 'you', 'which', 'where', 'as', 'btw', 'too', 'also', 'on', 'for', 'in']);

/**
 * Finds the GitHub username a recruiter gave in `text`, or null. Statements about GitHub
 * ("my GitHub is alice", "GitHub: alice") win over a "username:" or "@alice" with GitHub named
 * on the same line, which win over `github.com/<name>` links, which win over
 * `<name>.github.io` sites; within a kind the first in the text wins. Lines starting with `>`
 * are quoted history and ignored. The name is returned as written.
 */
export function extractGithubUsername(text: string, opts: ExtractOptions = {}): string | null {
  const body = text
    .split('\n')
    .map((line) => (/^[ \t]*>/.test(line) ? '' : line))
    .join('\n');
  // Someone who writes that they starred the repository is answering the star request.
  const starContext = opts.asked === true || STARRED.test(body);
  // Every form below needs the word or the star context: other texts are answered without scanning.
  if (!starContext && !/github/i.test(body)) return null;
  const excluded = new Set((opts.exclude ?? []).map((n) => n.toLowerCase()));
  const usable = (name: string): boolean => isValidGithubUsername(name) && !excluded.has(name.toLowerCase());
  // In prose a bare number is a count ("GitHub: 5 years"), not an account.
  const prose = (c: Candidate): boolean =>
    usable(c.name) && !PROSE_WORDS.has(c.name.toLowerCase()) && !/^\d+$/.test(c.name) && !continuesAsWord(body, c.end);
  let context: GithubContext | undefined;
  const aboutGithub = (c: Candidate): boolean => {
    const nearest = (context ??= githubContext(body)).nearest(c);
    return nearest === 'github' || (nearest === null && starContext);
  };

  const tiers: Array<[() => Iterable<Candidate>, Accept]> = [
    [
      () => [...STATEMENTS.flatMap((re) => [...scan(body, re)]), ...scan(body, NAME_BEFORE_GITHUB, true)].sort((a, b) => a.start - b.start),
      (c) => prose(c) && (c.closed === true || endsCleanly(body, c.end)),
    ],
    [() => scan(body, LABELLED), (c) => prose(c) && endsCleanly(body, c.end) && aboutGithub(c)],
    [() => scan(body, MENTION), (c) => prose(c) && !MAIL_PROVIDERS.has(c.name.toLowerCase()) && aboutGithub(c)],
    [() => scan(body, LINK), (c) => usable(c.name) && !continuesAsWord(body, c.end)],
    [() => scan(body, PAGES), (c) => usable(c.name) && !PROSE_WORDS.has(c.name.toLowerCase())],
  ];
  for (const [candidates, accept] of tiers) {
    for (const c of candidates()) if (accept(c)) return c.name;
  }
  return null;
}

/** Each match of `re` (compiled with the `d` flag), as the name in its first group and its offsets. */
function* scan(text: string, re: RegExp, closed = false): Generator<Candidate> {
  for (const m of text.matchAll(re)) {
    const span = m.indices?.[1];
    if (span) yield { name: m[1] as string, start: span[0], end: span[1], ...(closed ? { closed } : {}) };
  }
}

/**
 * True when the captured name is only the start of something longer: more name characters
 * (it was cut at 64, or holds an underscore), a domain or address ("github.com", "a@b"), a URL
 * scheme ("https://") or a contraction ("it's").
 */
function continuesAsWord(text: string, end: number): boolean {
  const next = text[end];
  if (next === undefined) return false;
  if (/[A-Za-z0-9_-]/.test(next)) return true;
  return /[.:@'\u2019]/.test(next) && /[A-Za-z0-9/]/.test(text[end + 1] ?? '');
}

/** Whether the sentence stops after the name, or goes on with a linking word or another label. */
function endsCleanly(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && i - end < 40 && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i >= text.length || TERMINATORS.has(text[i] as string)) return true;
  const word = /^([A-Za-z'\u2019]{1,12})(:?)/.exec(text.slice(i, i + 14));
  if (!word) return false;
  return word[2] === ':' || CONTINUATIONS.has((word[1] as string).toLowerCase());
}

/**
 * Platform names in the text, for deciding whether "@alice" or "username: alice" is about
 * GitHub: it is when the platform named nearest to it on the same line is GitHub, so
 * "Twitter: @alice, GitHub: @alice-dev" keeps the two apart; null when the line names none.
 * Built once per text so each question costs a binary search.
 */
interface GithubContext {
  nearest(c: Candidate): 'github' | 'other' | null;
}

function githubContext(text: string): GithubContext {
  const mentions = [...text.matchAll(PLATFORMS)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    github: m[0].toLowerCase() === 'github',
  }));
  const lineOf = lineIndex(text);
  return {
    nearest(c) {
      const line = lineOf(c.start);
      let best: { distance: number; github: boolean } | null = null;
      // Mentions are sorted and do not overlap: the nearest is the last before or the first after.
      const i = firstStartingAfter(mentions, c.start);
      for (const p of [mentions[i - 1], mentions[i]]) {
        if (!p || lineOf(p.start) !== line) continue;
        const distance = p.end <= c.start ? c.start - p.end : p.start >= c.end ? p.start - c.end : 0;
        if (distance > PLATFORM_WINDOW) continue;
        if (!best || distance < best.distance) best = { distance, github: p.github };
      }
      return best ? (best.github ? 'github' : 'other') : null;
    },
  };
}

function firstStartingAfter(items: Array<{ start: number }>, pos: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as { start: number }).start <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Maps an offset to its line number by binary search over the newline offsets. */
function lineIndex(text: string): (pos: number) => number {
  const breaks: Array<{ start: number }> = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push({ start: i });
  return (pos) => firstStartingAfter(breaks, pos - 1);
}
