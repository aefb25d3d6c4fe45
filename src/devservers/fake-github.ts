import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A local stand-in for the part of the GitHub REST API that Hermes uses, the star check, so
 * tests and the demo exercise the real HTTP client (headers, status codes, rate limits,
 * timeouts) without the network or a token.
 */
export interface FakeGithub {
  /** Base URL to use as GITHUB_API_URL, without a trailing slash. */
  url: string;
  star(user: string, owner: string, repo: string): void;
  unstar(user: string, owner: string, repo: string): void;
  /** Answers every request with `status` and a spent quota until the epoch second given; null lifts it. */
  setRateLimited(untilEpochSeconds: number | null, status?: 403 | 429): void;
  /** Answers every request with this status (e.g. 500) until set back to null. */
  setFailure(status: number | null): void;
  /** Waits this long before answering each request. */
  setDelay(ms: number): void;
  requests: FakeGithubRequest[];
  stop(): Promise<void>;
}

export interface StartFakeGithubOptions {
  /** When set, requests without `Authorization: Bearer <token>` (or `token <token>`) get 401. */
  requiredToken?: string;
  /**
   * false: `GET /users/:user/starred/:owner/:repo` always answers 404, as an API without that
   * route would, so only the listing `GET /users/:user/starred` tells the truth.
   */
  directCheck?: boolean;
}

const HOST = '127.0.0.1';
const STARRED_ROUTE = /^\/users\/([^/]+)\/starred\/([^/]+)\/([^/]+)\/?$/;
const STARRED_LIST_ROUTE = /^\/users\/([^/]+)\/starred\/?$/;
const HOUR_SECONDS = 3600;

const starKey = (user: string, owner: string, repo: string): string => `${user}/${owner}/${repo}`.toLowerCase();

function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(payload)) });
  res.end(payload);
}

function decodeSegment(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export async function startFakeGithub(opts: StartFakeGithubOptions = {}): Promise<FakeGithub> {
  // Insertion order is star order: the listing shows the newest first, like GitHub's sort=created.
  const stars = new Set<string>();
  const requests: FakeGithubRequest[] = [];
  let rateLimit: { until: number; status: 403 | 429 } | null = null;
  let failure: number | null = null;
  let delayMs = 0;
  // GitHub's primary quota, counted per hour window; reported in headers but only enforced
  // through setRateLimited, so a long test never trips over it by accident.
  let windowStart = Math.floor(Date.now() / 1000);
  let used = 0;

  const authorised = (header: string | undefined): boolean => {
    if (opts.requiredToken === undefined) return true;
    return header === `Bearer ${opts.requiredToken}` || header === `token ${opts.requiredToken}`;
  };

  const quotaHeaders = (authenticated: boolean, nowSeconds: number): Record<string, string> => {
    if (nowSeconds >= windowStart + HOUR_SECONDS) {
      windowStart = nowSeconds;
      used = 0;
    }
    const limit = authenticated ? 5000 : 60;
    used = Math.min(used + 1, limit - 1);
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - used),
      'x-ratelimit-reset': String(windowStart + HOUR_SECONDS),
      'x-ratelimit-used': String(used),
      'x-ratelimit-resource': 'core',
    };
  };

  const answer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    // A delayed answer may come after the client gave up or stop() dropped the connection.
    if (res.destroyed) return;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const path = (req.url ?? '/').split('?')[0] as string;
    if (!authorised(req.headers.authorization)) {
      return send(res, 401, {}, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    }
    if (rateLimit && nowSeconds >= rateLimit.until) rateLimit = null;
    if (rateLimit) {
      const limit = req.headers.authorization ? 5000 : 60;
      const headers: Record<string, string> =
        rateLimit.status === 429
          ? // A secondary limit: the hourly quota is not spent, retry-after says how long to wait.
            { ...quotaHeaders(Boolean(req.headers.authorization), nowSeconds), 'retry-after': String(rateLimit.until - nowSeconds) }
          : { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(rateLimit.until), 'x-ratelimit-used': String(limit) };
      return send(res, rateLimit.status, headers, { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest/rate-limit' });
    }
    if (failure !== null) return send(res, failure, {}, { message: 'Server Error' });
    const headers = quotaHeaders(Boolean(req.headers.authorization), nowSeconds);
    const list = req.method === 'GET' ? STARRED_LIST_ROUTE.exec(path) : null;
    if (list) {
      const user = decodeSegment(list[1] as string)?.toLowerCase();
      const repos = [...stars]
        .reverse()
        .map((k) => k.split('/') as [string, string, string])
        .filter(([u]) => u === user)
        .map(([, owner, name]) => ({ name, full_name: `${owner}/${name}`, owner: { login: owner } }));
      return send(res, 200, headers, repos.slice(0, 100));
    }
    if (opts.directCheck === false && STARRED_ROUTE.test(path)) return send(res, 404, headers, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    const route = req.method === 'GET' ? STARRED_ROUTE.exec(path) : null;
    const parts = route ? route.slice(1).map(decodeSegment) : null;
    if (!parts || parts.some((p) => p === null)) return send(res, 404, headers, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    const [user, owner, repo] = parts as [string, string, string];
    if (stars.has(starKey(user, owner, repo))) return send(res, 204, headers);
    return send(res, 404, headers, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  };

  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers } });
    req.resume();
    req.once('end', () => {
      if (delayMs > 0) setTimeout(() => answer(req, res), delayMs).unref();
      else answer(req, res);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${HOST}:${port}`,
    requests,
    star(user, owner, repo) {
      stars.add(starKey(user, owner, repo));
    },
    unstar(user, owner, repo) {
      stars.delete(starKey(user, owner, repo));
    },
    setRateLimited(untilEpochSeconds, status = 403) {
      rateLimit = untilEpochSeconds === null ? null : { until: untilEpochSeconds, status };
    },
    setFailure(status) {
      failure = status;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    async stop() {
      // Requests held by setDelay would otherwise keep close() waiting.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
