import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowlistedCompany, decideEscalation, legalThreat, loadEscalationLists } from '../../../src/safety/escalation.js';
import { findLegalThreat, legalModelProbability, termSentences } from '../../../src/safety/legal-threat.js';
import legalWeights from '../../../src/safety/legal-weights.json' with { type: 'json' };

const lists = loadEscalationLists(path.resolve(import.meta.dirname, '../../../config'));
const base = { subject: 'Role', senderDomain: 'talentco.example', inboundCount: 1, maxInbound: 10 };

describe('legal-threat model', () => {
  // A veiled threat no cue lists: a listed term ("counsel", "breach") and no step named.
  const veiled = 'Dear Mr. Lee,\n\nWe note that you have not returned the signed settlement. Our counsel advises that the breach of your non-solicitation clause is clear. Please reply by Monday.\n\nHR';

  it('escalates a threat the cues miss when the sentences around a legal term read as one', () => {
    expect(findLegalThreat(veiled, lists.legalTerms, { useModel: false })).toBeNull();
    expect(findLegalThreat(veiled, lists.legalTerms)).toBe('counsel');
    const context = termSentences(veiled, lists.legalTerms).find((s) => s.term === 'counsel')?.context ?? '';
    expect(legalModelProbability(context)).toBeGreaterThanOrEqual(legalWeights.threshold);
  });

  it.each([
    'Hello Sam, our legal team will send the NDA for the Helix role tomorrow. Looking forward to the interview!',
    "Hi Sam, I'm a solicitor at a London firm and wanted to ask about your open-source contract tool.",
    'Dear candidate, the arbitration clause in the offer letter is standard; you can ask a lawyer to review it.',
  ])('reads legal words in routine recruiting mail as routine: %j', (text) => {
    expect(findLegalThreat(text, lists.legalTerms)).toBeNull();
  });

  it('has a threshold set above the look-alikes and a few thousand weights', () => {
    expect(legalWeights.threshold).toBeGreaterThan(0.5);
    expect(legalWeights.threshold).toBeLessThan(1);
    expect(Object.keys(legalWeights.w).length).toBeLessThanOrEqual(3000);
  });
});

describe('legal threats', () => {
  it.each([
    'My attorney will be in touch.',
    'We will pursue legal remedies if this continues.',
    'I will report you to the FTC.',
    'Consider this a cease and desist.',
    'I am going to sue you for wasting my time.',
    'Expect to hear from our lawyer: we are prepared to take legal action.',
    'We are filing a complaint with the Federal Trade Commission.',
    'We will serve you with a subpoena.',
    "I've forwarded this entire thread to my attorney.",
    'We have instructed our counsel to prepare for litigation.',
    'You will be hearing from my lawyers.',
    'Our legal counsel is considering legal proceedings against you.',
    'My L4wyer will be in t0uch with you shortly.',
    // Steps named in other words and other legal systems.
    'If payment is not received within 7 days we will serve a statutory demand on your company.',
    'The file has gone to our legal department and they will be reaching out about recovery.',
    'Your account has been placed with Sterling Crest Recovery for collection.',
    "I've asked our advocaat to look into it and she'll be sending you a formal demand.",
    'A claim has been issued against you in the County Court.',
    'see you in small claims mate',
    "You are not being sued yet, but if the laptop isn't back by Friday our lawyers will be in touch.",
    'My lawyer is sending you a letter tomorrow.',
    "If I see one commit of it in a repo that isn't ours I'll get an injunction.",
    "If the rent isn't paid within three days we will file for eviction.",
    "Refund me by Friday or I'm filing complaints with the FTC and the state attorney general.",
    'Without a repayment plan the balance goes to our recovery agency on Monday.',
    'Our client has instructed us to refer the matter to the tenancy board for adjudication.',
    "I've filed an age discrimination charge with the EEOC and named you as the interviewer.",
    'ive reported you to the ICO and our company solicitor has the link.',
    "i really don't want this turning into a police matter, so drop the laptop at reception by monday.",
    'If you push that repo to your personal github I will have our attorney on you before lunch.',
    'Tell your new boss to expect our invoice and a letter from our solicitors.',
    "I've instructed the letting agent to serve notice and start possession proceedings.",
    'Statements of this kind are defamatory, and the company reserves the right to take action.',
    // The writer's own lawyer given an adversarial job, authorities in other words and languages.
    'Our in-house counsel is now drafting the claim for the unpaid retainer.',
    "My lawyer has copies of every message and will be contacting you on Monday.",
    "Unless the laptop is back by Friday, I'm taking it to the ICO.",
    'We have reported the unpaid invoices to HMRC.',
    'The incident has been reported, with your messages, to the police.',
    'If the bond is not repaid, the case will be handed over to our external counsel for recovery.',
    'Otherwise the matter goes to our avvocato, who will send you the formal diffida.',
    "I spoke with a lawyer yesterday and we have a strong case.",
    'Without the keys by the 30th we will be obliged to declare them stolen to the police.',
    "Your balance has been passed to Orbis Collections Ltd.",
    'Ich werde eine Beschwerde beim Datenschutz einreichen; I will make a formal beschwerde to the Datenschutz office.',
  ])('escalates %j', (text) => {
    expect(legalThreat(text, lists.legalTerms)).not.toBeNull();
  });

  it.each([
    'We are hiring a Legal Tech Engineer at a law firm.',
    'Our client is an attorney-services startup.',
    'Our lawyers will send the NDA tomorrow.',
    'The role supports our litigation analytics product.',
    'You would work with the legal team on contract tooling.',
    "I've forwarded your profile to our hiring manager and our legal team for the NDA.",
    'You would be consulting our lawyers on product questions now and then.',
    'I would sue for a candidate like you, ha. Anyway, are you free?',
    'The company builds software for court order management.',
    'LEGAL NOTICE: This email and any attachments are confidential and intended solely for the addressee.',
    'Markguard auto-generates takedown notices and cease-and-desist letters for brands.',
    'Under the GDPR you have the right to lodge a complaint with the data protection commission.',
    "If you get one of these fake offers, please report it to the FTC.",
    "I'll file the expense claim on your behalf.",
    'Sue from our people team will file the paperwork with payroll this week.',
    // Threats made to the writer by someone else, steps aimed at a third party, reports of a scam,
    // hypotheticals explained to the reader, reports to the writer's own data protection officer.
    "My old landlord says he'll sue me unless I pay for the carpet. Do you know a good solicitor?",
    'I just got a cease and desist from their lawyers and have no idea what to do.',
    'Our legal team has sent them a formal notice; this is between us and the client.',
    'We have reported these accounts to the police and to the FTC.',
    'The talk covers what to do if you ever receive a demand letter from a former employer.',
    'Nothing here prevents you from filing a charge with the EEOC.',
    "I've reported the error to our data protection officer, as the policy requires.",
    'If a dispute came up, either side would take it to an arbitrator instead of court.',
    'You are not being sued. A class action settlement was proposed; file a claim by March 14 or give up your right to sue the company separately.',
    "You'd be well within your rights to take this to small claims, and I wouldn't blame you. The payment goes out Friday.",
    "if you don't review my PR by friday i'm suing you for emotional damages 😂 (jk obviously)",
    'I want to make a complaint - not about you! - about the recruiter who cut the salary in half.',
    'I want to make a formal complaint about my team lead; could HR tell me the process?',
    'You would build the pipeline that files suspicious activity reports with the regulator.',
    'The file will not be sent to collections, and nothing will be reported to credit bureaus as long as you pay.',
    'Our lawyer added a clause about late penalties and disputes going to the commercial court; tell me if it is too much.',
    'Their lawyers sent me a cease-and-desist yesterday, but mine says it is boilerplate.',
    'Another client ghosted me, and I was filling in the small claims form against them when your payment came.',
    'Intel obtained an injunction barring him from the mail servers, and the court of appeal upheld it.',
    'CONFIDENTIAL: LEGAL HOLD NOTICE. You are not a party to this matter. Please keep any emails with the vendor; our counsel will arrange collection.',
  ])('stays calm on %j', (text) => {
    expect(legalThreat(text, lists.legalTerms)).toBeNull();
  });
});

