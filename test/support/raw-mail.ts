/** A small, well-formed recruiter email as raw RFC 5322 text. */
export function rawMail(m: { messageId: string; subject: string; text: string; from?: string; headers?: string }): string {
  return [
    `From: ${m.from ?? 'Dana Recruiter <dana.recruiter@talentco.example>'}`,
    'To: Alex Example <hermes@example.test>',
    `Subject: ${m.subject}`,
    `Message-ID: ${m.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(m.headers ? [m.headers] : []),
    '',
    m.text,
    '',
  ].join('\r\n');
}
