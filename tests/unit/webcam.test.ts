/**
 * The webcam rules shared by the server and the search (SPEC §6 'Webcam eligibility', §9
 * 'Webcam slots'): who sees cam and ad cards, and where they go in the list of profiles.
 */
import { describe, expect, it } from 'vitest';
import { WEBCAM_ELIGIBILITY_MS } from '#src/lib/constants.ts';
import { anyWebcamContent, mixWebcamCards, webcamEligibility, type SearchItem } from '#src/lib/webcam.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const OLD_SIGNUP = new Date(NOW.getTime() - 5 * 86_400_000);
const both = { cams: true, camads: true };

/** The list as a compact string: profiles by number, C<cam> for cam cards, A for ads. */
function layout(items: SearchItem<number, string>[]): string {
  return items.map((i) => (i.kind === 'profile' ? String(i.profile) : i.kind === 'cam' ? `C${i.cam}` : 'A')).join(' ');
}

const profiles = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('webcamEligibility (SPEC §6)', () => {
  const base = { paidUser: false, signupDate: OLD_SIGNUP, now: NOW, memberResell: ['cams', 'camads'] };

  it('lets a free member who signed up more than 4 days ago see cam and ad cards', () => {
    expect(webcamEligibility(base)).toEqual({ cams: true, camads: true });
    expect(webcamEligibility({ ...base, signupDate: OLD_SIGNUP.toISOString(), now: NOW.getTime() })).toEqual(both);
  });

  it('shows nothing to paid members', () => {
    expect(webcamEligibility({ ...base, paidUser: true })).toEqual({ cams: false, camads: false });
  });

  it('waits until the signup is more than 345 600 000 ms old', () => {
    const signup = new Date(NOW.getTime() - WEBCAM_ELIGIBILITY_MS);
    expect(webcamEligibility({ ...base, signupDate: signup })).toEqual({ cams: false, camads: false });
    expect(webcamEligibility({ ...base, signupDate: new Date(signup.getTime() - 1) })).toEqual(both);
    expect(webcamEligibility({ ...base, signupDate: NOW })).toEqual({ cams: false, camads: false });
  });

  it("follows the site's member_resell: cam cards need 'cams', ad cards 'camads'", () => {
    expect(webcamEligibility({ ...base, memberResell: ['cams'] })).toEqual({ cams: true, camads: false });
    expect(webcamEligibility({ ...base, memberResell: ['camads'] })).toEqual({ cams: false, camads: true });
    expect(webcamEligibility({ ...base, memberResell: [] })).toEqual({ cams: false, camads: false });
  });

  it('treats an unreadable signup date as too new', () => {
    expect(webcamEligibility({ ...base, signupDate: 'not a date' })).toEqual({ cams: false, camads: false });
  });

  it('tells whether any webcam content may show', () => {
    expect(anyWebcamContent({ cams: false, camads: true })).toBe(true);
    expect(anyWebcamContent({ cams: false, camads: false })).toBe(false);
  });
});

describe('mixWebcamCards (SPEC §9)', () => {
  it('puts a cam card after the 2nd and an ad after the 6th profile of each block of 12', () => {
    expect(layout(mixWebcamCards(profiles(0, 12), ['x'], both))).toBe('0 1 Cx 2 3 4 5 A 6 7 8 9 10 11');
  });

  it('continues the blocks over the whole list, so page 2 gets its own cam and ad', () => {
    const items = mixWebcamCards(profiles(0, 24), ['x', 'y', 'z'], both);
    expect(layout(items)).toBe('0 1 Cx 2 3 4 5 A 6 7 8 9 10 11 12 13 Cy 14 15 16 17 A 18 19 20 21 22 23');
    // A page of 12 appended keeps the first page's cards where they were.
    const firstPage = mixWebcamCards(profiles(0, 12), ['x', 'y', 'z'], both);
    expect(items.slice(0, firstPage.length)).toEqual(firstPage);
  });

  it('gives a short last block the slots it reaches', () => {
    expect(layout(mixWebcamCards(profiles(0, 14), ['x', 'y'], both))).toBe('0 1 Cx 2 3 4 5 A 6 7 8 9 10 11 12 13 Cy');
    expect(layout(mixWebcamCards(profiles(0, 1), ['x'], both))).toBe('0');
    expect(layout(mixWebcamCards([], ['x'], both))).toBe('');
  });

  it('leaves a block without an available cam without a cam card, and never repeats a cam', () => {
    const items = mixWebcamCards(profiles(0, 36), ['x'], both);
    expect(items.filter((i) => i.kind === 'cam')).toEqual([{ kind: 'cam', cam: 'x' }]);
    expect(items.filter((i) => i.kind === 'ad')).toHaveLength(3);
    expect(layout(mixWebcamCards(profiles(0, 12), [], both))).toBe('0 1 2 3 4 5 A 6 7 8 9 10 11');
  });

  it('shows only ads with camads alone, only cams with cams alone, nothing without either', () => {
    expect(layout(mixWebcamCards(profiles(0, 12), ['x'], { cams: false, camads: true }))).toBe(
      '0 1 2 3 4 5 A 6 7 8 9 10 11',
    );
    expect(layout(mixWebcamCards(profiles(0, 12), ['x'], { cams: true, camads: false }))).toBe(
      '0 1 Cx 2 3 4 5 6 7 8 9 10 11',
    );
    expect(layout(mixWebcamCards(profiles(0, 12), ['x'], { cams: false, camads: false }))).toBe(
      '0 1 2 3 4 5 6 7 8 9 10 11',
    );
  });
});
