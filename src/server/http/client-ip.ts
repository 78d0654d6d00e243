/**
 * Who is asking: the client's IP address (per-IP limits) and whether the request came over
 * https. Behind proxies only what our own proxies wrote counts (docs/operations.md "Client
 * IP"): with TRUST_PROXY=N the N-th X-Forwarded-For entry from the right (each proxy appends
 * the address it received the request from, so entries left of that one were written by the
 * client and prove nothing); with CLIENT_IP_HEADER the CDN's header (e.g. cf-connecting-ip).
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../env.ts';
import type { AppEnv } from './context.ts';

/** The socket's peer address; 'unknown' without a Node socket (in-process requests in tests). */
export function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** An address as a header carries it ('[::1]', '1.2.3.4:5678' and spaces allowed); null if not one. */
function address(value: string | undefined): string | null {
  let v = value?.trim() ?? '';
  if (v.startsWith('[')) v = v.slice(1, v.indexOf(']') > 0 ? v.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  return isIP(v) ? v.toLowerCase() : null;
}

/** How many proxies in front of us the configuration trusts (TRUST_PROXY=N; `true` is one). */
export function trustedHops(config: Pick<Config, 'trustProxy' | 'proxyHops'>): number {
  return config.trustProxy ? Math.max(1, config.proxyHops) : 0;
}

/**
 * The client address from an X-Forwarded-For value behind `hops` trusted proxies: the entry
 * `hops` places from the right. With fewer entries than trusted hops (a request that skipped
 * the outer proxies) the left-most one, which one of our proxies still wrote. Null when the
 * entry is not an IP address.
 */
export function forwardedClient(forwardedFor: string | undefined, hops: number): string | null {
  if (!forwardedFor || hops < 1) return null;
  const entries = forwardedFor.split(',');
  return address(entries[Math.max(0, entries.length - hops)]);
}

/** The client's IP address: the CDN header, else the trusted X-Forwarded-For entry, else the socket. */
export function clientIp(c: Context<AppEnv>): string {
  const { config } = c.get('deps');
  if (config.clientIpHeader) {
    const fromCdn = address(c.req.header(config.clientIpHeader));
    if (fromCdn) return fromCdn;
  }
  return forwardedClient(c.req.header('x-forwarded-for'), trustedHops(config)) ?? socketAddress(c);
}

/** True when the request reached us over https (the proxy's X-Forwarded-Proto when trusted). */
export function requestIsHttps(c: Context<AppEnv>): boolean {
  const proto = c.get('deps').config.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  return (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
}
