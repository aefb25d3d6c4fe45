import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/config.js';
import { openDatabase, type Db } from './db/database.js';
import { hasMessageId } from './intake/raw-message.repository.js';
import { createAnthropicClient, type LlmClient } from './llm/anthropic-client.js';
import { MailboxWatcher } from './mailbox/mailbox-watcher.js';
import { createTransport, OutboxSender } from './outbound/sender.js';
import { loadNamedTemplate } from './persona/templates.js';
import { ReplyComposer } from './persona/composer.js';
import { loadPersona } from './persona/persona.js';
import { loadPiiPools } from './persona/fabricate.js';
import { GithubStarClient } from './github/star-client.js';
import { formatKnowledgeLayer } from './knowledge/format.js';
import { retrieveKnowledge } from './knowledge/retrieve.js';
import { readRollout } from './llm/ai-rollout.js';
import { loadIntentSystemPrompt } from './conversations/intent-llm.js';
import { countDue } from './outbound/outbox.repository.js';
import { Scheduler } from './scheduler/scheduler.js';
import { createCrisisWriter } from './persona/crisis-writer.js';
import { loadEscalationLists } from './safety/escalation.js';
import { loadValidatorTerms } from './safety/output-validator.js';
import { Pipeline } from './pipeline/pipeline.js';
import { createLogger, type Logger } from './shared/logger.js';

export interface AppContext {
  config: Readonly<Config>;
  log: Logger;
  db: Db;
  sender: OutboxSender;
  scheduler: Scheduler;
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

/** The composition root: builds every long-lived object once. Nothing here touches the network. */
export function createAppContext(config: Readonly<Config>, overrides: ContextOverrides = {}): AppContext {
  const log = overrides.log ?? createLogger({ level: config.log.level, format: config.log.format });
  const now = overrides.now ?? Date.now;
  const db = overrides.db ?? openDatabase(config.databasePath, { log: log.child({ component: 'db' }) });
  const crisisDeps = {
    template: loadNamedTemplate(config.configDir, 'crisis'),
    systemPrompt: readFileSync(path.join(config.configDir, 'prompts', 'crisis-system.md'), 'utf8'),
    safeModels: config.safety.crisisSafeModels,
    llm: null,
    log: log.child({ component: 'writer' }),
  };
  const llm = overrides.llm !== undefined ? overrides.llm : createAnthropicClient(config.llm, log.child({ component: 'llm' }));
  const composer = new ReplyComposer({ llm, persona: loadPersona(config.configDir), threadTokenBudget: config.llm.threadTokenBudget, log: log.child({ component: 'writer' }) });
  const repo = config.github.repo;
  const stars = repo
    ? new GithubStarClient({ apiUrl: config.github.apiUrl, token: config.github.token, timeoutMs: config.github.timeoutMs, repo, log: log.child({ component: 'github' }), now })
    : null;
  const checkStar = stars ? (username: string) => stars.check(username) : null;
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
    plan: {
      config,
      log: log.child({ component: 'pipeline' }),
      llm,
      intentSystemPrompt: loadIntentSystemPrompt(config.configDir),
      composer,
      crisisWriter: crisis,
      escalationLists: loadEscalationLists(config.configDir),
      validatorTerms: loadValidatorTerms(config.configDir),
      piiPools: loadPiiPools(config.configDir),
      checkStar,
      knowledgeFor: async (text) => formatKnowledgeLayer(await retrieveKnowledge(db, text)),
      rollout: () => readRollout(db, config),
      now,
    },
    onReplyQueued: () => sender.kick(),
    onOwnMessageSeen: (id) => sender.confirmFromCopy(id),
    now,
  });
  watcher = new MailboxWatcher({ db, config, log: log.child({ component: 'mailbox' }), onStored: () => pipeline.kick(), now });
  const scheduler = new Scheduler({
    db,
    config,
    log: log.child({ component: 'scheduler' }),
    checkStar,
    kickSender: () => sender.kick(),
    dueReplies: () => countDue(db, now()),
    now,
  });
  return { config, log, db, sender, pipeline, watcher, scheduler, transport, startedAt: now(), now };
}
