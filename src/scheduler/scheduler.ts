import type { Config } from '../config/config.js';
import { advance, describeTransition } from '../conversations/state-machine.js';
import { transaction, type Db } from '../db/database.js';
import { TERMINAL_STATES } from '../db/schema.js';
import { nextStarCheckAt, starAlertReason, type StarCheck } from '../github/star-client.js';
import { queueOwnerAlert } from '../outbound/owner-mail.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';

export interface SchedulerDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  /** null when no repository is configured: nothing to check. */
  checkStar: ((username: string) => Promise<StarCheck>) | null;
  /** Tells the sender that rows may be due (new alerts, retries whose time has come). */
  kickSender: () => void;
  dueReplies: () => Promise<number>;
  now?: () => number;
}

export interface SchedulerRun {
  stars: { checked: number; starred: number; notYet: number; retryLater: number };
  ghosted: number;
  dueSends: number;
}

/** Conversations checked per run, so a long queue cannot hold a run open for minutes. */
const STAR_BATCH = 25;

/**
 * In-process periodic jobs: re-check stars of conversations waiting for one, ghost
 * conversations that stopped answering, and nudge the sender about due retries. Each run logs
 * its counts. Runs never overlap; a failing job is logged and the next run tries again.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SchedulerRun | null> | null = null;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly deps: SchedulerDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.schedule(Math.min(5_000, this.deps.config.brain.schedulerIntervalMs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One run of every job now (also what the timer calls); concurrent calls share the run. */
  runOnce(): Promise<SchedulerRun | null> {
    this.running ??= this.runJobs().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(ms: number): void {
    // One timer at most: a second start(), or a start() while a timed run is still finishing,
    // must not leave an earlier timer that fires after stop().
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().finally(() => this.schedule(this.deps.config.brain.schedulerIntervalMs));
    }, ms);
    this.timer.unref();
  }

  private async runJobs(): Promise<SchedulerRun | null> {
    const { log } = this.deps;
    try {
      const stars = await this.recheckStars();
      const ghosted = await this.ghostSilent();
      const dueSends = await this.deps.dueReplies();
      if (dueSends > 0 || stars.starred > 0) this.deps.kickSender();
      const run = { stars, ghosted, dueSends };
      log.info(run, 'scheduler run');
      return run;
    } catch (err) {
      log.error({ err: { message: errorMessage(err) } }, 'scheduler run failed');
      return null;
    }
  }

  /** AWAITING_STAR conversations whose next check is due; the GitHub call happens outside any transaction. */
  private async recheckStars(): Promise<SchedulerRun['stars']> {
    const { db, config, log, checkStar } = this.deps;
    const counts = { checked: 0, starred: 0, notYet: 0, retryLater: 0 };
    if (!checkStar) return counts;
    const now = this.now();
    const due = await db
      .selectFrom('conversations')
      .select(['id', 'github_username', 'sender', 'subject'])
      .where('state', '=', 'AWAITING_STAR')
      .where('github_username', 'is not', null)
      .where((eb) => eb.or([eb('star_check_after', 'is', null), eb('star_check_after', '<=', now)]))
      .orderBy('star_check_after')
      .limit(STAR_BATCH)
      .execute();
    for (const [i, conv] of due.entries()) {
      if (this.stopped) break;
      const result = await checkStar(conv.github_username!);
      counts.checked++;
      const at = this.now();
      if (result.status === 'starred') {
        counts.starred++;
        const moved = await transaction(db, async (tx) => {
          // Re-read inside the transaction: the pipeline may have moved the conversation meanwhile.
          // A corrected username arriving meanwhile is checked on the next run, not credited with this star.
          const current = await tx.selectFrom('conversations').select(['state', 'github_username']).where('id', '=', conv.id).executeTakeFirst();
          if (current?.state !== 'AWAITING_STAR' || current.github_username !== conv.github_username) return false;
          await tx
            .updateTable('conversations')
            .set({ state: 'STARRED', star_verified: 1, star_checked_at: at, star_check_after: null, updated_at: at })
            .where('id', '=', conv.id)
            .execute();
          const alerted = await queueOwnerAlert(tx, config, {
            kind: 'star',
            conversationId: conv.id,
            sender: conv.sender,
            subject: conv.subject,
            reasons: [starAlertReason(conv.github_username, config.github.repo)],
            now: at,
          });
          if (!alerted) log.warn({ conversationId: conv.id }, 'star alert not sent: OWNER_ALERT_ADDRESS is not set');
          return true;
        });
        if (moved) log.info({ conversationId: conv.id }, 'state AWAITING_STAR -> STARRED');
      } else {
        const next = nextStarCheckAt(result, at, config.github.recheckIntervalMs);
        if (result.status === 'retry_later') counts.retryLater++;
        else counts.notYet++;
        await db.updateTable('conversations').set({ star_checked_at: at, star_check_after: next }).where('id', '=', conv.id).execute();
        if (result.status === 'retry_later') {
          // Rate limited (or GitHub is failing): asking about the rest of the batch now would only
          // hit the same wall, and GitHub penalises clients that keep asking. They wait as long.
          const rest = due.slice(i + 1).map((c) => c.id);
          if (rest.length > 0) {
            await db.updateTable('conversations').set({ star_check_after: next }).where('id', 'in', rest).where('state', '=', 'AWAITING_STAR').execute();
            log.info({ postponed: rest.length, until: new Date(next).toISOString(), reason: result.reason }, 'star checks postponed');
          }
          break;
        }
      }
    }
    return counts;
  }

  /** Conversations with GHOST_AFTER_UNANSWERED replies in a row and no answer go quiet for good. */
  private async ghostSilent(): Promise<number> {
    const { db, config, log } = this.deps;
    const ghostAfter = config.brain.ghostAfterUnanswered;
    const silent = await db
      .selectFrom('conversations')
      .select(['id', 'state', 'unanswered_replies', 'github_username', 'star_verified', 'pii_stalled'])
      .where('state', 'not in', TERMINAL_STATES)
      .where('unanswered_replies', '>=', ghostAfter)
      .execute();
    let ghosted = 0;
    for (const conv of silent) {
      const t = advance(conv.state, 'silence', {
        escalate: false,
        githubUsername: conv.github_username,
        starVerified: conv.star_verified === 1,
        piiStalled: conv.pii_stalled === 1,
        unansweredReplies: conv.unanswered_replies,
        ghostAfter,
      });
      if (t.to === conv.state) continue;
      const at = this.now();
      const res = await db
        .updateTable('conversations')
        .set({ state: t.to, updated_at: at })
        .where('id', '=', conv.id)
        .where('state', '=', conv.state)
        .where('unanswered_replies', '>=', ghostAfter)
        .executeTakeFirst();
      // The pipeline may have handled an answer meanwhile: then nothing moved, nothing to count or log.
      if (Number(res.numUpdatedRows) !== 1) continue;
      ghosted++;
      log.info({ conversationId: conv.id, reason: t.reason }, describeTransition(t));
    }
    return ghosted;
  }
}
