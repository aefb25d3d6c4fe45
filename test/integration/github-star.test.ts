import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../src/devservers/fake-github.js';
import { GithubStarClient, type StarClientOptions } from '../../src/github/star-client.js';
import { captureLogger, testLogger } from '../support/logger.js';

const REPO = { owner: 'owner-name', name: 'hermes' };
const NOW = Date.UTC(2030, 0, 1);

describe('GithubStarClient against the fake GitHub', () => {
  let github: FakeGithub;

  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterEach(() => {
    github.setRateLimited(null);
    github.setFailure(null);
    github.setDelay(0);
    github.requests.length = 0;
  });
  afterAll(async () => {
    await github?.stop();
  });

  const client = (over: Partial<StarClientOptions> = {}): GithubStarClient =>
    new GithubStarClient({ apiUrl: github.url, token: null, timeoutMs: 2000, repo: REPO, log: testLogger(), now: () => NOW, ...over });

  it('reports starred on 204 and not starred on 404', async () => {
    github.star('alice', 'owner-name', 'hermes');
    expect(await client().check('alice')).toEqual({ status: 'starred' });
    expect(await client().check('bob')).toEqual({ status: 'not_starred' });
    github.unstar('alice', 'owner-name', 'hermes');
    expect(await client().check('alice')).toEqual({ status: 'not_starred' });
  });

  it('asks the per-repository endpoint first, then the account\'s recent stars after a 404, with the documented headers', async () => {
    await client().check('alice');
    expect(github.requests.map((r) => r.path)).toEqual(['/users/alice/starred/owner-name/hermes', '/users/alice/starred?per_page=100&sort=created&direction=desc']);
    const [req] = github.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/users/alice/starred/owner-name/hermes');
    expect(req?.headers.accept).toBe('application/vnd.github+json');
    expect(req?.headers['x-github-api-version']).toBe('2022-11-28');
    expect(req?.headers['user-agent']).toBe('hermes');
  });

  it('matches user, owner and repository case-insensitively, as GitHub does', async () => {
    github.star('Carol-Dev', 'Owner-Name', 'Hermes');
    expect(await client().check('carol-dev')).toEqual({ status: 'starred' });
    expect(await client().check('CAROL-DEV')).toEqual({ status: 'starred' });
  });

  it('sends the token as a Bearer header only when one is set', async () => {
    await client().check('alice');
    await client({ token: 'ghp_test_token_value' }).check('alice');
    expect(github.requests.slice(0, 2).map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(github.requests.slice(2).map((r) => r.headers.authorization)).toEqual(['Bearer ghp_test_token_value', 'Bearer ghp_test_token_value']);
  });

  it('a star on the first page of the account\'s recent stars counts when the per-repository route always answers 404', async () => {
    const strict = await startFakeGithub({ directCheck: false });
    try {
      const c = new GithubStarClient({ apiUrl: strict.url, token: null, timeoutMs: 2000, repo: REPO, log: testLogger(), now: () => NOW });
      strict.star('dora', 'someone', 'other-repo');
      expect(await c.check('dora')).toEqual({ status: 'not_starred' });
      strict.star('dora', 'Owner-Name', 'Hermes');
      expect(await c.check('dora')).toEqual({ status: 'starred' });
      // A rate limit on the second request postpones the answer instead of saying "not starred".
      strict.setRateLimited(Math.floor(NOW / 1000) + 600);
      const limited = await c.check('erin');
      expect(limited.status).toBe('retry_later');
    } finally {
      await strict.stop();
    }
  });

  it('retries at the reset time after a 403 with a spent quota', async () => {
    // The fake lifts the limit by its own clock, so `until` is set from real time; the client
    // must take the absolute reset epoch from the header, not compute it from its own clock.
    const until = Math.floor(Date.now() / 1000) + 900;
    github.setRateLimited(until, 403);
    const r = await client({ now: Date.now }).check('alice');
    expect(r).toMatchObject({ status: 'retry_later', retryAt: until * 1000, reason: expect.stringMatching(/403/) });
  });

  it('retries after retry-after seconds on a 429', async () => {
    github.setRateLimited(Math.floor(Date.now() / 1000) + 120, 429);
    const r = await client().check('alice');
    expect(r.status).toBe('retry_later');
    if (r.status !== 'retry_later') return;
    // retry-after is whole seconds counted by the fake's clock: 119 or 120 depending on the tick.
    expect(r.retryAt).toBeGreaterThanOrEqual(NOW + 119_000);
    expect(r.retryAt).toBeLessThanOrEqual(NOW + 120_000);
    expect(r.reason).toMatch(/429/);
  });

  it('waits a moment rather than hammering when the reset is already past by its clock', async () => {
    github.setRateLimited(Math.floor(Date.now() / 1000) + 60, 403);
    // NOW is years ahead of the fake's clock, so the reset it reports lies in the client's past.
    expect(await client().check('alice')).toMatchObject({ status: 'retry_later', retryAt: NOW + 1000 });
  });

  it('checks again normally once the limit has passed', async () => {
    github.star('alice', 'owner-name', 'hermes');
    github.setRateLimited(Math.floor(Date.now() / 1000) - 1, 403);
    expect(await client().check('alice')).toEqual({ status: 'starred' });
  });

  it('retries in a few minutes on a server error', async () => {
    github.setFailure(500);
    const r = await client().check('alice');
    expect(r).toMatchObject({ status: 'retry_later', reason: expect.stringMatching(/500/) });
    if (r.status === 'retry_later') expect(r.retryAt - NOW).toBeGreaterThanOrEqual(60_000);
  });

  it('gives up after timeoutMs and retries later', async () => {
    github.setDelay(1500);
    const started = Date.now();
    const r = await client({ timeoutMs: 200 }).check('alice');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(r).toMatchObject({ status: 'retry_later', reason: expect.stringMatching(/in time/) });
  });

  it('does not ask GitHub about an invalid username', async () => {
    for (const name of ['bad_name', '-dash', 'a'.repeat(40), 'settings', '../etc', 'alice/../../x']) {
      expect(await client().check(name)).toEqual({ status: 'not_starred' });
    }
    expect(github.requests).toHaveLength(0);
  });

  it('encodes path segments of the configured repository', async () => {
    await client({ repo: { owner: 'owner-name', name: 'my repo?' } }).check('alice');
    expect(github.requests[0]?.path).toBe('/users/alice/starred/owner-name/my%20repo%3F');
  });

  it('logs the username only at debug, and the outcome at info', async () => {
    const info = captureLogger('info');
    await client({ log: info.log }).check('alice-private');
    expect(info.text()).not.toContain('alice-private');
    expect(info.lines().some((l) => l.status === 'not_starred')).toBe(true);
    const debug = captureLogger('debug');
    await client({ log: debug.log }).check('alice-private');
    expect(debug.lines().some((l) => l.username === 'alice-private')).toBe(true);
  });
});

describe('GithubStarClient with a token the fake requires', () => {
  let github: FakeGithub;
  const TOKEN = 'ghp_correct_token_1234567890';

  beforeAll(async () => {
    github = await startFakeGithub({ requiredToken: TOKEN });
    github.star('alice', 'owner-name', 'hermes');
  });
  afterAll(async () => {
    await github?.stop();
  });

  it('works with the right token', async () => {
    const c = new GithubStarClient({ apiUrl: github.url, token: TOKEN, timeoutMs: 2000, repo: REPO, log: testLogger() });
    expect(await c.check('alice')).toEqual({ status: 'starred' });
  });

  it('turns a 401 into retry_later and an error log that never holds the token', async () => {
    const wrong = 'ghp_wrong_token_abcdefghijkl';
    const logs = captureLogger('trace');
    const c = new GithubStarClient({ apiUrl: github.url, token: wrong, timeoutMs: 2000, repo: REPO, log: logs.log, now: () => NOW });
    const r = await c.check('alice');
    expect(r).toMatchObject({ status: 'retry_later', reason: expect.stringMatching(/token/i) });
    if (r.status === 'retry_later') expect(r.retryAt).toBeGreaterThan(NOW);
    const errors = logs.lines().filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.msg)).toMatch(/GITHUB_TOKEN/);
    expect(logs.text()).not.toContain(wrong);
    expect(logs.text()).not.toContain(TOKEN);
  });
});

describe('GithubStarClient without a server', () => {
  it('turns a refused connection into retry_later', async () => {
    const github = await startFakeGithub();
    const url = github.url;
    await github.stop();
    const c = new GithubStarClient({ apiUrl: url, token: null, timeoutMs: 2000, repo: REPO, log: testLogger(), now: () => NOW });
    const r = await c.check('alice');
    expect(r).toMatchObject({ status: 'retry_later', reason: expect.stringMatching(/ECONNREFUSED/) });
    if (r.status === 'retry_later') expect(r.retryAt).toBeGreaterThan(NOW);
  });
});

describe('fake GitHub routes', () => {
  let github: FakeGithub;

  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterAll(async () => {
    await github?.stop();
  });

  it('answers unknown routes with a JSON 404 and sends rate-limit headers', async () => {
    const res = await fetch(`${github.url}/repos/owner-name/hermes`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Not Found' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(60);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });
});
