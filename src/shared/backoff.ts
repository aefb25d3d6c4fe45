/**
 * Capped exponential backoff with "equal jitter": half the ceiling fixed, half random, so
 * retries spread out but never come back immediately. `random` is injectable so tests pin it.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
