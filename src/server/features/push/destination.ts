/**
 * Where a push may go (docs/security.md "Web push reached internal addresses"). A push
 * endpoint comes from the browser, so from whoever calls the API: it must be `https:` on a
 * public address. The address is checked when the subscription is stored and again when each
 * push is sent, on the address the connection actually uses (the lookup of the request), so a
 * name that resolves elsewhere later (DNS rebinding) is refused too. Redirects are never
 * followed: node's http client does not follow them, and the sender counts a 3xx as a failure.
 *
 * The hosts of `Config.pushTestHosts` (PUSH_TEST_HOSTS, never in production) are exempt: the
 * tests' local push endpoint.
 */
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges. */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, v4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !internal.check(bare, 'ipv4');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  // ::ffff:7f00:1 (the hex form of a v4-mapped address) and the v4-compatible ::/96.
  if (/^::(ffff:)?[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(bare)) return false;
  return !internal.check(bare, 'ipv6');
}

function isTestHost(url: URL, testHosts: readonly string[]): boolean {
  return testHosts.includes(url.hostname.toLowerCase()) || testHosts.includes(url.host.toLowerCase());
}

/**
 * Why a push may not go to this endpoint, or null when it may: not a URL, not `https:`, or an
 * address literal that is not public (`http://127.0.0.1`, `https://0x7f000001`, which the
 * URL parser reads as 127.0.0.1, `https://[::1]`). Names are checked when connecting.
 */
export function endpointProblem(endpoint: string, testHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (isTestHost(url, testHosts)) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not https';
  if (url.protocol !== 'https:') return 'not https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) return 'not a public address';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'not a public address';
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails when any address of the name is not public: the connection's own check. */
export function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const [first] = addresses;
    if (!first || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const problem: NodeJS.ErrnoException = new Error(`push endpoint ${hostname} is not a public address`);
      problem.code = 'EPUSHADDRESS';
      callback(problem, []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
}

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** How a delivery ended: the HTTP status, or why no status came back. */
export type DeliveryOutcome = { status: number } | { status: 0; reason: 'refused' | 'timeout' | 'network' };

export interface DeliveryLimits {
  /** No byte for this long (connecting included): the connection is given up. */
  idleMs: number;
  /** The whole request at most. */
  totalMs: number;
}

/**
 * POSTs one push, never following a redirect. The endpoint is checked first (endpointProblem)
 * and the connection resolves its name through publicLookup, unless it is a test host.
 */
export function deliverPush(
  request: PushRequest,
  testHosts: readonly string[],
  limits: DeliveryLimits,
): Promise<DeliveryOutcome> {
  if (endpointProblem(request.endpoint, testHosts)) return Promise.resolve({ status: 0, reason: 'refused' });
  const url = new URL(request.endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryOutcome>((resolve) => {
    let outcome: DeliveryOutcome = { status: 0, reason: 'network' };
    const outgoing = send(url, {
      method: request.method,
      headers: request.headers,
      timeout: limits.idleMs,
      signal: AbortSignal.timeout(limits.totalMs),
      // A fresh connection per push: a kept-alive socket would skip the address check.
      agent: false,
      ...(isTestHost(url, testHosts) ? {} : { lookup: publicLookup }),
    });
    outgoing.on('timeout', () => {
      outcome = { status: 0, reason: 'timeout' };
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPUSHADDRESS') outcome = { status: 0, reason: 'refused' };
      else if (error.name === 'AbortError' || error.name === 'TimeoutError') outcome = { status: 0, reason: 'timeout' };
      resolve(outcome);
    });
    outgoing.on('response', (response: IncomingMessage) => {
      response.resume();
      response.on('error', () => {});
      resolve({ status: response.statusCode ?? 0 });
      response.destroy();
    });
    outgoing.end(request.body ?? undefined);
  });
}
