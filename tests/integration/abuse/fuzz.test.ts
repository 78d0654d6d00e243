/**
 * The contract fuzzer (docs/security.md): every endpoint declared in src/contract gets
 * valid, boundary and malformed input, derived from its query and body schemas with
 * fast-check (a fixed seed, a bounded number of runs), as a visitor, a member, a moderator
 * and an operator; plus raw requests no schema describes (wrong content types, broken JSON
 * and multipart, control characters and huge values in the URL). Whatever comes in, the
 * answer is never a 500, never shows internals, an error is exactly the contract's error
 * body, and a successful answer carries no field its contract does not declare.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PHOTO_FILE_PATH } from '#src/contract/chat.ts';
import type { Endpoint } from '#src/contract/define.ts';
import { catalogues } from '#src/i18n/index.ts';
import { UNSUBSCRIBE_PATH } from '#src/contract/notifications.ts';
import { PHOTO_FILE_PATH } from '#src/contract/photos.ts';
import { SANDBOX_PAGE_PATH } from '#src/server/providers/payments/sandbox.ts';
import { chatMember, chatPal, sendChat, startChat } from '../chat-fixtures.ts';
import { createTestApp, createTestMember, seedSiteData, writeTestPhotoFiles, type TestApp } from '../harness.ts';
import { expectSafeAnswer, undeclaredKeys } from './answers.ts';
import { mixedObjectArbitrary, nastyString, shapeOf, toQueryString } from './arbitraries.ts';

const CONTRACT_DIR = join(import.meta.dirname, '../../../src/contract');
/** Every contract module (all files but the helpers), so a new one is fuzzed without a word here. */
const CONTRACT_FILES = readdirSync(CONTRACT_DIR).filter(
  (file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'define.ts',
);
const MODULES = (await Promise.all(CONTRACT_FILES.map((file) => import(join(CONTRACT_DIR, file))))) as Record<
  string,
  unknown
>[];

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

const ENDPOINTS: { name: string; endpoint: Endpoint }[] = MODULES.flatMap((module) =>
  Object.entries(module)
    .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
    .map(([name, endpoint]) => ({ name, endpoint })),
);

/** Endpoints the fuzzer leaves out, each with why (covered by their own tests instead). */
const SKIPPED: Record<string, string> = {
  getEvents:
    'a server-sent event stream that stays open until the client leaves; events.test.ts covers its input and authorization',
};

/** The calls sharing one method and path (told apart by their query): any may answer. */
function siblingsOf(endpoint: Endpoint): Endpoint[] {
  return ENDPOINTS.map((entry) => entry.endpoint).filter(
    (other) => other.method === endpoint.method && other.path === endpoint.path,
  );
}

type Role = 'visitor' | 'member' | 'moderator' | 'operator';
const ROLES: readonly Role[] = ['visitor', 'member', 'moderator', 'operator'];

/**
 * Runs per endpoint and role: the member reaches the most code, the others mostly a guard.
 * FUZZ_SCALE multiplies them and FUZZ_SEED changes the seed, for a deeper run by hand
 * (`FUZZ_SCALE=20 FUZZ_SEED=7 npm exec vitest -- run tests/integration/abuse/fuzz.test.ts`).
 */
const SCALE = Number(process.env['FUZZ_SCALE'] ?? 1);
const BASE_RUNS: Record<Role, number> = { visitor: 2, member: 6, moderator: 2, operator: 2 };
const RUNS = (role: Role) => Math.max(1, Math.round(BASE_RUNS[role] * SCALE));
const SEED = Number(process.env['FUZZ_SEED'] ?? 152026);

let t: TestApp;
/** Real ids of objects that exist (someone else's), mixed into the generated strings. */
let knownIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const other = await chatMember(t, { credits: 200 });
  const pal = await chatPal(t);
  const conversation = await startChat(t, other, pal.publicId);
  const sent = await sendChat(t, other, conversation, 'Hello there');
  const withPhoto = await createTestMember(t, { photos: [{ key: await writeTestPhotoFiles(t), status: 'active' }] });
  knownIds = [other.publicId, pal.publicId, conversation, sent.message.id, withPhoto.publicId];
});
afterAll(() => t.close());

/** A fresh session of a role, so a fuzzed logout or account deletion spoils no other case. */
async function sessionOf(role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  if (role === 'member') return (await chatMember(t, { credits: 50 })).session;
  return t.login((await createTestMember(t, { role, invisible: true })).accountId);
}

/** Mixed input for a schema where one declared field sometimes holds a real id of someone else. */
function withKnownIds(schema: Endpoint['query']): fc.Arbitrary<unknown> {
  const keys = Object.keys(shapeOf(schema) ?? {});
  const mixed = mixedObjectArbitrary(schema);
  if (keys.length === 0) return mixed;
  return fc
    .tuple(mixed, fc.option(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...knownIds)), { freq: 2 }))
    .map(([value, known]) =>
      known && typeof value === 'object' && value !== null ? { ...value, [known[0]]: known[1] } : value,
    );
}

