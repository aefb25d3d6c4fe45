import type { Logger } from '../shared/logger.js';
import { isValidGithubUsername } from './username.js';

/** Outcome of one star check; `retryAt` is epoch milliseconds. */
export type StarCheck =
  | { status: 'starred' }
  | { status: 'not_starred' }
  | { status: 'retry_later'; retryAt: number; reason: string };

/**
 * When a star not seen yet should be checked again: at the time GitHub named after a limit or a
 * failure, otherwise after the configured interval.
 */
export function nextStarCheckAt(check: Exclude<StarCheck, { status: 'starred' }>, now: number, recheckIntervalMs: number): number {
  return check.status === 'retry_later' ? check.retryAt : now + recheckIntervalMs;
}

/** The line of the owner's star alert that says who starred what. */
export function starAlertReason(username: string | null, repo: { owner: string; name: string } | null): string {
  return `GitHub user ${username} starred ${repo?.owner}/${repo?.name}`;
}

export interface StarClientOptions {
  /** API base without a trailing slash: https://api.github.com, or a local fake in tests. */
  apiUrl: string;
  /** Raises the limit from 60 to 5,000 requests an hour; the check works without one. */
  token: string | null;
  timeoutMs: number;
  repo: { owner: string; name: string };
  log: Logger;
  now?: () => number;
}

// GitHub's advice for a limit response without retry-after or a spent quota: wait a minute.
const RATE_LIMIT_FALLBACK_MS = 60_000;
// A server error, a timeout or a dropped connection: give GitHub a few minutes.
const FAILURE_RETRY_MS = 5 * 60_000;
// A rejected token does not heal by itself; checking every few minutes would only fill the log.
const BAD_TOKEN_RETRY_MS = 30 * 60_000;

/**
 * Asks GitHub whether an account has starred the owner's repository. Every HTTP or network
 * problem becomes `retry_later`, never an exception, because the caller (the pipeline or the
 * scheduler) can only park the conversation and ask again later. A 404 means "not starred"
 * whether or not the account exists: GitHub answers the same for both, and a typo the
 * recruiter later corrects arrives as a new username anyway.
 */
export class GithubStarClient {
  private readonly now: () => number;

  constructor(private readonly opts: StarClientOptions) {
    this.now = opts.now ?? Date.now;
  }

  async check(username: string): Promise<StarCheck> {
    const { log, repo } = this.opts;
    if (!isValidGithubUsername(username)) {
      log.debug({ username }, 'not a valid GitHub username; counted as not starred without asking');
      return { status: 'not_starred' };
    }
    const path = ['users', username, 'starred', repo.owner, repo.name].map(encodeURIComponent).join('/');
    let res: Response;
    try {
      res = await fetch(`${this.opts.apiUrl}/${path}`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const reason = networkReason(err);
      log.warn({ reason }, 'GitHub star check failed; will retry');
      return { status: 'retry_later', retryAt: this.now() + FAILURE_RETRY_MS, reason };
    }
    // No body is needed; cancelling frees the connection for reuse.
    await res.body?.cancel().catch(() => undefined);
    let result = this.interpret(res);
    if (result.status === 'not_starred') result = await this.recentStars(username);
    log.debug({ username, httpStatus: res.status, status: result.status }, 'GitHub star check');
    log.info({ status: result.status, httpStatus: res.status }, 'GitHub star checked');
    return result;
  }

  /**
   * The second opinion after a 404: the account's most recent stars (`GET /users/{u}/starred`,
   * newest first, one page of 100). GitHub documents the per-repository check only for the
   * signed-in user, so an API that answers 404 to every account there would otherwise never
   * report a star. A star given since the recruiter read our mail is on the first page.
   */
  private async recentStars(username: string): Promise<StarCheck> {
    const { repo } = this.opts;
    let res: Response;
    try {
      res = await fetch(`${this.opts.apiUrl}/users/${encodeURIComponent(username)}/starred?per_page=100&sort=created&direction=desc`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch {
      // The direct check already answered; a failed second opinion leaves it standing.
      return { status: 'not_starred' };
    }
    if (res.status !== 200) {
      const fallback = this.interpret(res);
      await res.body?.cancel().catch(() => undefined);
      return fallback.status === 'retry_later' ? fallback : { status: 'not_starred' };
    }
    let repos: unknown;
    try {
      repos = await res.json();
    } catch {
      return { status: 'not_starred' };
    }
    const wanted = `${repo.owner}/${repo.name}`.toLowerCase();
    const found = Array.isArray(repos) && repos.some((r) => typeof (r as { full_name?: unknown })?.full_name === 'string' && (r as { full_name: string }).full_name.toLowerCase() === wanted);
    return { status: found ? 'starred' : 'not_starred' };
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'hermes',
    };
    if (this.opts.token) headers.Authorization = `Bearer ${this.opts.token}`;
    return headers;
  }

  private interpret(res: Response): StarCheck {
    const now = this.now();
    if (res.status === 204) return { status: 'starred' };
    if (res.status === 404) return { status: 'not_starred' };
    if (res.status === 403 || res.status === 429) {
      const retryAt = rateLimitRetryAt(res.headers, now);
      this.opts.log.warn({ httpStatus: res.status, retryAt: new Date(retryAt).toISOString() }, 'GitHub rate limit reached; star checks paused');
      return { status: 'retry_later', retryAt, reason: `rate limited (HTTP ${res.status})` };
    }
    if (res.status === 401) {
      this.opts.log.error({ httpStatus: 401 }, 'GitHub rejected GITHUB_TOKEN as invalid or expired; star checks will fail until it is replaced');
      return { status: 'retry_later', retryAt: now + BAD_TOKEN_RETRY_MS, reason: 'GitHub token rejected (HTTP 401)' };
    }
    const reason = res.status >= 500 ? `GitHub server error (HTTP ${res.status})` : `unexpected GitHub response (HTTP ${res.status})`;
    this.opts.log.warn({ httpStatus: res.status }, 'GitHub star check got an unexpected answer; will retry');
    return { status: 'retry_later', retryAt: now + FAILURE_RETRY_MS, reason };
  }
}

/**
 * When the limit lifts, in GitHub's order of precedence: `retry-after` (secondary limits),
 * then `x-ratelimit-reset` epoch seconds once the quota is spent, then a minute.
 */
export function rateLimitRetryAt(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after')?.trim() ?? null;
  if (retryAfter !== null && /^\d+$/.test(retryAfter)) return now + Number(retryAfter) * 1000;
  // RFC 9110 also allows an HTTP-date here.
  const retryDate = retryAfter === null ? NaN : Date.parse(retryAfter);
  if (!Number.isNaN(retryDate)) return Math.max(retryDate, now + 1000);
  const reset = headers.get('x-ratelimit-reset');
  if (headers.get('x-ratelimit-remaining') === '0' && reset !== null && /^\d+$/.test(reset.trim())) {
    // A reset already in the past (clock skew) still waits a moment rather than hammering.
    return Math.max(Number(reset.trim()) * 1000, now + 1000);
  }
  return now + RATE_LIMIT_FALLBACK_MS;
}

/** A short, secret-free description of a fetch failure: timeout, or the socket error code. */
function networkReason(err: unknown): string {
  const e = err as { name?: unknown; cause?: { code?: unknown } };
  if (e?.name === 'TimeoutError') return 'GitHub did not answer in time';
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : null;
  return code ? `network error (${code})` : 'network error';
}
