import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { OutboxRow } from '../db/schema.js';
import { backoffDelay } from '../shared/backoff.js';
import { CoalescingLoop } from '../shared/coalescing-loop.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { classifyDeliveryError } from './delivery-error.js';
import {
  dueOutbox,
  findOutboxByRfcId,
  inDoubtRows,
  markFailed,
  markRetry,
  markSending,
  markSent,
  nextDueTime,
} from './outbox.repository.js';

export interface SenderDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  transport: Transporter;
  /** True once the mailbox has been fully read after this process started (for reconciliation). */
  mailboxCaughtUp: () => boolean;
  /** True when a message with this Message-ID has been fetched from our mailbox. */
  seenInMailbox: (rfcMessageId: string) => Promise<boolean>;
  now?: () => number;
}

export function createTransport(smtp: Config['smtp']): Transporter {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: smtp.maxConnections,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'implicit',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    tls: { rejectUnauthorized: smtp.rejectUnauthorized },
    connectionTimeout: Math.min(smtp.timeoutMs, 30_000),
    greetingTimeout: Math.min(smtp.timeoutMs, 30_000),
    socketTimeout: smtp.timeoutMs,
  });
}

/**
 * Delivers outbox rows. A row is claimed (status 'sending') in its own commit before the SMTP
 * transaction starts, so after a crash every row that might have reached the server is known:
 * those are reconciled by their Message-ID instead of being sent blindly again.
 */
export class OutboxSender {
  private readonly now: () => number;
  private readonly inFlight = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly loop: CoalescingLoop;
  /** Rows left in 'sending' by an earlier process; none can appear while this one runs. */
  private mayHaveInDoubt = true;

