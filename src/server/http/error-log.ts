/**
 * What an unexpected error may leave in the operators' log. Query parameters and SQL bind
 * values (e-mail addresses, token hashes, names) stay out: a request is logged as method and
 * path, a failed query as its SQL text with placeholders and the database's reason, a zod
 * failure as the paths and codes of its issues.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import * as z from 'zod/mini';

// PostgreSQL ends some reasons with the offending value: `invalid input syntax for type
// bigint: "…"`. Quoted names elsewhere (relations, constraints) are kept.
const TRAILING_VALUE = /: ".*"$/s;

function reasonOf(cause: unknown): string {
  if (!(cause instanceof Error)) return 'unknown cause';
  const code = (cause as { code?: unknown }).code;
  const reason = cause.message.replace(TRAILING_VALUE, ': "…"');
  return typeof code === 'string' ? `${reason} (${code})` : reason;
}

/** The stack's frames without its first line (which repeats the message). */
function framesOf(error: Error): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? `\n${frames.join('\n')}` : '';
}

/** A log line's description of an error, without the values it was raised with. */
export function describeError(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    return `query failed: ${error.query.replace(/\s+/g, ' ').slice(0, 500)} (${error.params.length} parameters): ${reasonOf(error.cause)}${framesOf(error)}`;
  }
  // Classic and mini schemas (and z.parse) throw errors of this one trait.
  if (error instanceof z.core.$ZodError) {
    return `invalid data: ${error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.code}`).join(', ')}${framesOf(error)}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}${framesOf(error)}`;
  return typeof error === 'string' ? error : 'non-error value thrown';
}
