import { ImapFlow, type FetchMessageObject, type MailboxObject } from 'imapflow';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { storeFetched } from '../intake/raw-message.repository.js';
import { peekMessageId } from '../parse/parse-email.js';
import { backoffDelay } from '../shared/backoff.js';
import { CoalescingLoop } from '../shared/coalescing-loop.js';
import type { Logger } from '../shared/logger.js';
import { getMailboxState, saveMailboxState } from './mailbox.repository.js';
import { planSync } from './sync-plan.js';

export type ImapConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'stopped';

export interface WatcherDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  /** Called after new messages were stored, so the pipeline can pick them up. */
  onStored: () => void;
  now?: () => number;
}

/** The backoff resets only after a connection has stayed up this long, so a flapping server is not hammered. */
const STABLE_CONNECTION_MS = 60_000;

/**
 * Owns the IMAP connection: one ImapFlow per attempt (instances are single-use), IDLE through
 * imapflow's auto-idle, a sync whenever the server reports new mail, a periodic resync in case
 * IDLE died silently, and capped exponential backoff with jitter between attempts.
 */
export class MailboxWatcher {
  state: ImapConnectionState = 'idle';
  lastSyncAt: number | null = null;
  /** True once a full sync has completed since this process started. */
  caughtUp = false;
  lastError: string | null = null;

