import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, isStripeConfigured, parseConfig, resolveDatabaseTarget } from '../../../src/server/config';

describe('parseConfig', () => {
  it('gives every variable a default that works on one machine', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      DATABASE_URL: 'file:./data/shop.db',
      SITE_URL: 'http://localhost:4321',
      SHOP_DEMO: false,
      LOG_LEVEL: 'info',
      CONTENT_DIR: './content',
      TRUST_PROXY: { kind: 'none' },
      MAX_BODY_BYTES: 1024 * 1024,
      MAX_UPLOAD_BYTES: 10 * 1024 * 1024,
      IMPORT_ALLOWED_HOSTS: [],
    });
  });

  it('reads valid values and treats empty ones as unset', () => {
    const config = parseConfig({ PORT: '8080', SHOP_DEMO: 'yes', TRUST_PROXY: '1', SITE_URL: 'https://shop.example.com/', LOG_LEVEL: '', IMPORT_ALLOWED_HOSTS: 'a.test, B.test' });
    expect(config.PORT).toBe(8080);
    expect(config.SHOP_DEMO).toBe(true);
    expect(config.TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(config.SITE_URL).toBe('https://shop.example.com');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.IMPORT_ALLOWED_HOSTS).toEqual(['a.test', 'b.test']);
  });

  it('refuses a bad value with one line naming the variable and the value', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(new ConfigError('Invalid configuration: PORT must be an integer 1-65535 (got "abc")'));
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT must be an integer 1-65535 \(got "70000"\)$/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x/y' })).toThrow(/^Invalid configuration: DATABASE_URL must be a file: URL/);
    expect(() => parseConfig({ SITE_URL: 'https://shop.example.com/path' })).toThrow(/^Invalid configuration: SITE_URL /);
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/^Invalid configuration: LOG_LEVEL must be one of debug, info, warn, error/);
    expect(() => parseConfig({ TRUST_PROXY: 'maybe' })).toThrow(/^Invalid configuration: TRUST_PROXY must be true, false, a hop count, or a comma-separated list/);
    expect(() => parseConfig({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/^Invalid configuration: ADMIN_EMAIL must be an e-mail address/);
    expect(() => parseConfig({ CONTENT_DIR: '/srv/catalogue' })).toThrow(/^Invalid configuration: CONTENT_DIR must be a folder named content/);
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow(/^Invalid configuration: SMTP_URL /);
  });

  it('reads the shop time zone and low-stock threshold, refusing a zone that does not exist', () => {
    expect(parseConfig({})).toMatchObject({ SHOP_TIME_ZONE: 'America/Chicago', LOW_STOCK_THRESHOLD: 5 });
    expect(parseConfig({ SHOP_TIME_ZONE: 'Europe/London', LOW_STOCK_THRESHOLD: '0' })).toMatchObject({ SHOP_TIME_ZONE: 'Europe/London', LOW_STOCK_THRESHOLD: 0 });
    expect(() => parseConfig({ SHOP_TIME_ZONE: 'Central Time' })).toThrow(
      new ConfigError('Invalid configuration: SHOP_TIME_ZONE must be an IANA time zone name such as America/Chicago (got "Central Time")'),
    );
  });

  it('offers card beside bank transfer once the three Stripe keys are set, and refuses a partial set without printing secrets', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abcdefgh1234', STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh1234', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh1234' };
    expect(parseConfig({}).PAYMENT_PROVIDERS).toEqual(['bank_transfer']);
    expect(isStripeConfigured(parseConfig({}))).toBe(false);
    expect(parseConfig(keys).PAYMENT_PROVIDERS).toEqual(['bank_transfer', 'card']);
    expect(isStripeConfigured(parseConfig(keys))).toBe(true);
    expect(parseConfig({ ...keys, PAYMENT_PROVIDERS: 'bank_transfer' }).PAYMENT_PROVIDERS).toEqual(['bank_transfer']);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: keys.STRIPE_PUBLISHABLE_KEY })).toThrow(
      new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (card payments need all three Stripe keys)'),
    );
    expect(() => parseConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abcdefgh1234' })).toThrow(/^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key .* \(got hidden\)$/);
    expect(() => parseConfig({ ...keys, STRIPE_API_BASE: 'ftp://127.0.0.1:1' })).toThrow(/^Invalid configuration: STRIPE_API_BASE must be an http\(s\) origin/);
    expect(parseConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
  });

  it('never prints a password it refuses', () => {
    expect(() => parseConfig({ ADMIN_PASSWORD: 'short' })).toThrow('Invalid configuration: ADMIN_PASSWORD must be at least 6 characters (got hidden)');
  });

  it('refuses a common first-admin password, accepts a six-character uncommon one', () => {
    expect(() => parseConfig({ ADMIN_PASSWORD: 'admin123' })).toThrow('Invalid configuration: ADMIN_PASSWORD is too common: choose one that is harder to guess (got hidden)');
    expect(parseConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Gr8!kq' }).ADMIN_PASSWORD).toBe('Gr8!kq');
  });
});

