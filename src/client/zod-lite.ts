/**
 * The browser's `zod/mini`: the part of zod's functional API the contract uses (src/contract,
 * src/contract/define.ts says how it is written), checking values the same way in about 2 KB
 * instead of zod's 9 KB core. The islands' build resolves `zod/mini` to this file
 * (astro.config.mjs), as it resolves i18next to src/i18n/lite.ts; the server, the static pages
 * and the tests keep zod, and `tests/unit/zod-lite.test.ts` runs every case through both.
 * Types still come from zod: this file only has to behave like it (docs/decisions.md "Members
 * app: JavaScript a member downloads").
 *
 * What it keeps of zod: parsed values (objects stripped, strict or loose; defaults, catches,
 * coercion, transforms, trims and case changes), success or failure, and the path of each
 * issue. What it leaves: zod's messages and issue details (the app shows its own texts by
 * code), JSON schema, and every schema type the contract does not use.
 */

export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
}

export class ZodError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
    this.name = 'ZodError';
  }
}

/** A failed parse (the issues are in the context). */
const FAIL: unique symbol = Symbol('fail');
/** What a transform returns to fail (zod's `z.NEVER`). */
export const NEVER = FAIL as never;

interface Context {
  issues: Issue[];
  path: PropertyKey[];
}

type Result = unknown;

/** A check after the type: FAIL with an issue, a new value (trim, case), or nothing. */
interface Check {
  _check(value: never, ctx: Context): unknown;
}

const issue = (ctx: Context, code: string, message: string, input?: unknown): typeof FAIL => {
  ctx.issues.push({ code, path: [...ctx.path], message, input });
  return FAIL;
};

export class Schema implements Check {
  constructor(
    private readonly run: (value: unknown, ctx: Context) => Result,
    private readonly checks: readonly Check[] = [],
  ) {}

  /** The same schema with more checks (zod/mini's `.check`). */
  check(...checks: Check[]): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    return Object.assign(copy, this, { checks: [...this.checks, ...checks] });
  }

  /** Parses `value`: the parsed value, or FAIL with the issues in `ctx`. */
  _parse(value: unknown, ctx: Context): Result {
    let out = this.run(value, ctx);
    if (out === FAIL) return FAIL;
    const before = ctx.issues.length;
    for (const check of this.checks) {
      const next = check._check(out as never, ctx);
      if (next !== undefined && next !== FAIL) out = next;
    }
    return ctx.issues.length > before ? FAIL : out;
  }

  /** As a check in another schema's `.check(...)`, as zod's formats (int, email) are. */
  _check(value: never, ctx: Context): unknown {
    return this._parse(value, ctx) === FAIL ? FAIL : undefined;
  }

  parse(value: unknown): unknown {
    return parse(this, value);
  }

  safeParse(value: unknown) {
    return safeParse(this, value);
  }
}

export function parse(schema: Schema, value: unknown): unknown {
  const ctx: Context = { issues: [], path: [] };
  const out = schema._parse(value, ctx);
  if (out === FAIL || ctx.issues.length > 0) throw new ZodError(ctx.issues);
  return out;
}

export function safeParse(schema: Schema, value: unknown) {
  const ctx: Context = { issues: [], path: [] };
  const out = schema._parse(value, ctx);
  return out === FAIL || ctx.issues.length > 0
    ? { success: false as const, error: new ZodError(ctx.issues), data: undefined }
    : { success: true as const, data: out, error: undefined };
}

// ---------------------------------------------------------------- checks

const check = (fn: (value: never, ctx: Context) => unknown): Check => ({ _check: fn });
const failing = (ok: (value: never) => boolean, code: string, message: string) =>
  check((value, ctx) => (ok(value) ? undefined : issue(ctx, code, message, value)));
const sizeOf = (value: string | unknown[]) => value.length;

export const maxLength = (n: number) =>
  failing((v: string | unknown[]) => sizeOf(v) <= n, 'too_big', `at most ${n} long`);
export const minLength = (n: number) =>
  failing((v: string | unknown[]) => sizeOf(v) >= n, 'too_small', `at least ${n} long`);
export const length = (n: number) => failing((v: string | unknown[]) => sizeOf(v) === n, 'invalid_length', `${n} long`);
export const regex = (pattern: RegExp) =>
  failing(
    (v: string) => {
      pattern.lastIndex = 0;
      return pattern.test(v);
    },
    'invalid_format',
    `matching ${String(pattern)}`,
  );
