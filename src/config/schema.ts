import { z } from 'zod';

/**
 * Every setting Hermes reads, keyed by its environment variable name. The README's settings
 * table is written from this list; keep the two in step.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) =>
  z.coerce
    .number({ message: `expected a whole number from ${min} to ${max}` })
    .int({ message: `expected a whole number from ${min} to ${max}` })
    .min(min, { message: `expected a whole number from ${min} to ${max}` })
    .max(max, { message: `expected a whole number from ${min} to ${max}` });
const num = (min: number, max: number) =>
  z.coerce
    .number({ message: `expected a number from ${min} to ${max}` })
    .min(min, { message: `expected a number from ${min} to ${max}` })
    .max(max, { message: `expected a number from ${min} to ${max}` });
const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'expected an email address' }));
const emailList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter((a) => a.length > 0),
  )
  .pipe(z.array(z.email({ message: 'expected a comma-separated list of email addresses' })));
const text = z.string().trim().min(1, { message: 'expected a non-empty value' });

export const settingsSchema = z.object({
  HERMES_ADDRESS: email.optional(),
  HERMES_FROM_NAME: z.string().trim().default(''),
  CHANNEL_STANDARD_ADDRESSES: emailList.default([]),
  CHANNEL_FORWARDED_ADDRESSES: emailList.default([]),
  MESSAGE_ID_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, { message: 'expected a domain name such as mail.example.com' })
    .optional(),

  DATABASE_PATH: text.default('./data/hermes.sqlite'),
  HERMES_CONFIG_DIR: text.default('./config'),

  IMAP_HOST: text.optional(),
  IMAP_PORT: int(1, 65535).default(993),
  IMAP_SECURE: bool.default(true),
  IMAP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
  IMAP_USER: text.optional(),
  IMAP_PASSWORD: text.optional(),
  IMAP_MAILBOX: text.default('INBOX'),
  IMAP_IDLE_DELAY_MS: int(0, 60_000).default(1_000),
  IMAP_RESYNC_INTERVAL_SECONDS: int(5, 86_400).default(300),
  IMAP_BACKOFF_BASE_MS: int(10, 600_000).default(1_000),
  IMAP_BACKOFF_MAX_MS: int(100, 3_600_000).default(300_000),
  IMAP_FETCH_BATCH: int(1, 10_000).default(200),
  BACKFILL_ON_FIRST_RUN: bool.default(false),

  SMTP_HOST: text.optional(),
  SMTP_PORT: int(1, 65535).default(587),
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none'], { message: 'expected starttls, implicit or none' }).default('starttls'),
  SMTP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
  SMTP_USER: text.optional(),
  SMTP_PASSWORD: text.optional(),
  SMTP_MAX_CONNECTIONS: int(1, 50).default(3),
  SMTP_TIMEOUT_MS: int(1_000, 600_000).default(60_000),

  OUTBOX_MAX_ATTEMPTS: int(1, 100).default(10),
  OUTBOX_RETRY_BASE_MS: int(10, 3_600_000).default(30_000),
  OUTBOX_RETRY_MAX_MS: int(100, 86_400_000).default(3_600_000),
  SENT_COPY: bool.default(true),
  RECONCILE_GRACE_SECONDS: int(0, 86_400).default(300),
  SEND_LIMIT_PER_RECIPIENT_PER_DAY: int(1, 10_000).default(10),

  PIPELINE_CONCURRENCY: int(1, 64).default(4),

  OWNER_ALERT_ADDRESS: email.optional(),
  ESCALATION_MAX_INBOUND: int(1, 1_000).default(10),
  NEVER_SEND: z.string().optional(),
  CRISIS_SAFE_MODELS: z
    .string()
    .transform((s) => s.split(',').map((m) => m.trim()).filter(Boolean))
    .default([]),
  SHIELD_MAX_CHARS: int(1_000, 10_000_000).default(100_000),

  AI_ENABLED: bool.default(true),
  AI_MODE: z.enum(['off', 'allowlist', 'percentage', 'all'], { message: 'expected off, allowlist, percentage or all' }).default('all'),
  AI_ALLOWLIST: z
    .string()
    .transform((s) => s.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean))
    .default([]),
  AI_PERCENTAGE: int(0, 100).default(100),
  ANTHROPIC_API_KEY: text.optional(),
  ANTHROPIC_BASE_URL: z.url({ message: 'expected a URL' }).optional(),
  LLM_MODEL: text.default('claude-sonnet-5-5'),
  LLM_MAX_TOKENS: int(16, 8_192).default(700),
  // Unset: the model's default (some newer models accept no sampling parameters).
  LLM_TEMPERATURE: num(0, 1).optional(),
  LLM_TIMEOUT_MS: int(1_000, 600_000).default(60_000),
  LLM_MAX_RETRIES: int(0, 10).default(2),
  INTENT_MODEL: text.optional(),
  INTENT_TEMPERATURE: num(0, 1).default(0),
  PROMPT_THREAD_TOKEN_BUDGET: int(200, 200_000).default(6_000),

  GITHUB_REPO: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, { message: 'expected owner/repository' })
    .optional(),
  GITHUB_TOKEN: text.optional(),
  GITHUB_API_URL: z.url({ message: 'expected a URL' }).default('https://api.github.com'),
  GITHUB_TIMEOUT_MS: int(500, 120_000).default(10_000),
  STAR_RECHECK_INTERVAL_SECONDS: int(1, 604_800).default(900),

  RESUME_URL: z.url({ message: 'expected a URL' }).optional(),
  RESUME_FILE: text.optional(),
  MONITOR_ADDRESS: email.optional(),
  FORWARD_FROM_ADDRESSES: emailList.default([]),
  GHOST_AFTER_UNANSWERED: int(1, 100).default(4),
  SCHEDULER_INTERVAL_SECONDS: int(1, 86_400).default(300),

  HTTP_HOST: text.default('127.0.0.1'),
  HTTP_PORT: int(0, 65535).default(8080),
  HEALTH_MAX_SYNC_AGE_SECONDS: int(10, 86_400).default(900),

  LOG_LEVEL: z
    .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], {
      message: 'expected trace, debug, info, warn, error, fatal or silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { message: 'expected auto, json or pretty' }).default('auto'),
  SHUTDOWN_TIMEOUT_MS: int(500, 60_000).default(8_000),
});

export type Settings = z.output<typeof settingsSchema>;

/** Names whose values are secrets: they may also be given as `<NAME>_FILE`, and are never logged. */
export const SECRET_SETTINGS = ['IMAP_PASSWORD', 'SMTP_PASSWORD', 'ANTHROPIC_API_KEY', 'NEVER_SEND', 'GITHUB_TOKEN'] as const;

/** Settings the daemon cannot run without; `inspect` and `migrate` work without them. */
export const DAEMON_REQUIRED = ['HERMES_ADDRESS', 'IMAP_HOST', 'IMAP_USER', 'IMAP_PASSWORD', 'SMTP_HOST'] as const;
