/**
 * The notification mails (docs/notifications.md): new conversation, new message, like,
 * unread-message reminder, weekly update, and the timed ones of the hourly job: the reminder
 * after a day away, the time bonus's last hour and the monthly news. Each is a subject, a plain-text part and an
 * HTML part built for mail clients (nested tables, inline styles, no images, no scripts), in
 * the account's language with the site's brand, and the RFC 8058 headers.
 *
 * A mail names the other member at most; it never carries a message's text: the chat is
 * read and answered on the site, and a mailbox someone else looks at shows nothing more.
 */
import type { SiteConfig } from '#sites-config';
import type { EmailPreference } from '#src/contract/notifications.ts';
import { translator, type TranslationKey } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import type { OutgoingMail } from '#src/server/providers/mail/types.ts';
import { escapeHtml } from '#src/server/platform/html.ts';

export type NotificationMailKind =
  | 'new_conversation'
  | 'new_message'
  | 'like'
  | 'unread_reminder'
  | 'weekly_update'
  | 'away_reminder'
  | 'time_bonus_ending'
  | 'monthly_news';

/** The preference that turns each kind on or off. */
export const MAIL_PREFERENCE: Readonly<Record<NotificationMailKind, EmailPreference>> = {
  new_conversation: 'new_conversations',
  new_message: 'new_messages',
  like: 'like',
  unread_reminder: 'unread_message_reminders',
  weekly_update: 'weekly_updates',
  away_reminder: 'reminders',
  time_bonus_ending: 'promotions',
  monthly_news: 'news',
};

/** What a weekly update counts (lines with 0 are left out). */
export interface WeeklyCounts {
  likes: number;
  unread: number;
  members: number;
}

export type NotificationMailContent =
  | { kind: 'new_conversation' | 'new_message' | 'like'; other: string }
  | { kind: 'unread_reminder'; unread: number }
  | { kind: 'weekly_update'; counts: WeeklyCounts }
  /** After a day away: what waits (unread messages, likes since the member left). */
  | { kind: 'away_reminder'; counts: Pick<WeeklyCounts, 'likes' | 'unread'> }
  /** The time bonus ends within the hour; `percent` as the member's language writes it. */
  | { kind: 'time_bonus_ending'; percent: string }
  /** The month on the site: new members near the member. */
  | { kind: 'monthly_news'; members: number };

export interface NotificationMailInput {
  content: NotificationMailContent;
  site: SiteConfig;
  to: string;
  language: Locale;
  /** The member's own name, for the greeting. */
  name: string;
  /** The button's link (on the member's site). */
  link: string;
  /** The settings screen (`/notifications`). */
  settingsLink: string;
  /** The one-click unsubscribe URL (https outside development) and the mailto: address. */
  unsubscribeUrl: string;
  unsubscribeMailto: string;
  supportEmail: string;
}

const INK = '#1e1b2e';
const MUTED = '#5b5670';

