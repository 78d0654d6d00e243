/**
 * The only module that reads process.env. Everything else receives a Config.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR/db. */
  DATABASE_URL: z.url().optional(),
  /** Redis for the event bus across API processes; unset means in-process. */
  REDIS_URL: z.url().optional(),
  /** Where the embedded database, mail outbox and uploaded photos live. */
  DATA_DIR: z.string().default('data'),
  /** SMTP server for real mail (smtp://user:pass@host:port); unset means the outbox folder. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /** Folder of the static build to serve. */
  SITES_DIR: z.string().default('dist/sites'),
  /** Members per site the demo seed creates on an empty database (npm start). */
  SEED_MEMBERS: z.coerce.number().int().min(0).max(5_000_000).default(2000),
  /** The live-webcam provider behind /api/livecams/*: 'demo' is the offline demo feed. */
  CAM_PROVIDER: z.enum(['demo']).default('demo'),
  /** The provider's page of a cam account; {account} is replaced (docs/operations.md). */
  CAM_REDIRECT_URL: z
    .url()
    .refine((url) => url.includes('{account}'), 'must contain {account}')
    .default('https://cams.partner.example/room/{account}'),
  /** The reseller partner of the ad cards; flow and site are added as query parameters. */
  RESELL_PARTNER_URL: z.url().default('https://reseller.partner.example/'),
  /** The chat's GIF search: 'bundled' is the offline catalogue, 'giphy' the GIPHY API (docs/chat-catalogue.md). */
  GIF_PROVIDER: z.enum(['bundled', 'giphy']).default('bundled'),
  /** The online GIF API's key (required with GIF_PROVIDER=giphy). */
  GIF_API_KEY: z.string().min(1).optional(),
  /** The highest content rating the online GIF API may return. */
  GIF_RATING: z.enum(['g', 'pg', 'pg-13', 'r']).default('pg-13'),
  /** The payment provider: 'sandbox' (default outside production), 'none' (default in production) or 'mollie' (docs/payments.md). */
  PAYMENTS: z.enum(['sandbox', 'mollie', 'none']).optional(),
  /** Mollie's API key (PAYMENTS=mollie): `test_…` for Mollie's test mode, `live_…` to take money. */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, 'a Mollie API key: test_… or live_… (Dashboard › Developers › API keys)')
    .optional(),
  /** Where Mollie's API is (default https://api.mollie.com/v2/); the tests' recorded answers are on loopback. */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  /** An HTTP SMS gateway (one-time codes); unset means the SMS outbox folder (docs/direct-debit.md). */
  SMS_GATEWAY_URL: z.url().optional(),
  /** The gateway's bearer token. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /** The shared secret of the mail service's bounce and complaint webhook (POST /api/mail-events.php); unset: off. */
  MAIL_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * How many proxies (load balancer, CDN) stand in front of the server: 0 = none (the socket
   * is the client), N = the N-th X-Forwarded-For entry from the right is the client, and
   * X-Forwarded-Proto and the CDN country header count. 'true' is 1, 'false' is 0.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|true|false)$/, 'a number of proxy hops (0-99), true or false')
    .optional(),
  /** A header the CDN sets to the client's address (e.g. cf-connecting-ip); it wins over X-Forwarded-For. */
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'a header name')
    .transform((v) => v.toLowerCase())
    .optional(),
  /**
   * The development inbox at /_dev/mail (every mailed link; answers on localhost hosts only).
   * Off unless set; `npm start` and `npm run dev` turn it on. Refused in production.
   */
  DEV_INBOX: z.enum(['0', '1']).optional(),
  /** The demo world (members and demo logins) on an empty database; `npm start` and `npm run dev` set it. */
  DEMO_SEED: z.enum(['0', '1']).optional(),
  /**
   * The back office's origin (https://staff.example.com; docs/staff.md). Outside production
   * it defaults to http://staff.localhost:PORT; in production without it there is no back office.
   */
  STAFF_ORIGIN: z.url().optional(),
  /**
   * Hosts (`name` or `name:port`, comma-separated) that web pushes may reach over plain http
   * and on a loopback or private address: the tests' local push endpoint. Unset: none, in
   * development too (docs/push.md). Refused in production.
   */
  PUSH_TEST_HOSTS: z
    .string()
    .regex(/^[a-z0-9.:[\]-]+(,[a-z0-9.:[\]-]+)*$/i, 'comma-separated host names (with an optional :port)')
    .optional(),
  /** The lowest level of the JSON log lines (default: info in production, warn elsewhere; docs/operations.md "Logs"). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** The Prometheus metrics port (GET /metrics); unset: no metrics server (docs/operations.md "Metrics"). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics server listens: loopback unless said otherwise. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Worker processes of `npm run serve` (default: one per core on PostgreSQL, one on PGlite). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Node's own options; read for the V8 flags an operator set there, which workers keep (platform/cluster.ts). */
  NODE_OPTIONS: z.string().default(''),
  /** Where photo files are kept: 'local' (DATA_DIR/photos) or 's3' (an S3-compatible bucket; docs/operations.md "Photo storage"). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The bucket of STORAGE=s3 (private: photos are served through the API, never from the bucket). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  /** The S3 API's URL (MinIO, Ceph, R2, …); unset: AWS's endpoint of S3_REGION. */
  S3_ENDPOINT: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'an http(s):// URL')
    .optional(),
  /** The bucket's region (`us-east-1` where the store has none, as MinIO). */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'a region name, e.g. eu-central-1')
    .default('us-east-1'),
  /** Keys of a user that may read, write, delete and list the bucket; unset: the SDK's default chain (instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: 1 for MinIO and most self-hosted stores (the default with S3_ENDPOINT). */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Photo storage: local files, or an S3-compatible bucket (docs/operations.md "Photo storage"). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS's own endpoint of the region. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sitesDir: string;
  /** Behind trusted proxies (TRUST_PROXY ≥ 1): forwarded headers count. */
  trustProxy: boolean;
  /** How many trusted proxies (src/server/http/client-ip.ts). */
  proxyHops: number;
  /** Whether TRUST_PROXY was set at all (production needs it said out loud). */
  proxyConfigured: boolean;
  /** The CDN's client-address header, lower-case. */
  clientIpHeader: string | undefined;
  /** Serve the development inbox (/_dev/mail) on localhost hosts. */
  devInbox: boolean;
  /** Seed the demo world (and its demo staff logins) into an empty database. */
  demoSeed: boolean;
  seedMembers: number;
  camProvider: Env['CAM_PROVIDER'];
  camRedirectUrl: string;
  resellPartnerUrl: string;
  gifProvider: Env['GIF_PROVIDER'];
  gifApiKey: string | undefined;
  gifRating: Env['GIF_RATING'];
  payments: 'sandbox' | 'mollie' | 'none';
  /** PAYMENTS=mollie: the API key, and the API's root when not Mollie's own (tests). */
  mollie: { apiKey: string; apiEndpoint: string | undefined } | undefined;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  /** The bearer secret of POST /api/mail-events.php (docs/notifications.md); undefined: the endpoint refuses all. */
  mailWebhookSecret: string | undefined;
  /** The back office's host name (STAFF_ORIGIN's; `staff.localhost` outside production), null: none. */
  staffHost: string | null;
  /** Push endpoints' hosts exempt from the https and public-address rules (tests only; lower-case). */
  pushTestHosts: readonly string[];
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  /** The metrics server's port and host (docs/operations.md "Metrics"); undefined: none. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** WEB_CONCURRENCY as set (scripts/serve.ts picks the default). */
  webConcurrency: number | undefined;
  /** NODE_OPTIONS as set ('' when not): its V8 flags win over SERVE_V8_FLAGS (platform/cluster.ts). */
  nodeOptions: string;
  /** Where photo files are kept (src/server/providers/storage). */
  storage: StorageConfig;
}

