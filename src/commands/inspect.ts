import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { openDatabase, type Db } from '../db/database.js';
import { parseEmail } from '../parse/parse-email.js';
import { viewEmail } from '../pipeline/inspect.js';

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
    } catch {
      db = null;
    }
  }
  try {
    const view = await viewEmail(db, config, email, { answerable: true, now: Date.now() });
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
    };
  } finally {
    await db?.destroy();
  }
}
