/**
 * /signup-matches: the visitor's choice asks GET /api/teasers.php, the cards show the
 * initial, name, age and city, and every fictional card carries the fictional warning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import SignupMatches from '#src/islands/SignupMatches.tsx';
import { catalogues } from '#src/i18n/index.ts';
import { authCatalogue } from '#src/features/auth/catalogue.ts';

const en = catalogues.en;
const catalogue = authCatalogue(en);

function answer(status: number, body: unknown) {
  const fetch = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  // A phone: the signup form renders in the page.
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signup matches', () => {
  it('shows the teasers of the chosen gender and age, with the warning on fictional cards', async () => {
    const fetch = answer(200, {
      profiles: [
        { id: 'p1', name: 'anna', age: 29, city: 'Utrecht', type: 'member' },
        { id: 'p2', name: 'Fenna', age: 31, type: 'fictional' },
      ],
    });
    render(<SignupMatches locale="en" catalogue={catalogue} />);
    fireEvent.change(screen.getByLabelText(en.auth.signup.seeking), { target: { value: 'female' } });
    fireEvent.change(screen.getByLabelText(en.auth.matches.age), { target: { value: '26-35' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.matches.show }));

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('A');
    expect(cards[0]?.textContent).toContain('anna');
    expect(cards[0]?.textContent).toContain('Age: 29 · Utrecht');
    expect(cards[0]?.textContent).not.toContain(en.fictional.warning);
    expect(cards[1]?.textContent).toContain(en.fictional.singular);
    expect(cards[1]?.textContent).toContain(en.fictional.warning);
    const input = fetch.mock.calls[0]?.[0];
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : (input?.url ?? ''),
      'http://x',
    );
    expect(url.pathname).toBe('/api/teasers.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({ gender: 'female', min_age: '26', max_age: '35' });

    fireEvent.click(screen.getByRole('button', { name: en.auth.matches.cta }));
    expect(screen.getByLabelText(en.auth.email)).toBeTruthy();
  });

  it('says so when nobody matches, and still offers the signup', async () => {
    answer(200, { profiles: [] });
    render(<SignupMatches locale="en" catalogue={catalogue} />);
    fireEvent.click(screen.getByRole('button', { name: en.auth.matches.show }));
    expect(await screen.findByText(en.teasers.none)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.auth.matches.cta })).toBeTruthy();
  });
});
