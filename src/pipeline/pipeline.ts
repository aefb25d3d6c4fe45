import type { Config } from '../config/config.js';
import { recentMessages } from '../conversations/conversation.repository.js';
import { transaction, type Db } from '../db/database.js';
import type { Conversation, RawMessage } from '../db/schema.js';
import { commitMessage, summarise } from './commit.js';
import { describeTransition } from '../conversations/state-machine.js';
import { planReply, planUnanswered, type PlanDeps } from './reply-plan.js';
import type { ChannelDecision } from '../conversations/channel.js';
import { resolveForward } from './forward.js';
import { bumpAttempts, finishRaw, getRaw, pendingRawIds } from '../intake/raw-message.repository.js';
import { OWN_MESSAGE_ID_PREFIX } from '../outbound/compose-reply.js';
import type { InboundEmail } from '../parse/inbound-email.js';
import { parseEmail } from '../parse/parse-email.js';
import { CoalescingLoop } from '../shared/coalescing-loop.js';
import { KeyedLock } from '../shared/keyed-lock.js';
import { errorMessage } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { viewEmail } from './inspect.js';
import { staysOutsideConversations } from './reply-decision.js';

export interface PipelineDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  /** Screening, escalation, writing and validation of a reply. */
  plan: PlanDeps;
  /** Tells the sender new outbox rows exist. */
  onReplyQueued: () => void;
  /** A message that may be the sent copy of one of our replies came in; says whether it was. */
  onOwnMessageSeen: (rfcMessageId: string) => Promise<'not-ours' | 'confirmed' | 'already-known'>;
  now?: () => number;
}

/** A message that has crashed or failed this many processing attempts is set aside, not retried forever. */
const MAX_ATTEMPTS = 3;
const HISTORY_TURNS = 10;

/**
 * Sequences the steps for each stored message: parse, look, decide, write, and commit the
 * inbound record, the conversation update and the reply's outbox row in one transaction.
 * No network call happens inside that transaction.
 */
export class Pipeline {
  private readonly now: () => number;
  private readonly loop: CoalescingLoop;
  private readonly lock = new KeyedLock();

