/**
 * The stores' environment for tests (src/stores/environment.ts): a fake API client, memory
 * storage, recorded navigation, a clock the test moves, no geolocation, and the English
 * texts. `useTestEnvironment()` sets a fresh one before each test of the file.
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
    this.items.set(key, String(value));
  }
}

export interface TestEnvironment extends Environment {
  /** The paths `navigate` was called with, in order. */
  navigations: string[];
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
  const reported: unknown[] = [];
  const now = () => clock;
  const sessionStorage = new MemoryStorage();
  const environment: TestEnvironment = {
    api: unsetApi,
    storage: new MemoryStorage(),
    sessionStorage,
    navigate: (path) => navigations.push(path),
    location: () => new URL('http://default.localhost/members'),
    now,
    geolocation: { geolocation: undefined, permissions: undefined, storage: sessionStorage, now },
    t: translator('en'),
    report: (error) => reported.push(error),
    navigations,
    reported,
    advance: (ms) => {
      clock += ms;
    },
    ...parts,
  };
  resetEnvironment(environment);
  return environment;
}
