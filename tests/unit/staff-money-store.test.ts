/**
 * The back office's Money section store (src/staff/money/): the orders query leaves empty
 * filters out, a new code's form texts become the contract's body, a refund refused for an
 * old second factor opens the confirmation instead of an error and a refund done updates the
 * order and its row, and everything is forgotten at logout.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffOrderPage, StaffOrderRow } from '#src/contract/staff-money.ts';
import { newCodeOf } from '#src/staff/money/codes-store.ts';
import { $order, $orders, orderQuery, refundForm } from '#src/staff/money/money-store.ts';
import { $me, $reauthNeeded, $stage, logout } from '#src/staff/session-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const ROW: StaffOrderRow = {
  key: 7,
  id: 'ABC123',
  created_at: '2026-01-01T10:00:00.000Z',
  completed_at: '2026-01-01T10:01:00.000Z',
  site: 'default',
  member_id: 3,
  member_email: 'a@example.com',
  status: 'completed',
  method: 'visa',
  kind: 'checkout',
  package: 'p1',
  credits: 250,
  amount_minor: 1999,
  currency: 'EUR',
  country: 'NL',
  discount_code: null,
};
const PAGE: StaffOrderPage = {
  order: {
    ...ROW,
    list_price_minor: 1999,
    discount_minor: 0,
    discount_percentage: null,
    transaction_fee_minor: 0,
    provider: 'sandbox',
    provider_session: 'cs_1',
    provider_ref: 'pay_1',
    failure_reason: null,
    refunded_credits: 0,
    refund_minor: 0,
    refund_provider_ref: null,
    refunded_at: null,
    chargeback_credits: 0,
    chargeback_shortfall: 0,
    charged_back_at: null,
  },
  member: { id: 3, site: 'default', email: 'a@example.com', status: 'confirmed', credits: 250, billing_hold: false },
  history: [],
  events: [],
  credits: [],
  refundable: { credits: 250, amount_minor: 1999, until: '2026-01-15T10:01:00.000Z' },
  refund_refusal: null,
};
const FILTERS = { site: '', status: '', method: '', from: '', to: '', member: '', order: '' };

function api(handler: Handler) {
  const scripted = scriptedApi(handler);
  testEnvironment({ api: scripted.api });
  return scripted.requests;
}

beforeEach(() => {
  $orders.set({ orders: [ROW], next: null, filters: FILTERS });
  $order.set(PAGE);
  $reauthNeeded.set(false);
});

describe('money store', () => {
  it('sends only the filters given, and the page key', () => {
    expect(orderQuery({ ...FILTERS, status: 'charged_back', member: ' a@b.c ' }, 9)).toEqual({
      status: 'charged_back',
      member: 'a@b.c',
      after: '9',
    });
    expect(orderQuery(FILTERS)).toEqual({});
  });

  it("turns the new code form's texts into the contract's body", () => {
    const fields = {
      code: 'spring',
      percentage: '12,5',
      site: '',
      country: 'de',
      minimum: '12,50',
      currency: 'eur',
      validity: 'once' as const,
      expires: '2026-03-31',
      reason: 'Campaign',
    };
    expect(newCodeOf(fields)).toEqual({
      code: 'spring',
      percentage: '12.5',
      site: null,
      country: 'DE',
      minimum_minor: 1250,
      currency: 'EUR',
      validity: 'once',
      expires_at: '2026-03-31T23:59:59Z',
      starts_at: null,
      max_uses: null,
      first_purchase_only: false,
      payment_methods: [],
      reason: 'Campaign',
    });
    expect(newCodeOf({ ...fields, starts: '2026-03-01', maxUses: ' 500 ', firstPurchaseOnly: true })).toMatchObject({
      starts_at: '2026-03-01T00:00:00Z',
      max_uses: 500,
      first_purchase_only: true,
    });
    expect(newCodeOf({ ...fields, minimum: '', country: '', expires: '' })).toMatchObject({
      minimum_minor: null,
      currency: null,
      country: null,
      expires_at: null,
    });
  });

  it('asks for a fresh second factor instead of failing, then refunds and updates the row', async () => {
    api(() => ({ status: 403, body: { error: { code: 'staff_reauth_required', message: 'Confirm' } } }));
    await refundForm.submit('ABC123', 'Asked by phone');
    expect($reauthNeeded.get()).toBe(true);
    expect(refundForm.$error.get()).toBeNull();

    const refunded = { ...PAGE, order: { ...PAGE.order, status: 'refunded' as const }, refundable: null };
    const requests = api(() => ({ status: 200, body: { page: refunded, refunded_credits: 250, refund_minor: 1999 } }));
    await refundForm.submit('ABC123', 'Asked by phone');
    expect(requests[0]?.body).toEqual({ order: 'ABC123', reason: 'Asked by phone' });
    expect($order.get()?.order.status).toBe('refunded');
    expect($orders.get()?.orders[0]?.status).toBe('refunded');
  });

  it('forgets orders and the open order at logout', async () => {
    $me.set({ id: 1, email: 'f@staff.test', name: 'F', roles: ['finance'], second_factor_at: null });
    $stage.set({ name: 'console' });
    api(() => ({ status: 200, body: { ok: true } }));
    await logout();
    expect($orders.get()).toBeNull();
    expect($order.get()).toBeNull();
  });
});
