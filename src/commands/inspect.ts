import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { isMigrated, openDatabase, type Db } from '../db/database.js';
import { parseEmail } from '../parse/parse-email.js';
import { viewEmail } from '../pipeline/inspect.js';
import { escalationFor, offlineIntent, screenEmail, turnIntentOf } from '../pipeline/reply-plan.js';
import { resolveForward } from '../pipeline/forward.js';
import { advance, describeTransition } from '../conversations/state-machine.js';
import { loadEscalationLists } from '../safety/escalation.js';

async function readInput(source: string): Promise<Buffer> {
  if (source !== '-') return readFileSync(source);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `hermes inspect <file.eml|->`: what Hermes sees in one raw email and what it would decide,
 * without storing or sending anything. Reads the database (read-only) when one exists, so the
 * conversation it would join is the real one.
 */
export async function inspectCommand(config: Readonly<Config>, source: string): Promise<unknown> {
  const raw = await readInput(source);
  const received = await parseEmail(raw);
  let db: Db | null = null;
  if (config.databasePath !== ':memory:' && existsSync(config.databasePath)) {
    try {
      db = openDatabase(config.databasePath, { readonly: true });
      // A database from an older release is not read (its tables may lack columns): run
      // `hermes migrate` first. Inspect still answers, as if no conversation existed.
      if (!(await isMigrated(db))) {
        await db.destroy();
        db = null;
      }
    } catch {
      db = null;
    }
  }
  try {
    const fwd = await resolveForward(received, config);
    const email = fwd.email;
    const view = await viewEmail(db, config, email, { answerable: true, now: Date.now(), forwardedVia: fwd.forwardedVia });
    const shield = screenEmail(email, config);
    const conversation = view.thread.kind === 'new' ? null : view.thread.conversation;
    const escalation = escalationFor(email, conversation, config, loadEscalationLists(config.configDir));
    const { intent, githubUsername } = offlineIntent(email, config, conversation?.state ?? null);
    const turnIntent = turnIntentOf(intent.intent, githubUsername);
    // Offline: no star check, so a username leads to AWAITING_STAR unless the star is already verified.
    const transition = advance(conversation?.state ?? 'INITIAL', turnIntent, {
      escalate: escalation.escalate,
      githubUsername,
      starVerified: conversation?.star_verified === 1,
      piiStalled: conversation?.pii_stalled === 1,
      unansweredReplies: 0,
      ghostAfter: config.brain.ghostAfterUnanswered,
    });
    return {
      parsed: {
        from: received.from,
        to: received.to,
        cc: received.cc,
        replyTo: received.replyTo,
        subject: received.subject,
        messageId: received.messageId,
        inReplyTo: received.inReplyTo,
        references: received.references,
        date: received.date,
        text: received.text,
        quotedText: received.quotedText,
        signature: received.signature,
        fromHtml: received.fromHtml,
        contentType: received.contentType,
        attachments: received.attachments,
      },
      machineMail: { isMachine: view.machine.isMachine, reason: view.machine.reason, detail: view.machine.detail },
      channel: view.channel.channel,
      channelAddress: view.channel.address,
      conversation:
        view.thread.kind === 'new'
          ? { match: 'new', id: null, state: null }
          : { match: view.thread.kind, id: view.thread.conversation.id, state: view.thread.conversation.state },
      reply: view.reply,
      decision: view.decision,
      shield: { verdict: shield.verdict, confidence: shield.confidence, categories: shield.categories, hiddenInstructions: shield.hiddenInstructions },
      escalation: { escalate: escalation.escalate, reasons: escalation.reasons.map((r) => r.rule), details: escalation.reasons.map((r) => r.detail) },
      forwarded: fwd.original
        ? { format: fwd.original.format, from: fwd.original.from, subject: fwd.original.subject, messageId: fwd.original.messageId }
        : fwd.problem
          ? { problem: fwd.problem }
          : null,
      intent: { intent: intent.intent, confidence: intent.confidence, source: intent.source },
      githubUsername,
      transition: view.decision.answer ? { from: transition.from, to: transition.to, reason: transition.reason, summary: describeTransition(transition) } : null,
      action: view.decision.answer ? transition.action : null,
    };
  } finally {
    await db?.destroy();
  }
}