  constructor(private readonly deps: PipelineDeps) {
    this.now = deps.now ?? Date.now;
    this.loop = new CoalescingLoop(
      () => this.processPending(),
      (err) => deps.log.error({ err: { message: errorMessage(err) } }, 'pipeline pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  /** Finishes the message in hand, then stops. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /**
   * Messages are taken in arrival order and parsed one by one; the rest (deciding, the model
   * call, the commit) runs for up to `concurrency` messages at once. Messages that share a
   * sender, a reply address or a thread are serialised, so each sees the one before it.
   */
  private async processPending(): Promise<void> {
    const running = new Set<Promise<void>>();
    let afterId = 0;
    try {
      for (;;) {
        const ids = await pendingRawIds(this.deps.db, afterId, 100);
        if (ids.length === 0) return;
        for (const id of ids) {
          if (this.loop.stopped) return;
          afterId = id;
          while (running.size >= this.deps.config.pipeline.concurrency) await Promise.race(running);
          const queued = await this.dispatch(id);
          if (!queued) continue;
          const tracked = queued.done.finally(() => running.delete(tracked));
          running.add(tracked);
        }
      }
    } finally {
      await Promise.all(running);
    }
  }

  /**
   * Parses one message and queues it behind earlier messages that share its sender, reply
   * address or thread. Returns the queued work (wrapped: a promise cannot resolve to a promise),
   * or null when the message was settled here.
   */
  private async dispatch(id: number): Promise<{ done: Promise<void> } | null> {
    const fail = (err: unknown) =>
      // Left pending: the attempt counter sets it aside if it keeps failing.
      this.deps.log.error({ rawId: id, err: { message: errorMessage(err) } }, 'processing failed, will retry');
    try {
      const raw = await getRaw(this.deps.db, id);
      if (raw?.status !== 'pending') return null;
      const email = await this.prepare(raw);
      if (!email) return null;
      const keys = [email.from?.address, ...email.replyTo.map((a) => a.address), email.messageId, email.inReplyTo, ...email.references];
      // Enqueued before this method returns, so the order per key is the arrival order.
      const turn = this.lock.acquire(keys.filter((k): k is string => Boolean(k)));
      const done = turn.then(async (release) => {
        try {
          await this.complete(raw, email);
        } catch (err) {
          fail(err);
        } finally {
          release();
        }
      });
      return { done };
    } catch (err) {
      fail(err);
      return null;
    }
  }

  /** Counts the attempt, files our own sent copies, parses; null when the message is settled here. */
  private async prepare(raw: RawMessage): Promise<InboundEmail | null> {
    const { db, log } = this.deps;
    const attempts = await bumpAttempts(db, raw.id);
    if (attempts > MAX_ATTEMPTS) {
      await finishRaw(db, raw.id, 'failed', { error: `gave up after ${MAX_ATTEMPTS} attempts` }, this.now());
      log.error({ rawId: raw.id, uid: raw.uid }, 'message set aside after repeated failures');
      return null;
    }
    // The sent copies of our own replies come back through the mailbox: recognised by the
    // Message-ID we generated, they confirm delivery and need no parsing.
    if (raw.message_id?.startsWith(OWN_MESSAGE_ID_PREFIX) && (await this.deps.onOwnMessageSeen(raw.message_id)) !== 'not-ours') {
      await finishRaw(db, raw.id, 'ignored', { decision: { machine: 'own-address', reason: 'sent-copy' } }, this.now());
      return null;
    }
    try {
      return await parseEmail(raw.raw);
    } catch (err) {
      await finishRaw(db, raw.id, 'failed', { error: errorMessage(err) }, this.now());
      log.warn({ rawId: raw.id, uid: raw.uid, size: raw.size }, 'message could not be parsed; stored and skipped');
      return null;
    }
  }

  /** Looks, decides, writes, and commits; holds the message's keys throughout. */
  private async complete(raw: RawMessage, received: InboundEmail): Promise<void> {
    const { db, log, config } = this.deps;
    const { email, forwardedVia } = await this.unwrapForward(raw, received);
    const view = await viewEmail(db, config, email, { answerable: raw.answerable === 1, now: this.now(), forwardedVia });

    const d = view.decision;
    if (staysOutsideConversations(d)) {
      await finishRaw(db, raw.id, 'ignored', { decision: summarise(view, null) }, this.now());
      log.info({ rawId: raw.id, uid: raw.uid, reason: d.reason, rule: view.machine.reason ?? undefined }, 'message recorded, not answered');
      return;
    }
    if (!d.answer) log.warn({ rawId: raw.id, uid: raw.uid, reason: d.reason, detail: d.detail }, 'message recorded, reply withheld');

    const existing = view.thread.kind === 'new' ? null : view.thread.conversation;
    const plan = d.answer
      ? await planReply(this.deps.plan, email, existing, () => this.history(email, existing))
      : planUnanswered(config, email, existing, d.detail ? `${d.reason}: ${d.detail}` : d.reason);
    const result = await transaction(db, (tx) => commitMessage(tx, { config, raw, email, view, plan, now: this.now() }));
    const { conversationId } = result;
    if (plan) {
      const t = plan.transition;
      log.info({ conversationId, action: t.action, intent: plan.intent?.intent, intentSource: plan.intent?.source, reason: t.reason }, describeTransition(t));
      if (t.to === 'ESCALATED' && t.from !== 'ESCALATED') log.warn({ conversationId, rules: plan.escalation.reasons.map((r) => r.rule) }, 'conversation escalated');
      if (plan.hold) log.warn({ conversationId, reason: plan.hold }, 'reply held for the owner');
      if (plan.shield.verdict !== 'CLEAN') log.warn({ conversationId, verdict: plan.shield.verdict, categories: plan.shield.categories }, 'SHIELD flagged the message');
      if (plan.starCheck?.status === 'retry_later') log.warn({ conversationId, reason: plan.starCheck.reason }, 'star check postponed');
    }
    if (result.alertSkipped) log.warn({ conversationId }, 'owner alert not sent: OWNER_ALERT_ADDRESS is not set');
    log.info(
      { rawId: raw.id, uid: raw.uid, conversationId, thread: view.thread.kind, replied: plan?.reply != null, source: plan?.reply?.source, forwarded: forwardedVia !== null },
      plan?.reply ? 'reply queued' : 'message recorded',
    );
    if (result.queued > 0) this.deps.onReplyQueued();
  }

  private async unwrapForward(raw: RawMessage, received: InboundEmail): Promise<{ email: InboundEmail; forwardedVia: ChannelDecision | null }> {
    const r = await resolveForward(received, this.deps.config);
    const log = this.deps.log;
    if (r.problem === 'forwarder-not-allowed') log.warn({ rawId: raw.id }, 'forward from an address not in FORWARD_FROM_ADDRESSES: recorded, not acted on');
    if (r.problem === 'no-original') log.warn({ rawId: raw.id }, 'no forwarded recruiter email found in a forward: recorded, not acted on');
    if (r.original) log.info({ rawId: raw.id, format: r.original.format }, 'forwarded recruiter email found');
    return { email: r.email, forwardedVia: r.forwardedVia };
  }

  /** The exchange so far, oldest first, as raw texts, ending with this email's new text. */
  private async history(email: InboundEmail, conversation: Conversation | null): Promise<Array<{ role: 'user' | 'assistant'; text: string }>> {
    const past = conversation ? await recentMessages(this.deps.db, conversation.id, HISTORY_TURNS) : [];
    const turns = past.map((m) => ({ role: m.direction === 'inbound' ? ('user' as const) : ('assistant' as const), text: m.body_text }));
    turns.push({ role: 'user', text: email.text });
    return turns;
  }
}
