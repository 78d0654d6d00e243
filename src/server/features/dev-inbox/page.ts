/**
 * What the dev inbox's pages share (mail and SMS): the filters of the list, the line saying to
 * whom and when a message went, and the page itself with its headers (no caching, a content
 * security policy that allows no script). Message content is untrusted: the callers escape
 * every piece of it, as this module escapes what it writes.
 */
import type { Context } from 'hono';
import type { Translate } from '#src/i18n/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { escapeHtml } from '#src/server/platform/html.ts';

/**
 * The messages the query asks for: `?to=` (both sides compared as `recipient` writes them:
 * case-free for e-mail, digits for numbers) and `?site=`.
 */
export function filtered<Message extends { to: string; siteId: string }>(
  messages: Message[],
  query: { to?: string | undefined; site?: string | undefined },
  recipient: (address: string) => string,
): Message[] {
  const to = query.to ? recipient(query.to) : '';
  return messages.filter((m) => (!to || recipient(m.to) === to) && (!query.site || m.siteId === query.site));
}

/** 'To: … · Sent: <time>…</time>', escaped. */
export function sentLine(t: Translate, message: { to: string; sentAt: string }): string {
  const time = escapeHtml(message.sentAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
  return `${escapeHtml(t('dev_inbox.to'))}: ${escapeHtml(message.to)} · ${escapeHtml(t('dev_inbox.sent'))}: <time datetime="${escapeHtml(message.sentAt)}">${time}</time>`;
}

/** A dev inbox page: its title, `nav` (markup) with the count, and the items or `empty` (markup). */
export function inboxPage(
  c: Context<AppEnv>,
  page: { title: string; style: string; nav: string; count: number; items: string[]; empty: string },
) {
  c.header('Cache-Control', 'no-store');
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  );
  c.header('X-Content-Type-Options', 'nosniff');
  const title = escapeHtml(page.title);
  return c.html(`<!doctype html>
<html lang="${c.get('locale')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${page.style}</style></head>
<body><h1>${title}</h1>
<p>${page.nav} · ${page.count}</p>
${page.items.join('\n') || page.empty}
</body></html>`);
}
