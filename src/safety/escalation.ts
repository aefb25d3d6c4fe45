import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findLegalThreat } from './legal-threat.js';

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

/** A legal term used as a threat (see legal-threat.ts), as a reason; null when none. */
export function legalThreat(text: string, terms: readonly string[]): EscalationReason | null {
  const term = findLegalThreat(text, terms);
  return term === null ? null : { rule: 'legal_threat', detail: `legal term "${term}" used as a threat` };
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
