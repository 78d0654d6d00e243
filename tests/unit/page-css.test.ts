/**
 * The per-page CSS trimming of the build (scripts/lib/page-css.ts): a page keeps the rules
 * its markup can use, including those for attributes its scripts and the browser set later,
 * and loses the rest; pages with an island keep everything.
 */
import { describe, expect, it } from 'vitest';
import { dropUnusedProperties, trimPageCss } from '../../scripts/lib/page-css.ts';

const CSS = [
  '[hidden]:where(:not([hidden=until-found])){display:none!important}',
  '.grid{display:grid}',
  '.unused-utility{color:red}',
  '.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}',
  "html[data-country='US'] .legal-us{display:block}",
  '[data-menu=BE] [hreflang]:not([aria-current],[lang=nl]){display:none}',
  'dialog[open]{display:block}',
  '.btn:hover{color:blue}',
].join('');

const page = (body: string) => `<!doctype html><html><head><style>${CSS}</style></head><body>${body}</body></html>`;

describe('per-page CSS', () => {
  it('keeps the rules of the markup and of later attributes, and drops the rest', async () => {
    const html = await trimPageCss(
      page(
        '<div class="grid sm:grid-cols-2"><a class="btn" hreflang="nl" lang="nl">nl</a><dialog></dialog><p class="legal-us"></p></div>',
      ),
    );
    const css = /<style>(.*)<\/style>/s.exec(html)?.[1] ?? '';
    expect(css).toContain('[hidden]:where(:not([hidden=until-found]))');
    expect(css).toContain('.grid{');
    expect(css).toContain('sm\\:grid-cols-2');
    expect(css).toContain("html[data-country='US'] .legal-us");
    expect(css).toContain('[data-menu=BE]');
    expect(css).toContain('dialog[open]');
    expect(css).toContain('.btn:hover');
    expect(css).not.toContain('unused-utility');
    // The text of the page is untouched.
    expect(html).toContain('<a class="btn" hreflang="nl" lang="nl">nl</a>');
  });

  it('leaves pages with an island alone', async () => {
    const html = page('<astro-island></astro-island>');
    expect(await trimPageCss(html)).toBe(html);
  });

  it('drops Tailwind helper properties nothing reads', () => {
    const css =
      '@layer properties{@supports (x:y){*,:before{--tw-a:initial;--tw-b:0}}}.x{transform:var(--tw-a)}@property --tw-a{syntax:"*";inherits:false}@property --tw-b{syntax:"*";inherits:false}';
    const out = dropUnusedProperties(css);
    expect(out).toContain('--tw-a:initial');
    expect(out).not.toContain('--tw-b');
    expect(out).toContain('@property --tw-a');
  });
});