function requestOf(endpoint: Endpoint, query: unknown, body: unknown, session: string | undefined) {
  return t.request(`${endpoint.path}${toQueryString(query)}`, {
    method: endpoint.method,
    ...(endpoint.method === 'GET' ? {} : { json: body }),
    ...(session ? { session } : {}),
  });
}

/** Inputs no schema describes, sent raw. */
function rawCases(endpoint: Endpoint): { what: string; path: string; init: Parameters<TestApp['request']>[1] }[] {
  const path = endpoint.path;
  const cases = [
    { what: 'control characters in the query', path: `${path}?id=%00%01%1b&profile=a%0d%0ab&photo=%7f` },
    { what: 'a broken percent-encoding', path: `${path}?id=%zz&profile=%E0%A4%A&q=%` },
    { what: 'a huge query value', path: `${path}?id=${'9'.repeat(5000)}&profile=${'x'.repeat(5000)}&page=1e400` },
    { what: 'repeated query keys', path: `${path}?id=1&id=2&profile=a&profile=b&page=-1&page=99999999999999999999` },
    {
      what: 'a NUL character in every declared query field',
      path: `${path}${toQueryString(Object.fromEntries(Object.keys(shapeOf(endpoint.query) ?? {}).map((key) => [key, 'a\u0000b'])))}`,
    },
  ].map((entry) => ({ ...entry, init: { method: endpoint.method } }));
  if (endpoint.method === 'GET') return cases;
  const raw = (what: string, body: string, contentType: string | null) => ({
    what,
    path,
    init: { method: endpoint.method, body, headers: contentType ? { 'content-type': contentType } : {} },
  });
  return [
    ...cases,
    raw(
      'a NUL character in every declared body field',
      JSON.stringify(Object.fromEntries(Object.keys(shapeOf(endpoint.body) ?? {}).map((key) => [key, 'a\u0000b']))),
      'application/json',
    ),
    raw(
      'a NUL character in nested strings of every declared body field',
      JSON.stringify(
        Object.fromEntries(
          Object.keys(shapeOf(endpoint.body) ?? {}).map((key) => [key, { inner: ['a\u0000b', { deeper: 'c\u0000' }] }]),
        ),
      ),
      'application/json',
    ),
    raw(
      'a NUL character inside JSON text held by every declared body field',
      JSON.stringify(
        Object.fromEntries(Object.keys(shapeOf(endpoint.body) ?? {}).map((key) => [key, NESTED_NUL_JSON])),
      ),
      'application/json',
    ),
    raw(
      'control characters in every declared body field',
      JSON.stringify(
        Object.fromEntries(Object.keys(shapeOf(endpoint.body) ?? {}).map((key) => [key, 'ok\u0001\u001b\u007f ok'])),
      ),
      'application/json',
    ),
    raw(
      'multipart with a NUL character in a text field',
      '--b\r\nContent-Disposition: form-data; name="conversation"\r\n\r\na\u0000b\r\n--b\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nclient\u0000id\r\n--b--\r\n',
      'multipart/form-data; boundary=b',
    ),
    raw('malformed JSON', '{"a": ', 'application/json'),
    raw('JSON that is not an object', '[1,2,3]', 'application/json'),
    raw('JSON null', 'null', 'application/json'),
    raw('a JSON string', '"\\u0000"', 'application/json'),
    raw('deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
    raw(
      'a huge JSON string',
      JSON.stringify({ text: 'x'.repeat(300_000), photo: 'y'.repeat(300_000) }),
      'application/json',
    ),
    raw(
      'JSON with a proto key',
      '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {}}}',
      'application/json',
    ),
    raw('form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('text/plain', '{}', 'text/plain'),
    raw('no content type', '{}', null),
    raw('multipart without a boundary', '--x\r\n\r\n', 'multipart/form-data'),
    raw(
      'truncated multipart',
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
      'multipart/form-data; boundary=b',
    ),
    raw(
      'multipart with a text field as the photo',
      '--b\r\nContent-Disposition: form-data; name="photo"\r\n\r\nnot a file\r\n--b--\r\n',
      'multipart/form-data; boundary=b',
    ),
    raw(
      'multipart with an empty file',
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--b--\r\n',
      'multipart/form-data; boundary=b',
    ),
  ];
}

/**
 * A field that is JSON text itself (the push subscription): its NUL characters appear only
 * once the schema parsed it, so the check before parsing cannot see them.
 */
const NESTED_NUL_JSON = JSON.stringify({
  endpoint: 'https://push.example.com/send/a\u0000b',
  keys: { p256dh: 'BNcR', auth: 'tBHI' },
});

/** Values for the id of a URL outside route(): each must get a 4xx (or a harmless 2xx/3xx). */
const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%01%1b%7f',
  '%zz',
  '%E0%A4%A',
  '9'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1',
];

/** The routes that take ids or links but are not contract calls (files, pages, the sandbox). */
const OUTSIDE_ROUTE: ((value: string) => { method: string; path: string; form?: string })[] = [
  (value: string) => ({ method: 'GET', path: `${PHOTO_FILE_PATH}?id=${value}&v=full` }),
  (value: string) => ({ method: 'GET', path: `${PHOTO_FILE_PATH}?id=x&v=${value}` }),
  (value: string) => ({ method: 'GET', path: `${CHAT_PHOTO_FILE_PATH}?id=${value}&v=full` }),
  (value: string) => ({ method: 'GET', path: `${SANDBOX_PAGE_PATH}/${value}` }),
  (value: string) => ({ method: 'POST', path: `${SANDBOX_PAGE_PATH}/${value}`, form: `action=${value}` }),
  (value: string) => ({
    method: 'POST',
    path: `${UNSUBSCRIBE_PATH}?token=${value}`,
    form: 'List-Unsubscribe=One-Click',
  }),
  (value: string) => ({ method: 'GET', path: `/lang-config?locale=${value}&return=${value}` }),
];

describe('the contract fuzzer', () => {
  it('finds the endpoints of every contract module', () => {
    expect(CONTRACT_FILES.length).toBeGreaterThan(20);
    expect(ENDPOINTS.length).toBeGreaterThan(80);
    for (const name of Object.keys(SKIPPED)) expect(ENDPOINTS.map((entry) => entry.name)).toContain(name);
  });

  it('tells a field the answer schema does not declare', () => {
    const raw = { user: { id: '1', password_hash: 'x' }, list: [{ ok: true, internal: 1 }] };
    const parsed = { user: { id: '1' }, list: [{ ok: true }] };
    expect(undeclaredKeys(raw, parsed)).toEqual(['$.user.password_hash', '$.list[0].internal']);
    expect(undeclaredKeys(parsed, parsed)).toEqual([]);
  });

  it('refuses a NUL character in any field with 400 naming the field, in the member’s language', async () => {
    const member = await chatMember(t);
    const response = await t.request('/api/chat.php', {
      method: 'POST',
      session: member.session,
      cookies: { locale: 'de' },
      json: { conversation: knownIds[2], client_id: 'client-0001', text: 'hallo\u0000' },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; field: string; message: string } };
    expect(error).toMatchObject({ code: 'invalid_input', field: 'text' });
    expect(error.message.startsWith(catalogues.de.api.invalid_input.split('{{')[0] ?? '-')).toBe(true);
    // Inside JSON text a field holds (the push subscription): found after parsing, not a 500.
    const nested = await t.request('/api/user.php?push=1', {
      method: 'POST',
      session: member.session,
      json: { subscription: NESTED_NUL_JSON },
    });
    expect(nested.status).toBe(400);
    expect(((await nested.json()) as { error: { field: string } }).error.field).toBe('subscription.endpoint');
    const query = await t.request(`/api/member.php?id=a%00b`, { session: member.session });
    expect(query.status).toBe(400);
    expect(((await query.json()) as { error: { field: string } }).error.field).toBe('id');
  });

  it('answers hostile ids and links on the routes outside the contract calls without a 500', async () => {
    for (const role of ['visitor', 'member'] as const) {
      const session = await sessionOf(role);
      for (const make of OUTSIDE_ROUTE) {
        for (const value of HOSTILE_URL_VALUES) {
          const { method, path, form } = make(value);
          const response = await t.request(path, {
            method,
            ...(session ? { session } : {}),
            ...(form ? { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
          });
          await expectSafeAnswer(response, [], `${role} ${method} ${path.slice(0, 120)}`);
        }
      }
    }
  });

  for (const { name, endpoint } of ENDPOINTS) {
    const label = `${name} (${endpoint.method} ${endpoint.path})`;
    const skip = SKIPPED[name];
    if (skip) {
      it.skip(`${label}: ${skip}`, () => {});
      continue;
    }
    it(
      `${label}: no 500, no internals, no undeclared field`,
      async () => {
        const siblings = siblingsOf(endpoint);
        const query = withKnownIds(endpoint.query);
        const body = fc.oneof(withKnownIds(endpoint.body), nastyString);
        for (const role of ROLES) {
          const session = await sessionOf(role);
          await fc.assert(
            fc.asyncProperty(query, body, async (q, b) => {
              const response = await requestOf(endpoint, q, b, session);
              await expectSafeAnswer(
                response,
                siblings,
                `${role} ${label} query=${toQueryString(q)} body=${(JSON.stringify(b) as string | undefined)?.slice(0, 200) ?? 'undefined'}`,
              );
            }),
            { seed: SEED, numRuns: RUNS(role), endOnFailure: true },
          );
        }
        // Raw malformed requests as a member, and as staff where the call is staff-only.
        const staffOnly = endpoint.errors.includes('forbidden');
        const rawRoles: Role[] = staffOnly ? ['member', 'moderator', 'operator'] : ['member'];
        for (const role of rawRoles) {
          const session = await sessionOf(role);
          for (const entry of rawCases(endpoint)) {
            const response = await t.request(entry.path, { ...entry.init, ...(session ? { session } : {}) });
            await expectSafeAnswer(response, siblings, `${role} ${label} ${entry.what}`);
          }
        }
      },
      30_000 * SCALE,
    );
  }
});