/** Builds a localized notification mail with its List-Unsubscribe headers. */
export function notificationMail(input: NotificationMailInput): OutgoingMail {
  const t = translator(input.language);
  const { content, site } = input;
  const brand = site.brand;
  const preference = t(`settings.email_notifications.preferences.${MAIL_PREFERENCE[content.kind]}` as TranslationKey);
  let subject: string;
  let intro: string;
  let button: string;
  let lines: string[] = [];
  switch (content.kind) {
    case 'new_conversation':
    case 'new_message':
    case 'like':
      subject = t(`notifications.mail.${content.kind}.subject`, { name: content.other, brand });
      intro = t(`notifications.mail.${content.kind}.intro`, { name: content.other, brand });
      button = t(`notifications.mail.${content.kind}.button`, { brand });
      break;
    case 'unread_reminder':
      subject = t('notifications.mail.unread_reminder.subject', { count: content.unread, brand });
      intro = t('notifications.mail.unread_reminder.intro', { count: content.unread, brand });
      button = t('notifications.mail.unread_reminder.button', { brand });
      break;
    case 'weekly_update': {
      const { counts } = content;
      subject = t('notifications.mail.weekly_update.subject', { brand });
      intro = t('notifications.mail.weekly_update.intro', { brand });
      button = t('notifications.mail.weekly_update.button', { brand });
      lines = [
        ...(counts.likes > 0 ? [t('notifications.mail.weekly_update.likes', { count: counts.likes })] : []),
        ...(counts.unread > 0 ? [t('notifications.mail.weekly_update.unread', { count: counts.unread })] : []),
        ...(counts.members > 0 ? [t('notifications.mail.weekly_update.members', { count: counts.members })] : []),
      ];
      break;
    }
    case 'away_reminder':
      subject = t('notifications.mail.away_reminder.subject', { brand });
      intro = t('notifications.mail.away_reminder.intro', { brand });
      button = t('notifications.mail.away_reminder.button', { brand });
      lines = [
        ...(content.counts.unread > 0
          ? [t('notifications.mail.weekly_update.unread', { count: content.counts.unread })]
          : []),
        ...(content.counts.likes > 0
          ? [t('notifications.mail.weekly_update.likes', { count: content.counts.likes })]
          : []),
      ];
      break;
    case 'time_bonus_ending':
      subject = t('notifications.mail.time_bonus_ending.subject', { brand, percent: content.percent });
      intro = t('notifications.mail.time_bonus_ending.intro', { brand, percent: content.percent });
      button = t('notifications.mail.time_bonus_ending.button', { brand });
      break;
    case 'monthly_news':
      subject = t('notifications.mail.monthly_news.subject', { brand });
      intro = t('notifications.mail.monthly_news.intro', { brand });
      button = t('notifications.mail.monthly_news.button', { brand });
      lines = [
        t('notifications.mail.weekly_update.members', { count: content.members }),
        t('notifications.mail.monthly_news.discover'),
      ];
      break;
  }
  const greeting = t('mail.common.greeting', { name: input.name });
  const reason = t('notifications.mail.reason', { preference });
  const manage = t('notifications.mail.manage');
  const unsubscribe = t('notifications.mail.unsubscribe');
  const footer = t('mail.common.footer', { brand, support: input.supportEmail });

  const text = [
    greeting,
    '',
    intro,
    ...(lines.length > 0 ? ['', ...lines.map((line) => `- ${line}`)] : []),
    '',
    `${button}: ${input.link}`,
    '',
    '--',
    reason,
    `${manage}: ${input.settingsLink}`,
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    footer,
    '',
  ].join('\n');

  const primary = site.theme.primary;
  const p = (html: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK}">${html}</p>`;
  const list =
    lines.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${lines
          .map(
            (line) =>
              `<tr><td style="padding:4px 8px 4px 0;font-size:16px;color:${primary}">&#9679;</td><td style="padding:4px 0;font-size:16px;line-height:1.5;color:${INK}">${escapeHtml(line)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const link = escapeHtml(input.link);
  // The preheader is the line clients show next to the subject in the list; hidden in the body.
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f3ff;padding:24px 8px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 28px 8px">
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;color:${primary}">${escapeHtml(brand)}</h1>
${p(escapeHtml(greeting))}
${p(escapeHtml(intro))}
${list}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px auto"><tr><td align="center" bgcolor="${primary}" style="border-radius:6px">
<a href="${link}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:${site.theme.onPrimary};text-decoration:none;border-radius:6px">${escapeHtml(button)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:16px 28px 28px;border-top:1px solid #ece9f5">
<p style="margin:0 0 8px;font-size:12px;line-height:1.5;color:${MUTED}">${escapeHtml(reason)}</p>
<p style="margin:0 0 8px;font-size:12px;line-height:1.5;color:${MUTED}"><a href="${escapeHtml(input.settingsLink)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(manage)}</a> &middot; <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(unsubscribe)}</a></p>
<p style="margin:0;font-size:12px;line-height:1.5;color:${MUTED}">${escapeHtml(footer)}</p>
</td></tr></table>
</td></tr></table>
</body></html>
`;
  return {
    to: input.to,
    subject,
    text,
    html,
    siteId: site.id,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>, <${input.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
