/**
 * /signup-matches: the visitor's choice asks GET /api/teasers.php, the cards show the
 * initial, name, age and city, and every fictional card carries the fictional warning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ApiClient } from '#src/client/api.ts';
import { getTeasers } from '#src/contract/profile.ts';
import SignupMatches from '#src/islands/SignupMatches.tsx';
import { catalogues } from '#src/i18n/index.ts';
import { authCatalogue } from '#src/features/auth/catalogue.ts';
import { testEnvironment } from './test-environment.ts';

const en = catalogues.en;
const catalogue = authCatalogue(en);

/** The teasers the fake API answers with; the calls it received. */
function answer(body: unknown) {
  const call = vi.fn(() => Promise.resolve(body));
  testEnvironment({ api: { call } as unknown as ApiClient });
  return call;
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
  it("starts from the site's preselected gender and 'looking for'", () => {
    answer({ profiles: [] });
    render(<SignupMatches locale="en" catalogue={catalogue} defaults={{ gender: 'male', seeking: 'male' }} />);
    expect(screen.getByLabelText<HTMLSelectElement>(en.auth.signup.gender).value).toBe('male');
    expect(screen.getByLabelText<HTMLSelectElement>(en.auth.signup.seeking).value).toBe('male');
  });

  it('shows the teasers of the chosen gender and age, with the warning on fictional cards', async () => {
    const call = answer({
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
    expect(call).toHaveBeenCalledWith(getTeasers, { query: { gender: 'female', min_age: 26, max_age: 35 } });

    fireEvent.click(screen.getByRole('button', { name: en.auth.matches.cta }));
    expect(screen.getByLabelText(en.auth.email)).toBeTruthy();
  });

  it('says so when nobody matches, and still offers the signup', async () => {
    answer({ profiles: [] });
    render(<SignupMatches locale="en" catalogue={catalogue} />);
    fireEvent.click(screen.getByRole('button', { name: en.auth.matches.show }));
    expect(await screen.findByText(en.teasers.none)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.auth.matches.cta })).toBeTruthy();
  });
});
