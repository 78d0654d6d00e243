/**
 * Input generators for the contract fuzzer (fuzz.test.ts): fast-check arbitraries derived from
 * an endpoint's zod schemas, each field mixed with hostile values (control characters,
 * huge numbers, wrong types, oversized strings), plus the raw malformed requests no schema
 * describes (wrong content types, broken JSON and multipart).
 */
import fc from 'fast-check';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

/** The parts of a zod 4 schema the generator reads (`schema._zod.def` and `bag`), classic or mini. */
interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, Schema>;
      element?: Schema;
      innerType?: Schema;
      options?: Schema[];
      in?: Schema;
      out?: Schema;
      left?: Schema;
      right?: Schema;
      keyType?: Schema;
      valueType?: Schema;
      items?: Schema[];
      entries?: Record<string, string | number>;
      values?: unknown[];
      getter?: () => Schema;
      coerce?: boolean;
      checks?: { _zod: { def: CheckDef } }[];
    };
    bag: { patterns?: Set<RegExp>; format?: string; minimum?: number; maximum?: number };
  };
}

/** A check's definition: `z.minLength(n)`, `z.maximum(n)`, `z.int()`, … (classic `.min(n)` makes the same). */
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  format?: string;
}

const internals = (schema: Schema) => schema as unknown as ZodInternals;

/** The length and value bounds a schema's checks set. */
function limitsOf(schema: ZodInternals) {
  const limits: { minLength?: number; maxLength?: number; minValue?: number; maxValue?: number; isInt?: boolean } = {};
  for (const { _zod } of schema._zod.def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length') limits.minLength = check.minimum;
    if (check.check === 'max_length') limits.maxLength = check.maximum;
    if (check.check === 'length_equals') limits.minLength = limits.maxLength = check.length;
    if (check.check === 'greater_than') limits.minValue = check.value;
    if (check.check === 'less_than') limits.maxValue = check.value;
    if (check.check === 'number_format' && check.format?.includes('int')) limits.isInt = true;
  }
  return limits;
}

/** Strings no form would send: control characters, NUL, lone surrogates, path and SQL tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u0007\u001b[31m',
    '\r\n\r\nX-Injected: 1',
    '\ud800',
    '\uffff\ufffe',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '%zz',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e309',
    '9'.repeat(400),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), maxLength: 12 }),
);

/** Any JSON value of the wrong kind for most fields. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    [null],
    { $gt: '' },
    'x'.repeat(70_000),
  ),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
);

function stringArbitrary(schema: ZodInternals): fc.Arbitrary<string> {
  const { bag } = schema._zod;
  const pattern = bag.patterns ? [...bag.patterns][0] : undefined;
  if (bag.format === 'email') return fc.emailAddress();
  if (bag.format === 'uuid' || bag.format === 'guid') return fc.uuid();
  if (bag.format === 'url') return fc.webUrl();
  if (pattern) return fc.stringMatching(pattern).filter((value) => value.length <= 300);
  const limits = limitsOf(schema);
  const minLength = limits.minLength ?? 0;
  const maxLength = Math.min(limits.maxLength ?? 40, minLength + 40);
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: ZodInternals): fc.Arbitrary<number> {
  const limits = limitsOf(schema);
  const min = limits.minValue ?? schema._zod.bag.minimum;
  const max = limits.maxValue ?? schema._zod.bag.maximum;
  const low = Number.isFinite(min) ? Math.max(min as number, -1_000_000) : -1000;
  const high = Number.isFinite(max) ? Math.min(max as number, 1_000_000) : 1_000_000;
  if (limits.isInt) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/**
 * A value the schema should accept (as far as this generator sees it): objects with their
 * declared keys (optional ones sometimes left out), strings within their length and pattern,
 * numbers within their range. Refinements it cannot see make some values invalid; that is fine.
 */
export function validArbitrary(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const node = internals(schema);
  const { def } = node._zod;
  if (depth > 6) return fc.constant(null);
  const inner = (next: Schema | undefined) => (next ? validArbitrary(next, depth + 1) : fc.constant(undefined));
  switch (def.type) {
    case 'string':
      return stringArbitrary(node);
    case 'number':
    case 'int':
      return numberArbitrary(node);
    case 'bigint':
      return fc.bigInt({ min: -1000n, max: 1000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'lazy':
      return def.getter ? validArbitrary(def.getter(), depth + 1) : fc.constant(null);
    case 'pipe':
      // z.preprocess is a pipe from a transform: generate for the schema after it.
      return internals(def.in as Schema)._zod.def.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validArbitrary(option, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) =>
          typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : (left ?? right),
        );
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => validArbitrary(item, depth + 1)));
    case 'record':
      return fc.dictionary(
        stringArbitrary(internals(def.keyType as Schema)).filter((key) => key.length > 0),
        inner(def.valueType),
        { maxKeys: 3 },
      );
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, value]) => [key, validArbitrary(value, depth + 1)]),
        ),
        { requiredKeys: requiredKeysOf(def.shape ?? {}) },
      );
    default:
      // any, unknown, custom, transform, never, …: anything goes.
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null));
  }
}

function requiredKeysOf(shape: Record<string, Schema>): string[] {
  return Object.entries(shape)
    .filter(([, value]) => !['optional', 'default', 'prefault', 'catch'].includes(internals(value)._zod.def.type))
    .map(([key]) => key);
}

/** The object shape of a query or body schema (unwrapping pipes and the like), or null. */
export function shapeOf(schema: Schema): Record<string, Schema> | null {
  const { def } = internals(schema)._zod;
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe') {
    const input = internals(def.in as Schema)._zod.def.type === 'transform' ? def.out : def.in;
    return input ? shapeOf(input) : null;
  }
  if (['optional', 'default', 'prefault', 'readonly', 'catch'].includes(def.type) && def.innerType) {
    return shapeOf(def.innerType);
  }
  return null;
}

/**
 * An object for a schema with each declared field either valid, hostile or missing, plus
 * sometimes an undeclared key: valid, boundary and malformed input in one stream.
 */
export function mixedObjectArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  if (!shape) return fc.oneof(validArbitrary(schema), nastyValue);
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [
      key,
      fc.oneof({ arbitrary: validArbitrary(value), weight: 3 }, { arbitrary: nastyValue, weight: 2 }),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'extra', 'id', 'account_id', 'role'), nastyValue)),
    )
    .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
}

/** Query parameters as strings (what a URL carries): arrays repeat the key. */
export function toQueryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      if (one === undefined) continue;
      params.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
    }
  }
  return params.size > 0 ? `?${params.toString()}` : '';
}
