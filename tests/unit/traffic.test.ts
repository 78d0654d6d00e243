/**
 * The traffic source rules of src/lib/traffic.ts (SPEC §3 "Traffic source (stored)"): the
 * aliases and their precedence, braces, empty values, lengths, what leaves the address and
 * what stays; the loader's pattern and size; agreement with the signup contract and store.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { trafficSource } from '#src/contract/accounts.ts';
import { TRAFFIC_SOURCE_KEY } from '#src/features/auth/signup-account-store.ts';
import {
  REMOVED_PARAMS,
  TRAFFIC_LOADER,
  TRAFFIC_QUERY_PATTERN,
  TRAFFIC_STORAGE_KEY,
  captureTrafficSource,
  cleanTrafficValue,
} from '#src/lib/traffic.ts';

const capture = (query: string, path = '/landers/swipe') =>
  captureTrafficSource(new URL(`https://www.example.test${path}${query}`));

const cleaned = (query: string, path = '/landers/swipe') => capture(query, path).cleanUrl?.href ?? null;

describe('captureTrafficSource: fields', () => {
  it.each([
    ['?sub=a', 'sub1'],
    ['?sub1=a', 'sub1'],
    ['?aff_sub=a', 'sub1'],
    ['?aff_sub1=a', 'sub1'],
    ['?sub2=a', 'sub2'],
    ['?aff_sub2=a', 'sub2'],
    ['?sub3=a', 'sub3'],
    ['?aff_sub3=a', 'sub3'],
    ['?network=a', 'network'],
    ['?ref=a', 'ref'],
  ])('%s fills %s', (query, field) => {
    expect(capture(query).source).toEqual({ [field]: 'a' });
  });

  it('reads all fields of one address together', () => {
    expect(capture('?network=adnet&ref=partner7&aff_sub=click1&sub2=banner&aff_sub3=de').source).toEqual({
      network: 'adnet',
      ref: 'partner7',
      sub1: 'click1',
      sub2: 'banner',
      sub3: 'de',
    });
  });

  it('lets the first alias in SPEC order win, whatever the order in the address', () => {
    expect(capture('?aff_sub1=d&aff_sub=c&sub1=b&sub=a').source).toEqual({ sub1: 'a' });
    expect(capture('?aff_sub1=d&aff_sub=c&sub1=b').source).toEqual({ sub1: 'b' });
    expect(capture('?aff_sub1=d&aff_sub=c').source).toEqual({ sub1: 'c' });
    expect(capture('?aff_sub2=y&sub2=x').source).toEqual({ sub2: 'x' });
    expect(capture('?aff_sub3=y&sub3=x').source).toEqual({ sub3: 'x' });
  });

  it('skips an alias whose value is empty for the next one', () => {
    expect(capture('?sub=&sub1=%7B%7D&aff_sub=c').source).toEqual({ sub1: 'c' });
    expect(capture('?sub2=%20&aff_sub2=y').source).toEqual({ sub2: 'y' });
  });

  it('takes the first non-empty value of a repeated parameter', () => {
    expect(capture('?sub=&sub=second&sub=third').source).toEqual({ sub1: 'second' });
  });

  it('strips braces, control characters and surrounding spaces', () => {
    expect(capture('?sub={abc}&sub2=%7Bclick%7D&sub3=%20x%09y%0A%20&network={net}').source).toEqual({
      sub1: 'abc',
      sub2: 'click',
      sub3: 'xy',
      network: 'net',
    });
    expect(cleanTrafficValue('{a}{b}', 10)).toBe('ab');
  });

  it('decodes values (percent escapes and +)', () => {
    expect(capture('?sub=a+b%26c&ref=https%3A%2F%2Fpartner.test%2Fx').source).toEqual({
      sub1: 'a b&c',
      ref: 'https://partner.test/x',
    });
  });

  it('has no source when every value is empty or there are none', () => {
    expect(capture('?sub=&sub2={}&network=%20&ref=').source).toBeNull();
    expect(capture('').source).toBeNull();
    expect(capture('?page=2&lb=1&cpc=0.12').source).toBeNull();
  });

  it('cuts values to the lengths the signup contract accepts', () => {
    const long = 'x'.repeat(500);
    const { source } = capture(`?network=${long}&ref=${long}&sub=${long}&sub2=${long}&sub3=${long}`);
    expect(source?.network).toHaveLength(100);
    expect(source?.ref).toHaveLength(200);
    expect(source?.sub1).toHaveLength(200);
    expect(source?.sub2).toHaveLength(200);
    expect(source?.sub3).toHaveLength(200);
    // What the landing script stores is what signup sends: it must pass the contract.
    expect(trafficSource.safeParse(source).success).toBe(true);
  });

  it('ignores names in another case and look-alikes', () => {
    expect(capture('?SUB=a&sub4=b&aff_sub4=c&subid=d&Network=e').source).toBeNull();
  });
});

describe('captureTrafficSource: the address', () => {
  it('removes every sub alias, cpc and ref', () => {
    expect(cleaned('?sub=1&sub1=2&aff_sub=3&aff_sub1=4&sub2=5&aff_sub2=6&sub3=7&aff_sub3=8&cpc=0.1&ref=r')).toBe(
      'https://www.example.test/landers/swipe',
    );
    expect([...REMOVED_PARAMS].sort()).toEqual(
      ['aff_sub', 'aff_sub1', 'aff_sub2', 'aff_sub3', 'cpc', 'ref', 'sub', 'sub1', 'sub2', 'sub3'].sort(),
    );
  });

  it('keeps network, lb and other parameters in their order and spelling', () => {
    expect(cleaned('?network=adnet&sub=1&page=2&q=a%20b&x=a+b&lb=1&cpc=3&flag')).toBe(
      'https://www.example.test/landers/swipe?network=adnet&page=2&q=a%20b&x=a+b&lb=1&flag',
    );
  });

  it('keeps the hash', () => {
    expect(cleaned('?sub=1&a=2#faq')).toBe('https://www.example.test/landers/swipe?a=2#faq');
    expect(cleaned('?sub=1#faq')).toBe('https://www.example.test/landers/swipe#faq');
  });

  it('removes a parameter without a value, with an empty value and with an encoded name', () => {
    expect(cleaned('?cpc&sub=&su%62=x&a=1')).toBe('https://www.example.test/landers/swipe?a=1');
  });

  it('is null when nothing is removed', () => {
    expect(capture('?network=adnet&lb=1&page=2').cleanUrl).toBeNull();
    expect(capture('').cleanUrl).toBeNull();
    expect(capture('?sub4=x&SUB=y').cleanUrl).toBeNull();
  });

  it('does not change the URL it was given', () => {
    const url = new URL('https://www.example.test/?sub=1');
    captureTrafficSource(url);
    expect(url.href).toBe('https://www.example.test/?sub=1');
  });
});

describe('TRAFFIC_QUERY_PATTERN and TRAFFIC_LOADER', () => {
  const pattern = new RegExp(TRAFFIC_QUERY_PATTERN);

  it.each([
    '?sub=1',
    '?sub1=1',
    '?aff_sub=1',
    '?aff_sub1=1',
    '?sub2=1',
    '?aff_sub2=1',
    '?sub3=1',
    '?aff_sub3=1',
    '?cpc=1',
    '?network=a',
    '?ref=a',
    '?lb=1',
    '?lb',
    '?lb&x=1',
    '?page=2&lb',
    '?x=1&sub=',
  ])('matches %s', (search) => {
    expect(pattern.test(search)).toBe(true);
  });

  it.each(['', '?page=2', '?subject=1', '?sub4=1', '?xsub=1', '?lbs=1', '?x=sub', '?reference=a', '?networks=a'])(
    'does not match %s',
    (search) => {
      expect(pattern.test(search)).toBe(false);
    },
  );

  it('matches every address the capture would change or read', () => {
    for (const name of [...REMOVED_PARAMS, 'network', 'lb']) expect(pattern.test(`?a=1&${name}=x`)).toBe(true);
  });

  it('is a small script that imports /traffic.js only for a matching address', () => {
    expect(TRAFFIC_LOADER.length).toBeLessThanOrEqual(160);
    const imported: string[] = [];
    // The loader as the browser runs it, with location and import() given by the test.
    const run = (search: string) =>
      runInNewContext(TRAFFIC_LOADER.replace('import(', '__import('), {
        location: { search },
        __import: (path: string) => {
          imported.push(path);
          return Promise.resolve();
        },
      }) as unknown;
    run('?page=2');
    expect(imported).toEqual([]);
    run('?lb=1');
    expect(imported).toEqual(['/traffic.js']);
  });
});

it('stores under the key the signup store reads', () => {
  expect(TRAFFIC_STORAGE_KEY).toBe(TRAFFIC_SOURCE_KEY);
});
