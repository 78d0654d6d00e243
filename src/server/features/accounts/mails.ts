/**
 * The account mails (activation, password reset, e-mail change, the e-mail and password change
 * notices, deletion):
 * subject, plain text and simple inline-styled HTML in the account's language, with the
 * site's brand. User data is escaped; links carry the only copy of their token.
 */
import type { SiteConfig } from '#sites-config';
import { translator, type KeysUnder, type TranslationKey } from '#src/i18n/index.ts';
import { REACTIVATION_WINDOW_DAYS } from '#src/lib/constants.ts';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import { escapeHtml } from '#src/server/platform/html.ts';
import { mailHtml, mailParagraph, mailText } from '#src/server/platform/mail-layout.ts';
import { sendMail } from '#src/server/platform/mail.ts';
import type { RequestContext } from '#src/server/platform/request-context.ts';
import type { OutgoingMail } from '#src/server/providers/mail/types.ts';
import { siteSettings } from '#src/server/features/site/index.ts';

export type AccountMailKind =
  'activation' | 'reset' | 'mail_change' | 'mail_changed_notice' | 'password_changed_notice' | 'deleted';

export interface AccountMailInput {
  kind: AccountMailKind;
  site: SiteConfig;
  to: string;
  /** The account's language. */
  language: string;
  /** The member's username, for the greeting. */
  name: string;
  /** The link with its token (not for the two change notices). */
  link?: string;
  supportEmail: string;
}

/** Builds a localized account mail. */
export function accountMail(input: AccountMailInput): OutgoingMail {
  const t = translator(isLocale(input.language) ? input.language : DEFAULT_LOCALE);
  const params = { brand: input.site.brand, support: input.supportEmail, days: REACTIVATION_WINDOW_DAYS };
  // Button and expiry texts are asked for only with a link.
  const key = (part: KeysUnder<'mail.activation'>) => `mail.${input.kind}.${part}` as TranslationKey;
  const subject = t(key('subject'), params);
  const greeting = t('mail.common.greeting', { name: input.name });
  const intro = t(key('intro'), params);
  const expiry = input.link ? t(key('expiry'), params) : '';
  const ignore = t(key('ignore'), params);
  const footer = t('mail.common.footer', params);
  const button = input.link ? t(key('button'), params) : '';
  const fallback = t('mail.common.link_fallback');

  const text = mailText(
    [greeting, '', intro, ...(input.link ? ['', `${button}: ${input.link}`, '', expiry] : []), '', ignore],
    footer,
  );

  const p = mailParagraph;
  const link = input.link ? escapeHtml(input.link) : '';
  const body = `${p(escapeHtml(greeting))}
${p(escapeHtml(intro))}
${
  input.link
    ? `<p style="margin:24px 0;text-align:center"><a href="${link}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(button)}</a></p>
${p(escapeHtml(expiry))}
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b5670">${escapeHtml(fallback)}<br><a href="${link}" style="color:#7c3aed;word-break:break-all">${link}</a></p>`
    : ''
}
${p(escapeHtml(ignore))}
<p style="margin:24px 0 0;font-size:12px;color:#5b5670">${escapeHtml(footer)}</p>`;
  const html = `${mailHtml({ lang: input.language, title: subject, brand: input.site.brand, body })}\n`;
  return { to: input.to, subject, text, html, siteId: input.site.id };
}

/**
 * Sends an account mail. With `bestEffort` a failing mail server is logged (never the
 * link) and the call goes on; otherwise the error answers 500.
 */
export async function sendAccountMail(
  ctx: RequestContext,
  input: Omit<AccountMailInput, 'site' | 'supportEmail'>,
  options: { bestEffort?: boolean } = {},
): Promise<void> {
  const settings = await siteSettings(ctx);
  const mail = accountMail({ ...input, site: ctx.site, supportEmail: settings.support_email });
  await sendMail(ctx.deps.mail, mail, options.bestEffort ? { bestEffort: `[accounts] the ${input.kind} mail` } : {});
}