describe('media store settings', () => {
  const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'shop-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG' };

  it('keeps the local folder by default and reads the S3 bucket, endpoint and CDN address', () => {
    expect(parseConfig({})).toMatchObject({ MEDIA_STORE: 'local', MEDIA_DIR: './media', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, MEDIA_PUBLIC_BASE_URL: '' });
    const config = parseConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'yes', S3_REGION: 'eu-west-3', MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' });
    expect(config).toMatchObject({ MEDIA_STORE: 's3', S3_BUCKET: 'shop-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, S3_REGION: 'eu-west-3' });
    expect(config.MEDIA_PUBLIC_BASE_URL).toBe('https://cdn.example.com/media');
    // No keys: the SDK's own credential chain (AWS_* variables, an instance role).
    expect(parseConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'shop-media' }).S3_ACCESS_KEY_ID).toBe('');
  });

  it('refuses a bad or missing S3 setting with one line naming it', () => {
    expect(() => parseConfig({ MEDIA_STORE: 'S3 bucket' })).toThrow(new ConfigError('Invalid configuration: MEDIA_STORE must be local or s3 (got "S3 bucket")'));
    expect(() => parseConfig({ MEDIA_STORE: 's3' })).toThrow(new ConfigError('Invalid configuration: S3_BUCKET must be set when MEDIA_STORE=s3 (got unset)'));
    expect(() => parseConfig({ ...s3, S3_BUCKET: 'Shop_Media' })).toThrow(/^Invalid configuration: S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens \(got "Shop_Media"\)$/);
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/^Invalid configuration: S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => parseConfig({ ...s3, S3_REGION: 'Europe (Paris)' })).toThrow(/^Invalid configuration: S3_REGION must be a region name/);
    expect(() => parseConfig({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => parseConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(new ConfigError('Invalid configuration: S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID (got unset)'));
    expect(() => parseConfig({ ...s3, S3_ACCESS_KEY_ID: '' })).toThrow(new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY (got unset)'));
    expect(() => parseConfig({ ...s3, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media?v=1' })).toThrow(/^Invalid configuration: MEDIA_PUBLIC_BASE_URL must be an http\(s\) URL without query/);
    expect(() => parseConfig({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media' })).toThrow(
      new ConfigError('Invalid configuration: MEDIA_PUBLIC_BASE_URL needs MEDIA_STORE=s3 (images of the local folder are served by the shop itself) (got "https://cdn.example.com/media")'),
    );
  });
});

describe('resolveDatabaseTarget', () => {
  it('reads postgres:// and postgresql:// as PostgreSQL', () => {
    expect(resolveDatabaseTarget('postgres://app@db:5432/shop')).toEqual({ kind: 'postgres', url: 'postgres://app@db:5432/shop' });
    expect(resolveDatabaseTarget('postgresql://app@db/shop').kind).toBe('postgres');
  });

  it('reads file: URLs and plain paths as SQLite files relative to the working folder', () => {
    expect(resolveDatabaseTarget('file:./data/shop.db', '/srv/app')).toEqual({ kind: 'sqlite', file: '/srv/app/data/shop.db' });
    expect(resolveDatabaseTarget('file:data/shop.db', '/srv/app')).toEqual({ kind: 'sqlite', file: '/srv/app/data/shop.db' });
    expect(resolveDatabaseTarget('file:///var/lib/shop.db', '/srv/app')).toEqual({ kind: 'sqlite', file: '/var/lib/shop.db' });
    expect(resolveDatabaseTarget('file:/var/lib/shop.db', '/srv/app')).toEqual({ kind: 'sqlite', file: '/var/lib/shop.db' });
    expect(resolveDatabaseTarget('shop.db', '/srv/app')).toEqual({ kind: 'sqlite', file: '/srv/app/shop.db' });
    expect(resolveDatabaseTarget(':memory:')).toEqual({ kind: 'sqlite', file: ':memory:' });
  });
});

describe('.env.example', () => {
  it('lists every variable once, with the default the server uses', () => {
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const entries = text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
    const names = entries.map(([name]) => name);
    expect([...names].sort()).toEqual(Object.keys(configSchema.shape).sort());
    expect(parseConfig(Object.fromEntries(entries))).toEqual(parseConfig({}));
  });
});
