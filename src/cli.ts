import { ConfigError } from './config/config.js';
import { configFromProcessEnv } from './config/env.js';
import { outboxCommand } from './commands/outbox.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { AppError } from './shared/errors.js';
import { createLogger } from './shared/logger.js';

const USAGE = `usage: hermes <command>

commands:
  serve                 run the daemon (IMAP intake, replies, /healthz)
  migrate               apply database migrations and exit
  inspect <file.eml|->  print, as JSON, what Hermes sees in one email and would decide
  shield [--no-warm-up] screen JSON Lines {"id","text"} from stdin; one verdict line per input
  check-reply [--star-verified] [--conversation ID]
                        validate a draft reply read from stdin; prints {"pass","failures"}
  outbox [status]       list replies in the outbox (pending, sending, sent, failed, held)
  outbox release <id>   send a held or failed reply again
  ai [status]           show who gets model-written replies
  ai <off|allowlist|percentage|all> [--percentage N] [--allowlist LIST]
                        switch the AI rollout at runtime (no restart needed)
  ai conversation <id> <on|off|default>
                        force the model on or off for one conversation
  knowledge import <file.yaml>         import or update the knowledge base from YAML
  knowledge import-table <name> <file> store a filled table (CSV or "field: value" lines)
  knowledge list [category] [--all]    list entries (--all includes deleted ones)
  knowledge delete <id>                soft-delete an entry
  knowledge search <text>              show what retrieval picks for a text
  fabricate <id>        print the fabricated personal data a conversation gives recruiters
  ghost <id>            stop answering a conversation (GHOSTED) and cancel its queued replies
  reinit <id>           reset a conversation to INITIAL so Hermes answers it afresh
  demo                  run Hermes end to end against a private Dovecot and SMTP relay
  help                  show this text

Settings come from environment variables; see the README.`;

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve': {
      // Loaded only here: the daemon's modules (IMAP, SMTP, HTTP) would slow every other command's start.
      const { serve } = await import('./main.js');
      await serve(configFromProcessEnv({ daemon: true }));
      return -1; // keeps running; exits on a signal
    }
    case 'migrate': {
      const config = configFromProcessEnv();
      const log = createLogger({ level: config.log.level, format: config.log.format });
      const db = openDatabase(config.databasePath);
      const applied = await migrateToLatest(db, log);
      await db.destroy();
      printJson({ applied, database: config.databasePath });
      return 0;
    }
    case 'inspect': {
      const source = args[0];
      if (!source) {
        process.stderr.write('usage: hermes inspect <file.eml|->\n');
        return 2;
      }
      const { inspectCommand } = await import('./commands/inspect.js');
      printJson(await inspectCommand(configFromProcessEnv(), source));
      return 0;
    }
    case 'shield': {
      const { shieldCommand } = await import('./commands/shield.js');
      return shieldCommand(process.stdin, process.stdout, { warmUp: !args.includes('--no-warm-up') });
    }
    case 'check-reply': {
      const config = configFromProcessEnv();
      const { checkReplyCommand } = await import('./commands/check-reply.js');
      const { loadValidatorTerms } = await import('./safety/output-validator.js');
      const { fabricatedLookup } = await import('./commands/check-reply.js');
      printJson(await checkReplyCommand(args, process.stdin, { neverSend: config.safety.neverSend, terms: loadValidatorTerms(config.configDir), fabricatedFor: fabricatedLookup(config) }));
      return 0;
    }
    case 'outbox': {
      printJson(await outboxCommand(configFromProcessEnv(), args));
      return 0;
    }
    case 'ai': {
      const { aiCommand } = await import('./commands/ai.js');
      printJson(await aiCommand(configFromProcessEnv(), args));
      return 0;
    }
    case 'knowledge': {
      const { knowledgeCommand } = await import('./commands/knowledge.js');
      printJson(await knowledgeCommand(configFromProcessEnv(), args));
      return 0;
    }
    case 'fabricate': {
      const { fabricateCommand } = await import('./commands/fabricate.js');
      printJson(await fabricateCommand(configFromProcessEnv(), args));
      return 0;
    }
    case 'ghost':
    case 'reinit': {
      const { conversationCommand } = await import('./commands/conversation.js');
      printJson(await conversationCommand(configFromProcessEnv(), command, args));
      return 0;
    }
    case 'demo': {
      const { runDemo } = await import('./demo/demo.js');
      return runDemo();
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`unknown command: ${command}\n${USAGE}\n`);
      return 2;
  }
}

process.on('unhandledRejection', (reason) => {
  process.stderr.write(`fatal: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee config/hermes.example.env and the settings table in the README.\n`);
      process.exit(78);
    }
    if (err instanceof AppError) {
      process.stderr.write(`error (${err.code}): ${err.message}\n`);
      process.exit(err.code === 'INPUT_INVALID' ? 2 : 1);
    }
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
