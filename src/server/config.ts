import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../lib/analytics/days';
import { ADMIN_PASSWORD_MIN, LOW_STOCK_MAX } from '../lib/constants';
import { IMPORT_BATCH_SIZE } from '../lib/schemas/admin-imports';
import { isCommonPassword, PASSWORD_WAIT_DEFAULT_MS } from './auth/passwords';
import { parseProxyTrust } from './http/client-address';

/** A boolean environment variable: 1/0, true/false, yes/no, on/off (any case). */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be true or false (1/0, yes/no, on/off)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A whole number within bounds, written in decimal. */
const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `must be an integer ${min}-${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be an integer ${min}-${max}` });

/** An http(s) URL without path, query or fragment, e.g. https://shop.example.com. */
const origin = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) origin such as https://shop.example.com' },
  )
  .transform((v) => new URL(v).origin);

/** Whether a text is an http(s) URL without credentials, query or fragment (and without a path unless `path`). */
function isHttpUrl(value: string, path: boolean): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash && (path || url.pathname === '/');
  } catch {
    return false;
  }
}

/** Every environment variable the server reads, each with a default that works on one machine. */
export const configSchema = z.object({
  /** TCP port of the HTTP server. */
  PORT: integer(1, 65535).default(4321),
  /** Address the HTTP server binds; 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().trim().min(1, { message: 'must not be empty' }).default('127.0.0.1'),
  /** `file:./data/shop.db` or a plain path (SQLite), or postgres://user@host:port/db (PostgreSQL). */
  DATABASE_URL: z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(postgres|postgresql|file):\/\//i.test(v), {
      message: 'must be a file: URL, a file path, or a postgres:// / postgresql:// URL',
    })
    .default('file:./data/shop.db'),
  /** Public origin of the shop: links in e-mails, the same-origin check, cookie Secure flag. */
  SITE_URL: origin.default('http://localhost:4321'),
  /** Where uploaded images and their variants are stored: `local` (MEDIA_DIR) or `s3` (the S3_* bucket, under `media/`). */
  MEDIA_STORE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  /** Folder of uploaded images and their variants (MEDIA_STORE=local). */
  MEDIA_DIR: z.string().trim().min(1).default('./media'),
  /** Folder `npm run db:backup` makes its timestamped backup folders in. */
  BACKUP_DIR: z.string().trim().min(1).default('./data/backups'),
  /** http(s) address of an S3-compatible server (MinIO, Ceph, R2 ...); empty for AWS's endpoint of S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v, false), { message: 'must be an http(s) URL such as https://s3.example.com' })
    .default(''),
  /** The bucket (it must exist); required with MEDIA_STORE=s3. */
  S3_BUCKET: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), { message: 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens' })
    .default(''),
  /** Region of the bucket (signs every request; S3-compatible servers mostly accept us-east-1). */
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, { message: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  /** Access key; with S3_SECRET_ACCESS_KEY, or both empty for the SDK's credential chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  /** Secret of S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  /** Path-style addresses (endpoint/bucket/key) instead of bucket.endpoint/key: most self-hosted servers need it. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * Public address of the stored media (a CDN in front of the bucket's `media/` folder), no trailing
   * slash needed: /media/<key> then redirects to <base>/<key>. Empty: the server streams the images.
   */
  MEDIA_PUBLIC_BASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v, true), { message: 'must be an http(s) URL without query or fragment, such as https://cdn.example.com/media' })
    .transform((v) => v.replace(/\/+$/, ''))
    .default(''),
  /** smtp(s)://user:pass@host:port of the mail relay; empty writes .eml files to MAIL_DIR instead. */
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^smtps?:\/\/[^\s]+$/i.test(v), { message: 'must be an smtp:// or smtps:// URL' })
    .default(''),
  /** Folder the .eml files go to when no SMTP_URL is set. */
  MAIL_DIR: z.string().trim().min(1).default('./data/mail'),
  /** E-mails delivered at once (the SMTP pool keeps as many connections open). */
  MAIL_CONCURRENCY: integer(1, 100).default(8),
  /** Bearer token that GET /api/metrics requires; empty turns the endpoint off (404). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .refine((v) => v === '' || v.length >= 16, { message: 'must be at least 16 characters' })
    .default(''),
  /** Sender of transactional e-mail. */
  MAIL_FROM: z.string().trim().min(3).default('Graphene Coatings <hello@graphenecoatings.com>'),
  /** E-mail of the first admin, created at start when no admin exists (with ADMIN_PASSWORD). */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'must be an e-mail address' })
    .default(''),
  /** Password of that first admin: at least ADMIN_PASSWORD_MIN characters (spec §5) and not a common password. */
  ADMIN_PASSWORD: z
    .string()
    .refine((v) => v === '' || v.length >= ADMIN_PASSWORD_MIN, { message: `must be at least ${ADMIN_PASSWORD_MIN} characters` })
    .refine((v) => v === '' || !isCommonPassword(v), { message: 'is too common: choose one that is harder to guess' })
    .default(''),
  /** Demo mode: creates the documented demo accounts. Never on a public shop. */
  SHOP_DEMO: flag.default(false),
  /** Lowest level of log lines written to stdout. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error'], { message: 'must be one of debug, info, warn, error' }).default('info'),
  /** The catalogue's content folder (its last segment is `content`); seeds the database, is merged into it at every start, and receives exports. */
  CONTENT_DIR: z
    .string()
    .trim()
    .refine((v) => /(^|[\\/])content[\\/]?$/.test(v), { message: 'must be a folder named content' })
    .default('./content'),
  /**
   * Which reverse proxies in front of the server are believed about X-Forwarded-For/-Proto/-Host:
   * false (none), true (the nearest one), a hop count, or a comma-separated list of proxy addresses,
   * CIDR subnets and the names loopback, linklocal, uniquelocal. The client address is the first
   * one, from the right of X-Forwarded-For, that is not a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const trust = parseProxyTrust(v);
      if (!trust) ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDR subnets' });
      return trust ?? z.NEVER;
    })
    .default({ kind: 'none' }),
  /** Largest request body accepted, in bytes (file uploads have their own limit). */
  MAX_BODY_BYTES: integer(1024, 1024 * 1024 * 1024).default(1024 * 1024),
  /** Largest uploaded image, in bytes (CSV imports have MAX_IMPORT_BYTES). */
  MAX_UPLOAD_BYTES: integer(1024, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
  /** Largest product data sheet (PDF) staff may upload, in bytes. */
  DOCUMENT_MAX_BYTES: integer(1024, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
  /** A hazardous product's safety data sheet revised longer ago than this many years shows in the back office's report. */
  SDS_MAX_AGE_YEARS: integer(1, 50).default(3),
  /** Largest product CSV file an import accepts, in bytes (apart from the image limit). */
  MAX_IMPORT_BYTES: integer(1024, 4 * 1024 * 1024 * 1024).default(100 * 1024 * 1024),
  /**
   * Where uploaded import files wait while their job runs: `local` (IMPORT_DIR, this machine only)
   * or `s3` (the S3_* bucket, under `imports/`, read by whichever server takes the job over); not
   * set: the same kind as MEDIA_STORE.
   */
  IMPORT_STORE: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(['local', 's3'], { message: 'must be local or s3' }).optional()),
  /** Folder of import files with IMPORT_STORE=local; jobs store names relative to it. */
  IMPORT_DIR: z.string().trim().min(1).default('./data/imports'),
  /**
   * Folder of images a product CSV may name by path (relative to it, or absolute inside it): each is
   * processed like an upload; a path that resolves outside it (symlinks followed) fails its row.
   */
  IMPORT_IMAGE_DIR: z.string().trim().min(1).default('./data/import-images'),
  /** Rows an import writes per transaction: larger is faster, smaller answers pause and cancel sooner and holds locks for less time. */
  IMPORT_BATCH_ROWS: integer(10, 10_000).default(IMPORT_BATCH_SIZE),
  /** Records from which a bulk action of the back office runs as a job (202, polled) rather than within its request. */
  BULK_JOB_MIN_RECORDS: integer(1, 20_000).default(500),
  /** Hosts that remote image URLs (the product dialog's and imports') may name even when they resolve to private addresses (tests); comma-separated. */
  IMPORT_ALLOWED_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** New accounts one client address may create per hour (sign-up spam); tests of other things raise it. */
  SIGNUP_LIMIT_PER_HOUR: integer(1, 1_000_000).default(10),
  /** Hours a pending order waits for staff approval before it is cancelled with its stock given back. */
  ORDER_HOLD_HOURS: integer(1, 24 * 365).default(48),
  /** Minutes a card order may wait for its card to be authorised (3-D Secure, an abandoned payment step) before it is cancelled with its stock given back. */
  CARD_PAYMENT_TIMEOUT_MINUTES: integer(5, 2880).default(60),
  /** Orders one client address or e-mail may place per hour as a guest (signed-in customers get more); tests raise it. */
  ORDER_LIMIT_PER_HOUR: integer(1, 1_000_000).default(10),
  /** Unapproved pending orders one client address or e-mail may hold as a guest (signed-in customers more); tests raise it. */
  ORDER_PENDING_MAX: integer(1, 1_000_000).default(3),
  /** The shop's time zone (an IANA name): the days of the overview and analytics are its days. */
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, { message: 'must be an IANA time zone name such as America/Chicago' })
    .default('America/Chicago'),
  /** A live product with this many units or fewer raises the back office's low-stock alert. */
  LOW_STOCK_THRESHOLD: integer(0, 1_000_000).default(LOW_STOCK_MAX),
  /**
   * How long a sign-in, sign-up or password change may wait for a free password-hashing slot before
   * it answers 503 with Retry-After, in milliseconds. Hashing runs at the lowest CPU priority, so on
   * a machine busy with other programs a hash can take seconds: tests that send bursts raise it.
   */
  PASSWORD_WAIT_MS: integer(100, 600_000).default(PASSWORD_WAIT_DEFAULT_MS),
  /** How long a SIGTERM waits for in-flight requests before closing connections, in milliseconds. */
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  /**
   * Payment methods the checkout offers, comma-separated: `bank_transfer` (needs no outside service)
   * and `card` (only offered when a card provider's settings are present too). Bank transfer is the default.
   */
  PAYMENT_PROVIDERS: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v, ctx) => {
      const methods = [...new Set(v.split(',').map((m) => m.trim()).filter(Boolean))];
      if (methods.length === 0 || methods.some((m) => m !== 'bank_transfer' && m !== 'card')) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of bank_transfer and card' });
        return z.NEVER;
      }
      return methods as ('bank_transfer' | 'card')[];
    })
    .default(['bank_transfer']),
  /** Name on the shop's bank account, shown with the bank details for a transfer. */
  SHOP_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).default('Graphene Coatings Ltd'),
  /** The shop's bank. */
  SHOP_BANK_NAME: z.string().trim().min(1).max(100).default('Barclays Bank UK PLC'),
  /** UK sort code of the shop's account, 12-34-56. */
  SHOP_BANK_SORT_CODE: z
    .string()
    .trim()
    .regex(/^\d{2}-?\d{2}-?\d{2}$/, { message: 'must be a sort code such as 20-00-00' })
    .transform((v) => v.replace(/-/g, '').replace(/(\d{2})(\d{2})(\d{2})/, '$1-$2-$3'))
    .default('20-00-00'),
  /** UK account number of the shop's account (8 digits). */
  SHOP_BANK_ACCOUNT_NUMBER: z.string().trim().regex(/^\d{8}$/, { message: 'must be 8 digits' }).default('55779911'),
  /** IBAN of the shop's account, for transfers from abroad; empty shows none. */
  SHOP_BANK_IBAN: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v), { message: 'must be an IBAN such as GB33BUKB20201555555555' })
    .default('GB33BUKB20000055779911'),
  /** BIC (SWIFT code) of the shop's bank; empty shows none. */
  SHOP_BANK_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { message: 'must be a BIC such as BUKBGB22' })
    .default('BUKBGB22'),
  /** The seller's VAT registration number printed on invoices and credit notes. */
  SHOP_VAT_NUMBER: z.string().trim().min(3).max(40).default('GB 123 4567 89'),
  /** Whether staff may approve an order only once it is paid in full (or its card authorised for the whole total). */
  APPROVAL_REQUIRES_PAYMENT: flag.default(false),
  /** When an order's VAT invoice is issued: `approval` (when staff approve it) or `payment` (when it is paid in full). */
  INVOICE_ISSUED_ON: z.enum(['approval', 'payment'], { message: 'must be approval or payment' }).default('approval'),
  /** Days a bank transfer may stay unpaid before the order shows as overdue in the back office. */
  BANK_TRANSFER_DUE_DAYS: integer(1, 365).default(7),
  /** Price of express delivery (1–2 business days), cents; charged whatever the subtotal. */
  EXPRESS_SHIPPING_CENTS: integer(0, 100_000).default(1999),
  /** Stripe's secret key (sk_test_… / sk_live_…): with the publishable key and webhook secret, card payments through Stripe. */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' }).optional(),
  /** Stripe's publishable key (pk_…) the checkout hands to Stripe.js. */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().regex(/^pk_(test|live)_[A-Za-z0-9_]{8,}$/, { message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' }).optional(),
  /** The signing secret (whsec_…) of the webhook endpoint POST /api/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_[A-Za-z0-9_]{8,}$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' }).optional(),
  /** An http(s) origin to send Stripe API calls to instead of Stripe's (the tests' stand-in); empty: Stripe. */
  STRIPE_API_BASE: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+\/?$/i.test(v), { message: 'must be an http(s) origin such as http://127.0.0.1:12111' })
    .optional(),
  /** Memory the product art drawn on demand may keep (src/server/media/product-art.ts), in MB; 0 keeps none. */
  PRODUCT_ART_CACHE_MB: integer(0, 16_384).default(64),
});

