import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/** One message to deliver. */
export interface OutgoingMail {
  /** Outbox id: also the Message-ID, so a retried delivery is recognisably the same message. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

/** Where e-mail goes: an SMTP relay or a folder of .eml files. */
export interface MailTransport {
  /** 'smtp' or 'files'. */
  kind: 'smtp' | 'files';
  /** Delivers one message; rejects when it could not. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

let nodemailerLoading: Promise<typeof import('nodemailer')['default']> | undefined;

/**
 * nodemailer, loaded with the first message and kept: it costs about 0.17 CPU-s to load, and many
 * server processes (every start of the test suites') send no mail at all.
 */
function loadNodemailer(): Promise<typeof import('nodemailer')['default']> {
  nodemailerLoading ??= import('nodemailer').then((module) => module.default);
  return nodemailerLoading;
}

/** A transporter made on first use from `make`; closing before that closes nothing. */
function lazyTransporter(make: (nodemailer: typeof import('nodemailer')['default']) => Transporter): { get: () => Promise<Transporter>; close: () => void } {
  let made: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get: () => {
      made ??= loadNodemailer().then(make);
      return made;
    },
    close: () => {
      if (closed) return;
      closed = true;
      void made?.then((transporter) => transporter.close()).catch(() => undefined);
    },
  };
}

/** The nodemailer message fields of an outgoing mail. */
function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: `<${mail.id}@graphenecoatings.mail>`,
    date: new Date(mail.createdAt),
  };
}

/**
 * Delivers through the SMTP relay named by an smtp:// or smtps:// URL over a pool of up to
 * `connections` open connections: a connection per message (the handshake and TLS each time)
 * capped delivery at about 17 a second.
 */
export function createSmtpTransport(smtpUrl: string, connections = 1): MailTransport {
  const transporter = lazyTransporter((nodemailer) => nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: connections, maxMessages: Infinity }));
  return {
    kind: 'smtp',
    deliver: async (mail) => {
      await (await transporter.get()).sendMail(toMessage(mail));
    },
    close: transporter.close,
  };
}

/** The .eml file name of a message: creation time first so a folder listing reads in order. */
export function emlFileName(mail: Pick<OutgoingMail, 'id' | 'createdAt'>): string {
  return `${mail.createdAt.replace(/[:.]/g, '-')}_${mail.id}.eml`;
}

/** Writes each message as an .eml file (RFC 5322, openable in any mail program) into `dir`. */
export function createFileTransport(dir: string): MailTransport {
  const composer = lazyTransporter((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'files',
    deliver: async (mail) => {
      const info = await (await composer.get()).sendMail(toMessage(mail));
      await mkdir(dir, { recursive: true });
      const target = join(dir, emlFileName(mail));
      // Written aside then renamed: a reader never sees half a message, a retry overwrites the same file.
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, target);
    },
    close: composer.close,
  };
}

/** SMTP (with `connections` pooled) when `smtpUrl` is set, otherwise .eml files in `mailDir`. */
export function createMailTransport(smtpUrl: string, mailDir: string, connections = 1): MailTransport {
  return smtpUrl ? createSmtpTransport(smtpUrl, connections) : createFileTransport(mailDir);
}
