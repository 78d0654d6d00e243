/**
 * The development inbox (opt-in: DEV_INBOX=1, which `npm start` and `npm run dev` set; never in
 * production). It answers only on a localhost host name from a loopback connection, so a
 * server that was started without NODE_ENV on a public address still shows nobody the mails:
 * GET /_dev/mail lists the outbox mails newest first with their text and clickable links;
 * GET /_dev/mail.json answers the same as JSON for Playwright (`?to=` and `?site=` filter,
 * each mail with its `links`). Mail content is untrusted: every piece of it is escaped.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { translator } from '#src/i18n/index.ts';
import { socketAddress } from '#src/server/http/client-ip.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { hostnameOf } from '#src/server/http/site-resolver.ts';
import { escapeHtml, linkify, linksOf } from '#src/server/platform/html.ts';
import { filtered, inboxPage, sentLine } from './page.ts';
import { registerDevSms } from './sms.ts';

const address = (text: string) => text.trim().toLowerCase();

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1e1b2e}
article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}
.meta{color:#5b5670;font-size:.9rem;margin:0 0 .5rem}
.site{background:#f5f3ff;border-radius:.25rem;padding:0 .35rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;background:#fafafa;padding:.75rem;margin:0}`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request from this machine to a local host name: `localhost`, `<site>.localhost`,
 * 127.0.0.1 or [::1], over a loopback socket ('unknown' is an in-process test request).
 */
export function isLocalRequest(c: Context<AppEnv>): boolean {
  const host = hostnameOf(c.req.header('host'));
  const localHost = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  const peer = socketAddress(c);
  return localHost && (peer === 'unknown' || LOOPBACK.test(peer));
}

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocalRequest(c)) throw fail('not_found');
  await next();
};

export function registerDevInbox(app: Hono<AppEnv>): void {
  app.use('/_dev/*', localOnly);
  registerDevSms(app);
  app.get('/_dev/mail.json', async (c) => {
    const mails = filtered(await c.get('deps').mail.list(), c.req.query(), address);
    c.header('Cache-Control', 'no-store');
    return c.json({ mails: mails.map((m) => ({ ...m, links: linksOf(m.text) })) });
  });

  app.get('/_dev/mail', async (c) => {
    const { mail } = c.get('deps');
    const t = translator(c.get('locale'));
    const mails = filtered(await mail.list(), c.req.query(), address);
    return inboxPage(c, {
      title: t('dev_inbox.title'),
      style: STYLE,
      nav: '<a href="/_dev/mail.json">JSON</a> · <a href="/_dev/sms">SMS</a>',
      count: mails.length,
      items: mails.map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">${sentLine(t, m)} · <span class="site">${escapeHtml(m.siteId)}</span></p>
<pre>${linkify(m.text)}</pre>
</article>`,
      ),
      empty:
        mail.kind === 'smtp'
          ? '<p>Mail is sent through SMTP (SMTP_URL); no copies are kept here.</p>'
          : `<p>${escapeHtml(t('dev_inbox.empty'))}</p>`,
    });
  });
}
