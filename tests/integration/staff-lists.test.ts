/**
 * The members search and the orders list at scale (docs/staff.md "The members search and the
 * orders list at scale"): name matches come alphabetically and page on (name, account id), a
 * date range pages on (created_at, id), both with the page cursor still an id, so the next
 * pages continue exactly (no row twice, none left out, also across equal names and times);
 * the returned direct debits filter; the search by IP hash (the hash the audit log shows, or
 * the address itself) finds members who signed up or logged in from it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '#src/contract/accounts.ts';
import { getStaffMembers, postStaffLogin, postStaffSecondFactor, type StaffMemberRow } from '#src/contract/staff.ts';
import { getStaffOrders, type StaffOrderRow } from '#src/contract/staff-money.ts';
import { orders, staffAuditLog } from '#src/server/db/schema.ts';
import { json, type TestApp } from './harness.ts';
import { accountsApp, call, PASSWORD, signupMember } from './accounts-helpers.ts';
import { createTestMember } from './harness.ts';
import {
  createTestStaff,
  STAFF_COOKIE,
  STAFF_HOST,
  STAFF_PASSWORD,
  staffCookieOf,
  staffLogin,
  staffRequest,
  totpNow,
} from './staff-helpers.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let moderator: string;
let finance: string;

beforeAll(async () => {
  t = await accountsApp();
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  finance = await staffLogin(t, await createTestStaff(t, ['finance']));
});
afterAll(async () => {
  await t.close();
});

async function membersPage(query: string, after: number | null) {
  const response = await staffRequest(t, `${getStaffMembers.path}?${query}${after === null ? '' : `&after=${after}`}`, {
    cookie: moderator,
  });
  expect(response.status).toBe(200);
  return json<{ members: StaffMemberRow[]; next: number | null }>(response);
}

async function allMembers(query: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let after: number | null = null;
  let pages = 0;
  do {
    const page = await membersPage(query, after);
    ids.push(...page.members.map((m) => m.id));
    after = page.next;
    pages += 1;
  } while (after !== null && pages < 20);
  return { ids, pages };
}

async function allOrders(query: string): Promise<{ rows: StaffOrderRow[]; pages: number }> {
  const rows: StaffOrderRow[] = [];
  let after: number | null = null;
  let pages = 0;
  do {
    const response = await staffRequest(
      t,
      `${getStaffOrders.path}?${query}${after === null ? '' : `&after=${after}`}`,
      { cookie: finance },
    );
    expect(response.status).toBe(200);
    const page = await json<{ orders: StaffOrderRow[]; next: number | null }>(response);
    rows.push(...page.orders);
    after = page.next;
    pages += 1;
  } while (after !== null && pages < 20);
  return { rows, pages };
}

describe('the members search by name', () => {
  it('lists name matches alphabetically, then by id, and pages on without gaps or repeats', async () => {
    // Made newest-last in the opposite order of the alphabet, with 30 equal names across the
    // first page's end: ids descending (the old order) would start with the Quinns.
    const quincys: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      quincys.push((await createTestMember(t, { name: i % 2 === 0 ? 'Quincy' : 'QUINCY' })).accountId);
    }
    const quinns: number[] = [];
    for (let i = 0; i < 4; i += 1) quinns.push((await createTestMember(t, { name: 'Quinn' })).accountId);
    const quinbys: number[] = [];
    for (let i = 0; i < 2; i += 1) quinbys.push((await createTestMember(t, { name: 'quinby' })).accountId);
    await createTestMember(t, { name: 'Quentin' });

    const first = await membersPage('q=quin', null);
    expect(first.members.slice(0, 4).map((m) => m.name)).toEqual(['quinby', 'quinby', 'Quincy', 'QUINCY']);
    expect(first.next).toBe(first.members.at(-1)?.id);

    const { ids, pages } = await allMembers('q=quin');
    expect(pages).toBe(2);
    expect(ids).toEqual([...quinbys, ...quincys, ...quinns]);
    expect(new Set(ids).size).toBe(ids.length);
    // Of one site the same.
    expect((await allMembers('q=quin&site=default')).ids).toEqual([...quinbys, ...quincys, ...quinns]);
  });

  it('still lists the other searches newest first', async () => {
    const older = await createTestMember(t, { name: 'Ottoline', email: 'ottoline.one@example.test' });
    const newer = await createTestMember(t, { name: 'Ottoline', email: 'ottoline.two@example.test' });
    expect((await membersPage('q=ottoline.', null)).members.map((m) => m.id)).toEqual([
      newer.accountId,
      older.accountId,
    ]);
  });
});

describe('the members search by IP hash', () => {
  it('finds who signed up or logged in from an address, by the audit log hash or the address', async () => {
    const address = '203.0.113.77';
    const signedUp = await signupMember(t, { name: 'Ipsum' }, { headers: { 'x-forwarded-for': address } });
    const elsewhere = await signupMember(t, { name: 'Ipsum' }, { headers: { 'x-forwarded-for': '198.51.100.9' } });
    // The other member logs in later from the same address: the session keeps the hash.
    const loggedIn = await signupMember(t, { name: 'Ipsum' }, { headers: { 'x-forwarded-for': '198.51.100.10' } });
    const login = await call(t, postLogin.path, {
      method: 'POST',
      json: { email: loggedIn.input.email, password: PASSWORD },
      ip: address,
    });
    expect(login.status, await login.clone().text()).toBe(200);

    // A staff member logs in from that address too: the audit log shows its hash.
    const staff = await createTestStaff(t, ['moderator']);
    const headers = { 'x-forwarded-for': address };
    const password = await t.request(postStaffLogin.path, {
      method: 'POST',
      host: STAFF_HOST,
      headers,
      json: { email: staff.email, password: STAFF_PASSWORD },
    });
    const code = await t.request(postStaffSecondFactor.path, {
      method: 'POST',
      host: STAFF_HOST,
      headers,
      json: { code: await totpNow(t, staff.secret) },
      cookies: { [STAFF_COOKIE]: staffCookieOf(password) ?? '' },
    });
    expect(code.status).toBe(200);
    const [entry] = await t.db
      .select({ ipHash: staffAuditLog.ipHash })
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staff.id), eq(staffAuditLog.action, 'login')))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    const hash = entry?.ipHash ?? '';
    expect(hash).toMatch(/^[0-9a-f]{32}$/);

    const expected = [loggedIn.accountId, signedUp.accountId];
    expect((await membersPage(`q=${hash}`, null)).members.map((m) => m.id)).toEqual(expected);
    expect((await membersPage(`q=${hash.toUpperCase()}`, null)).members.map((m) => m.id)).toEqual(expected);
    expect((await membersPage(`q=${address}`, null)).members.map((m) => m.id)).toEqual(expected);
    expect((await membersPage('q=198.51.100.9', null)).members.map((m) => m.id)).toEqual([elsewhere.accountId]);
    expect((await membersPage('q=192.0.2.1', null)).members).toEqual([]);
  });
});

describe('the orders list', () => {
  let accountId: number;
  const day = new Date(Date.UTC(2025, 2, 14));
  // 120 orders of one day, made out of time order: ids ascend while times go up and down, and
  // two or three orders share each time (51 times).
  const times = Array.from({ length: 120 }, (_, i) => day.getTime() + ((i * 37) % 17) * 3_600_000 + (i % 3) * 60_000);
  const madeIds: number[] = [];
  let afterId = 0;

  beforeAll(async () => {
    accountId = (await createTestMember(t)).accountId;
    const rows = times.map((at, i) => ({
      publicId: `SL${String(i).padStart(6, '0')}`,
      accountId,
      siteId: 'default',
      packageKey: 'p1',
      credits: 250,
      country: 'DE',
      currency: 'EUR',
      listPriceMinor: 1999,
      amountMinor: 1999,
      method: i % 10 === 0 ? 'sdd' : 'visa',
      kind: i % 10 === 0 ? ('direct_debit' as const) : ('checkout' as const),
      status: i % 20 === 0 || i === 7 ? ('charged_back' as const) : ('completed' as const),
      provider: 'sandbox',
      locale: 'en',
      returnUrl: '/transactions/x',
      createdAt: new Date(at),
      updatedAt: new Date(at),
    }));
    for (const row of rows) {
      const [made] = await t.db.insert(orders).values(row).returning({ id: orders.id });
      madeIds.push(made?.id ?? 0);
    }
    // An order the day before and one the day after stay out of the range.
    const template = rows[1];
    if (!template) throw new Error('no orders');
    await t.db
      .insert(orders)
      .values({ ...template, publicId: 'SLBEFORE', createdAt: new Date(day.getTime() - 1), updatedAt: day });
    const [after] = await t.db
      .insert(orders)
      .values({ ...template, publicId: 'SLAFTER', createdAt: new Date(day.getTime() + DAY_MS), updatedAt: day })
      .returning({ id: orders.id });
    afterId = after?.id ?? 0;
  });

  it('lists a date range newest first by time, then id, paging on without gaps or repeats', async () => {
    const expected = madeIds
      .map((id, i) => ({ id, at: times[i] ?? 0 }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((o) => o.id);
    const date = day.toISOString().slice(0, 10);
    const { rows, pages } = await allOrders(`from=${date}&to=${date}`);
    expect(pages).toBe(3);
    expect(rows.map((o) => o.key)).toEqual(expected);
    expect(new Set(rows.map((o) => o.key)).size).toBe(120);
    // The first row is the latest of the day, not the newest id.
    expect(rows[0]?.created_at).toBe(new Date(Math.max(...times)).toISOString());
    // A range of one bound runs on the time as well (here with the member): the next day first.
    expect((await allOrders(`from=${date}&member=${accountId}`)).rows.map((o) => o.key)).toEqual([
      afterId,
      ...expected,
    ]);
  });

  it('lists returned direct debits (sdd, charged back) only, newest first', async () => {
    const expected = madeIds.filter((_, i) => i % 20 === 0).reverse();
    const { rows } = await allOrders(`status=charged_back&method=sdd&member=${accountId}`);
    expect(rows.map((o) => o.key)).toEqual(expected);
    expect(rows.every((o) => o.method === 'sdd' && o.status === 'charged_back')).toBe(true);
    // Without a range the list stays newest id first.
    const all = await allOrders(`member=${accountId}`);
    expect(all.rows.slice(0, 3).map((o) => o.id)).toEqual(['SLAFTER', 'SLBEFORE', 'SL000119']);
  });
});