describe('company allowlist', () => {
  it('matches the domain and its subdomains only', () => {
    expect(allowlistedCompany('google.com', lists.companies)).toBe('Google');
    expect(allowlistedCompany('mail.google.com', lists.companies)).toBe('Google');
    expect(allowlistedCompany('fb.com', lists.companies)).toBe('Meta');
    expect(allowlistedCompany('notgoogle.com', lists.companies)).toBeNull();
    expect(allowlistedCompany('google.com.evil.example', lists.companies)).toBeNull();
    expect(allowlistedCompany('gmail.com', lists.companies)).toBeNull();
  });

  it('ignores a company named in the body', () => {
    const d = decideEscalation({ ...base, text: 'I used to work at Google and Stripe.' }, lists);
    expect(d).toEqual({ escalate: false, reasons: [] });
  });
});

describe('decideEscalation', () => {
  it('escalates past the inbound message limit', () => {
    expect(decideEscalation({ ...base, text: 'hi', inboundCount: 10 }, lists).escalate).toBe(false);
    expect(decideEscalation({ ...base, text: 'hi', inboundCount: 11 }, lists).reasons).toEqual([{ rule: 'message_count', detail: '11 inbound messages (limit 10)' }]);
  });

  it('lists every reason', () => {
    const d = decideEscalation({ ...base, senderDomain: 'careers.stripe.com', text: 'My attorney will be in touch.', inboundCount: 12 }, lists);
    expect(d.reasons.map((r) => r.rule)).toEqual(['company_allowlist', 'legal_threat', 'message_count']);
  });

  it('is linear on long adversarial input', () => {
    const text = `${'attorney will '.repeat(20_000)}${'a '.repeat(200_000)}`;
    const t0 = performance.now();
    decideEscalation({ ...base, text }, lists);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });

  it('reads a threat however far into a long mail it stands', () => {
    // Until 2026-11-27 only the first 200,000 characters were read.
    const thread = 'Thanks for the update on the role, the team will review the schedule and get back to you.\n'.repeat(3_000);
    expect(thread.length).toBeGreaterThan(250_000);
    const d = decideEscalation({ ...base, text: `${thread}\nIf you do not return the laptop by Friday, my attorney will file a lawsuit against you.` }, lists);
    expect(d.reasons.map((r) => r.rule)).toContain('legal_threat');
  });

  it('reads a megabyte of one-character sentences in linear time', () => {
    for (const unit of ['. ', '!\n']) {
      const t0 = performance.now();
      expect(decideEscalation({ ...base, text: unit.repeat(500_000) }, lists).escalate).toBe(false);
      expect(performance.now() - t0).toBeLessThan(3_000);
    }
  });

  it('stays fast when every sentence holds a legal term the model must read', () => {
    const text = 'The lawyer is nice. '.repeat(10_000);
    const t0 = performance.now();
    expect(decideEscalation({ ...base, text }, lists).escalate).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
