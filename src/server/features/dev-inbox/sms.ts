/**
 * The SMS part of the development inbox (registered with it, so never in production): GET
 * /_dev/sms lists the SMS outbox newest first; GET /_dev/sms.json answers the same as JSON for
 * Playwright (`?to=` filters by number, digits compared, and `?site=`). SMS content is
 * untrusted: every piece of it is escaped.
 */
import type { Hono } from 'hono';
import { translator } from '#src/i18n/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { escapeHtml } from '#src/server/platform/html.ts';
import { filtered, inboxPage, sentLine } from './page.ts';

const digits = (text: string) => text.replace(/\D/g, '');

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1e1b2e}
article{border:1px solid #ddd;border-radius:1rem;padding:.75rem 1rem;margin:1rem 0;background:#f5f3ff}
.meta{color:#5b5670;font-size:.9rem;margin:0 0 .25rem}
p.text{white-space:pre-wrap;word-break:break-word;margin:0}`;

export function registerDevSms(app: Hono<AppEnv>): void {
  app.get('/_dev/sms.json', async (c) => {
    const messages = filtered(await c.get('deps').sms.list(), c.req.query(), digits);
    c.header('Cache-Control', 'no-store');
    return c.json({ messages });
  });

  app.get('/_dev/sms', async (c) => {
    const { sms } = c.get('deps');
    const t = translator(c.get('locale'));
    const messages = filtered(await sms.list(), c.req.query(), digits);
    return inboxPage(c, {
      title: t('direct_debit.dev_sms.title'),
      style: STYLE,
      nav: `<a href="/_dev/mail">${escapeHtml(t('dev_inbox.title'))}</a> · <a href="/_dev/sms.json">JSON</a>`,
      count: messages.length,
      items: messages.map(
        (m) => `<article>
<p class="meta">${sentLine(t, m)} · ${escapeHtml(m.siteId)}</p>
<p class="text">${escapeHtml(m.text)}</p>
</article>`,
      ),
      empty:
        sms.kind === 'http'
          ? '<p>SMS are sent through the HTTP gateway (SMS_GATEWAY_URL); no copies are kept here.</p>'
          : `<p>${escapeHtml(t('direct_debit.dev_sms.empty'))}</p>`,
    });
  });
}
