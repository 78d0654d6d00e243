/**
 * The statement of reasons (EU DSA art. 17; docs/reports.md "Decisions"): the mail a reported
 * member receives when a moderator decides against their content or account, in the member's
 * language: the facts (what was reported, when, when it was reviewed, the reference), the
 * decision, the rule of the terms it rests on, that a person decided (no automated means),
 * and the redress (appeal to support or the complaint form, out-of-court settlement, courts).
 */
import type { SiteConfig } from '#sites-config';
import type { ReportDecision, ReportGround } from '#src/contract/staff-moderation.ts';
import type { ReportTarget } from '#src/contract/reports.ts';
import { translator } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#src/lib/locales.ts';
import { escapeHtml } from '#src/server/platform/html.ts';
import { mailHtml, mailParagraph, mailText } from '#src/server/platform/mail-layout.ts';
import type { OutgoingMail } from '#src/server/providers/mail/types.ts';

export interface StatementInput {
  site: SiteConfig;
  to: string;
  language: string;
  name: string;
  target: ReportTarget;
  decision: Exclude<ReportDecision, 'no_violation'>;
  ground: ReportGround;
  reference: string;
  reportedAt: Date;
  decidedAt: Date;
  supportEmail: string;
  /** The site's complaint form (the member's language). */
  complaintsUrl: string;
}

/** The complaint form's address on a site in a language (its domain in production, the local host otherwise). */
export function complaintsUrl(
  site: SiteConfig,
  language: Locale,
  local: { production: boolean; port: number },
): string {
  if (local.production) return `https://${site.domains[language]}/complaints`;
  const host = language === site.defaultLocale ? `${site.id}.localhost` : `${language}.${site.id}.localhost`;
  return `http://${host}:${local.port}/complaints`;
}

export function memberLocale(language: string): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export function statementMail(input: StatementInput): OutgoingMail {
  const locale = memberLocale(input.language);
  const t = translator(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const content = t(`reports.statement.content.${input.target}`);
  const params = {
    brand: input.site.brand,
    content,
    reference: input.reference,
    reported: date.format(input.reportedAt),
    decided: date.format(input.decidedAt),
    support: input.supportEmail,
    complaints: input.complaintsUrl,
  };
  const subject = t('reports.statement.subject', params);
  const sections: [string | null, string][] = [
    [null, t('mail.common.greeting', { name: input.name })],
    [null, t('reports.statement.facts', params)],
    [t('reports.statement.decision_heading'), t(`reports.statement.decisions.${input.decision}`, params)],
    [t('reports.statement.ground_heading'), t(`reports.statement.grounds.${input.ground}`, params)],
    [null, t('reports.statement.automated')],
    [t('reports.statement.redress_heading'), t('reports.statement.redress', params)],
  ];
  const footer = t('mail.common.footer', params);
  const text = mailText(
    sections.flatMap(([heading, body]) => [...(heading ? [heading] : []), body, '']),
    footer,
  );
  const body = sections
    .map(
      ([heading, paragraph]) =>
        `${heading ? `<h2 style="margin:0 0 8px;font-size:17px;color:#1e1b2e">${escapeHtml(heading)}</h2>\n` : ''}${mailParagraph(escapeHtml(paragraph))}`,
    )
    .join('\n');
  const html = `${mailHtml({
    lang: locale,
    title: subject,
    brand: input.site.brand,
    body: `${body}\n<p style="margin:24px 0 0;font-size:12px;color:#5b5670">${escapeHtml(footer)}</p>`,
  })}\n`;
  return { to: input.to, subject, text, html, siteId: input.site.id };
}
