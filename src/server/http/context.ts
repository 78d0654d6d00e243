/** What every request carries through the Hono app. */
import type { SiteConfig } from '#sites-config';
import type { Locale } from '#src/lib/locales.ts';
import type { Config } from '../env.ts';
import type { Database } from '../db/client.ts';
import type { CamProvider } from '../providers/cams/types.ts';
import type { GifProvider } from '../providers/gifs/types.ts';
import type { MailProvider } from '../providers/mail/types.ts';
import type { PaymentProvider } from '../providers/payments/types.ts';
import type { StorageProvider } from '../providers/storage/types.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import type { EventHub } from '#src/server/features/events/index.ts';

/** Services and settings the app is built from; tests build their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  sites: readonly SiteConfig[];
  mail: MailProvider;
  /** The live-webcam provider of the search's cam cards. */
  cams: CamProvider;
  /** Where photo files are kept (uploads, the seeded pool). */
  photoStorage: StorageProvider;
  /** The chat's GIF search and the GIFs of GIF messages (bundled offline, or an online API). */
  gifs: GifProvider;
  /** The payment service of orders (the sandbox offline; docs/payments.md). */
  payments: PaymentProvider;
  /** Text messages: one-time codes (the outbox folder offline, an HTTP gateway in production). */
  sms: SmsProvider;
  /** The realtime event bus (chat messages, typing, read state, counters). */
  events: EventHub;
  /** The clock, injectable for tests. */
  now: () => Date;
}

/** The logged-in account of a request, as the session middleware found it. */
export interface SessionAccount {
  accountId: number;
  sessionId: number;
  /** The account's role (SPEC §6; route() checks an endpoint's `roles` against it). */
  role: string;
  /** The account's site: a staff session works on its own site only. */
  siteId: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** The site of the request's host (or _force_domain), when known. */
    site: SiteConfig | null;
    /** The language the request is answered in. */
    locale: Locale;
    /** The domain's own language. */
    domainLocale: Locale;
    session: SessionAccount | null;
  };
}