  private current: ImapFlow | null = null;
  private stopped = false;
  private attempt = 0;
  /** Sync requests of the current connection: at most one runs, one more follows if mail arrived meanwhile. */
  private syncs: CoalescingLoop | null = null;
  private resyncTimer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private runPromise: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: WatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.runPromise = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.state = 'stopped';
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    this.wake?.();
    const client = this.current;
    await this.syncs?.stop();
    if (client) {
      await Promise.race([client.logout().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000))]);
      client.close();
    }
    await this.runPromise?.catch(() => undefined);
  }

  private async run(): Promise<void> {
    const { log, config } = this.deps;
    while (!this.stopped) {
      const startedAt = this.now();
      try {
        await this.session();
      } catch (err) {
        this.lastError = (err as Error).message ?? String(err);
        log.warn({ err: { message: this.lastError, code: (err as { code?: string }).code } }, 'IMAP session ended with an error');
      }
      this.state = this.stopped ? 'stopped' : 'disconnected';
      if (this.stopped) break;
      if (this.now() - startedAt >= STABLE_CONNECTION_MS) this.attempt = 0;
      this.attempt += 1;
      const delay = backoffDelay(this.attempt, config.imap.backoffBaseMs, config.imap.backoffMaxMs);
      log.info({ attempt: this.attempt, delayMs: delay }, 'IMAP reconnecting after delay');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One connection's life: connect, open, sync, then wait for the connection to end. */
  private async session(): Promise<void> {
    const { config, log } = this.deps;
    this.state = 'connecting';
    const client = new ImapFlow({
      host: config.imap.host,
      port: config.imap.port,
      secure: config.imap.secure,
      auth: { user: config.imap.user, pass: config.imap.password },
      tls: { rejectUnauthorized: config.imap.rejectUnauthorized },
      // imapflow is chatty at debug; keep it at warn unless tracing, never louder than the root.
      logger: log.child({ component: 'imapflow' }, { level: log.isLevelEnabled('trace') ? 'debug' : log.isLevelEnabled('warn') ? 'warn' : log.level }),
      autoIdleDelay: config.imap.idleDelayMs,
      // Restart IDLE now and then so NAT boxes and proxies do not drop a quiet connection.
      maxIdleTime: Math.min(config.imap.resyncIntervalMs, 25 * 60_000),
      connectionTimeout: 30_000,
      greetingTimeout: 16_000,
      disableAutoEnable: false,
    });
    this.current = client;
    const syncs = new CoalescingLoop(
      () => this.sync(client),
      (err) => {
        log.warn({ err: { message: (err as Error).message } }, 'mailbox sync failed');
        // A failed command on a live socket means the connection is unusable; reconnect.
        void syncs.stop();
        client.close();
      },
    );
    this.syncs = syncs;
    const closed = new Promise<void>((resolve) => {
      client.on('close', () => resolve());
    });
    client.on('error', (err: Error) => {
      if (client !== this.current) return;
      this.lastError = err.message;
      log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'IMAP connection error');
    });
    client.on('exists', () => syncs.kick());
    try {
      await client.connect();
      if (this.stopped) return;
      await client.mailboxOpen(config.imap.mailbox);
      if (this.stopped) return;
      this.state = 'connected';
      log.info({ mailbox: config.imap.mailbox }, 'IMAP connected');
      syncs.start();
      await syncs.settled();
      this.resyncTimer = setInterval(() => syncs.kick(), config.imap.resyncIntervalMs);
      this.resyncTimer.unref();
      await closed;
    } finally {
      await syncs.stop();
      if (this.resyncTimer) clearInterval(this.resyncTimer);
      this.resyncTimer = null;
      if (this.current === client) this.current = null;
      client.close();
    }
  }

  private async sync(client: ImapFlow): Promise<void> {
    const { db, config, log } = this.deps;
    const mailbox = config.imap.mailbox;
    const box = client.mailbox as MailboxObject | false;
    if (!box) throw new Error('mailbox is not open');
    const server = { uidvalidity: Number(box.uidValidity), uidNext: box.uidNext, exists: box.exists };
    const stored = await getMailboxState(db, mailbox);
    const plan = planSync(stored ? { uidvalidity: stored.uidvalidity, lastUid: stored.last_uid } : null, server, {
      backfill: config.imap.backfillOnFirstRun,
      lastSyncAt: stored?.last_sync_at ?? null,
    });
    let lastUid = stored && plan.kind !== 'uidvalidity-reset' ? stored.last_uid : 0;
    let storedCount = 0;

    if (plan.kind === 'fetch' && server.exists > 0) {
      if (plan.reason !== 'new-mail') log.info({ exists: server.exists, answerable: plan.answerable }, 'first run: recording the mail already in the mailbox');
      const uids = await this.listUids(client, plan.fromUid);
      for (let i = 0; i < uids.length && !this.stopped; i += config.imap.fetchBatch) {
        const chunk = uids.slice(i, i + config.imap.fetchBatch);
        for await (const msg of client.fetch(chunk.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
          if (await this.store(msg, server.uidvalidity, plan.answerable)) storedCount++;
          lastUid = Math.max(lastUid, msg.uid);
        }
        await saveMailboxState(db, mailbox, server.uidvalidity, lastUid, this.now(), false);
        if (storedCount > 0) this.deps.onStored();
      }
    } else if (plan.kind === 'uidvalidity-reset') {
      log.warn({ old: stored?.uidvalidity, new: server.uidvalidity }, 'UIDVALIDITY changed: re-reading the mailbox without replaying known mail');
      lastUid = await this.resyncAfterReset(client, server.uidvalidity, plan.answerableAfter);
    }
    if (this.stopped) return;
    if (server.exists === 0) lastUid = Math.max(lastUid, server.uidNext - 1);
    await saveMailboxState(db, mailbox, server.uidvalidity, lastUid, this.now(), true);
    this.lastSyncAt = this.now();
    this.caughtUp = true;
    if (storedCount > 0) {
      log.debug({ stored: storedCount }, 'mailbox synced');
      this.deps.onStored();
    }
  }

  private async listUids(client: ImapFlow, fromUid: number): Promise<number[]> {
    const uids: number[] = [];
    // "N:*" always includes the highest UID even when it is below N (RFC 3501 §6.4.8): filter.
    for await (const msg of client.fetch(`${fromUid}:*`, { uid: true }, { uid: true })) {
      if (msg.uid >= fromUid) uids.push(msg.uid);
    }
    return uids.sort((a, b) => a - b);
  }

  private async resyncAfterReset(client: ImapFlow, uidvalidity: number, answerableAfter: number | null): Promise<number> {
    const { db } = this.deps;
    const unknown: Array<{ uid: number; answerable: boolean }> = [];
    let maxUid = 0;
    if ((client.mailbox as MailboxObject).exists > 0) {
      for await (const msg of client.fetch('1:*', { uid: true, envelope: true, internalDate: true }, { uid: true })) {
        maxUid = Math.max(maxUid, msg.uid);
        const id = msg.envelope?.messageId;
        if (id) {
          const known = await db.selectFrom('raw_messages').select('id').where('message_id', '=', id).executeTakeFirst();
          if (known) continue;
        }
        const date = msg.internalDate ? new Date(msg.internalDate).getTime() : 0;
        unknown.push({ uid: msg.uid, answerable: answerableAfter !== null && date > answerableAfter });
      }
    }
    for (const { uid, answerable } of unknown) {
      const msg = await client.fetchOne(String(uid), { uid: true, source: true, internalDate: true }, { uid: true });
      if (msg) await this.store(msg, uidvalidity, answerable);
    }
    if (unknown.length > 0) this.deps.onStored();
    return maxUid;
  }

  private async store(msg: FetchMessageObject, uidvalidity: number, answerable: boolean): Promise<boolean> {
    if (!msg.source) return false;
    const internalDate = msg.internalDate ? new Date(msg.internalDate).getTime() : null;
    const result = await storeFetched(
      this.deps.db,
      {
        mailbox: this.deps.config.imap.mailbox,
        uidvalidity,
        uid: msg.uid,
        raw: msg.source,
        internalDate: Number.isNaN(internalDate) ? null : internalDate,
        messageId: peekMessageId(msg.source),
        answerable,
      },
      this.now(),
    );
    if (!result.stored) this.deps.log.debug({ uid: msg.uid, reason: result.reason }, 'message already stored');
    return result.stored;
  }
}
