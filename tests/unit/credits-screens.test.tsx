/**
 * The credits screens as a member uses them: the four bundles with the welcome discount taken
 * off, the payment method menu changing where each bundle leads, a refused code, and the
 * payment screen's price, one-time notice and Pay going to the checkout.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import { getPackages, postOrder } from '#src/contract/billing.ts';
import { getDiscountCode, getWelcomeDiscount } from '#src/contract/discounts.ts';
import CreditsScreen from '#src/features/credits/CreditsScreen.tsx';
import PaymentScreen from '#src/features/credits/PaymentScreen.tsx';
import { resetCredits } from '#src/features/credits/credits-store.ts';
import { orderForm } from '#src/features/credits/payment-store.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { $session } from '#src/stores/session.ts';
import { member } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';
import { discountCode, order, packagesData } from './credits-fixtures.ts';

/** The same endpoint (their types differ, their identity decides). */
const same = (a: unknown, b: unknown) => a === b;

const en = catalogues.en;

/** Answers by endpoint; records the bodies of orders. */
function fakeApi(): { api: ApiClient; orders: unknown[] } {
  const orders: unknown[] = [];
  const api: ApiClient = {
    call: (endpoint, input) => {
      const answer = (): unknown => {
        if (same(endpoint, getPackages)) return packagesData();
        if (same(endpoint, getWelcomeDiscount)) return { discount: discountCode() };
        if (same(endpoint, getDiscountCode)) throw new ApiError(404, 'code_not_found', 'Code not found', 'code');
        if (same(endpoint, postOrder)) {
          orders.push(input?.body);
          return { order: order(), next: 'checkout', redirect_url: 'http://localhost/sandbox-pay/tok' };
        }
        throw new Error(`unexpected ${endpoint.path}`);
      };
      // A throw becomes a rejection, as with the real client.
      return Promise.resolve().then(answer) as never;
    },
  };
  return { api, orders };
}

function renderScreen(ui: ReactNode) {
  const { api, orders } = fakeApi();
  const env = testEnvironment({ api });
  $session.set({ status: 'member', user: member() });
  render(<I18nextProvider i18n={createI18n('en', en)}>{ui}</I18nextProvider>);
  return { env, orders };
}

afterEach(() => {
  cleanup();
  resetCredits();
  orderForm.reset();
  $session.set({ status: 'loading' });
});

const bundle = (credits: string) => screen.getByRole('heading', { name: credits }).closest('article') as HTMLElement;

describe('credits screen', () => {
  it('prices a message and a credit at what the member pays, not at the struck-through price', async () => {
    renderScreen(<CreditsScreen user={member()} locale="en" />);
    await screen.findByRole('heading', { name: '250 credits' });
    const p1 = bundle('250 credits');
    // €19.99 list, €14.99 with WELCOME25; a message is 5 credits: €14.99 × 5 / 250 = €0.30.
    expect(within(p1).getByTestId('bundle-price').textContent).toBe('€14.99');
    expect(within(p1).getByText(/per message/).textContent).toBe(
      `${en.credits.per_message.replace('{{amount}}', '€0.30')} · ${en.credits.per_credit.replace('{{amount}}', '€0.06')}`,
    );
  });

  it('shows the four bundles with the welcome discount taken off and the one-time notice', async () => {
    renderScreen(<CreditsScreen user={member()} locale="en" />);
    expect(await screen.findByRole('heading', { name: '600 credits' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.dataset['tier'])).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(within(bundle('600 credits')).getByText(en.credits.popular)).toBeTruthy();
    expect(await screen.findByTestId('credits-offer')).toBeTruthy();
    const p1 = bundle('250 credits');
    expect(within(p1).getByTestId('bundle-price').textContent).toBe('€14.99');
    expect(within(p1).getByLabelText('Instead of €19.99')).toBeTruthy();
    expect(screen.getByTestId('applied-discount').textContent).toContain('25% off with code WELCOME25');
    expect(screen.getByTestId('no-subscription').textContent).toContain(en.credits.no_subscription);
    expect(within(p1).getByRole('link', { name: en.credits.choose }).getAttribute('href')).toBe(
      '/credits/p1/creditcard',
    );
  });

  it('the payment method menu changes where each bundle leads', async () => {
    renderScreen(<CreditsScreen user={member()} locale="en" />);
    const methodButton = await screen.findByRole('button', { name: /Credit card/ });
    fireEvent.click(methodButton);
    const menu = screen.getByRole('menu', { name: en.credits.method_menu });
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: /paysafecard/ }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(bundle('50 credits')).getByRole('link').getAttribute('href')).toBe('/credits/p0/paysafecard');
    const p3 = bundle('1600 credits');
    expect(within(p3).getByText('Not available with paysafecard')).toBeTruthy();
    expect(within(p3).getByRole('link').getAttribute('href')).toBe('/credits/p3');
  });

  it('a code the server does not know is refused with its text', async () => {
    renderScreen(<CreditsScreen user={member()} locale="en" />);
    fireEvent.change(await screen.findByLabelText(en.discounts.entry_label), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: en.discounts.entry_apply }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code not found');
  });

  it('does not carry an old refusal over to the pay screen', async () => {
    renderScreen(<CreditsScreen user={member()} locale="en" />);
    fireEvent.change(await screen.findByLabelText(en.discounts.entry_label), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: en.discounts.entry_apply }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code not found');
    cleanup();
    render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <PaymentScreen user={member()} locale="en" id="p1" paymentMethod="creditcard" />
      </I18nextProvider>,
    );
    expect(await screen.findByLabelText(en.discounts.entry_label)).toBeTruthy();
    expect(screen.queryByText('Code not found')).toBeNull();
  });
});

describe('payment screen', () => {
  it('shows the price with the discount, the one-time notice, and Pay opens the checkout', async () => {
    const { env, orders } = renderScreen(
      <PaymentScreen user={member()} locale="en" id="p1" paymentMethod="creditcard" />,
    );
    const total = await screen.findByTestId('total');
    expect(await screen.findByText('Discount WELCOME25 (25%)')).toBeTruthy();
    expect(total.textContent).toBe('€14.99');
    expect(screen.getByTestId('no-subscription').textContent).toContain('No subscription: you pay €14.99 once.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €14.99' }));
    expect(await screen.findByText(en.credits.payment.redirecting)).toBeTruthy();
    expect(orders).toEqual([{ package: 'p1', method: 'creditcard', discount_code: 'WELCOME25' }]);
    expect(env.navigations).toEqual(['http://localhost/sandbox-pay/tok']);
  });

  it('asks for a method when the path names none, offering only those that pay the bundle', async () => {
    renderScreen(<PaymentScreen user={member()} locale="en" id="p3" paymentMethod={undefined} />);
    const choice = await screen.findByRole('navigation', { name: en.credits.payment.choose_method });
    const links = within(choice).getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe('/credits/p3/creditcard');
    expect(within(choice).queryByText('paysafecard')).toBeNull();
  });

  it('an unknown bundle is not found', async () => {
    renderScreen(<PaymentScreen user={member()} locale="en" id="p9" paymentMethod={undefined} />);
    await act(async () => {});
    expect(screen.getByText(en.credits.payment.not_found)).toBeTruthy();
  });
});
