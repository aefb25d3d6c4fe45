import { RULE_HINTS, RULE_REQUIRES } from '../../src/safety/shield/rules.js';
import { WIDE_GAPS } from '../../src/safety/shield/screen-text.js';

/**
 * Whether a rule's match holds one of its hints (`RULE_HINTS`) as SHIELD's table pass finds them:
 * a hint word as one of the match's tokens, a `~` hint as a substring. False when it has none.
 */
export function hintHolds(key: string, match: string): boolean {
  const tokens = new Set(match.split(/[^a-z0-9']+/));
  return (RULE_HINTS[key] ?? []).some((h) => (h.startsWith('~') ? match.includes(h.slice(1)) : tokens.has(h)));
}

/**
 * Whether a rule's match holds one of its requirements (`RULE_REQUIRES`), with each run of spaces
 * or tabs read as one space, as SHIELD also looks for them. False when it has none.
 */
export function requirementHolds(key: string, match: string): boolean {
  const gapped = match.replace(WIDE_GAPS, ' ');
  return (RULE_REQUIRES[key] ?? []).some((r) => gapped.includes(r));
}