export const trim = () => check((v: string) => v.trim());
export const toUpperCase = () => check((v: string) => v.toUpperCase());
export const toLowerCase = () => check((v: string) => v.toLowerCase());
export const minimum = (n: number) => failing((v: number) => v >= n, 'too_small', `at least ${n}`);
export const maximum = (n: number) => failing((v: number) => v <= n, 'too_big', `at most ${n}`);
export const gte = minimum;
export const lte = maximum;
export const positive = () => failing((v: number) => v > 0, 'too_small', 'positive');
export const nonnegative = () => failing((v: number) => v >= 0, 'too_small', 'not negative');
export function refine(ok: (value: never) => unknown, params?: string | { message?: string }): Check {
  const message = typeof params === 'string' ? params : (params?.message ?? 'invalid');
  return failing((v: never) => Boolean(ok(v)), 'custom', message);
}

// ---------------------------------------------------------------- types

const typeIssue = (ctx: Context, expected: string, value: unknown) =>
  issue(ctx, 'invalid_type', `expected ${expected}`, value);

export const string = () => new Schema((v, ctx) => (typeof v === 'string' ? v : typeIssue(ctx, 'string', v)));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const number = () => new Schema((v, ctx) => (isNumber(v) ? v : typeIssue(ctx, 'number', v)));
export const int = () =>
  new Schema((v, ctx) => (isNumber(v) && Number.isSafeInteger(v) ? v : typeIssue(ctx, 'int', v)));
export const boolean = () => new Schema((v, ctx) => (typeof v === 'boolean' ? v : typeIssue(ctx, 'boolean', v)));
export const unknown = () => new Schema((v) => v);
export const never = () => new Schema((v, ctx) => typeIssue(ctx, 'never', v));
export const coerce = {
  number: () =>
    new Schema((v, ctx) => {
      const n = Number(v);
      return isNumber(n) ? n : typeIssue(ctx, 'number', v);
    }),
};

/** A string format: a string that `ok` accepts (a schema, and a check too). */
const format = (name: string, ok: (v: string) => boolean) =>
  new Schema((v, ctx) =>
    typeof v !== 'string' ? typeIssue(ctx, 'string', v) : ok(v) ? v : issue(ctx, 'invalid_format', name, v),
  );

// zod's own patterns (zod/v4/core/regexes.ts).
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const DATE_SOURCE = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;

export const email = () => format('email', (v) => EMAIL.test(v));
export const url = () =>
  format('url', (v) => {
    try {
      const parsed = new URL(v);
      return (
        /^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol) && (!/^https?:$/.test(parsed.protocol) || parsed.hostname !== '')
      );
    } catch {
      return false;
    }
  });

function datetimePattern(options: { offset?: boolean; local?: boolean; precision?: number } = {}): RegExp {
  const time = `(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?`;
  const zones = ['Z'];
  if (options.offset) zones.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const zone = `(?:${zones.join('|')})${options.local ? '?' : ''}`;
  return new RegExp(`^${DATE_SOURCE}T(?:${time})${zone}$`);
}

export const iso = {
  date: () => format('date', (v) => new RegExp(`^${DATE_SOURCE}$`).test(v)),
  datetime: (options?: { offset?: boolean; local?: boolean }) => {
    const pattern = datetimePattern(options);
    return format('datetime', (v) => pattern.test(v));
  },
};

export function literal(value: unknown) {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return new Schema((v, ctx) => (values.includes(v) ? v : issue(ctx, 'invalid_value', 'literal', v)));
}

function enumSchema(values: readonly unknown[] | Record<string, unknown>) {
  const list = Array.isArray(values) ? values : Object.values(values);
  return Object.assign(
    new Schema((v, ctx) => (list.includes(v) ? v : issue(ctx, 'invalid_value', 'one of the values', v))),
    { options: list },
  );
}
export { enumSchema as enum };

export function optional(inner: Schema) {
  return new Schema((v, ctx) => (v === undefined ? undefined : inner._parse(v, ctx)));
}

export function nullable(inner: Schema) {
  return new Schema((v, ctx) => (v === null ? null : inner._parse(v, ctx)));
}

export function _default(inner: Schema, value: unknown) {
  const fallback = () => (typeof value === 'function' ? (value as () => unknown)() : value);
  return new Schema((v, ctx) => (v === undefined ? fallback() : inner._parse(v, ctx)));
}

