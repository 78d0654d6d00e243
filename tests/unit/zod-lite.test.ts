/**
 * The browser's zod/mini (src/client/zod-lite.ts) against zod itself: every case is built with
 * both from the same code and every input parsed by both must succeed or fail alike, with the
 * same value. And every contract module builds its schemas with it (as the islands' build
 * resolves zod/mini to it).
 */
import { describe, expect, it, vi } from 'vitest';
import * as zod from 'zod/mini';
import * as lite from '#src/client/zod-lite.ts';

type Z = typeof zod;
interface Case {
  name: string;
  schema: (z: Z) => unknown;
  inputs: unknown[];
}

const ADDRESS = { endpoint: 'https://push.example.test/a', keys: { p256dh: 'k', auth: 'a' } };

const cases: Case[] = [
  { name: 'string', schema: (z) => z.string(), inputs: ['a', '', 1, null, undefined, {}] },
  {
    name: 'string checks',
    schema: (z) => z.string().check(z.trim(), z.minLength(2), z.maxLength(5)),
    inputs: ['  ab ', 'a', ' abcdef ', 'abcde', '      ', 3],
  },
  { name: 'length', schema: (z) => z.string().check(z.length(3)), inputs: ['EUR', 'EU', 'EURO'] },
  {
    name: 'regex and case',
    schema: (z) => z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{3,12}$/)),
    inputs: [' welcome25 ', 'no spaces!', 'ab', 'flirt10'],
  },
  { name: 'lower case', schema: (z) => z.string().check(z.toLowerCase()), inputs: ['MiXeD', ''] },
  {
    name: 'number',
    schema: (z) => z.number(),
    inputs: [0, -1.5, Number.NaN, Infinity, '1', null, 2 ** 60],
  },
  {
    name: 'int checks',
    schema: (z) => z.number().check(z.int(), z.nonnegative(), z.maximum(120)),
    inputs: [0, 120, 121, -1, 1.5, 2 ** 60, '3'],
  },
  {
    name: 'positive, gte, lte, minimum',
    schema: (z) => z.number().check(z.positive(), z.gte(2), z.lte(9), z.minimum(3)),
    inputs: [0, 2, 3, 9, 10],
  },
  { name: 'int schema', schema: (z) => z.int(), inputs: [1, 1.1, '1', -3] },
  {
    name: 'coerce number',
    schema: (z) => z.coerce.number().check(z.int(), z.minimum(18)),
    inputs: ['18', '17', 'abc', '', 20, null, '1e2', ' 30 '],
  },
  { name: 'boolean', schema: (z) => z.boolean(), inputs: [true, false, 'true', 0] },
  { name: 'unknown', schema: (z) => z.unknown(), inputs: [1, undefined, null, { a: 1 }] },
  { name: 'never', schema: (z) => z.never(), inputs: [1, undefined] },
  { name: 'literal', schema: (z) => z.literal('ok'), inputs: ['ok', 'no', undefined] },
  { name: 'literal list', schema: (z) => z.literal([1, 2]), inputs: [1, 2, 3] },
  { name: 'enum', schema: (z) => z.enum(['a', 'b']), inputs: ['a', 'c', undefined] },
  {
    name: 'enum of an object',
    schema: (z) => z.enum({ One: 'one', Two: 'two' }),
    inputs: ['one', 'One', 'three'],
  },
  {
    name: 'optional and nullable',
    schema: (z) =>
      z.object({ a: z.optional(z.string()), b: z.nullable(z.number()), c: z.nullable(z.optional(z.int())) }),
    inputs: [{ b: null }, { a: 'x', b: 1, c: null }, { a: undefined, b: 2 }, { b: undefined }, { a: 1, b: 1 }, {}],
  },
  {
    name: 'object strips, strict refuses, loose keeps',
    schema: (z) =>
      z.object({
        strip: z.object({ a: z.number() }),
        strict: z.optional(z.strictObject({ a: z.number() })),
        loose: z.optional(z.looseObject({ a: z.number() })),
      }),
    inputs: [
      { strip: { a: 1, extra: 2 } },
      { strip: { a: 1 }, strict: { a: 1, extra: 2 } },
      { strip: { a: 1 }, loose: { a: 1, extra: 2 } },
      { strip: { a: 'x' } },
      { strip: [] },
      { strip: null },
    ],
  },
  {
    name: 'defaults',
    schema: (z) =>
      z.object({
        token: z._default(z.string().check(z.maxLength(5)), ''),
        v: z._default(z.enum(['full', 'thumb']), 'full'),
        on: z._default(z.boolean(), true),
      }),
    inputs: [{}, { token: 'abc', v: 'thumb', on: false }, { token: 'toolong' }, { v: 'other' }],
  },
  {
    name: 'catch',
    schema: (z) =>
      z.object({ last: z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined) }),
    inputs: [{ last: '12' }, { last: 'x' }, { last: '-1' }, {}],
  },
  {
    name: 'array',
    schema: (z) => z.array(z.string().check(z.minLength(1))).check(z.maxLength(2)),
    inputs: [[], ['a'], ['a', 'b', 'c'], ['a', ''], 'a', [1]],
  },
  {
    name: 'array refine',
    schema: (z) =>
      z.array(z.int()).check(z.refine((list) => new Set(list).size === list.length, { message: 'duplicate interest' })),
    inputs: [
      [1, 2],
      [1, 1],
    ],
  },
  {
    name: 'record',
    schema: (z) => z.record(z.string(), z.number().check(z.int())),
    inputs: [{ a: 1, b: 2 }, {}, { a: 1.5 }, [], null, { a: '1' }],
  },
  {
    name: 'union',
    schema: (z) => z.union([z.strictObject({ code: z.string() }), z.strictObject({ passkey: z.number() })]),
    inputs: [{ code: 'x' }, { passkey: 1 }, { code: 'x', passkey: 1 }, {}],
  },
  {
    name: 'union of primitives in a record',
    schema: (z) => z.record(z.string(), z.union([z.string(), z.number()])),
    inputs: [{ a: 'x', b: 2 }, { a: true }],
  },
  {
    name: 'discriminated union',
    schema: (z) =>
      z.discriminatedUnion('decision', [
        z.strictObject({ decision: z.literal('ban'), reason: z.string() }),
        z.strictObject({ decision: z.literal('warn') }),
      ]),
    inputs: [{ decision: 'ban', reason: 'x' }, { decision: 'warn' }, { decision: 'ban' }, { decision: 'other' }],
  },
  {
    name: 'object refine',
    schema: (z) =>
      z
        .strictObject({ order: z.optional(z.string()), package: z.optional(z.string()) })
        .check(z.refine((b) => (b.order === undefined) !== (b.package === undefined), { message: 'one of them' })),
    inputs: [{ order: 'a' }, { package: 'b' }, {}, { order: 'a', package: 'b' }],
  },
  {
    name: 'extend and partial',
    schema: (z) => {
      const base = z.strictObject({ a: z.number(), b: z.string() });
      return z.object({
        extended: z.optional(z.extend(base, { c: z.boolean() })),
        partial: z.optional(z.partial(base)),
      });
    },
    inputs: [
      { extended: { a: 1, b: 'x', c: true } },
      { extended: { a: 1, b: 'x' } },
      { partial: {} },
      { partial: { a: 1, d: 2 } },
    ],
  },
  {
    name: 'pipe and transform',
    schema: (z) =>
      z.pipe(
        z.pipe(
          z.string().check(z.maxLength(4000)),
          z.transform((text: string, ctx) => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              ctx.issues.push({ code: 'custom', message: 'not JSON', input: text });
              return z.NEVER;
            }
          }),
        ),
        z.object({ endpoint: z.url(), keys: z.object({ p256dh: z.string(), auth: z.string() }) }),
      ),
    inputs: [JSON.stringify(ADDRESS), 'not json', JSON.stringify({ endpoint: 'nope' }), 5],
  },
  {
    name: 'blank query value',
    schema: (z) =>
      z.object({
        page: z.optional(
          z.pipe(
            z.transform((value: unknown) => (value === '' ? undefined : value)),
            z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
          ),
        ),
        flag: z.pipe(
          z.optional(z.enum(['0', '1'])),
          z.transform((v) => v === '1'),
        ),
        flow: z.pipe(
          z.transform((value: unknown) => (value === '' ? undefined : value)),
          z._default(z.string().check(z.regex(/^[a-z-]{1,40}$/)), 'profile-search'),
        ),
      }),
    inputs: [{}, { page: '' }, { page: '3', flag: '1', flow: 'x' }, { page: '-1' }, { flag: '2' }, { flow: '' }],
  },
  {
    name: 'formats',
    schema: (z) =>
      z.object({
        email: z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email())),
        url: z.optional(z.url().check(z.maxLength(2000))),
        date: z.optional(z.iso.date()),
        time: z.optional(z.iso.datetime()),
        either: z.optional(z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()])),
      }),
    inputs: [
      { email: ' ann@example.com ' },
      { email: 'ann@example' },
      { email: 'a..b@example.com' },
      { url: 'https://example.com/x?y=1' },
      { url: 'not a url' },
      { url: 'mailto:ann@example.com' },
      { date: '2026-02-28' },
      { date: '2026-02-30' },
      { date: '2024-02-29' },
      { time: '2026-11-29T02:30:00Z' },
      { time: '2026-11-29T02:30:00.123Z' },
      { time: '2026-11-29T02:30:00+01:00' },
      { time: '2026-11-29 02:30' },
      { either: '2026-11-29T02:30' },
      { either: '2026-11-29T02:30:00+01:00' },
      { either: '2026-11-29' },
      { either: '29.11.2026' },
    ],
  },
];

