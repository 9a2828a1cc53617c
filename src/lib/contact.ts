/** mailto: links that open the visitor's own e-mail app with a message already written. */

/** What a visitor typed into the contact form. */
export interface ContactFields {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
}

/** A mailto: link to `to` with a subject and body, each percent-encoded (spaces as %20, as mail apps expect). */
export function buildMailto(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * A mailto: link to `to` carrying the contact form's subject and message, signed with the
 * visitor's name, e-mail and phone, so the message can be sent from their own e-mail app.
 */
export function buildContactMailto(to: string, fields: ContactFields): string {
  const name = fields.name.trim();
  const subject = `${fields.subject.trim()} (from ${name})`;
  const signature = [name, fields.email.trim(), fields.phone?.trim()].filter(Boolean).join('\n');
  const body = `${fields.message.trim()}\n\n--\n${signature}\n`;
  return buildMailto(to, subject, body);
}
