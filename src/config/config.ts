import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DAEMON_REQUIRED, SECRET_SETTINGS, settingsSchema, type Settings } from './schema.js';

export interface ConfigIssue {
  key: string;
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(`invalid configuration:\n${issues.map((i) => `  ${i.key}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  address: string | null;
  fromName: string;
  ownAddresses: string[];
  channels: { standard: string[]; forwarded: string[] };
  messageIdDomain: string;
  databasePath: string;
  configDir: string;
  imap: {
    host: string;
    port: number;
    secure: boolean;
    rejectUnauthorized: boolean;
    user: string;
    password: string;
    mailbox: string;
    idleDelayMs: number;
    resyncIntervalMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    fetchBatch: number;
    backfillOnFirstRun: boolean;
  };
  smtp: {
    host: string;
    port: number;
    tls: 'starttls' | 'implicit' | 'none';
    rejectUnauthorized: boolean;
    user: string | null;
    password: string | null;
    maxConnections: number;
    timeoutMs: number;
  };
  outbox: {
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    sentCopy: boolean;
    reconcileGraceMs: number;
    perRecipientDailyLimit: number;
  };
  pipeline: { concurrency: number };
  safety: {
    ownerAlertAddress: string | null;
    maxInbound: number;
    /** The owner's real personal data, never to be sent (a secret: never logged). */
    neverSend: string[];
    crisisSafeModels: string[];
    shieldMaxChars: number;
  };
  llm: {
    enabled: boolean;
    apiKey: string | null;
    baseUrl: string | null;
    model: string;
    maxTokens: number;
    temperature: number | null;
    timeoutMs: number;
    maxRetries: number;
    /** Who gets model-written replies; `AI_ENABLED=false` forces 'off'. The runtime value in the database wins (`hermes ai`). */
    mode: 'off' | 'allowlist' | 'percentage' | 'all';
    allowlist: string[];
    percentage: number;
    intentModel: string;
    intentTemperature: number;
    threadTokenBudget: number;
  };
  github: {
    /** The repository recruiters are steered to star, as owner and name; null when not configured. */
    repo: { owner: string; name: string } | null;
    token: string | null;
    apiUrl: string;
    timeoutMs: number;
    recheckIntervalMs: number;
  };
  brain: {
    resumeUrl: string | null;
    resumeFile: string | null;
    monitorAddress: string | null;
    /**
     * Who may forward recruiter mail to a forwarded-channel address (anyone else could use Hermes
     * to write to strangers); empty: anyone, which the daemon warns about at start.
     */
    forwardFrom: string[];
    ghostAfterUnanswered: number;
    schedulerIntervalMs: number;
  };
  http: { host: string; port: number; maxSyncAgeMs: number };
  log: { level: Settings['LOG_LEVEL']; format: Settings['LOG_FORMAT'] };
  shutdownTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

/** Secrets may come as `NAME_FILE` (Docker secrets); an explicit `NAME` wins. */
function readSecretFiles(env: Env, issues: ConfigIssue[]): Env {
  const out: Env = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if ((out[name] !== undefined && out[name] !== '') || file === undefined || file === '') continue;
    try {
      out[name] = readFileSync(file, 'utf8').trim();
    } catch (err) {
      issues.push({ key: `${name}_FILE`, message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}` });
    }
  }
  return out;
}

function isReadableFile(file: string): boolean {
  try {
    return statSync(file).isFile() && (accessSync(file, constants.R_OK), true);
  } catch {
    return false;
  }
}

/** Empty strings count as unset, so a blank line in an env file means "use the default". */
function dropEmpty(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

export function loadConfig(env: Env, opts: { daemon?: boolean } = {}): Readonly<Config> {
  const issues: ConfigIssue[] = [];
  const withSecrets = dropEmpty(readSecretFiles(env, issues));
  const parsed = settingsSchema.safeParse(withSecrets);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ key: String(issue.path[0] ?? '?'), message: issue.message });
    }
  }
  if (opts.daemon) {
    for (const key of DAEMON_REQUIRED) {
      if (withSecrets[key] === undefined && !issues.some((i) => i.key === key)) {
        issues.push({ key, message: SECRET_SETTINGS.includes(key as never) ? `required (or ${key}_FILE)` : 'required' });
      }
    }
  }
  // A resume that cannot be read would fail every resume reply at send time; say so at start.
  const resumeFile = parsed.success ? parsed.data.RESUME_FILE : undefined;
  if (opts.daemon && resumeFile !== undefined && !isReadableFile(resumeFile)) {
    issues.push({ key: 'RESUME_FILE', message: `cannot read ${resumeFile}` });
  }
  if (issues.length > 0 || !parsed.success) throw new ConfigError(issues);
  return Object.freeze(toConfig(parsed.data));
}

function toConfig(s: Settings): Config {
  const address = s.HERMES_ADDRESS ?? null;
  const standard = s.CHANNEL_STANDARD_ADDRESSES.length > 0 ? s.CHANNEL_STANDARD_ADDRESSES : address ? [address] : [];
  const ownAddresses = [...new Set([...(address ? [address] : []), ...standard, ...s.CHANNEL_FORWARDED_ADDRESSES])];
  return {
    address,
    fromName: s.HERMES_FROM_NAME,
    ownAddresses,
    channels: { standard, forwarded: s.CHANNEL_FORWARDED_ADDRESSES },
    messageIdDomain: s.MESSAGE_ID_DOMAIN ?? address?.split('@')[1] ?? 'hermes.invalid',
    databasePath: s.DATABASE_PATH,
    configDir: path.resolve(s.HERMES_CONFIG_DIR),
    imap: {
      host: s.IMAP_HOST ?? '',
      port: s.IMAP_PORT,
      secure: s.IMAP_SECURE,
      rejectUnauthorized: s.IMAP_TLS_REJECT_UNAUTHORIZED,
      user: s.IMAP_USER ?? '',
      password: s.IMAP_PASSWORD ?? '',
      mailbox: s.IMAP_MAILBOX,
      idleDelayMs: s.IMAP_IDLE_DELAY_MS,
      resyncIntervalMs: s.IMAP_RESYNC_INTERVAL_SECONDS * 1000,
      backoffBaseMs: s.IMAP_BACKOFF_BASE_MS,
      backoffMaxMs: s.IMAP_BACKOFF_MAX_MS,
      fetchBatch: s.IMAP_FETCH_BATCH,
      backfillOnFirstRun: s.BACKFILL_ON_FIRST_RUN,
    },
    smtp: {
      host: s.SMTP_HOST ?? '',
      port: s.SMTP_PORT,
      tls: s.SMTP_TLS,
      rejectUnauthorized: s.SMTP_TLS_REJECT_UNAUTHORIZED,
      user: s.SMTP_USER ?? null,
      password: s.SMTP_PASSWORD ?? null,
      maxConnections: s.SMTP_MAX_CONNECTIONS,
      timeoutMs: s.SMTP_TIMEOUT_MS,
    },
    outbox: {
      maxAttempts: s.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: s.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: s.OUTBOX_RETRY_MAX_MS,
      sentCopy: s.SENT_COPY,
      reconcileGraceMs: s.RECONCILE_GRACE_SECONDS * 1000,
      perRecipientDailyLimit: s.SEND_LIMIT_PER_RECIPIENT_PER_DAY,
    },
    pipeline: { concurrency: s.PIPELINE_CONCURRENCY },
    safety: {
      ownerAlertAddress: s.OWNER_ALERT_ADDRESS ?? null,
      maxInbound: s.ESCALATION_MAX_INBOUND,
      neverSend: (s.NEVER_SEND ?? '').split(/[\n;]/).map((v) => v.trim()).filter(Boolean),
      crisisSafeModels: s.CRISIS_SAFE_MODELS,
      shieldMaxChars: s.SHIELD_MAX_CHARS,
    },
    llm: {
      enabled: s.AI_ENABLED,
      apiKey: s.ANTHROPIC_API_KEY ?? null,
      baseUrl: s.ANTHROPIC_BASE_URL ?? null,
      model: s.LLM_MODEL,
      maxTokens: s.LLM_MAX_TOKENS,
      temperature: s.LLM_TEMPERATURE ?? null,
      timeoutMs: s.LLM_TIMEOUT_MS,
      maxRetries: s.LLM_MAX_RETRIES,
      mode: s.AI_ENABLED ? s.AI_MODE : 'off',
      allowlist: s.AI_ALLOWLIST,
      percentage: s.AI_PERCENTAGE,
      intentModel: s.INTENT_MODEL ?? s.LLM_MODEL,
      intentTemperature: s.INTENT_TEMPERATURE,
      threadTokenBudget: s.PROMPT_THREAD_TOKEN_BUDGET,
    },
    github: {
      repo: s.GITHUB_REPO ? { owner: s.GITHUB_REPO.split('/')[0] as string, name: s.GITHUB_REPO.split('/')[1] as string } : null,
      token: s.GITHUB_TOKEN ?? null,
      apiUrl: s.GITHUB_API_URL.replace(/\/+$/, ''),
      timeoutMs: s.GITHUB_TIMEOUT_MS,
      recheckIntervalMs: s.STAR_RECHECK_INTERVAL_SECONDS * 1000,
    },
    brain: {
      resumeUrl: s.RESUME_URL ?? null,
      resumeFile: s.RESUME_FILE ?? null,
      monitorAddress: s.MONITOR_ADDRESS ?? null,
      forwardFrom:
        s.FORWARD_FROM_ADDRESSES.length > 0
          ? s.FORWARD_FROM_ADDRESSES
          : [s.OWNER_ALERT_ADDRESS, s.MONITOR_ADDRESS].filter((a): a is string => Boolean(a)),
      ghostAfterUnanswered: s.GHOST_AFTER_UNANSWERED,
      schedulerIntervalMs: s.SCHEDULER_INTERVAL_SECONDS * 1000,
    },
    http: { host: s.HTTP_HOST, port: s.HTTP_PORT, maxSyncAgeMs: s.HEALTH_MAX_SYNC_AGE_SECONDS * 1000 },
    log: { level: s.LOG_LEVEL, format: s.LOG_FORMAT },
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
  };
}
