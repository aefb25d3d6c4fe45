import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { inbound } from '../../support/inbound.js';
import { resolveForward } from '../../../src/pipeline/forward.js';
import { TERMINAL_STATES, type ConversationState } from '../../../src/db/schema.js';
import { decideReply, staysOutsideConversations, type DecisionInput } from '../../../src/pipeline/reply-decision.js';

const human = { isMachine: false, reason: null, detail: null } as const;

function input(over: Partial<DecisionInput> = {}): DecisionInput {
  return {
    machine: human,
    channel: 'standard',
    answerable: true,
    conversationState: null,
    hasReplyAddress: true,
    sentToRecipientToday: 0,
    dailyLimit: 10,
    ...over,
  };
}

describe('decideReply', () => {
  it('answers an ordinary new mail', () => {
    expect(decideReply(input())).toEqual({ answer: true, reason: 'reply' });
  });

  it('answers in a non-terminal conversation', () => {
    const nonTerminal: ConversationState[] = ['INITIAL', 'ENGAGING', 'QUALIFYING'];
    for (const state of nonTerminal) expect(decideReply(input({ conversationState: state })).answer).toBe(true);
  });

  it('machine mail: never answered, rule passed on as detail', () => {
    expect(decideReply(input({ machine: { isMachine: true, reason: 'auto-submitted', detail: 'Auto-Submitted: auto-replied' } }))).toEqual({
      answer: false,
      reason: 'machine-mail',
      detail: 'auto-submitted',
    });
  });

  it('forwarded channel', () => {
    expect(decideReply(input({ channel: 'forwarded' }))).toMatchObject({ answer: false, reason: 'forwarded-channel' });
  });

  it('pre-existing mail (not answerable)', () => {
    expect(decideReply(input({ answerable: false }))).toEqual({ answer: false, reason: 'pre-existing-mail' });
  });

  it.each(TERMINAL_STATES.map((s) => [s]))('terminal conversation %s', (state) => {
    expect(decideReply(input({ conversationState: state }))).toEqual({ answer: false, reason: 'terminal-conversation', detail: state });
  });

  it('no reply address', () => {
    expect(decideReply(input({ hasReplyAddress: false }))).toEqual({ answer: false, reason: 'no-reply-address' });
  });

  it('send limit reached (equal to the limit)', () => {
    expect(decideReply(input({ sentToRecipientToday: 10, dailyLimit: 10 }))).toEqual({ answer: false, reason: 'send-limit', detail: '10 replies in 24 h' });
  });

  it('send limit: one below the limit still answers, above it does not', () => {
    expect(decideReply(input({ sentToRecipientToday: 9, dailyLimit: 10 })).answer).toBe(true);
    expect(decideReply(input({ sentToRecipientToday: 11, dailyLimit: 10 })).reason).toBe('send-limit');
  });

  describe('order: the first blocking reason is reported', () => {
    const everythingWrong = input({
      machine: { isMachine: true, reason: 'list-mail', detail: 'list-id header' },
      channel: 'forwarded',
      answerable: false,
      conversationState: 'GHOSTED',
      hasReplyAddress: false,
      sentToRecipientToday: 99,
    });

    it('machine mail beats everything', () => {
      expect(decideReply(everythingWrong).reason).toBe('machine-mail');
    });

    it('then forwarded channel', () => {
      expect(decideReply({ ...everythingWrong, machine: human }).reason).toBe('forwarded-channel');
    });

    it('then pre-existing mail', () => {
      expect(decideReply({ ...everythingWrong, machine: human, channel: 'standard' }).reason).toBe('pre-existing-mail');
    });

    it('then terminal conversation', () => {
      expect(decideReply({ ...everythingWrong, machine: human, channel: 'standard', answerable: true }).reason).toBe('terminal-conversation');
    });

    it('then no reply address', () => {
      expect(decideReply({ ...everythingWrong, machine: human, channel: 'standard', answerable: true, conversationState: null }).reason).toBe('no-reply-address');
    });

    it('then send limit', () => {
      expect(decideReply({ ...everythingWrong, machine: human, channel: 'standard', answerable: true, conversationState: null, hasReplyAddress: true }).reason).toBe(
        'send-limit',
      );
    });
  });
});

describe('staysOutsideConversations', () => {
  it('keeps machine, forwarded, pre-existing and address-less mail out of conversations', () => {
    for (const reason of ['machine-mail', 'forwarded-channel', 'pre-existing-mail', 'no-reply-address'] as const) {
      expect(staysOutsideConversations({ answer: false, reason })).toBe(true);
    }
  });

  it('records withheld replies (terminal, send limit) and answered mail in their conversation', () => {
    expect(staysOutsideConversations({ answer: false, reason: 'terminal-conversation' })).toBe(false);
    expect(staysOutsideConversations({ answer: false, reason: 'send-limit' })).toBe(false);
    expect(staysOutsideConversations({ answer: true, reason: 'reply' })).toBe(false);
  });
});

describe('resolveForward: who may hand over a recruiter email', () => {
  const forward = (from: string) =>
    inbound({
      from: { address: from, name: 'Alex' },
      to: [{ address: 'forward@example.test', name: '' }],
      subject: 'Fwd: Backend role',
      messageId: '<fwd-1@example.test>',
      text: 'See below.\n\n---------- Forwarded message ---------\nFrom: Jamie Lee <jamie@agency.example>\nDate: Mon, 2 Nov 2026 10:00:00 +0000\nSubject: Backend role\nTo: Alex <alex@personal.example>\n\nHi Alex, a backend role for you.',
    });
  const base = { HERMES_ADDRESS: 'hermes@example.test', CHANNEL_FORWARDED_ADDRESSES: 'forward@example.test' };

  it('acts on forwards from the configured forwarders only', async () => {
    const config = loadConfig({ ...base, OWNER_ALERT_ADDRESS: 'alex@personal.example' });
    const ok = await resolveForward(forward('alex@personal.example'), config);
    expect(ok.problem).toBeNull();
    expect(ok.email.from?.address).toBe('jamie@agency.example');
    expect(ok.forwardedVia).toEqual({ channel: 'forwarded', address: 'forward@example.test' });
    const stranger = await resolveForward(forward('eve@stranger.example'), config);
    expect(stranger.problem).toBe('forwarder-not-allowed');
    expect(stranger.forwardedVia).toBeNull();
  });

  it('with no forwarder configured at all, acts on every forward', async () => {
    const anyone = await resolveForward(forward('eve@stranger.example'), loadConfig(base));
    expect(anyone.problem).toBeNull();
    expect(anyone.email.from?.address).toBe('jamie@agency.example');
  });
});
