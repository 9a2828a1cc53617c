import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { resolveDatabaseTarget } from '../../../src/server/config';

/**
 * The MAIL_DIR of the server using `databaseUrl`, known to the tests that share it: beside a SQLite
 * file, or named after the PostgreSQL database (both unique per run).
 */
export function mailDirOf(databaseUrl: string): string {
  const target = resolveDatabaseTarget(databaseUrl);
  return target.kind === 'sqlite' ? join(dirname(target.file), 'mail') : join(tmpdir(), `shop-api-mail-${new URL(target.url).pathname.slice(1)}`);
}

/** A delivered .eml file: its headers of interest and its body with quoted-printable undone. */
export interface DeliveredMail {
  to: string;
  subject: string;
  body: string;
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (the links in a mail are ASCII). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every .eml file in `dir`, oldest first (their names start with the creation time). */
export function readDeliveredMails(dir: string): DeliveredMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(raw)?.[1]?.trim() ?? '';
    return { to: header('To'), subject: header('Subject'), body: decodeQuotedPrintable(raw) };
  });
}

/** Waits for the password-reset mail to `email` to be delivered into `dir` and returns its token. */
export async function deliveredResetToken(dir: string, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readDeliveredMails(dir)
          .reverse()
          .find((m) => m.to === email && m.subject.startsWith('Reset your'));
        token = mail && /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
        return token;
      },
      { timeout: 15_000, interval: 50, message: `a reset mail to ${email}` },
    )
    .toBeTruthy();
  return token!;
}
