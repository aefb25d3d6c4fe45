export interface MailAddress {
  address: string;
  name: string;
}

export interface AttachmentInfo {
  filename: string | null;
  contentType: string;
  size: number;
  disposition: string | null;
}

/** What Hermes knows about one inbound message after parsing. */
export interface InboundEmail {
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  date: string | null;
  /** The new text the sender wrote: quoted history and signature removed. */
  text: string;
  quotedText: string;
  signature: string;
  /** True when the body had no text/plain part and was converted from HTML. */
  fromHtml: boolean;
  /** The HTML body when there is one (screened for hidden text; never shown to the model). */
  html: string | null;
  attachments: AttachmentInfo[];
  /**
   * Raw bytes of attached messages (message/rfc822 parts: "forward as attachment"), so the
   * forwarded channel can read the recruiter's original. Absent when there are none; no other
   * attachment content is kept.
   */
  attachedMessages?: Buffer[];
  /** Top-level MIME type, lower case (e.g. multipart/report). */
  contentType: string;
  /** Raw header values by lower-case name, unfolded, in order of appearance. */
  headers: Record<string, string[]>;
}

export function headerValue(email: Pick<InboundEmail, 'headers'>, name: string): string | null {
  return email.headers[name.toLowerCase()]?.[0] ?? null;
}
