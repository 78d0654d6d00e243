// @vitest-environment jsdom
/**
 * The landing script src/scripts/traffic.ts in a browser-like DOM: the traffic source stored
 * for signup, the address cleaned without a reload or history entry, and the bounce beacon
 * (SPEC §4 "Page bounce logging"): once, only with `lb`, not after the visitor went on into
 * the site, with fetch keepalive where sendBeacon fails. The built file: traffic-build.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trafficSource } from '#src/contract/accounts.ts';
import { readTrafficSource } from '#src/features/auth/signup-account-store.ts';
import { TRAFFIC_STORAGE_KEY } from '#src/lib/traffic.ts';
import { startTraffic } from '#src/scripts/traffic.ts';

let controller: AbortController;
let hidden = false;
const beacon = vi.fn<(url: string, data: Blob) => boolean>();
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

/** Opens the page at `path` (same document) and runs the landing script on it. */
function land(path: string): void {
  history.replaceState(null, '', path);
  startTraffic(controller.signal);
}

function becomeHidden(): void {
  hidden = true;
  document.dispatchEvent(new Event('visibilitychange'));
}

function stored(): unknown {
  const raw = localStorage.getItem(TRAFFIC_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  controller = new AbortController();
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  beacon.mockReset().mockReturnValue(true);
  fetchMock.mockReset().mockResolvedValue(new Response(null, { status: 204 }));
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  controller.abort();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('capture', () => {
  it('stores the source as the signup store reads it and cleans the address in place', () => {
    history.replaceState({ kept: 1 }, '', '/');
    const entries = history.length;
    land('/landers/swipe?network=adnet&sub={click9}&aff_sub2=b&cpc=0.2&ref=p1&page=2&lb=1#top');
    expect(stored()).toEqual({ network: 'adnet', ref: 'p1', sub1: 'click9', sub2: 'b' });
    expect(readTrafficSource(localStorage)).toEqual({ network: 'adnet', ref: 'p1', sub1: 'click9', sub2: 'b' });
    expect(location.pathname + location.search + location.hash).toBe('/landers/swipe?network=adnet&page=2&lb=1#top');
    expect(history.length).toBe(entries);
  });

  it('keeps the history state of the page', () => {
    history.replaceState({ from: 'app' }, '', '/?sub=1');
    startTraffic(controller.signal);
    expect(history.state).toEqual({ from: 'app' });
    expect(location.search).toBe('');
  });

  it('lets the newest address with a source replace the stored one, not one without', () => {
    land('/?network=first&sub=a&sub3=c');
    land('/?network=second&sub2=b');
    expect(stored()).toEqual({ network: 'second', sub2: 'b' });
    land('/?sub=&cpc=1&lb=1');
    expect(stored()).toEqual({ network: 'second', sub2: 'b' });
    expect(location.search).toBe('?lb=1');
  });

  it('leaves the address alone when nothing is to be removed', () => {
    const replace = vi.spyOn(history, 'replaceState');
    land('/?network=adnet&page=3');
    expect(replace).toHaveBeenCalledTimes(1); // only land()'s own navigation
    expect(stored()).toEqual({ network: 'adnet' });
    replace.mockRestore();
  });

  it('still cleans the address when storage is blocked', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => land('/?sub=1&a=2')).not.toThrow();
    expect(location.search).toBe('?a=2');
    setItem.mockRestore();
  });

  it('stores what the signup contract accepts, also for overlong values', () => {
    land(`/?network=${'n'.repeat(300)}&sub=${'s'.repeat(300)}`);
    expect(trafficSource.safeParse(stored()).success).toBe(true);
  });
});

describe('bounce beacon', () => {
  it('is sent once when the page becomes hidden, as an empty JSON body', async () => {
    land('/landers/swipe?lb=1');
    becomeHidden();
    becomeHidden();
    dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/page-hidden.php');
    expect(body.type).toBe('application/json');
    expect(await body.text()).toBe('{}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is sent on pagehide when visibilitychange does not come', () => {
    land('/?lb');
    dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('is not sent while the page stays visible', () => {
    land('/?lb=1');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('is not sent without lb', () => {
    land('/?sub=1&network=x');
    becomeHidden();
    dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('after a click', () => {
    // jsdom cannot navigate: stop the links' default action after the script saw the click.
    const noNavigation = (event: Event) => event.preventDefault();
    beforeEach(() => document.addEventListener('click', noNavigation));
    afterEach(() => document.removeEventListener('click', noNavigation));

    it('on a same-origin link (or inside one), the visit is no bounce', () => {
      document.body.innerHTML = '<a href="/signup"><span id="inner">Sign up</span></a>';
      land('/?lb=1');
      document.getElementById('inner')!.click();
      becomeHidden();
      dispatchEvent(new Event('pagehide'));
      expect(beacon).not.toHaveBeenCalled();
    });

    it('on a link to another site, a button or plain text, it still is one', () => {
      document.body.innerHTML =
        '<a id="away" href="https://elsewhere.test/">Away</a><button id="b" type="button">b</button><p id="t">t</p><a id="nohref">x</a>';
      land('/?lb=1');
      for (const id of ['away', 'b', 't', 'nohref']) document.getElementById(id)!.click();
      becomeHidden();
      expect(beacon).toHaveBeenCalledTimes(1);
    });
  });

  it('is not sent after a form submit', () => {
    document.body.innerHTML = '<form action="/signup"><button>Go</button></form>';
    land('/?lb=1');
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    becomeHidden();
    expect(beacon).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses the JSON blob', () => beacon.mockImplementation(() => throwSecurityError())],
    ['cannot queue it', () => beacon.mockReturnValue(false)],
    ['is missing', () => Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined })],
  ])('goes by fetch keepalive when sendBeacon %s', (_case, arrange) => {
    arrange();
    land('/?lb=1');
    becomeHidden();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/page-hidden.php', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    });
  });

  it('stays silent when the fetch fails', async () => {
    beacon.mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    land('/?lb=1');
    expect(() => becomeHidden()).not.toThrow();
    await Promise.resolve();
  });
});

function throwSecurityError(): never {
  throw new DOMException('sendBeacon() with a Blob whose type is not CORS-safelisted', 'SecurityError');
}
