/**
 * SEPA direct debit with the SMS one-time code (SPEC §2.7 'Direct debit', §5 'SMS one-time
 * code', §8 'Payment and direct debit'; docs/direct-debit.md): the form's checks, the code
 * (wrong, exhausted, expired, resent), the mandate and the order it pays through billing,
 * the limit, a returned debit that takes the credits back and blocks direct debit, and the
 * SMS pumping guards (docs/direct-debit.md 'SMS pumping'): mobile numbers only of the site's
 * SEPA countries, codes per client address and per destination prefix, the burst alert.
 */
import { eq } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTransaction, postOrder, type PackageKey } from '#src/contract/billing.ts';
import {
  DIRECT_DEBIT_MAX_TRIES,
  DIRECT_DEBIT_SMS_LIMITS,
  postDirectDebitResend,
  postDirectDebitStart,
  postDirectDebitVerify,
} from '#src/contract/direct-debit.ts';
import { accounts, directDebitMandates, directDebitSessions, orders } from '#src/server/db/schema.ts';
import { SANDBOX_IBAN, SANDBOX_RETURNED_IBAN } from '#src/server/features/direct-debit/gateway.ts';
import { returnDebit, sandboxDirectDebit } from '#src/server/features/direct-debit/returns.ts';
import { freshIp } from './accounts-helpers.ts';
import { mandateForm } from './billing-helpers.ts';
import {
  call as harnessCall,
  callError as harnessCallError,
  createTestApp,
  createTestMember,
  seedSiteData,
  send as harnessSend,
  type TestApp,
} from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  // Forwarded addresses count, so each member asks from its own (the per-address SMS limit).
  t = await createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) });
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

/** Each member's client address, by session: the calls below ask from it. */
const addresses = new Map<string, string>();

type Init<E extends Parameters<typeof harnessCall>[1]> = NonNullable<Parameters<typeof harnessCall<E>>[2]>;
const fromMember = <E extends Parameters<typeof harnessCall>[1]>(init: Init<E>): Init<E> => ({
  ...init,
  headers: { 'x-forwarded-for': addresses.get(init.session ?? '') ?? freshIp(), ...init.headers },
});
const call = <E extends Parameters<typeof harnessCall>[1]>(tt: TestApp, endpoint: E, init: Init<E>) =>
  harnessCall(tt, endpoint, fromMember(init));
const callError = <E extends Parameters<typeof harnessCall>[1]>(tt: TestApp, endpoint: E, init: Init<E>) =>
  harnessCallError(tt, endpoint, fromMember(init));
const send = <E extends Parameters<typeof harnessCall>[1]>(tt: TestApp, endpoint: E, init: Init<E>) =>
  harnessSend(tt, endpoint, fromMember(init));

let phoneCounter = 0;