  constructor(private readonly deps: SenderDeps) {
    this.now = deps.now ?? Date.now;
    this.loop = new CoalescingLoop(
      () => this.pass(),
      (err) => deps.log.error({ err: { message: errorMessage(err) } }, 'outbox pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass soon; calls while a pass runs coalesce into one more pass. */
  kick(): void {
    this.loop.kick();
  }

  /** Lets SMTP sends in flight finish; starts no new ones. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop.stop();
    await Promise.allSettled(this.inFlight.values());
  }

  /**
   * A message with this Message-ID came in through the mailbox. When it is the sent copy of one
   * of our replies, the relay certainly accepted that reply.
   */
  async confirmFromCopy(rfcMessageId: string): Promise<'not-ours' | 'confirmed' | 'already-known'> {
    const row = await findOutboxByRfcId(this.deps.db, rfcMessageId);
    if (!row) return 'not-ours';
    if (row.status === 'sent' || this.inFlight.has(row.id)) return 'already-known';
    await markSent(this.deps.db, row, this.now(), null, 'sent-copy');
    this.deps.log.info({ outboxId: row.id, conversationId: row.conversation_id }, 'in-doubt reply confirmed by its sent copy');
    return 'confirmed';
  }

  private async pass(): Promise<void> {
    try {
      await this.reconcile();
      await this.sendDue();
    } finally {
      await this.schedule();
    }
  }

  /** Wakes up for the next due retry, and now and then to reconcile in-doubt rows. */
  private async schedule(): Promise<void> {
    if (this.loop.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    let next: number | null = null;
    try {
      next = await nextDueTime(this.deps.db);
    } catch {
      next = null;
    }
    // Nothing due: wake within the reconcile grace period (for in-doubt rows), at most a minute.
    const grace = this.deps.config.outbox.reconcileGraceMs;
    const wait = next === null ? Math.min(60_000, Math.max(1_000, grace)) : Math.max(0, next - this.now());
    if (this.loop.stopped) return;
    this.timer = setTimeout(() => this.kick(), Math.min(wait, 60_000));
    this.timer.unref();
  }

  private async reconcile(): Promise<void> {
    if (!this.mayHaveInDoubt) return;
    const { config, log, db } = this.deps;
    const rows = (await inDoubtRows(db)).filter((r) => !this.inFlight.has(r.id));
    if (rows.length === 0) this.mayHaveInDoubt = false;
    for (const row of rows) {
      if (await this.deps.seenInMailbox(row.rfc_message_id)) {
        await markSent(db, row, this.now(), null, 'sent-copy');
        log.info({ outboxId: row.id, conversationId: row.conversation_id }, 'in-doubt reply confirmed by its sent copy');
        continue;
      }
      if (!config.outbox.sentCopy) {
        // Without a copy to look for, resending could deliver twice: hold it for the owner.
        await db.updateTable('outbox').set({ status: 'held', last_error: 'delivery unconfirmed after an interruption' }).where('id', '=', row.id).execute();
        log.warn({ outboxId: row.id, conversationId: row.conversation_id }, 'in-doubt reply held: delivery cannot be confirmed');
        continue;
      }
      const age = this.now() - (row.sending_started_at ?? 0);
      if (this.deps.mailboxCaughtUp() && age >= config.outbox.reconcileGraceMs) {
        await markRetry(db, row.id, this.now(), 'interrupted during delivery; no sent copy arrived');
        log.warn({ outboxId: row.id, conversationId: row.conversation_id, ageMs: age }, 'in-doubt reply was not delivered, sending again');
      }
    }
  }

  private async sendDue(): Promise<void> {
    const { db, config } = this.deps;
    const limit = config.smtp.maxConnections;
    while (!this.loop.stopped) {
      const free = limit - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight.values());
        continue;
      }
      const rows = (await dueOutbox(db, this.now(), free + this.inFlight.size)).filter((r) => !this.inFlight.has(r.id));
      if (rows.length === 0) break;
      for (const row of rows.slice(0, free)) {
        if (!(await markSending(db, row.id, this.now()))) continue;
        const p = this.deliver(row).finally(() => this.inFlight.delete(row.id));
        this.inFlight.set(row.id, p);
      }
    }
    await Promise.allSettled(this.inFlight.values());
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { config, log, db, transport } = this.deps;
    const attempt = row.attempts + 1;
    try {
      const info = await transport.sendMail({
        from: { name: config.fromName, address: row.from_address },
        to: row.to_address,
        bcc: row.bcc_address ?? undefined,
        subject: row.subject,
        text: row.body_text,
        messageId: row.rfc_message_id,
        inReplyTo: row.in_reply_to ?? undefined,
        references: row.references_header ?? undefined,
        // Only ever a file named in config (RESUME_FILE), recorded on the row when it was queued.
        attachments: row.attachment_path ? [{ path: row.attachment_path, filename: path.basename(row.attachment_path) }] : undefined,
        // RFC 3834: a reply to a message is auto-replied; mail to the owner is auto-generated.
        headers: { 'Auto-Submitted': row.kind === 'reply' ? 'auto-replied' : 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      });
      await markSent(db, row, this.now(), String(info.response ?? '').slice(0, 200), 'smtp');
      log.info({ outboxId: row.id, conversationId: row.conversation_id, attempt }, 'reply sent');
    } catch (err) {
      const cls = classifyDeliveryError(err);
      const summary = cls.code ? `SMTP ${cls.code}: ${cls.summary}` : cls.summary;
      if (cls.retryable && attempt < config.outbox.maxAttempts) {
        const delay = backoffDelay(attempt, config.outbox.retryBaseMs, config.outbox.retryMaxMs);
        await markRetry(db, row.id, this.now() + delay, summary);
        log.warn({ outboxId: row.id, conversationId: row.conversation_id, attempt, smtpCode: cls.code, retryInMs: delay }, 'reply delivery failed, will retry');
      } else {
        await markFailed(db, row, summary);
        log.error({ outboxId: row.id, conversationId: row.conversation_id, attempt, smtpCode: cls.code }, 'reply delivery failed permanently');
      }
    }
  }
}
