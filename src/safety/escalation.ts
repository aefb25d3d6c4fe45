import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseForMatching } from './normalise.js';

export type EscalationRule = 'legal_threat' | 'message_count' | 'company_allowlist' | 'validation_failures';

export interface EscalationReason {
  rule: EscalationRule;
  detail: string;
}

export interface EscalationDecision {
  escalate: boolean;
  reasons: EscalationReason[];
}

export interface EscalationLists {
  legalTerms: string[];
  companies: Array<{ name: string; domains: string[] }>;
}

export interface EscalationInput {
  text: string;
  subject: string;
  senderDomain: string;
  /** Inbound messages in the conversation, this one included. */
  inboundCount: number;
  maxInbound: number;
}

function listLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** Reads config/safety/legal-terms.txt and company-allowlist.txt (owner-editable). */
export function loadEscalationLists(configDir: string): EscalationLists {
  const dir = path.join(configDir, 'safety');
  const companies = listLines(path.join(dir, 'company-allowlist.txt')).map((line) => {
    const colon = line.indexOf(':');
    const name = colon >= 0 ? line.slice(0, colon).trim() : line;
    const domains = (colon >= 0 ? line.slice(colon + 1) : '').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
    return { name, domains };
  });
  return { legalTerms: listLines(path.join(dir, 'legal-terms.txt')).map((t) => t.toLowerCase()), companies };
}

/** Sender domain or any subdomain of a listed one: "mail.google.com" matches, "notgoogle.com" and "google.com.evil.example" do not. */
export function allowlistedCompany(domain: string, companies: EscalationLists['companies']): string | null {
  const d = domain.toLowerCase().replace(/\.$/, '');
  for (const c of companies) {
    if (c.domains.some((listed) => d === listed || d.endsWith(`.${listed}`))) return c.name;
  }
  return null;
}

// A legal term is a threat when the sentence aims it at the reader or announces an action:
// "my attorney will be in touch", "we will pursue legal remedies", "I will report you to the FTC".
// Without such a cue it is an ordinary word: "Legal Tech Engineer", "our lawyers will send the NDA".
const THREAT_CUES = [
  /\b(?:will|shall|going to|intend to|plan to|prepared to|forced to|have no choice but to|reserve the right to|be)\s+(?:\w+\s+){0,3}?(?:sue|suing|pursue|pursuing|take|taking|file|filing|bring|initiate|commence|escalate|report|contact(?:ing)? you|be in touch|hear from|proceed)\b/,
  /\b(?:sue|suing|report(?:ing)?|take (?:legal )?action against|legal action against|complaint against|proceedings against)\s+(?:you|your|this|hermes)\b/,
  /\b(?:you(?:'ll| will)) (?:be hearing|hear) from (?:my|our)\b/,
  /\bcease and desist\b/,
  /\b(?:serve|served|serving|obtain|get|seek|issue)\s+(?:you\s+(?:with\s+)?)?(?:a\s+)?(?:subpoena|court order)\b/,
  /\b(?:subpoena|court order)\s+(?:against|for|on)\s+you\b/,
  /\b(?:pursue|pursuing|seek|seeking|take|taking|consider(?:ing)?|explore|exploring)\s+(?:all\s+)?(?:available\s+)?legal (?:remedies|action|options|proceedings|recourse)\b/,
  /\b(?:file|filing|lodge|lodging)\s+(?:a\s+)?(?:formal\s+)?complaint\b/,
  /\bsee you in court\b/,
  // Bringing a lawyer in on the reader: "forwarded this thread to my attorney", "instructed our
  // counsel", "prepare for litigation".
  /\b(?:forwarded|forwarding|sent|sending|passed|passing|handed|handing|referred|referring|escalated|escalating)\b.{0,60}?\bto (?:my|our) (?:attorney|lawyer|legal counsel|counsel|solicitor)s?\b/,
  /\b(?:i|we)(?:'ve|'m|'re|'ll| have| had| am| are| will| shall)?(?: already| now| also)?\s+(?:instructed|retained|hired|engaged|contacted|consulted|consulting|involved|involving|instruct|retain|hire|engage|contact|consult|involve)\s+(?:my|our|a|an)\s+(?:attorney|lawyer|legal counsel|counsel|solicitor)s?\b/,
  /\bprepar(?:e|ing|ed)\s+(?:for\s+)?(?:litigation|a lawsuit|legal action|legal proceedings|court)\b/,
];

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim().length > 0);
}

/** The first sentence that carries both a legal term and a threat cue, as a reason; null when none. */
export function legalThreat(text: string, terms: readonly string[]): EscalationReason | null {
  const normal = normaliseForMatching(text.slice(0, 200_000));
  for (const sentence of sentences(normal)) {
    const term = terms.find((t) => new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`).test(sentence));
    if (!term) continue;
    if (THREAT_CUES.some((cue) => cue.test(sentence))) return { rule: 'legal_threat', detail: `legal term "${term}" used as a threat` };
  }
  return null;
}

/** Escalation is checked before any reply is written and always wins. Pure. */
export function decideEscalation(input: EscalationInput, lists: EscalationLists): EscalationDecision {
  const reasons: EscalationReason[] = [];
  const company = allowlistedCompany(input.senderDomain, lists.companies);
  if (company) reasons.push({ rule: 'company_allowlist', detail: `sender is at ${company}` });
  const threat = legalThreat(`${input.subject}\n${input.text}`, lists.legalTerms);
  if (threat) reasons.push(threat);
  if (input.inboundCount > input.maxInbound) {
    reasons.push({ rule: 'message_count', detail: `${input.inboundCount} inbound messages (limit ${input.maxInbound})` });
  }
  return { escalate: reasons.length > 0, reasons };
}
