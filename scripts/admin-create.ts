// `npm run admin:create -- --email a@b.c --role super_admin [--name "Dana W."] [--password …]`:
// creates a staff account in the database of DATABASE_URL. Asks only for what the flags leave out
// (the password, hidden, when --password and ADMIN_PASSWORD are both absent and a terminal is
// attached). Prints one line: what was created, or what is wrong (exit code 1).
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SYSTEM_ACTOR } from '../src/server/audit/audit.service';
import { parseConfig, resolveDatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { ApiError } from '../src/server/http/errors';
import { createStaff, isStaffRole, STAFF_ROLE_NAMES, validateNewStaff } from '../src/server/staff/staff.service';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolvePromise) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => write(s.startsWith(question) ? s : '');
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolvePromise(answer);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string', default: 'super_admin' }, name: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.email) throw new Error('Missing --email: npm run admin:create -- --email you@example.com --role super_admin');
  if (!isStaffRole(values.role)) throw new Error(`Unknown role "${values.role}": use one of ${STAFF_ROLE_NAMES}.`);
  let password = values.password ?? process.env.ADMIN_PASSWORD ?? '';
  if (!password) {
    if (!process.stdin.isTTY) throw new Error('Missing --password (or ADMIN_PASSWORD); no terminal to ask for it.');
    password = await askHidden('Password for the new staff account: ');
  }
  const name = values.name?.trim() || values.email.split('@')[0]!;
  const input = { email: values.email, name, role: values.role, password };
  const problems = validateNewStaff(input);
  const first = Object.entries(problems)[0];
  if (first) throw new Error(`${first[0]}: ${first[1]}`);

  // Only DATABASE_URL matters here; ADMIN_PASSWORD was already judged as this account's password.
  const config = parseConfig({ ...process.env, ADMIN_PASSWORD: '' });
  const handle = openDatabase(resolveDatabaseTarget(config.DATABASE_URL));
  try {
    await migrateToLatest(handle.db);
    const admin = await createStaff(handle.db, input, SYSTEM_ACTOR);
    console.log(`Created ${admin.role} ${admin.email} (${admin.name}); sign in at /admin/login.`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof ApiError ? err.message : err instanceof Error ? err.message : String(err);
  console.error(`admin:create: ${message}`);
  process.exit(1);
});
