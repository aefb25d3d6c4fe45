import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/config.js';
import { openDatabase, type Db } from './db/database.js';
import { hasMessageId } from './intake/raw-message.repository.js';
import { createAnthropicClient, type LlmClient, type SystemBlock } from './llm/anthropic-client.js';
import { MailboxWatcher } from './mailbox/mailbox-watcher.js';
import { createTransport, OutboxSender } from './outbound/sender.js';
import { LlmReplyWriter, TemplateReplyWriter, type ReplyWriter, type SystemPromptBuilder } from './persona/reply-writer.js';
import { loadNamedTemplate, loadTemplates, renderTemplate } from './persona/templates.js';
import { createCrisisWriter } from './persona/crisis-writer.js';
import { loadEscalationLists } from './safety/escalation.js';
import { loadValidatorTerms } from './safety/output-validator.js';
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

/**
 * The system prompt, from code and config only: the stable layer first (cached), then the
 * hardening layer when SHIELD flagged the mail. Later layers (state, knowledge, star push)
 * append blocks here. Nothing from the recruiter ever reaches it.
 */
function systemPromptBuilder(configDir: string): SystemPromptBuilder {
  const read = (name: string) => readFileSync(path.join(configDir, 'prompts', name), 'utf8');
  const base = read('reply-system.md');
  const hardening = read('hardening.md');
  return (ctx) => {
    const vars = { ownerName: ctx.ownerName || 'the owner' };
    const blocks: SystemBlock[] = [{ text: renderTemplate(base, vars), cache: true }];
    if (ctx.hardening) blocks.push({ text: renderTemplate(hardening, vars) });
    return blocks;
  };
}

/** The composition root: builds every long-lived object once. Nothing here touches the network. */
export function createAppContext(config: Readonly<Config>, overrides: ContextOverrides = {}): AppContext {
  const log = overrides.log ?? createLogger({ level: config.log.level, format: config.log.format });
  const now = overrides.now ?? Date.now;
  const db = overrides.db ?? openDatabase(config.databasePath, { log: log.child({ component: 'db' }) });
  const templates = new TemplateReplyWriter(loadTemplates(config.configDir));
  const crisisDeps = {
    template: loadNamedTemplate(config.configDir, 'crisis'),
    systemPrompt: readFileSync(path.join(config.configDir, 'prompts', 'crisis-system.md'), 'utf8'),
    safeModels: config.safety.crisisSafeModels,
    llm: null,
    log: log.child({ component: 'writer' }),
  };
  const llm = overrides.llm !== undefined ? overrides.llm : createAnthropicClient(config.llm, log.child({ component: 'llm' }));
  const writer: ReplyWriter = llm
    ? new LlmReplyWriter(llm, systemPromptBuilder(config.configDir), templates, log.child({ component: 'writer' }))
    : templates;
  const crisis = llm ? createCrisisWriter({ ...crisisDeps, llm }) : createCrisisWriter(crisisDeps);
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
    plan: { config, log: log.child({ component: 'pipeline' }), writer, templates, crisisWriter: crisis, escalationLists: loadEscalationLists(config.configDir), validatorTerms: loadValidatorTerms(config.configDir) },
    onReplyQueued: () => sender.kick(),
    onOwnMessageSeen: (id) => sender.confirmFromCopy(id),
    now,
  });
  watcher = new MailboxWatcher({ db, config, log: log.child({ component: 'mailbox' }), onStored: () => pipeline.kick(), now });
  return { config, log, db, writer, sender, pipeline, watcher, transport, startedAt: now(), now };
}
