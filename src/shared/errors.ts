/** One registry of error codes; classify by code, never by message text. */
export const ERROR_CODES = {
  CONFIG_INVALID: 'config is invalid',
  DB_MIGRATION_FAILED: 'a database migration failed',
  MAIL_PARSE_FAILED: 'a message could not be parsed',
  IMAP_CONNECTION: 'the IMAP connection failed',
  SMTP_TRANSIENT: 'the SMTP server refused for now',
  SMTP_PERMANENT: 'the SMTP server refused permanently',
  LLM_FAILED: 'the language model call failed',
  LLM_EMPTY: 'the language model returned no text',
  TEMPLATE_MISSING: 'a reply template is missing',
  INPUT_INVALID: 'the input is invalid',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message?: string, opts: { retryable?: boolean; cause?: unknown } = {}) {
    super(message ?? ERROR_CODES[code], { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = opts.retryable ?? false;
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