async function member(ip = freshIp()) {
  const created = await createTestMember(t, { country: 'NL' });
  phoneCounter += 1;
  // A distinct Dutch mobile number per member, each of its own destination prefix
  // (+31 62xx, the SMS limits count per prefix), so each test reads its own SMS.
  const phone = `06 2${String(phoneCounter % 100).padStart(2, '0')}${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const session = await t.login(created.accountId);
  addresses.set(session, ip);
  return { ...created, session, phone, ip };
}

type Member = Awaited<ReturnType<typeof member>>;

/** The mandate form with the member's phone number. */
const form = (m: Member, fields: Omit<Parameters<typeof mandateForm>[0], 'phone'> & { phone?: string } = {}) =>
  mandateForm({ phone: m.phone, ...fields });

async function sddOrder(m: Member, pkg: PackageKey = 'p0') {
  const answer = await call(t, postOrder, { session: m.session, body: { package: pkg, method: 'sdd' } });
  expect(answer.next).toBe('directdebit');
  return answer.order.payment_id;
}

async function start(m: Member) {
  const order = await sddOrder(m);
  return call(t, postDirectDebitStart, { session: m.session, body: { order, ...form(m) } });
}

/** The newest code sent to a member's number (the SMS outbox). */
async function lastCode(m: Member): Promise<string> {
  const digits = m.phone.replace(/\D/g, '').slice(1);
  const sms = (await t.deps.sms.list()).find((s) => s.to === `+31${digits}`);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${m.phone}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function balance(m: Member): Promise<number> {
  const [row] = await t.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, m.accountId));
  return row?.credits ?? -1;
}

const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

describe('the SEPA form', () => {
  it('refuses an IBAN with a wrong check digit or outside SEPA, naming the field', async () => {
    const m = await member();
    const order = await sddOrder(m);
    const sentBefore = (await t.deps.sms.list()).length;
    for (const iban of [
      'NL91ABNA0417164301',
      composeIBAN({ countryCode: 'BR', bban: '00360305000010009795493P1' }) ?? 'BR',
    ]) {
      const failure = await callError(t, postDirectDebitStart, {
        session: m.session,
        body: { order, ...form(m, { iban }) },
      });
      expect(failure).toMatchObject({ status: 400, code: 'iban_invalid', field: 'iban' });
      expect(failure.message).toBe('This IBAN is not valid. Please check it.');
    }
    expect(await t.deps.sms.list()).toHaveLength(sentBefore);
  });

  it('reads the mobile number for the address country, refuses a landline, in the member’s language', async () => {
    const m = await member();
    const order = await sddOrder(m);
    const landline = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '020 123 4567' }) },
      cookies: { locale: 'de' },
    });
    expect(landline).toMatchObject({
      code: 'phone_invalid',
      field: 'phone',
      message: 'Bitte gib eine gültige Handynummer ein.',
    });
    // A German mobile number written nationally is not a Dutch one…
    const national = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '01512 3456789' }) },
    });
    expect(national.code).toBe('phone_invalid');
    // …but it is for a German address, and internationally for any address.
    const sent = await call(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '01512 3456789', country: 'DE' }) },
    });
    expect(sent.phone_masked).toBe('+49 ••••••••• 89');
  });

  it('needs the ticked authorization', async () => {
    const m = await member();
    const order = await sddOrder(m);
    const failure = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m), authorize: false } as never,
    });
    expect(failure).toMatchObject({ code: 'invalid_input', field: 'authorize' });
  });

  it('pays only the member’s own created sdd order', async () => {
    const m = await member();
    const other = await member();
    const order = await sddOrder(other);
    expect((await callError(t, postDirectDebitStart, { session: m.session, body: { order, ...form(m) } })).code).toBe(
      'not_found',
    );
    const card = await call(t, postOrder, { session: m.session, body: { package: 'p0', method: 'visa' } });
    const failure = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order: card.order.payment_id, ...form(m) },
    });
    expect(failure.code).toBe('not_found');
  });
});

describe('the SMS code', () => {
  it('signs the mandate and pays the order: credits after the sandbox collects the debit', async () => {
    const m = await member();
    const before = await balance(m);
    const sent = await start(m);
    expect(sent).toMatchObject({ iban_masked: 'NL91 •••• 4300', code_length: 6, resend_in: 60 });
    expect(sent.phone_masked).toMatch(/^\+31 •+ \d\d$/);
    const code = await lastCode(m);
    const [sms] = await t.deps.sms.list();
    expect(sms?.text).toContain('€');

    const bad = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: wrong(code) },
    });
    expect(bad).toMatchObject({ code: 'code_invalid', message: 'Code invalid', field: 'code' });

    const verified = await call(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code },
    });
    expect(verified.payment_id).toBe(sent.payment_id);
    expect(verified.status).toBe('completed');
    expect(verified.mandate_reference).toMatch(/^SDD-[A-Z0-9]+-[A-Z0-9]{6}$/);

    const result = await call(t, getTransaction, { session: m.session, query: { id: sent.payment_id } });
    expect(result.order).toMatchObject({ status: 'completed', method: 'sdd', kind: 'direct_debit', credits: 50 });
    expect(await balance(m)).toBe(before + 50);

    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.accountId, m.accountId));
    expect(mandate).toMatchObject({
      reference: verified.mandate_reference,
      ibanMasked: 'NL91 •••• 4300',
      holder: 'Sam de Vries',
    });
    expect(JSON.stringify(mandate)).not.toContain('0417164300');
    const [session] = await t.db
      .select()
      .from(directDebitSessions)
      .where(eq(directDebitSessions.publicId, sent.session));
    expect(session?.ibanSealed).toBeNull();

    // The code is used up, and the order cannot be paid twice.
    const again = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code },
    });
    expect(again.code).toBe('order_closed');
  });

  it('allows a few wrong codes, then only a new code helps', async () => {
    const m = await member();
    const sent = await start(m);
    const code = await lastCode(m);
    for (let i = 1; i < DIRECT_DEBIT_MAX_TRIES; i += 1) {
      const failure = await callError(t, postDirectDebitVerify, {
        session: m.session,
        body: { session: sent.session, code: wrong(code) },
      });
      expect(failure.code).toBe('code_invalid');
    }
    const last = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: wrong(code) },
    });
    expect(last.code).toBe('too_many_tries');
    // Even the right code no longer works.
    const right = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code },
    });
    expect(right.code).toBe('too_many_tries');

    later(61_000);
    await call(t, postDirectDebitResend, { session: m.session, body: { session: sent.session } });
    const fresh = await lastCode(m);
    const old = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: fresh === code ? wrong(code) : code },
    });
    expect(old.code).toBe('code_invalid');
    const verified = await call(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: fresh },
    });
    expect(verified.status).toBe('completed');
  });

  it('expires after ten minutes', async () => {
    const m = await member();
    const sent = await start(m);
    const code = await lastCode(m);
    expect(new Date(sent.expires_at).getTime() - t.clock.now.getTime()).toBe(600_000);
    later(600_000);
    const failure = await callError(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code },
    });
    expect(failure.code).toBe('code_expired');
  });

  it('is resent at most once a minute and five times an hour', async () => {
    const m = await member();
    const sent = await start(m);
    const soon = await callError(t, postDirectDebitResend, { session: m.session, body: { session: sent.session } });
    expect(soon.code).toBe('rate_limited');
    for (let i = 0; i < 4; i += 1) {
      later(60_000);
      const again = await call(t, postDirectDebitResend, { session: m.session, body: { session: sent.session } });
      expect(again.resend_in).toBe(60);
    }
    later(60_000);
    const hourly = await callError(t, postDirectDebitResend, { session: m.session, body: { session: sent.session } });
    expect(hourly).toMatchObject({ status: 429, code: 'rate_limited' });
    // A new start counts against the same hour.
    const order = await sddOrder(m);
    const restart = await callError(t, postDirectDebitStart, { session: m.session, body: { order, ...form(m) } });
    expect(restart.code).toBe('rate_limited');
  });

  it('is written in the member’s language, and the dev inbox lists it', async () => {
    const m = await member();
    const order = await sddOrder(m);
    await call(t, postDirectDebitStart, { session: m.session, body: { order, ...form(m) }, cookies: { locale: 'fr' } });
    const code = await lastCode(m);
    const to = `+31${m.phone.replace(/\D/g, '').slice(1)}`;
    const inbox = (await (await t.request(`/_dev/sms.json?to=${encodeURIComponent(to)}`)).json()) as {
      messages: { to: string; text: string }[];
    };
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]?.text).toMatch(
      new RegExp(`^${code} est votre code Flirtmoment pour le prélèvement de 4,99`),
    );
    const page = await (await t.request('/_dev/sms')).text();
    expect(page).toContain(code);
  });

  it('buys a bundle straight from the form (the order is made at start)', async () => {
    const m = await member();
    const sent = await call(t, postDirectDebitStart, { session: m.session, body: { package: 'p1', ...form(m) } });
    const verified = await call(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: await lastCode(m) },
    });
    const result = await call(t, getTransaction, { session: m.session, query: { id: verified.payment_id } });
    expect(result.order).toMatchObject({ package: 'p1', credits: 250, status: 'completed', amount_minor: 1999 });
  });
});

describe('limits and blocks', () => {
  async function pay(m: Member, pkg: PackageKey, iban = SANDBOX_IBAN) {
    const sent = await call(t, postDirectDebitStart, {
      session: m.session,
      body: { package: pkg, ...form(m, { iban }) },
    });
    return call(t, postDirectDebitVerify, {
      session: m.session,
      body: { session: sent.session, code: await lastCode(m) },
    });
  }

  it('keeps a new account within two debits and €50 per 30 days', async () => {
    const m = await member();
    const big = await callError(t, postDirectDebitStart, { session: m.session, body: { package: 'p3', ...form(m) } });
    expect(big).toMatchObject({
      code: 'direct_debit_limit',
      message:
        'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.',
    });
    // Nothing was ordered for the refused bundle.
    expect(await t.db.select().from(orders).where(eq(orders.accountId, m.accountId))).toHaveLength(0);
    await pay(m, 'p0');
    later(61_000);
    await pay(m, 'p1');
    later(61_000);
    const third = await callError(t, postDirectDebitStart, { session: m.session, body: { package: 'p0', ...form(m) } });
    expect(third.code).toBe('direct_debit_limit');
    // 30 days later the window has moved on.
    later(31 * 86_400_000);
    await pay({ ...m, session: await t.login(m.accountId) }, 'p2');
  });

  it('takes the credits back when the bank returns the debit, and blocks direct debit', async () => {
    const m = await member();
    const before = await balance(m);
    const paid = await pay(m, 'p1');
    expect(await balance(m)).toBe(before + 250);
    expect(await returnDebit(t.deps, paid.payment_id)).toBe(true);
    expect(await balance(m)).toBe(before);
    const result = await call(t, getTransaction, { session: m.session, query: { id: paid.payment_id } });
    expect(result.order.status).toBe('charged_back');

    later(61_000);
    const blocked = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { package: 'p0', ...form(m) },
      cookies: { locale: 'nl' },
    });
    expect(blocked).toMatchObject({
      status: 403,
      code: 'direct_debit_blocked',
      message: 'Je account is geblokkeerd voor betalingen via automatische incasso.',
    });
    // The IBAN is blocked on other accounts too.
    const other = await member();
    const sameIban = await callError(t, postDirectDebitStart, {
      session: other.session,
      body: { package: 'p0', ...form(other, { iban: SANDBOX_IBAN }) },
    });
    expect(sameIban.code).toBe('direct_debit_blocked');
    // A second return of the same debit changes nothing.
    await returnDebit(t.deps, paid.payment_id);
    expect(await balance(m)).toBe(before);
  });

  it('the sandbox returns debits from its test IBAN some time after collecting them', async () => {
    const sandbox = sandboxDirectDebit(t.deps.payments);
    sandbox.returnDelayMs = 0;
    const m = await member();
    const before = await balance(m);
    const paid = await pay(m, 'p0', SANDBOX_RETURNED_IBAN);
    expect(paid.status).toBe('completed');
    await sandbox.settled();
    expect(await balance(m)).toBe(before);
    const [order] = await t.db.select().from(orders).where(eq(orders.publicId, paid.payment_id));
    expect(order).toMatchObject({ status: 'charged_back', chargebackCredits: 50 });
    later(61_000);
    const blocked = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { package: 'p0', ...form(m) },
    });
    expect(blocked.code).toBe('direct_debit_blocked');
  });

  it('never answers the full IBAN', async () => {
    const m = await member();
    const order = await sddOrder(m);
    const response = await send(t, postDirectDebitStart, { session: m.session, body: { order, ...form(m) } });
    expect(await response.text()).not.toMatch(/0417\s?1643/);
  });
});

describe('SMS pumping', () => {
  // An IBAN no earlier test had returned (and so blocked).
  const FRESH_IBAN = 'DE89370400440532013000';

  /** The `sms_burst` alert lines logged while `run` ran. */
  async function alerts(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await run();
      return warn.mock.calls
        .map(([line]) =>
          typeof line === 'string' && line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : {},
        )
        .filter((line) => line.alert === 'sms_burst');
    } finally {
      warn.mockRestore();
    }
  }

  it('sends codes only to mobile numbers of the SEPA countries the site sells in, saying so', async () => {
    const m = await member();
    const order = await sddOrder(m);
    const sentBefore = (await t.deps.sms.list()).length;
    // China, Nigeria, the United States (sold in, not SEPA), Portugal (SEPA, not sold in).
    for (const phone of ['+86 131 2345 6789', '+234 803 123 4567', '+1 201 555 0123', '+351 912 345 678']) {
      const failure = await callError(t, postDirectDebitStart, {
        session: m.session,
        body: { order, ...form(m, { phone }) },
      });
      expect(failure, phone).toMatchObject({
        status: 400,
        code: 'phone_country',
        field: 'phone',
        message: 'We cannot send SMS to numbers of this country yet.',
      });
    }
    // In the member's language; a Chinese landline is no mobile number at all.
    const german = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '+86 131 2345 6789' }) },
      cookies: { locale: 'de' },
    });
    expect(german.message).toBe('An Nummern aus diesem Land können wir noch keine SMS senden.');
    const landline = await callError(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '+86 10 6552 9988' }) },
    });
    expect(landline).toMatchObject({ code: 'phone_invalid', field: 'phone' });
    expect(await t.deps.sms.list()).toHaveLength(sentBefore);
    // A Belgian mobile for the Dutch address is one of them.
    const sent = await call(t, postDirectDebitStart, {
      session: m.session,
      body: { order, ...form(m, { phone: '+32 470 12 34 56', iban: FRESH_IBAN }) },
    });
    expect(sent.phone_masked).toBe('+32 ••••••• 56');
  });

  it('stops codes to one destination prefix from many accounts at the prefix limit, with one alert', async () => {
    const members: Member[] = [];
    for (let i = 0; i <= DIRECT_DEBIT_SMS_LIMITS.prefix + 1; i += 1) {
      const m = await member();
      members.push({ ...m, phone: `06 3999${String(i).padStart(4, '0')}` });
    }
    const refused: string[] = [];
    const lines = await alerts(async () => {
      for (const m of members) {
        const response = await send(t, postDirectDebitStart, {
          session: m.session,
          body: { package: 'p0', ...form(m, { iban: FRESH_IBAN }) },
        });
        if (response.status === 429) refused.push(m.phone);
        else expect(response.status).toBe(200);
      }
    });
    expect(refused).toEqual(members.slice(DIRECT_DEBIT_SMS_LIMITS.prefix).map((m) => m.phone));
    expect(lines).toEqual([
      {
        alert: 'sms_burst',
        feature: 'direct_debit',
        site: 'default',
        by: 'prefix',
        prefix: '+31 6399',
        limit: DIRECT_DEBIT_SMS_LIMITS.prefix,
        window: '1h',
      },
    ]);
    // Other prefixes still get theirs.
    const other = await member();
    await call(t, postDirectDebitStart, {
      session: other.session,
      body: { package: 'p0', ...form(other, { iban: FRESH_IBAN }) },
    });
  });

  it('stops codes from one client address across accounts at the address limit, alerting without the address', async () => {
    const ip = freshIp();
    const members: Member[] = [];
    for (let i = 0; i <= DIRECT_DEBIT_SMS_LIMITS.ip + 1; i += 1) members.push(await member(ip));
    const refused: number[] = [];
    const lines = await alerts(async () => {
      for (const [i, m] of members.entries()) {
        const response = await send(t, postDirectDebitStart, {
          session: m.session,
          body: { package: 'p0', ...form(m, { iban: FRESH_IBAN }) },
        });
        if (response.status === 429) refused.push(i);
        else expect(response.status).toBe(200);
      }
    });
    expect(refused).toEqual([DIRECT_DEBIT_SMS_LIMITS.ip, DIRECT_DEBIT_SMS_LIMITS.ip + 1]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ alert: 'sms_burst', by: 'ip', limit: DIRECT_DEBIT_SMS_LIMITS.ip });
    expect(lines[0]?.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(lines)).not.toContain(ip);
    // Another address is not held back.
    const other = await member();
    await call(t, postDirectDebitStart, {
      session: other.session,
      body: { package: 'p0', ...form(other, { iban: FRESH_IBAN }) },
    });
  });
});