/** The validated configuration. */
export type Config = z.infer<typeof configSchema>;

/** A configuration that cannot start the server; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Quotes a value for the error line, shortened so a secret or a long value does not fill the log. */
function showValue(name: string, value: unknown): string {
  if (value === undefined) return 'unset';
  if (/PASSWORD|SECRET|TOKEN/.test(name)) return 'hidden';
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/**
 * Parses the environment into a Config. Empty variables count as unset (they take the default).
 * Throws ConfigError with one line such as `Invalid configuration: PORT must be an integer 1-65535 (got "abc")`.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = configSchema.safeParse(input);
  if (result.success) {
    const problem = combinationProblem(result.data);
    if (problem) throw new ConfigError(`Invalid configuration: ${problem.name} ${problem.message} (got ${showValue(problem.name, input[problem.name])})`);
    return withStripeDefaults(result.data, input);
  }
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${showValue(name, input[name])})`);
}

/** The first setting that is valid alone but not with the others, or undefined. */
function combinationProblem(config: Config): { name: keyof Config; message: string } | undefined {
  if (config.MEDIA_STORE === 's3' && !config.S3_BUCKET) return { name: 'S3_BUCKET', message: 'must be set when MEDIA_STORE=s3' };
  if (config.IMPORT_STORE === 's3' && !config.S3_BUCKET) return { name: 'S3_BUCKET', message: 'must be set when IMPORT_STORE=s3' };
  if (config.S3_ACCESS_KEY_ID && !config.S3_SECRET_ACCESS_KEY) return { name: 'S3_SECRET_ACCESS_KEY', message: 'must be set with S3_ACCESS_KEY_ID' };
  if (!config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) return { name: 'S3_ACCESS_KEY_ID', message: 'must be set with S3_SECRET_ACCESS_KEY' };
  if (config.MEDIA_PUBLIC_BASE_URL && config.MEDIA_STORE !== 's3') {
    return { name: 'MEDIA_PUBLIC_BASE_URL', message: 'needs MEDIA_STORE=s3 (images of the local folder are served by the shop itself)' };
  }
  return undefined;
}

/** The three Stripe keys card payments need, all or none. */
const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Whether Stripe's keys are all set (card payments through Stripe can work). */
export function isStripeConfigured(config: Config): boolean {
  return STRIPE_KEYS.every((key) => Boolean(config[key]));
}

/**
 * Refuses a partial Stripe setup (a secret key without its webhook secret would take money that
 * no webhook could report), and offers card beside bank transfer when the keys are set and
 * PAYMENT_PROVIDERS is not.
 */
function withStripeDefaults(config: Config, input: Record<string, string>): Config {
  const set = STRIPE_KEYS.filter((key) => input[key] !== undefined);
  if (set.length > 0 && set.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.find((key) => input[key] === undefined)!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set with ${set.join(' and ')} (card payments need all three Stripe keys)`);
  }
  if (set.length === STRIPE_KEYS.length && input.PAYMENT_PROVIDERS === undefined) return { ...config, PAYMENT_PROVIDERS: ['bank_transfer', 'card'] };
  return config;
}

/** Which database a DATABASE_URL names. */
export type DatabaseTarget =
  | { kind: 'sqlite'; /** Absolute path of the database file, or ':memory:'. */ file: string }
  | { kind: 'postgres'; /** The connection string as given. */ url: string };

/** Resolves DATABASE_URL: postgres(ql):// is PostgreSQL; `file:` URLs and plain paths are SQLite files relative to `cwd`. */
export function resolveDatabaseTarget(databaseUrl: string, cwd: string = process.cwd()): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };
  let path = databaseUrl;
  if (/^file:/i.test(path)) {
    // file:./x and file:x are relative, file:///abs and file:/abs absolute.
    path = path.replace(/^file:(\/\/(?=\/))?/i, '');
    path = decodeURIComponent(path.split('?')[0]!);
  }
  if (path === ':memory:') return { kind: 'sqlite', file: path };
  return { kind: 'sqlite', file: isAbsolute(path) ? path : resolve(cwd, path) };
}

/** Absolute path of a configured folder, relative paths taken from `cwd`. */
export function resolveDir(dir: string, cwd: string = process.cwd()): string {
  return isAbsolute(dir) ? dir : resolve(cwd, dir);
}
