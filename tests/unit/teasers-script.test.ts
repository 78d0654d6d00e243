// @vitest-environment jsdom
/**
 * The teaser script of the home page and the profile landers (src/features/teasers): what a
 * visitor sees for members, chat pals, missing photos, hidden profiles and failed calls.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillTeaser, loadProfileTeaser, loadTeaserList, profileIdFromPath } from '#src/features/teasers/teasers.ts';

const CARD = `
  <li>
    <a data-href="/members/%id%/signup" href="/signup">
      <img data-field="image" data-alt="Photo of %name%" alt="" hidden>
      <span data-field="no-photo"></span>
      <span data-fictional hidden>This is a chat pal</span>
      <h3 data-field="name"></h3>
      <p data-field="city"></p>
    </a>
  </li>`;

function answer(status: number, body: unknown) {
  return vi.fn<(url: string) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('teaser cards', () => {
  it('show name, age, city and the photo of a member, linking to their signup page', () => {
    document.body.innerHTML = CARD;
    const card = document.querySelector('li')!;
    fillTeaser(card, {
      id: 'abc 1',
      name: 'Anna',
      age: 41,
      city: 'Delft',
      type: 'member',
      image: '/api/photo.php?id=p1&v=thumb',
    });
    expect(card.querySelector('h3')!.textContent).toBe('Anna, 41');
    expect(card.querySelector('[data-field="city"]')!.textContent).toBe('Delft');
    const img = card.querySelector('img')!;
    expect(img.hidden).toBe(false);
    expect(img.getAttribute('src')).toBe('/api/photo.php?id=p1&v=thumb');
    expect(img.alt).toBe('Photo of Anna');
    expect(card.querySelector<HTMLElement>('[data-field="no-photo"]')!.hidden).toBe(true);
    expect(card.querySelector('a')!.getAttribute('href')).toBe('/members/abc%201/signup');
    expect(card.querySelector<HTMLElement>('[data-fictional]')!.hidden).toBe(true);
  });

  it('show the fictional warning on a chat pal and the placeholder without a photo', () => {
    document.body.innerHTML = CARD;
    const card = document.querySelector('li')!;
    fillTeaser(card, { id: 'p', name: 'Pal', age: 30, type: 'fictional' });
    expect(card.querySelector<HTMLElement>('[data-fictional]')!.hidden).toBe(false);
    expect(card.querySelector('img')!.hidden).toBe(true);
    expect(card.querySelector<HTMLElement>('[data-field="no-photo"]')!.hidden).toBe(false);
    expect(card.querySelector<HTMLElement>('[data-field="city"]')!.hidden).toBe(true);
  });
});

describe('teaser list', () => {
  const LIST = `<section data-teaser-list data-gender="male" data-max="2" hidden><ul data-teaser-cards></ul><template>${CARD}</template></section>`;

  it('asks for the featured gender and shows at most data-max cards', async () => {
    const fetchMock = answer(200, {
      profiles: [
        { id: 'a', name: 'A', age: 30, type: 'member' },
        { id: 'b', name: 'B', age: 31, type: 'fictional' },
        { id: 'c', name: 'C', age: 32, type: 'member' },
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = LIST;
    const list = document.querySelector<HTMLElement>('[data-teaser-list]')!;
    expect(await loadTeaserList(list)).toBe(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/teasers.php?gender=male');
    expect(list.hidden).toBe(false);
    expect([...list.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['A, 30', 'B, 31']);
  });

  it('stays hidden when the call fails or nobody is there', async () => {
    for (const fetchMock of [
      answer(500, {}),
      answer(200, { profiles: [] }),
      vi.fn(async () => Promise.reject(new Error('offline'))),
    ]) {
      vi.stubGlobal('fetch', fetchMock);
      document.body.innerHTML = LIST;
      const list = document.querySelector<HTMLElement>('[data-teaser-list]')!;
      expect(await loadTeaserList(list)).toBe(0);
      expect(list.hidden).toBe(true);
    }
  });
});

describe('profile landers', () => {
  const PAGE = `<div data-teaser-profile aria-busy="true"><img data-field="image" data-alt="%name%" hidden><span data-field="no-photo"></span><h1 data-field="name"></h1><p data-field="city"></p><p data-fictional hidden>warning</p></div>
    <div data-teaser-missing hidden>not available</div>
    <a data-href="/members/%id%/signup" href="/signup">Sign up</a>`;

  it('reads the profile id from /members/{id}/…', () => {
    expect(profileIdFromPath('/members/ab12/landing')).toBe('ab12');
    expect(profileIdFromPath('/members/ab12/landing2/she-eng')).toBe('ab12');
    expect(profileIdFromPath('/members/ab%2012/signup')).toBe('ab 12');
    expect(profileIdFromPath('/landers/gallery')).toBeNull();
  });

  it('fill the profile and point the calls to action at its signup page', async () => {
    const fetchMock = answer(200, { profile: { id: 'ab12', name: 'Mia', age: 52, city: 'Gent', type: 'fictional' } });
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = PAGE;
    const block = document.querySelector<HTMLElement>('[data-teaser-profile]')!;
    expect(await loadProfileTeaser(block, '/members/ab12/landing3/x')).toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/teaser.php?id=ab12');
    expect(block.querySelector('h1')!.textContent).toBe('Mia, 52');
    expect(block.querySelector<HTMLElement>('[data-fictional]')!.hidden).toBe(false);
    expect(block.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('a')!.getAttribute('href')).toBe('/members/ab12/signup');
    expect(document.querySelector<HTMLElement>('[data-teaser-missing]')!.hidden).toBe(true);
  });

  it('show the not-available note for a hidden or unknown profile, and when the call fails', async () => {
    for (const fetchMock of [answer(200, { profile: null }), answer(500, {})]) {
      vi.stubGlobal('fetch', fetchMock);
      document.body.innerHTML = PAGE;
      const block = document.querySelector<HTMLElement>('[data-teaser-profile]')!;
      expect(await loadProfileTeaser(block, '/members/gone/landing')).toBe(false);
      expect(block.hidden).toBe(true);
      expect(document.querySelector<HTMLElement>('[data-teaser-missing]')!.hidden).toBe(false);
      expect(document.querySelector('a')!.getAttribute('href')).toBe('/signup');
    }
  });
});
