import type { InboundEmail } from '../../src/parse/inbound-email.js';

/** A parsed recruiter email for unit tests that do not need real MIME; override what matters. */
export function inbound(over: Partial<InboundEmail> = {}): InboundEmail {
  return {
    from: { address: 'dana.recruiter@talentco.example', name: 'Dana Recruiter' },
    to: [{ address: 'hermes@example.test', name: '' }],
    cc: [],
    replyTo: [],
    subject: 'Backend role',
    messageId: '<parent@talentco.example>',
    inReplyTo: null,
    references: [],
    date: null,
    text: 'Hi',
    quotedText: '',
    signature: '',
    fromHtml: false,
    html: null,
    attachments: [],
    contentType: 'text/plain',
    headers: {},
    ...over,
  };
}
