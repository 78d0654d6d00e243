/**
 * The layout of the product's mails (account mails, receipts): the plain-text form's close,
 * and the HTML form's frame and paragraph.
 */
import { escapeHtml } from './html.ts';

/** A mail's plain text: its lines, then the signature delimiter (`--`) and the footer. */
export function mailText(lines: readonly string[], footer: string): string {
  return [...lines, '', '--', footer, ''].join('\n');
}

/** A paragraph of a mail's body; `content` is HTML (escape text first). */
export function mailParagraph(content: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e1b2e">${content}</p>`;
}

/**
 * A whole HTML mail: the doctype and head (language, title), the two presentation tables (the
 * page and the white card) and the site's brand as heading, around `body` (HTML, one line or
 * more). Ends with `</body></html>`, no newline.
 */
export function mailHtml(frame: { lang: string; title: string; brand: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(frame.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(frame.title)}</title></head>
<body style="margin:0;padding:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f3ff;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:#7c3aed">${escapeHtml(frame.brand)}</h1>
${frame.body}
</td></tr></table>
</td></tr></table>
</body></html>`;
}
