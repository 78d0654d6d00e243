/**
 * Complaints (contract src/contract/complaints.ts): storing a complaint with its confirmation
 * mail. The staff list and its 'handled' flag are the back office's (features/staff-moderation/).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import { COMPLAINT_ANSWER_DAYS, type ComplaintTopic } from '#src/contract/complaints.ts';
import { translator } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, complaints } from '#src/server/db/schema.ts';
import type { OutgoingMail } from '#src/server/providers/mail/types.ts';
import { escapeHtml } from '#src/server/platform/html.ts';

// No 0/O or 1/I/L: the reference is read out and typed by hand.
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new complaint reference, e.g. 'C-7KQ2M9XA'. */
export function newReference(): string {
  const bytes = randomBytes(8);
  let out = 'C-';
  for (const byte of bytes) out += REFERENCE_ALPHABET.charAt(byte % REFERENCE_ALPHABET.length);
  return out;
}

/** The sender's account when logged in on this site: its e-mail and language. */
export async function senderAccount(
  db: Db,
  accountId: number,
  siteId: string,
): Promise<{ id: number; email: string | null; language: string } | null> {
  const [account] = await db
    .select({ id: accounts.id, email: accounts.email, language: accounts.language, siteId: accounts.siteId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account && account.siteId === siteId ? account : null;
}

export interface NewComplaint {
  site: SiteConfig;
  accountId: number | null;
  topic: ComplaintTopic;
  order: string | null;
  member: string | null;
  description: string;
  email: string;
  locale: Locale;
}

/** Stores a complaint and answers its reference. */
export async function storeComplaint(db: Db, input: NewComplaint, now: Date): Promise<string> {
  const reference = newReference();
  await db.insert(complaints).values({
    publicId: reference,
    siteId: input.site.id,
    accountId: input.accountId,
    topic: input.topic,
    orderRef: input.order,
    memberRef: input.member,
    description: input.description,
    email: input.email,
    locale: input.locale,
    createdAt: now,
  });
  return reference;
}

/** The confirmation mail of a complaint, in the sender's language. */
export function complaintMail(input: {
  site: SiteConfig;
  to: string;
  language: string;
  reference: string;
  supportEmail: string;
}): OutgoingMail {
  const t = translator(isLocale(input.language) ? input.language : DEFAULT_LOCALE);
  const params = { brand: input.site.brand, reference: input.reference, days: COMPLAINT_ANSWER_DAYS };
  const subject = t('complaints.mail.subject', params);
  const body = [t('complaints.mail.intro', params), t('complaints.mail.answer', params)];
  const footer = t('complaints.mail.footer', { brand: input.site.brand, support: input.supportEmail });
  const text = [...body.flatMap((line) => [line, '']), '--', footer, ''].join('\n');
  const p = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e1b2e">${escapeHtml(content)}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#7c3aed">${escapeHtml(input.site.brand)}</h1>
${body.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#5b5670">${escapeHtml(footer)}</p>
</div>
</body></html>
`;
  return { to: input.to, subject, text, html, siteId: input.site.id };
}
