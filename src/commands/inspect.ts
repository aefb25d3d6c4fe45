import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { isMigrated, openDatabase, type Db } from '../db/database.js';
import { parseEmail } from '../parse/parse-email.js';
import { viewEmail } from '../pipeline/inspect.js';
import { escalationFor, screenEmail } from '../pipeline/reply-plan.js';
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
  const email = await parseEmail(raw);
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
    const view = await viewEmail(db, config, email, { answerable: true, now: Date.now() });
    const shield = screenEmail(email, config);
    const conversation = view.thread.kind === 'new' ? null : view.thread.conversation;
    const escalation = escalationFor(email, conversation, config, loadEscalationLists(config.configDir));
    return {
      parsed: {
        from: email.from,
        to: email.to,
        cc: email.cc,
        replyTo: email.replyTo,
        subject: email.subject,
        messageId: email.messageId,
        inReplyTo: email.inReplyTo,
        references: email.references,
        date: email.date,
        text: email.text,
        quotedText: email.quotedText,
        signature: email.signature,
        fromHtml: email.fromHtml,
        contentType: email.contentType,
        attachments: email.attachments,
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
    };
  } finally {
    await db?.destroy();
  }
}
