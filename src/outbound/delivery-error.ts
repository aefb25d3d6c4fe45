export interface DeliveryErrorClass {
  retryable: boolean;
  code: number | null;
  summary: string;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETLS', 'EPROTOCOL']);

/**
 * Classifies a nodemailer failure by structure: the SMTP reply code when there is one
 * (4xx transient, 5xx permanent, except 503 "bad sequence" which is a client/session state
 * problem worth retrying on a fresh connection), otherwise the error code of the connection.
 */
export function classifyDeliveryError(err: unknown): DeliveryErrorClass {
  const e = (err ?? {}) as { responseCode?: unknown; code?: unknown; response?: unknown; command?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = typeof e.response === 'string' ? e.response.slice(0, 200) : null;
  if (responseCode !== null) {
    if (responseCode >= 400 && responseCode < 500) return { retryable: true, code: responseCode, summary: response ?? `SMTP ${responseCode}` };
    if (responseCode === 503) return { retryable: true, code: responseCode, summary: response ?? 'SMTP 503' };
    if (responseCode >= 500) return { retryable: false, code: responseCode, summary: response ?? `SMTP ${responseCode}` };
  }
  const code = typeof e.code === 'string' ? e.code : null;
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('E'))) {
    // Authentication and message-format errors do not heal by waiting.
    if (code === 'EAUTH' || code === 'EENVELOPE' || code === 'EMESSAGE') return { retryable: false, code: null, summary: code };
    return { retryable: true, code: null, summary: code };
  }
  return { retryable: true, code: null, summary: 'unknown delivery error' };
}
