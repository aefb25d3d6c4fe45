import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/config.js';
import { openDatabase, type Db } from './db/database.js';
import { hasMessageId } from './intake/raw-message.repository.js';
import { createAnthropicClient, type LlmClient } from './llm/anthropic-client.js';
import { MailboxWatcher } from './mailbox/mailbox-watcher.js';
import { createTransport, OutboxSender } from './outbound/sender.js';
import { LlmReplyWriter, TemplateReplyWriter, type ReplyWriter, type SystemPromptBuilder } from './persona/reply-writer.js';
import { loadTemplates, renderTemplate } from './persona/templates.js';
import { Pipeline } from './pipeline/pipeline.js';
import { createLogger, type Logger } from './shared/logger.js';

export interface AppContext {
  config: Readonly<Config>;
  log: Logger;
  db: Db;
  writer: ReplyWriter;
  sender: OutboxSender;
  pipeline: Pipeline;
  watcher: MailboxWatcher;
  transport: Transporter;
  startedAt: number;
  now: () => number;
}

export interface ContextOverrides {
  log?: Logger;
  db?: Db;
  transport?: Transporter;
  /** null forces templates. */
  llm?: LlmClient | null;
  now?: () => number;
}

/** The system prompt's stable layer; later layers (state, knowledge, star push) append blocks. */
function systemPromptBuilder(configDir: string): SystemPromptBuilder {
  const base = readFileSync(path.join(configDir, 'prompts', 'reply-system.md'), 'utf8');
  return (ctx) => [{ text: renderTemplate(base, { ownerName: ctx.ownerName || 'the owner' }), cache: true }];
}

/** The composition root: builds every long-lived object once. Nothing here touches the network. */
export function createAppContext(config: Readonly<Config>, overrides: ContextOverrides = {}): AppContext {
  const log = overrides.log ?? createLogger({ level: config.log.level, format: config.log.format });
  const now = overrides.now ?? Date.now;
  const db = overrides.db ?? openDatabase(config.databasePath, { log: log.child({ component: 'db' }) });
  const templates = new TemplateReplyWriter(loadTemplates(config.configDir));
  const llm = overrides.llm !== undefined ? overrides.llm : createAnthropicClient(config.llm, log.child({ component: 'llm' }));
  const writer: ReplyWriter = llm
    ? new LlmReplyWriter(llm, systemPromptBuilder(config.configDir), templates, log.child({ component: 'writer' }))
    : templates;
  const transport = overrides.transport ?? createTransport(config.smtp);
  let watcher: MailboxWatcher | null = null;
  const sender = new OutboxSender({
    db,
    config,
    log: log.child({ component: 'outbound' }),
    transport,
    mailboxCaughtUp: () => watcher?.caughtUp ?? false,
    seenInMailbox: (id) => hasMessageId(db, id),
    now,
  });
  const pipeline = new Pipeline({
    db,
    config,
    log: log.child({ component: 'pipeline' }),
    writer,
    onReplyQueued: () => sender.kick(),
    onOwnMessageSeen: (id) => sender.confirmFromCopy(id),
    now,
  });
  watcher = new MailboxWatcher({ db, config, log: log.child({ component: 'mailbox' }), onStored: () => pipeline.kick(), now });
  return { config, log, db, writer, sender, pipeline, watcher, transport, startedAt: now(), now };
}
