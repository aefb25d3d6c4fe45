import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database.js';
import type { ConversationState, NewConversation } from '../../src/db/schema.js';
import { startFakeGithub, type FakeGithub } from '../../src/devservers/fake-github.js';
import { GithubStarClient } from '../../src/github/star-client.js';
import { countDue } from '../../src/outbound/outbox.repository.js';
import { Scheduler, type SchedulerRun } from '../../src/scheduler/scheduler.js';
import { captureLogger } from '../support/logger.js';
import { tempDir } from '../support/temp-dir.js';

const OWNER = 'owner@example.test';
const HERMES = 'hermes@example.test';
const REPO = { owner: 'alex-owner', name: 'hermes' };
const RECHECK_SECONDS = 900;
const GHOST_AFTER = 4;

describe('Scheduler against a migrated SQLite database and the fake GitHub', () => {
  let github: FakeGithub;
  let workDir: string;
  let fileCounter = 0;
  let db: Db;
  let file: string;
  let config: Readonly<Config>;
  let now: number;
  /** Runs inside the scheduler's clock: lets a test change the database between its reads and writes. */
  let onNow: (() => void) | null;
  let kicks: number;
  let capture: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    github = await startFakeGithub();
    workDir = tempDir('hermes-scheduler-');
  });
  afterAll(async () => {
    await github?.stop();
  });

  beforeEach(async () => {
    file = path.join(workDir, `s-${fileCounter++}.sqlite`);
    config = loadConfig({
      DATABASE_PATH: file,
      HERMES_ADDRESS: HERMES,
      OWNER_ALERT_ADDRESS: OWNER,
      GITHUB_REPO: `${REPO.owner}/${REPO.name}`,
      GITHUB_API_URL: github.url,
      GITHUB_TIMEOUT_MS: '2000',
      STAR_RECHECK_INTERVAL_SECONDS: String(RECHECK_SECONDS),
      GHOST_AFTER_UNANSWERED: String(GHOST_AFTER),
    });
    db = openDatabase(file);
    await migrateToLatest(db);
    // Real time (frozen per test): the fake GitHub lifts rate limits by its own clock.
    now = Date.now();
    onNow = null;
    kicks = 0;
    capture = captureLogger();
  });
  afterEach(async () => {
    github.setRateLimited(null);
    github.setFailure(null);
    github.setDelay(0);
    github.requests.length = 0;
    await db.destroy();
  });

  function scheduler(over: { config?: Readonly<Config>; withoutGithub?: boolean } = {}): Scheduler {
    const cfg = over.config ?? config;
    const clock = () => {
      onNow?.();
      return now;
    };
    const stars = new GithubStarClient({ apiUrl: cfg.github.apiUrl, token: cfg.github.token, timeoutMs: cfg.github.timeoutMs, repo: cfg.github.repo!, log: capture.log, now: clock });
    return new Scheduler({
      db,
      config: cfg,
      log: capture.log,
      checkStar: over.withoutGithub ? null : (username) => stars.check(username),
      kickSender: () => {
        kicks++;
      },
      dueReplies: () => countDue(db, now),
      now: clock,
    });
  }

  async function conversation(values: Partial<NewConversation> & { state: ConversationState }): Promise<number> {
    const sender = values.sender ?? `recruiter${fileCounter}-${Math.random().toString(36).slice(2, 8)}@talentco.example`;
    const { id } = await db
      .insertInto('conversations')
      .values({ domain: 'talentco.example', to_address: HERMES, channel: 'standard', subject: 'Backend role', created_at: now - 60_000, updated_at: now - 60_000, ...values, sender })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function message(conversationId: number, direction: 'inbound' | 'outbound', body: string): Promise<void> {
    const conv = await db.selectFrom('conversations').select('sender').where('id', '=', conversationId).executeTakeFirstOrThrow();
    await db
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        direction,
        sender: direction === 'inbound' ? conv.sender : HERMES,
        recipient: direction === 'inbound' ? HERMES : conv.sender,
        subject: 'Backend role',
        body_text: body,
        created_at: now - 30_000,
      })
      .execute();
  }

  const row = (id: number) => db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logged = (msg: string) => capture.lines().filter((l) => l.msg === msg);
  /** The user names the fake GitHub was asked about, in order (the direct check and the listing each count). */
  const askedAbout = () => github.requests.map((r) => /^\/users\/([^/?]+)/.exec(r.path)?.[1]);

  it('a starred AWAITING_STAR conversation becomes STARRED with a star alert to the owner carrying the thread', async () => {
    const id = await conversation({ state: 'AWAITING_STAR', github_username: 'dana-talentco', star_check_after: now - 1000 });
    await message(id, 'inbound', 'Hi Alex, my GitHub is github.com/dana-talentco.');
    await message(id, 'outbound', 'Thanks Dana! Once the star is there we can talk.');
    github.star('dana-talentco', REPO.owner, REPO.name);

    const run = await scheduler().runOnce();

    expect(run).toEqual({ stars: { checked: 1, starred: 1, notYet: 0, retryLater: 0 }, ghosted: 0, dueSends: 1 });
    const conv = await row(id);
    expect(conv).toMatchObject({ state: 'STARRED', star_verified: 1, star_checked_at: now, star_check_after: null });
    const outbox = await db.selectFrom('outbox').selectAll().where('conversation_id', '=', id).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'alert', to_address: OWNER, from_address: HERMES, status: 'pending' });
    expect(outbox[0]!.subject).toContain('starred your repository');
    expect(outbox[0]!.body_text).toContain('GitHub user dana-talentco starred alex-owner/hermes');
    expect(outbox[0]!.body_text).toContain('my GitHub is github.com/dana-talentco.');
    expect(outbox[0]!.body_text).toContain('Once the star is there we can talk.');
    expect(logged('state AWAITING_STAR -> STARRED')).toEqual([expect.objectContaining({ conversationId: id })]);
    // The new alert is due now: the sender is told.
    expect(kicks).toBe(1);
    expect(logged('scheduler run')).toEqual([expect.objectContaining({ stars: run!.stars, ghosted: 0, dueSends: 1 })]);
  });

  it('a conversation not starred yet is checked again after STAR_RECHECK_INTERVAL_SECONDS; a null check time counts as due', async () => {
    const id = await conversation({ state: 'AWAITING_STAR', github_username: 'sam-hiring', star_check_after: null });

    const run = await scheduler().runOnce();

    expect(run?.stars).toEqual({ checked: 1, starred: 0, notYet: 1, retryLater: 0 });
    expect(await row(id)).toMatchObject({ state: 'AWAITING_STAR', star_verified: 0, star_checked_at: now, star_check_after: now + RECHECK_SECONDS * 1000 });
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(kicks).toBe(0);
    expect(logged('state AWAITING_STAR -> STARRED')).toEqual([]);
  });

  it('a rate limit parks the conversation until GitHub\'s reset time without changing its state', async () => {
    const id = await conversation({ state: 'AWAITING_STAR', github_username: 'morgan-sourcer', star_check_after: now - 10 });
    const second = await conversation({ state: 'AWAITING_STAR', github_username: 'sam-hiring', star_check_after: now - 1 });
    const until = Math.floor(now / 1000) + 1200;
    github.setRateLimited(until, 403);
    github.star('morgan-sourcer', REPO.owner, REPO.name);

    const run = await scheduler().runOnce();

    expect(run?.stars).toEqual({ checked: 1, starred: 0, notYet: 0, retryLater: 1 });
    expect(await row(id)).toMatchObject({ state: 'AWAITING_STAR', star_verified: 0, star_checked_at: now, star_check_after: until * 1000 });
    // The rest of the batch is not sent into the same limit: it waits for the reset too.
    expect(askedAbout()).toEqual(['morgan-sourcer']);
    expect(await row(second)).toMatchObject({ state: 'AWAITING_STAR', star_checked_at: null, star_check_after: until * 1000 });
    expect(logged('star checks postponed')).toEqual([expect.objectContaining({ postponed: 1 })]);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);

    // Not due again before the reset: the next run does not ask GitHub at all.
    github.requests.length = 0;
    github.setRateLimited(null);
    expect((await scheduler().runOnce())?.stars.checked).toBe(0);
    expect(github.requests).toEqual([]);
  });

  it('checks only AWAITING_STAR conversations that are due and have a username', async () => {
    const due = await conversation({ state: 'AWAITING_STAR', github_username: 'due-user', star_check_after: now });
    const later = await conversation({ state: 'AWAITING_STAR', github_username: 'later-user', star_check_after: now + 60_000 });
    const noName = await conversation({ state: 'AWAITING_STAR', github_username: null, star_check_after: null });
    const engaging = await conversation({ state: 'ENGAGING', github_username: 'engaging-user', star_check_after: now - 60_000 });
    github.star('later-user', REPO.owner, REPO.name);
    github.star('engaging-user', REPO.owner, REPO.name);

    const run = await scheduler().runOnce();

    expect(run?.stars).toEqual({ checked: 1, starred: 0, notYet: 1, retryLater: 0 });
    expect(new Set(askedAbout())).toEqual(new Set(['due-user']));
    expect(await row(later)).toMatchObject({ state: 'AWAITING_STAR', star_checked_at: null, star_check_after: now + 60_000 });
    expect(await row(noName)).toMatchObject({ state: 'AWAITING_STAR', star_checked_at: null });
    expect(await row(engaging)).toMatchObject({ state: 'ENGAGING', star_verified: 0, star_checked_at: null });
    expect((await row(due)).star_check_after).toBe(now + RECHECK_SECONDS * 1000);
  });

  /**
   * Runs the scheduler with a slow GitHub and, once its request is in flight, changes the row
   * through a second connection, as the pipeline would.
   */
  async function changeDuringStarCheck(update: string, id: number) {
    github.setDelay(300);
    const other = new SQLite(file);
    try {
      const running = scheduler().runOnce();
      const deadline = Date.now() + 5000;
      while (github.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(github.requests).toHaveLength(1);
      other.prepare(update).run(id);
      return await running;
    } finally {
      other.close();
    }
  }

  it('does not overwrite a conversation the pipeline moved away from AWAITING_STAR during the GitHub call', async () => {
    const id = await conversation({ state: 'AWAITING_STAR', github_username: 'racer', star_check_after: null });
    github.star('racer', REPO.owner, REPO.name);
    const run = await changeDuringStarCheck(`UPDATE conversations SET state = 'ESCALATED', escalation_reason = 'threat' WHERE id = ?`, id);
    expect(run?.stars).toMatchObject({ checked: 1, starred: 1 });
    expect(await row(id)).toMatchObject({ state: 'ESCALATED', star_verified: 0, escalation_reason: 'threat' });
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(logged('state AWAITING_STAR -> STARRED')).toEqual([]);
  });

  it('does not credit a star to a username the recruiter corrected during the GitHub call', async () => {
    const id = await conversation({ state: 'AWAITING_STAR', github_username: 'old-name', star_check_after: null });
    github.star('old-name', REPO.owner, REPO.name);
    await changeDuringStarCheck(`UPDATE conversations SET github_username = 'new-name' WHERE id = ?`, id);
    expect(await row(id)).toMatchObject({ state: 'AWAITING_STAR', star_verified: 0, github_username: 'new-name' });
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);

    // The next run checks the corrected name.
    github.setDelay(0);
    github.requests.length = 0;
    expect((await scheduler().runOnce())?.stars).toMatchObject({ checked: 1, starred: 0 });
    expect(new Set(askedAbout())).toEqual(new Set(['new-name']));
  });

  it('ghosts open conversations with GHOST_AFTER_UNANSWERED unanswered replies; fewer, and terminal states, stay', async () => {
    const silent = await conversation({ state: 'QUALIFYING', unanswered_replies: GHOST_AFTER });
    const verySilent = await conversation({ state: 'AWAITING_STAR', github_username: null, unanswered_replies: GHOST_AFTER + 3 });
    const notYet = await conversation({ state: 'ENGAGING', unanswered_replies: GHOST_AFTER - 1 });
    const starred = await conversation({ state: 'STARRED', star_verified: 1, unanswered_replies: GHOST_AFTER + 1 });
    const escalated = await conversation({ state: 'ESCALATED', unanswered_replies: GHOST_AFTER + 1 });

    const run = await scheduler().runOnce();

    expect(run).toEqual({ stars: { checked: 0, starred: 0, notYet: 0, retryLater: 0 }, ghosted: 2, dueSends: 0 });
    expect((await row(silent)).state).toBe('GHOSTED');
    expect((await row(verySilent)).state).toBe('GHOSTED');
    expect((await row(notYet)).state).toBe('ENGAGING');
    expect((await row(starred)).state).toBe('STARRED');
    expect((await row(escalated)).state).toBe('ESCALATED');
    const lines = capture.lines().filter((l) => typeof l.msg === 'string' && (l.msg as string).endsWith('-> GHOSTED'));
    expect(lines.map((l) => [l.conversationId, l.msg]).sort()).toEqual(
      [
        [silent, 'state QUALIFYING -> GHOSTED'],
        [verySilent, 'state AWAITING_STAR -> GHOSTED'],
      ].sort(),
    );
    expect(kicks).toBe(0);
    // A second run finds nothing more to do.
    expect((await scheduler().runOnce())?.ghosted).toBe(0);
  });

  it('does not count or log a ghosting when the recruiter answered between the scheduler\'s read and its write', async () => {
    const moved = await conversation({ state: 'ENGAGING', unanswered_replies: GHOST_AFTER });
    const answered = await conversation({ state: 'QUALIFYING', unanswered_replies: GHOST_AFTER });
    const other = new SQLite(file);
    try {
      // Without star checks the scheduler's first clock reading is between selecting the silent
      // conversations and updating them: the pipeline commits the recruiters' answers right
      // there, once with a new state, once in the same state (its counter reset only).
      onNow = () => {
        other.prepare(`UPDATE conversations SET state = 'QUALIFYING', unanswered_replies = 0 WHERE id = ?`).run(moved);
        other.prepare(`UPDATE conversations SET unanswered_replies = 0 WHERE id = ?`).run(answered);
        onNow = null;
      };
      const run = await scheduler({ withoutGithub: true }).runOnce();
      expect(run?.ghosted).toBe(0);
    } finally {
      other.close();
    }
    expect(await row(moved)).toMatchObject({ state: 'QUALIFYING', unanswered_replies: 0 });
    expect(await row(answered)).toMatchObject({ state: 'QUALIFYING', unanswered_replies: 0 });
    expect(capture.lines().filter((l) => typeof l.msg === 'string' && (l.msg as string).endsWith('-> GHOSTED'))).toEqual([]);
  });

  it('reports due sends and kicks the sender for them', async () => {
    const id = await conversation({ state: 'ENGAGING' });
    const { id: messageRowId } = await db
      .insertInto('messages')
      .values({ conversation_id: id, direction: 'outbound', sender: HERMES, recipient: 'x@talentco.example', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outbox = (status: 'pending' | 'failed', at: number, n: number) => ({
      conversation_id: id,
      message_row_id: messageRowId,
      rfc_message_id: `<hermes.${n}@example.test>`,
      from_address: HERMES,
      to_address: 'x@talentco.example',
      subject: 'Re: Backend role',
      body_text: 'body',
      status,
      next_attempt_at: at,
      created_at: now,
    });
    await db.insertInto('outbox').values([outbox('pending', now - 1, 1), outbox('pending', now + 60_000, 2), outbox('failed', now - 1, 3)]).execute();

    const run = await scheduler().runOnce();

    expect(run).toEqual({ stars: { checked: 0, starred: 0, notYet: 0, retryLater: 0 }, ghosted: 0, dueSends: 1 });
    expect(kicks).toBe(1);
  });

  it('concurrent runOnce calls share one run; the next call starts a new one', async () => {
    await conversation({ state: 'AWAITING_STAR', github_username: 'shared-run', star_check_after: null });
    github.setDelay(100);
    const s = scheduler();

    const a = s.runOnce();
    const b = s.runOnce();
    expect(b).toBe(a);
    const [ra, rb] = await Promise.all([a, b]);
    expect(rb).toBe(ra);
    expect(ra?.stars.checked).toBe(1);
    // One check: the per-repository request and the listing after its 404.
    expect(askedAbout()).toEqual(['shared-run', 'shared-run']);
    expect(logged('scheduler run')).toHaveLength(1);

    const c = s.runOnce();
    expect(c).not.toBe(a);
    expect((await c)?.stars.checked).toBe(0);
    expect(logged('scheduler run')).toHaveLength(2);
  });

  it('start() runs the jobs on its timer and stop() leaves no timer behind', async () => {
    // The shortest interval the settings allow is 5 s; the scheduler's own config is shortened here.
    const fast: Readonly<Config> = { ...config, brain: { ...config.brain, schedulerIntervalMs: 30 } };
    const s = scheduler({ config: fast });
    const runs = () => logged('scheduler run').length;

    s.start();
    const deadline = Date.now() + 5000;
    while (runs() < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(runs()).toBeGreaterThanOrEqual(3);
    await s.stop();
    const afterStop = runs();
    await new Promise((r) => setTimeout(r, 200));
    expect(runs()).toBe(afterStop);

    // Started twice (or again before a run finished): still one timer, and stop() ends it.
    s.start();
    s.start();
    await s.stop();
    const afterSecondStop = runs();
    await new Promise((r) => setTimeout(r, 200));
    expect(runs()).toBe(afterSecondStop);
  });

  it('stop() waits for the GitHub call in flight and checks nothing more', async () => {
    await conversation({ state: 'AWAITING_STAR', github_username: 'slow-check', star_check_after: null });
    await conversation({ state: 'AWAITING_STAR', github_username: 'next-in-batch', star_check_after: null });
    github.setDelay(200);
    const s = scheduler();
    const running = s.runOnce();
    const deadline = Date.now() + 5000;
    while (github.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    let settled = false;
    void running.then(() => {
      settled = true;
    });
    await s.stop();
    expect(settled).toBe(true);
    const run: SchedulerRun | null = await running;
    expect(run?.stars.checked).toBe(1);
    expect(askedAbout()).not.toContain('next-in-batch');
  });
});
