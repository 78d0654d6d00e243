/**
 * The direct debit screen's store (SPEC §2.7 'Direct debit', §5 'SMS one-time code'): what
 * is paid, the form's own checks (IBAN check digits, the authorization) before the server
 * is asked, the SMS step with its resend countdown, and 'Code invalid' as the server sends it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keepMount } from 'nanostores';
import {
  $debitDetails,
  $debitLoad,
  $debitStep,
  $resendIn,
  changeDetails,
  electronicIban,
  groupIban,
  ibanChecksumOk,
  loadDebitOrder,
  refreshClock,
  resendForm,
  resetDirectDebit,
  setDetail,
  startForm,
  verifyForm,
} from '#src/features/direct-debit/direct-debit-store.ts';
import { $router } from '#src/stores/router.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { order, packagesData } from './credits-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

keepMount($router);
keepMount($resendIn);

afterEach(() => {
  resetDirectDebit();
});

const ok = (body: unknown) => ({ status: 200, body });
const refusal = (status: number, code: string, message: string, field?: string) => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});

function serve(handler: Handler) {
  const scripted = scriptedApi(handler);
  const env = testEnvironment({ api: scripted.api });
  return { env, requests: scripted.requests };
}

const sent = (overrides: Record<string, unknown> = {}) => ({
  session: 'sess_abcdefghijklmnop',
  payment_id: 'ORDER12345',
  phone_masked: '+31 ••••••• 78',
  iban_masked: 'NL91 •••• 4300',
  expires_at: '2026-01-15T12:10:00.000Z',
  resend_in: 60,
  code_length: 6,
  ...overrides,
});

function fillForm() {
  setDetail('holder', 'Sam de Vries');
  setDetail('iban', 'nl91abna0417164300');
  setDetail('street', 'Keizersgracht');
  setDetail('houseNumber', '12a');
  setDetail('postalCode', '1015 CX');
  setDetail('city', 'Amsterdam');
  setDetail('phone', '06 12345678');
  setDetail('authorize', true);
}

describe('the IBAN as the member types it', () => {
  it('is shown in groups of four, upper case, and sent without spaces', () => {
    expect(groupIban('nl91abna 0417-1643.00')).toBe('NL91 ABNA 0417 1643 00');
    expect(electronicIban('NL91 ABNA 0417 1643 00')).toBe('NL91ABNA0417164300');
  });

  it('is checked for its check digits before anything is sent', () => {
    expect(ibanChecksumOk('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(ibanChecksumOk('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanChecksumOk('NL91 ABNA 0417 1643 01')).toBe(false);
    expect(ibanChecksumOk('1234')).toBe(false);
  });
});

describe('what is paid', () => {
  it('reads a created sdd order and defaults the address country to the payment country', async () => {
    serve(() =>
      ok({
        order: order({ payment_id: 'ORDER12345', method: 'sdd', status: 'created', country: 'DE' }),
        balance: 0,
        paid_user: false,
      }),
    );
    await loadDebitOrder({ order: 'ORDER12345' });
    expect($debitLoad.get()).toMatchObject({ status: 'ready', order: { paymentId: 'ORDER12345', country: 'DE' } });
    expect($debitDetails.get().country).toBe('DE');
  });

  it('sends a submitted order to its result, and refuses an order of another method', async () => {
    serve(() =>
      ok({
        order: order({ payment_id: 'ORDER12345', method: 'sdd', status: 'pending' }),
        balance: 0,
        paid_user: false,
      }),
    );
    await loadDebitOrder({ order: 'ORDER12345' });
    expect($debitLoad.get()).toEqual({ status: 'closed', paymentId: 'ORDER12345' });
    serve(() => ok({ order: order({ method: 'visa', status: 'created' }), balance: 0, paid_user: false }));
    await loadDebitOrder({ order: 'ORDER12345' });
    expect($debitLoad.get()).toEqual({ status: 'missing' });
    serve(() => refusal(404, 'not_found', 'Not found'));
    await loadDebitOrder({ order: 'NOPE000000' });
    expect($debitLoad.get()).toEqual({ status: 'missing' });
  });

  it('prices a bundle direct debit pays in the payment country', async () => {
    serve(() => ok(packagesData({}, 'NL')));
    await loadDebitOrder({ package: 'p1' });
    expect($debitLoad.get()).toMatchObject({
      status: 'ready',
      order: { paymentId: null, packageKey: 'p1', amountMinor: 1999, credits: 250 },
    });
    serve(() => ok(packagesData({}, 'SE')));
    await loadDebitOrder({ package: 'p1' });
    expect($debitLoad.get()).toEqual({ status: 'missing' });
  });
});

describe('the form and the SMS code', () => {
  async function ready(handler: Handler) {
    const served = serve((request) =>
      request.path === '/api/packages.php' ? ok(packagesData({}, 'NL')) : handler(request),
    );
    await loadDebitOrder({ package: 'p0' });
    return served;
  }

  it('checks the IBAN and the authorization itself, naming the field', async () => {
    const { requests } = await ready(() => ok(sent()));
    fillForm();
    setDetail('iban', 'NL91 ABNA 0417 1643 01');
    await startForm.submit();
    expect(startForm.$error.get()).toBe('This IBAN is not valid. Please check it.');
    expect(startForm.$errorField.get()).toBe('iban');
    setDetail('iban', 'NL91 ABNA 0417 1643 00');
    setDetail('authorize', false);
    await startForm.submit();
    expect(startForm.$errorField.get()).toBe('authorize');
    expect(startForm.$error.get()).toBe('Please tick the authorisation to continue.');
    expect(requests.filter((r) => r.path === '/api/directdebit.php')).toEqual([]);
  });

  it('sends the form, shows the SMS step and counts down to a new code', async () => {
    const { env, requests } = await ready(() => ok(sent()));
    fillForm();
    await startForm.submit();
    expect(requests.at(-1)).toMatchObject({
      path: '/api/directdebit.php',
      body: { package: 'p0', iban: 'NL91ABNA0417164300', house_number: '12a', country: 'NL', authorize: true },
    });
    expect($debitStep.get()).toMatchObject({ step: 'code', sent: { phone_masked: '+31 ••••••• 78' } });
    // The order exists now: a second start pays it instead of a new one.
    expect($debitLoad.get()).toMatchObject({ order: { paymentId: 'ORDER12345' } });
    expect($resendIn.get()).toBe(60);
    env.advance(45_000);
    refreshClock();
    expect($resendIn.get()).toBe(15);
    env.advance(20_000);
    refreshClock();
    expect($resendIn.get()).toBe(0);

    changeDetails();
    expect($debitStep.get()).toEqual({ step: 'form' });
    await startForm.submit();
    expect(requests.at(-1)?.body).toMatchObject({ order: 'ORDER12345' });
    expect((requests.at(-1)?.body as Record<string, unknown>)['package']).toBeUndefined();
  });

  it('shows the server’s refusal of a wrong code, resends, and opens the result on the right one', async () => {
    let tries = 0;
    const { env } = await ready((request) => {
      if (request.path === '/api/directdebit.php') return ok(sent());
      if (request.path === '/api/directdebit-resend.php') return ok(sent({ expires_at: '2026-01-15T12:12:00.000Z' }));
      tries += 1;
      return tries === 1
        ? refusal(400, 'code_invalid', 'Code invalid', 'code')
        : ok({ payment_id: 'ORDER12345', status: 'completed', mandate_reference: 'SDD-ORDER12345-ABC123' });
    });
    fillForm();
    await startForm.submit();
    await verifyForm.submit('12345');
    expect(verifyForm.$error.get()).toBe('Enter the 6-digit code from the SMS.');
    expect(tries).toBe(0);
    await verifyForm.submit('123456');
    expect(verifyForm.$error.get()).toBe('Code invalid');

    env.advance(61_000);
    await resendForm.submit();
    expect($debitStep.get()).toMatchObject({ sent: { expires_at: '2026-01-15T12:12:00.000Z' } });
    expect(verifyForm.$error.get()).toBeNull();
    expect($resendIn.get()).toBe(60);

    await verifyForm.submit('654321');
    expect($router.get()?.path).toBe('/transactions/ORDER12345');
  });

  it('shows the limit and the block as the server words them', async () => {
    await ready(() => refusal(403, 'direct_debit_blocked', 'Your account is blocked for direct debit payments.'));
    fillForm();
    await startForm.submit();
    expect(startForm.$error.get()).toBe('Your account is blocked for direct debit payments.');
    expect($debitStep.get()).toEqual({ step: 'form' });
  });
});
