/**
 * The unsubscribe landing page (GET /api/unsubscribe.php, and the answer to its buttons): a
 * small self-contained HTML page in the account's language. It asks before it changes
 * anything, because mail scanners open the links of a mail.
 */
import type { EmailPreference } from '#src/contract/notifications.ts';
import { translator, type TranslationKey } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { escapeHtml } from '#src/server/platform/html.ts';

export type UnsubscribePageState = 'ask' | 'done_all' | 'done_only' | 'invalid';

export interface UnsubscribePageInput {
  state: UnsubscribePageState;
  language: Locale;
  brand: string;
  preference?: EmailPreference;
  /** Where the buttons post (ask). */
  action?: string;
  settingsLink?: string;
  support?: string;
  /** The site's primary colour (buttons, heading). */
  primary?: string;
}

export function unsubscribePage(input: UnsubscribePageInput): string {
  const t = translator(input.language);
  const preference = input.preference
    ? t(`settings.email_notifications.preferences.${input.preference}` as TranslationKey)
    : '';
  const title = t('notifications.unsubscribe.title');
  const primary = /^#[0-9a-f]{3,8}$/i.test(input.primary ?? '') ? (input.primary as string) : '#7c3aed';
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const settings = input.settingsLink
    ? `<p><a href="${escapeHtml(input.settingsLink)}">${escapeHtml(t('notifications.unsubscribe.settings_link'))}</a></p>`
    : '';
  let body: string;
  switch (input.state) {
    case 'ask':
      body = `${p(t('notifications.unsubscribe.question', { brand: input.brand }))}
${p(t('notifications.unsubscribe.all_text'))}
<form method="post" action="${escapeHtml(input.action ?? '')}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t('notifications.unsubscribe.all_button'))}</button></form>
${p(t('notifications.unsubscribe.only_text'))}
<form method="post" action="${escapeHtml(input.action ?? '')}"><input type="hidden" name="preference" value="${escapeHtml(input.preference ?? '')}"><button type="submit" class="secondary">${escapeHtml(t('notifications.unsubscribe.only_button', { preference }))}</button></form>
${settings}`;
      break;
    case 'done_all':
      body = `${p(t('notifications.unsubscribe.done_all', { support: input.support ?? '' }))}${settings}`;
      break;
    case 'done_only':
      body = `${p(t('notifications.unsubscribe.done_only', { preference }))}${settings}`;
      break;
    case 'invalid':
      body = p(t('notifications.unsubscribe.invalid'));
      break;
  }
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}${input.brand ? ` · ${escapeHtml(input.brand)}` : ''}</title>
<style>body{margin:0;background:#f5f3ff;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1e1b2e}main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}h1{font-size:1.4rem;color:${primary};margin:0 0 1rem}button{font:inherit;font-weight:bold;padding:.75rem 1.25rem;min-height:44px;border:0;border-radius:6px;background:${primary};color:#fff;cursor:pointer}button.secondary{background:#fff;color:${primary};border:2px solid ${primary}}form{margin:0 0 1rem}a{color:#5b21b6}</style>
</head><body><main>
<h1>${escapeHtml(input.brand || title)}</h1>
<h2 style="font-size:1.1rem;margin:0 0 1rem">${escapeHtml(title)}</h2>
${body}
</main></body></html>
`;
}
