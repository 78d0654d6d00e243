/**
 * What every answer of the API must be, whatever it was sent (the abuse tests): never a 500,
 * never a stack trace or an internal message, an error in exactly the contract's error body,
 * and a successful JSON answer with no field its endpoint's answer schema does not declare.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { errorBody, type Endpoint } from '#src/contract/define.ts';

/** Traces of internals: stack frames, file paths, driver and SQL errors, zod issue dumps. */
const INTERNALS = [
  /\bat [\w$.<>]+ \(?[^)\s]*:\d+:\d+\)?/,
  /node_modules/,
  /\/work\/|\/src\/server\//,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleError|PGlite|PostgresError)\b/,
  /\b(syntax error at|violates|duplicate key|relation "|column "|invalid input syntax|unterminated)\b/i,
  /"(code|expected|received)":\s*"(invalid_type|too_big|too_small|invalid_string)"/,
  /\bselect .+ from\b|\binsert into\b|\bupdate .+ set\b/i,
];

const exactErrorBody = z.strictObject({ error: z.strictObject(errorBody.shape.error.shape) });

/**
 * Keys of `raw` (the JSON that went out) that `parsed` (the same JSON through the answer
 * schema, which strips undeclared keys) lacks, as paths: the fields the contract does not declare.
 */
export function undeclaredKeys(raw: unknown, parsed: unknown, path = '$'): string[] {
  if (Array.isArray(raw)) {
    if (!Array.isArray(parsed)) return [];
    return raw.flatMap((item, index) => undeclaredKeys(item, parsed[index], `${path}[${index}]`));
  }
  if (raw === null || typeof raw !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  const parsedRecord = parsed as Record<string, unknown>;
  return Object.entries(raw).flatMap(([key, value]) =>
    key in parsedRecord ? undeclaredKeys(value, parsedRecord[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** The first of the answer schemas that takes `raw` with nothing left over, or the problems. */
function strictlyDeclared(endpoints: Endpoint[], raw: unknown): string | null {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const parsed = z.safeParse(endpoint.response, raw);
    if (!parsed.success) {
      problems.push(`${endpoint.method} ${endpoint.path}: ${parsed.error.message.slice(0, 400)}`);
      continue;
    }
    const extra = undeclaredKeys(raw, parsed.data);
    if (extra.length === 0) return null;
    problems.push(`${endpoint.method} ${endpoint.path}: undeclared ${extra.slice(0, 5).join(', ')}`);
  }
  return problems.join('; ');
}

/**
 * Checks one answer. `endpoints`: the calls that may have answered it (one, or the calls that
 * share a method and path, told apart by their query).
 */
export async function expectSafeAnswer(response: Response, endpoints: Endpoint[], what: string): Promise<void> {
  const text = await response.text();
  const context = `${what} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  for (const pattern of INTERNALS) expect(text, `${context} (internals: ${pattern})`).not.toMatch(pattern);
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  // Calls that answer a page (an e-mail link's landing) may answer an error page.
  if (response.status >= 400 && isJson) {
    const parsed = exactErrorBody.safeParse(JSON.parse(text));
    expect(parsed.success, `${context} (the error body is exactly the contract's)`).toBe(true);
    return;
  }
  if (response.status >= 200 && response.status < 300 && isJson) {
    expect(strictlyDeclared(endpoints, JSON.parse(text)), context).toBeNull();
  }
}