/** Parses the environment; a bad value stops the process naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hops =
    e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false' ? 0 : e.TRUST_PROXY === 'true' ? 1 : Number(e.TRUST_PROXY);
  const production = e.NODE_ENV === 'production';
  for (const flag of ['DEV_INBOX', 'DEMO_SEED'] as const) {
    if (production && e[flag] === '1') {
      throw new Error(`Invalid environment:\n  ${flag}: not in production (it shows mails or seeds known passwords)`);
    }
  }
  if (production && e.PUSH_TEST_HOSTS) {
    throw new Error(
      'Invalid environment:\n  PUSH_TEST_HOSTS: not in production (pushes would reach internal addresses)',
    );
  }
  if (e.GIF_PROVIDER === 'giphy' && !e.GIF_API_KEY) {
    throw new Error('Invalid environment:\n  GIF_API_KEY: GIF_PROVIDER=giphy needs GIF_API_KEY');
  }
  if (e.PAYMENTS === 'mollie' && !e.MOLLIE_API_KEY) {
    throw new Error(
      'Invalid environment:\n  MOLLIE_API_KEY: PAYMENTS=mollie needs the API key of the Mollie profile (test_… or live_…; docs/payments.md "Going live")',
    );
  }
  const storage = storageConfig(e);
  if (production && e.MOLLIE_API_ENDPOINT) {
    throw new Error(
      'Invalid environment:\n  MOLLIE_API_ENDPOINT: not in production (payments would go elsewhere than Mollie)',
    );
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sitesDir: resolve(e.SITES_DIR),
    trustProxy: hops > 0,
    proxyHops: hops,
    proxyConfigured: e.TRUST_PROXY !== undefined,
    clientIpHeader: e.CLIENT_IP_HEADER,
    devInbox: e.DEV_INBOX === '1',
    demoSeed: e.DEMO_SEED === '1',
    seedMembers: e.SEED_MEMBERS,
    camProvider: e.CAM_PROVIDER,
    camRedirectUrl: e.CAM_REDIRECT_URL,
    resellPartnerUrl: e.RESELL_PARTNER_URL,
    gifProvider: e.GIF_PROVIDER,
    gifApiKey: e.GIF_API_KEY,
    gifRating: e.GIF_RATING,
    payments: e.PAYMENTS ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox'),
    mollie:
      e.PAYMENTS === 'mollie' && e.MOLLIE_API_KEY
        ? { apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_ENDPOINT }
        : undefined,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    mailWebhookSecret: e.MAIL_WEBHOOK_SECRET,
    staffHost: e.STAFF_ORIGIN ? new URL(e.STAFF_ORIGIN).hostname.toLowerCase() : production ? null : 'staff.localhost',
    pushTestHosts: e.PUSH_TEST_HOSTS ? e.PUSH_TEST_HOSTS.toLowerCase().split(',') : [],
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    webConcurrency: e.WEB_CONCURRENCY,
    nodeOptions: e.NODE_OPTIONS,
    storage,
  };
}

/** STORAGE and its S3_* settings; a half-given S3 setting stops the start naming it. */
function storageConfig(e: Env): StorageConfig {
  const s3Settings = (['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name] !== undefined,
  );
  if (e.STORAGE === 'local') {
    if (s3Settings.length > 0) {
      throw new Error(
        `Invalid environment:\n  STORAGE: ${s3Settings.join(', ')} set but STORAGE is local; set STORAGE=s3 to keep photos in the bucket`,
      );
    }
    return { kind: 'local' };
  }
  if (!e.S3_BUCKET) throw new Error("Invalid environment:\n  S3_BUCKET: STORAGE=s3 needs the bucket's name");
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error(
      'Invalid environment:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both (or neither, for the instance role)',
    );
  }
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: pathStyle === undefined ? e.S3_ENDPOINT !== undefined : pathStyle === '1' || pathStyle === 'true',
  };
}

/**
 * What a production start lacks (empty when nothing): real mail and a said-out-loud proxy
 * setting, so reset links never land in a folder and per-IP limits never count the proxy.
 */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.smtpUrl) problems.push('SMTP_URL: production sends real mail; set smtp://user:pass@host:587');
  if (!config.proxyConfigured && !config.clientIpHeader) {
    problems.push(
      'TRUST_PROXY: say how many proxies stand in front of the server (0 when none; docs/operations.md "Client IP")',
    );
  }
  return problems;
}

/**
 * The environment of the local entry points (`npm start`, `npm run dev`): outside production
 * the dev inbox and the demo world are on unless the environment says otherwise.
 */
export function localDemoEnv(
  source: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  if (source['NODE_ENV'] === 'production') return source;
  return { DEV_INBOX: '1', DEMO_SEED: '1', ...source };
}
