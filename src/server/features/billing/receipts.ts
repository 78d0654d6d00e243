/**
 * The receipt mail of a completed order: in the member's language, with the operating
 * company's details (name, address, Chamber of Commerce number, VAT numbers), the bundle,
 * the method, and the amount split into net, VAT and gross in minor units. Prices include
 * VAT; the rate is the payment country's (digital services are taxed where the consumer
 * lives). Sent once per order, after the completion committed (orders.ts).
 */
import type { SiteConfig } from '#sites-config';
import { PAYMENT_METHOD_BRANDS, type PaymentMethod } from '#src/contract/billing.ts';
import { translator, type Translate, type TranslationKey } from '#src/i18n/index.ts';
import { formatDate } from '#src/lib/dates.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#src/lib/locales.ts';
import { formatMoney } from '#src/lib/money.ts';
import type { CompanyInfo } from '#src/contract/site.ts';
import { escapeHtml } from '#src/server/platform/html.ts';
import { mailHtml, mailParagraph, mailText } from '#src/server/platform/mail-layout.ts';
import type { OutgoingMail } from '#src/server/providers/mail/types.ts';
import type { orders } from '#src/server/db/schema.ts';

/** Standard VAT (or GST) rate per payment country, in basis points (2100 = 21 %). */
export const VAT_BASIS_POINTS: Readonly<Record<string, number>> = {
  NL: 2100,
  BE: 2100,
  DE: 1900,
  AT: 2000,
  FR: 2000,
  IT: 2200,
  ES: 2100,
  IE: 2300,
  FI: 2550,
  PL: 2300,
  DK: 2500,
  SE: 2500,
  NO: 2500,
  GB: 2000,
  CH: 810,
  CA: 500,
  AU: 1000,
  NZ: 1500,
  US: 0,
};

export interface VatSplit {
  /** The rate in basis points. */
  basisPoints: number;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

/** Splits a gross amount (VAT included) into net and VAT, exactly: net + vat = gross. */
export function splitVat(grossMinor: number, country: string): VatSplit {
  const basisPoints = VAT_BASIS_POINTS[country] ?? 0;
  const netMinor = Math.round((grossMinor * 10000) / (10000 + basisPoints));
  return { basisPoints, netMinor, vatMinor: grossMinor - netMinor, grossMinor };
}

/** A method's name: its brand, or the text of a generic one (card, transfer, direct debit). */
export function methodName(t: Translate, method: PaymentMethod): string {
  return PAYMENT_METHOD_BRANDS[method] ?? t(`billing.methods.${method}` as TranslationKey);
}

export interface ReceiptInput {
  order: typeof orders.$inferSelect;
  site: SiteConfig;
  company: CompanyInfo;
  to: string;
  name: string;
  language: string;
  supportEmail: string;
  refundDays: number;
}

/** The receipt mail of a completed order. */
export function receiptMail(input: ReceiptInput): OutgoingMail {
  const { order, company } = input;
  const locale: Locale = isLocale(input.language) ? input.language : DEFAULT_LOCALE;
  const t = translator(locale);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const vat = splitVat(order.amountMinor, order.country);
  const date = formatDate(order.completedAt ?? order.createdAt, 'longDate', locale);
  const params = { brand: input.site.brand, order: order.publicId, support: input.supportEmail };
  const subject = t('billing.receipt.subject', params);

  const rows: [string, string][] = [
    [t('billing.receipt.order'), `#${order.publicId}`],
    [t('billing.receipt.date'), date],
    [t('billing.receipt.bundle'), t('billing.receipt.credits', { count: order.credits })],
    [t('billing.receipt.method'), methodName(t, order.method as PaymentMethod)],
    [t('billing.receipt.list_price'), money(order.listPriceMinor)],
    ...(order.discountMinor > 0
      ? [
          [
            t('billing.receipt.discount', {
              code: order.discountCode ?? '',
              // '25', '12.5' in the member's notation, not the stored '25.0'.
              percentage:
                order.discountPercentage === null
                  ? ''
                  : Number(order.discountPercentage).toLocaleString(locale, { maximumFractionDigits: 1 }),
            }),
            `−${money(order.discountMinor)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.transactionFeeMinor > 0
      ? [[t('billing.receipt.fee'), money(order.transactionFeeMinor)] as [string, string]]
      : []),
    [t('billing.receipt.net'), money(vat.netMinor)],
    [t('billing.receipt.vat', { rate: (vat.basisPoints / 100).toLocaleString(locale) }), money(vat.vatMinor)],
    [t('billing.receipt.total'), money(vat.grossMinor)],
  ];
  const companyLines = [
    company.name,
    company.address,
    `${company.city}, ${company.country}`,
    t('billing.receipt.kvk', { kvk: company.kvk }),
    ...(company.vat_numbers.length
      ? [t('billing.receipt.vat_numbers', { numbers: company.vat_numbers.join(', ') })]
      : []),
  ];
  const intro = t('billing.receipt.intro', params);
  const oneTime = t('billing.receipt.one_time');
  const refund = t('billing.receipt.refund', { count: input.refundDays });
  const greeting = t('mail.common.greeting', { name: input.name });
  const footer = t('mail.common.footer', params);

  const width = Math.max(...rows.map(([label]) => label.length));
  const textLines = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`),
    '',
    oneTime,
    refund,
    '',
    ...companyLines,
  ];
  const text = mailText(textLines, footer);

  const p = mailParagraph;
  const tableRows = rows
    .map(
      ([label, value], i) =>
        `<tr><td style="padding:6px 0;color:#5b5670${i === rows.length - 1 ? ';font-weight:bold;color:#1e1b2e' : ''}">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right${i === rows.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const body = `${p(escapeHtml(greeting))}
${p(escapeHtml(intro))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;border-top:1px solid #e5e1f5;border-bottom:1px solid #e5e1f5;margin:0 0 16px">
${tableRows}
</table>
${p(escapeHtml(oneTime))}
${p(escapeHtml(refund))}
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b5670">${companyLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#5b5670">${escapeHtml(footer)}</p>`;
  const html = mailHtml({ lang: locale, title: subject, brand: input.site.brand, body });
  return { to: input.to, subject, text, html, siteId: input.site.id };
}