function outcome(schema: unknown, input: unknown) {
  const result = (schema as { safeParse: (v: unknown) => { success: boolean; data?: unknown } }).safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false };
}

describe('the browser zod/mini parses like zod', () => {
  for (const { name, schema, inputs } of cases) {
    it(name, () => {
      const real = schema(zod);
      const ours = schema(lite as unknown as Z);
      for (const input of inputs) {
        expect({ input, ...outcome(ours, input) }).toEqual({ input, ...outcome(real, input) });
      }
      // The module functions parse as the methods do.
      const first = inputs[0];
      expect(lite.safeParse(ours as lite.Schema, first).success).toBe(
        zod.safeParse(real as zod.ZodMiniType, first).success,
      );
    });
  }

  it('throws from parse with the path of each issue', () => {
    const ours = lite.object({ a: lite.array(lite.number()) });
    expect(() => lite.parse(ours, { a: [1, 'x'] })).toThrow(lite.ZodError);
    try {
      lite.parse(ours, { a: [1, 'x'] });
    } catch (error) {
      expect((error as lite.ZodError).issues.map((issue) => issue.path)).toEqual([['a', 1]]);
    }
  });
});

describe('the contract with the browser zod/mini', () => {
  it('builds every contract module with it', async () => {
    vi.resetModules();
    vi.doMock('zod/mini', () => import('#src/client/zod-lite.ts'));
    try {
      const modules = import.meta.glob('/src/contract/*.ts');
      expect(Object.keys(modules).length).toBeGreaterThan(30);
      for (const load of Object.values(modules)) await load();
      const { getUser } = await import('#src/contract/user.ts');
      const { getSettings } = await import('#src/contract/site.ts');
      // Built by the browser's module (a fresh instance of it here), not by zod.
      for (const schema of [getUser.response, getSettings.response] as unknown[]) {
        expect(schema).toHaveProperty('_parse');
        expect(schema).not.toHaveProperty('_zod');
        expect((schema as lite.Schema).safeParse({}).success).toBe(false);
      }
    } finally {
      vi.doUnmock('zod/mini');
      vi.resetModules();
    }
  });
});
