/**
 * The stores' environment for tests (src/stores/environment.ts): a fake API client, memory
 * storage, recorded navigation, cookies, reloads and questions (answered yes), a clock the
 * test moves, no geolocation, and the English texts. `testEnvironment(parts)` makes a fresh one and sets it as the
 * environment: call it in each test (or a beforeEach) with the fakes that test needs.
 */
import type { ApiClient } from '#src/client/api.ts';
import { translator } from '#src/i18n/index.ts';
import { resetEnvironment, type Environment } from '#src/stores/environment.ts';

/** A Storage kept in memory. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

export interface TestEnvironment extends Environment {
  /** The paths `navigate` was called with, in order. */
  navigations: string[];
  /** The cookies `setCookie` set, in order. */
  cookies: string[];
  /** How often `reload` was called. */
  reloads: number;
  /** The questions `confirm` asked, in order; it answers yes unless a test passes its own. */
  confirms: string[];
  /** Errors `report` received. */
  reported: unknown[];
  /** Moves the clock. */
  advance: (ms: number) => void;
}

const unsetApi: ApiClient = {
  call: (endpoint) => Promise.reject(new Error(`test environment: no API answer for ${endpoint.path}`)),
};

export function testEnvironment(parts: Partial<Environment> = {}): TestEnvironment {
  let clock = Date.UTC(2026, 0, 15, 12);
  const navigations: string[] = [];
  const cookies: string[] = [];
  const reported: unknown[] = [];
  const confirms: string[] = [];
  const now = () => clock;
  const sessionStorage = new MemoryStorage();
  const environment: TestEnvironment = {
    api: unsetApi,
    storage: new MemoryStorage(),
    sessionStorage,
    navigate: (path) => navigations.push(path),
    reload: () => {
      environment.reloads++;
    },
    setCookie: (cookie) => cookies.push(cookie),
    confirm: (text) => {
      confirms.push(text);
      return true;
    },
    location: () => new URL('http://default.localhost/members'),
    now,
    geolocation: { geolocation: undefined, permissions: undefined, storage: sessionStorage, now },
    t: translator('en'),
    report: (error) => reported.push(error),
    navigations,
    cookies,
    reloads: 0,
    confirms,
    reported,
    advance: (ms) => {
      clock += ms;
    },
    ...parts,
  };
  resetEnvironment(environment);
  return environment;
}
