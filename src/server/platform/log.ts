/**
 * The server's log: one JSON line per event (pino) on stdout, each carrying the id of the
 * request it happened in (`requestId`, from the AsyncLocalStorage that ./request-scope.ts
 * fills) and never personal data (docs/operations.md "Logs"): fields named like personal data
 * are redacted, and e-mail addresses, IP addresses, bearer tokens and secret query parameters
 * in messages are replaced before the line is written.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino, { type Level, type LevelWithSilent, type Logger } from 'pino';
import { describeError } from '#src/server/http/error-log.ts';

/** The id of the request the current code runs for (undefined outside a request). */
export const requestIds = new AsyncLocalStorage<string>();

// Not across a `/`: package paths (node_modules/@scope/name/file.js) are not addresses.
const EMAIL = /[^\s@"'<>(),;:/]+@[^\s@"'<>(),;:/]+\.[a-z]{2,}/gi;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
// Hex groups and colons standing alone; an address when it has a `::` or three colons at
// least, so times (12:00:00) keep their shape.
// (An IPv4-mapped tail, ::ffff:198.51.100.4, belongs to it.)
const IPV6 = /(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9a-f]{0,4})(?![\w:]|\.\d)/gi;
const isIpv6 = (match: string) => match.includes('::') || match.split(':').length > 3;
const BEARER = /\b(Bearer|Basic)\s+[^\s,;]+/gi;
const SECRET_PARAM = /([?&;\s](?:token|key|secret|code|password|email|hash)=)[^&\s]+/gi;
// Credentials in a connection URL (postgres://user:pass@host).
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi;

/** A text with addresses, tokens and credentials replaced by what they were. */
export function scrub(text: string): string {
  return text
    .replace(URL_CREDENTIALS, '$1[credentials]@')
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [token]')
    .replace(SECRET_PARAM, '$1[redacted]')
    .replace(IPV6, (match) => (isIpv6(match) ? '[ip]' : match))
    .replace(IPV4, '[ip]');
}

/** Field names whose values are personal data or secrets, at the top or one level down. */
const PERSONAL_FIELDS = [
  'email',
  'ip',
  'address',
  'password',
  'token',
  'text',
  'body',
  'name',
  'cookie',
  'authorization',
];

/** A log field's value without personal data: strings scrubbed, errors described (4 levels deep). */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value instanceof Error) return scrub(describeError(value));
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1)]));
}

/** Where the lines go: stdout, or a test's collector (logTo). */
const sink: { target: { write(line: string): unknown } } = { target: process.stdout };

export const log: Logger = pino(
  {
    level: 'warn',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
      censor: '[redacted]',
    },
    mixin: () => {
      const requestId = requestIds.getStore();
      return requestId ? { requestId } : {};
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => scrubValue(arg)) as Parameters<typeof method>);
      },
    },
  },
  { write: (line: string) => sink.target.write(line) },
);

/** Sets the lowest level written (LOG_LEVEL). */
export function setLogLevel(level: LevelWithSilent): void {
  log.level = level;
}

/** Sends the log lines to `target` (tests); answers the function that restores stdout. */
export function logTo(target: { write(line: string): unknown }): () => void {
  const previous = sink.target;
  sink.target = target;
  return () => {
    sink.target = previous;
  };
}

/** The fields of a text that is one JSON object, else null. */
function jsonObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The `console` lines of the server's parts (`[billing] …`, `[events] …`) as log lines of the
 * matching level, their `[area]` prefix as a field, Error arguments described without the
 * values they were raised with. `console.log` stays as it is: the human start banners.
 */
export function routeConsoleToLog(): () => void {
  const saved = { error: console.error, warn: console.warn, info: console.info };
  const bridge =
    (level: Level) =>
    (...args: unknown[]) => {
      const text = format(...args.map((arg) => (arg instanceof Error ? describeError(arg) : arg)));
      const fields = jsonObject(text);
      // A line that is a JSON object already (the `alert` lines, docs/operations.md "Alerts") keeps its keys.
      if (fields) {
        log[level](fields, typeof fields['alert'] === 'string' ? 'alert' : 'event');
        return;
      }
      const tagged = /^\[([a-z][\w-]{0,30})\]\s*/i.exec(text);
      if (tagged) log[level]({ area: tagged[1] }, text.slice(tagged[0].length));
      else log[level](text);
    };
  console.error = bridge('error');
  console.warn = bridge('warn');
  console.info = bridge('info');
  return () => Object.assign(console, saved);
}
