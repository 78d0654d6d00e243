/**
 * The trimmed-stylesheet cache of the build (scripts/lib/page-css.ts): a purge is keyed by the
 * page's words its stylesheet asks about, so pages differing only in their texts (the
 * languages of one page) share one purge, while any word a selector tests (a class, a tag, an
 * attribute value, also by prefix or suffix) still gives its own result, the same as
 * PurgeCSS run on the whole page.
 */
import { describe, expect, it } from 'vitest';
import { trimPageCss } from '../../scripts/lib/page-css.ts';

const CSS = [
  '.card{display:grid}',
  '.unused{color:red}',
  'a[href^="https://"]{text-decoration:underline}',
  'img[src$=".svg"]{width:2rem}',
  '[data-state=open]{display:block}',
].join('');

const page = (body: string) => `<!doctype html><html><head><style>${CSS}</style></head><body>${body}</body></html>`;
const cssOf = (html: string) => /<style>(.*)<\/style>/s.exec(html)?.[1] ?? '';

describe('per-page CSS cache', () => {
  it('trims the same markup with other texts the same way', async () => {
    const en = await trimPageCss(page('<div class="card" aria-label="Open the menu" title="Hello">Hi</div>'));
    const de = await trimPageCss(page('<div class="card" aria-label="Menü öffnen" title="Hallo">Hallo</div>'));
    expect(cssOf(en)).toBe(cssOf(de));
    expect(cssOf(en)).toContain('.card{');
    expect(cssOf(en)).not.toContain('.unused');
  });

  it('still tells apart the words a selector tests, by prefix, suffix and value', async () => {
    const plain = cssOf(await trimPageCss(page('<a href="/local">x</a><img src="a.png"><p data-state="closed"></p>')));
    const matching = cssOf(
      await trimPageCss(page('<a href="https://example.test/">x</a><img src="logo.svg"><p data-state="open"></p>')),
    );
    expect(plain).not.toContain('href^=');
    expect(plain).not.toContain('src$=');
    expect(plain).not.toContain('data-state=open');
    expect(matching).toContain('a[href^="https://"]');
    expect(matching).toContain('img[src$=".svg"]');
    expect(matching).toContain('[data-state=open]');
  });
});
