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
  /** The payment provider: 'sandbox' (default outside production) or 'none' (docs/payments.md). */
  PAYMENTS: z.enum(['sandbox', 'none']).optional(),
  /** An HTTP SMS gateway (one-time codes); unset means the SMS outbox folder (docs/direct-debit.md). */
  SMS_GATEWAY_URL: z.url().optional(),
  /** The gateway's bearer token. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  /** Trust X-Forwarded-* headers (behind a proxy or CDN). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

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
  trustProxy: boolean;
  seedMembers: number;
  camProvider: Env['CAM_PROVIDER'];
  camRedirectUrl: string;
  resellPartnerUrl: string;
  gifProvider: Env['GIF_PROVIDER'];
  gifApiKey: string | undefined;
  gifRating: Env['GIF_RATING'];
  payments: 'sandbox' | 'none';
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
}

/** Parses the environment; a bad value stops the process naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.GIF_PROVIDER === 'giphy' && !e.GIF_API_KEY) {
    throw new Error('Invalid environment:\n  GIF_API_KEY: GIF_PROVIDER=giphy needs GIF_API_KEY');
  }
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sitesDir: resolve(e.SITES_DIR),
    trustProxy: e.TRUST_PROXY,
    seedMembers: e.SEED_MEMBERS,
    camProvider: e.CAM_PROVIDER,
    camRedirectUrl: e.CAM_REDIRECT_URL,
    resellPartnerUrl: e.RESELL_PARTNER_URL,
    gifProvider: e.GIF_PROVIDER,
    gifApiKey: e.GIF_API_KEY,
    gifRating: e.GIF_RATING,
    payments: e.PAYMENTS ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox'),
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
  };
}