function catchSchema(inner: Schema, value: unknown) {
  return new Schema((v, ctx) => {
    const own: Context = { issues: [], path: ctx.path };
    const out = inner._parse(v, own);
    return out === FAIL || own.issues.length > 0 ? value : out;
  });
}
export { catchSchema as catch };

export function array(element: Schema) {
  return new Schema((v, ctx) => {
    if (!Array.isArray(v)) return typeIssue(ctx, 'array', v);
    const out = v.map((item: unknown, index) => {
      ctx.path.push(index);
      const parsed = element._parse(item, ctx);
      ctx.path.pop();
      return parsed;
    });
    return out.includes(FAIL) ? FAIL : out;
  });
}

export function record(key: Schema, value: Schema) {
  return new Schema((v, ctx) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return typeIssue(ctx, 'record', v);
    const out: Record<PropertyKey, unknown> = {};
    let failed = false;
    for (const [name, item] of Object.entries(v)) {
      ctx.path.push(name);
      const parsedKey = key._parse(name, ctx);
      const parsed = value._parse(item, ctx);
      ctx.path.pop();
      if (parsedKey === FAIL || parsed === FAIL) failed = true;
      else out[parsedKey as PropertyKey] = parsed;
    }
    return failed ? FAIL : out;
  });
}

type Shape = Record<string, Schema>;
type Unknown = 'strip' | 'strict' | 'loose';

class ObjectSchema extends Schema {
  constructor(
    readonly shape: Shape,
    readonly unknownKeys: Unknown,
  ) {
    super((v, ctx) => parseObject(shape, unknownKeys, v, ctx));
  }
}

function parseObject(shape: Shape, unknownKeys: Unknown, v: unknown, ctx: Context): Result {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return typeIssue(ctx, 'object', v);
  const input = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let failed = false;
  for (const [name, schema] of Object.entries(shape)) {
    const present = Object.hasOwn(input, name);
    ctx.path.push(name);
    const parsed = schema._parse(input[name], ctx);
    ctx.path.pop();
    if (parsed === FAIL) failed = true;
    // A key left out stays out unless its schema gave it a value (a default).
    else if (present || parsed !== undefined) out[name] = parsed;
  }
  for (const name of Object.keys(input)) {
    if (Object.hasOwn(shape, name)) continue;
    if (unknownKeys === 'loose') out[name] = input[name];
    else if (unknownKeys === 'strict') {
      issue(ctx, 'unrecognized_keys', `unknown key ${name}`, input);
      failed = true;
    }
  }
  return failed ? FAIL : out;
}

export const object = (shape: Shape) => new ObjectSchema(shape, 'strip');
export const strictObject = (shape: Shape) => new ObjectSchema(shape, 'strict');
export const looseObject = (shape: Shape) => new ObjectSchema(shape, 'loose');
export const extend = (base: ObjectSchema, shape: Shape) =>
  new ObjectSchema({ ...base.shape, ...shape }, base.unknownKeys);
export const partial = (base: ObjectSchema) =>
  new ObjectSchema(
    Object.fromEntries(Object.entries(base.shape).map(([name, schema]) => [name, optional(schema)])),
    base.unknownKeys,
  );

export function union(options: Schema[]) {
  return new Schema((v, ctx) => {
    for (const option of options) {
      const own: Context = { issues: [], path: ctx.path };
      const out = option._parse(v, own);
      if (out !== FAIL && own.issues.length === 0) return out;
    }
    return issue(ctx, 'invalid_union', 'no option matched', v);
  });
}

export const discriminatedUnion = (_key: string, options: Schema[]) => union(options);

export function pipe(first: Schema, second: Schema) {
  return new Schema((v, ctx) => {
    const middle = first._parse(v, ctx);
    return middle === FAIL ? FAIL : second._parse(middle, ctx);
  });
}

export function transform(fn: (value: never, ctx: { issues: Omit<Issue, 'path'>[]; value: unknown }) => unknown) {
  return new Schema((v, ctx) => {
    const own = { issues: [] as Omit<Issue, 'path'>[], value: v };
    const out = fn(v as never, own);
    for (const found of own.issues) ctx.issues.push({ ...found, path: [...ctx.path] });
    return out === FAIL || own.issues.length > 0 ? FAIL : out;
  });
}
