import { afterEach, describe, expect, it } from 'vitest';
import {
  $likes,
  $likesLeft,
  $likesLoad,
  $totalNewLikes,
  likeProfile,
  likesCounts,
  likesOfTab,
  likesTabOf,
  loadLikes,
  markSeen,
  matchedLikes,
  receivedLikes,
  resetLikes,
  sentLikes,
  unlikeProfile,
  withLike,
  withoutLike,
  withSeen,
} from '#src/stores/likes.ts';
import { likesView } from '#src/features/likes/likes-view.ts';
import { scriptedApi } from '../fixtures/members.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { DAILY_LIMIT_MESSAGE, dailyLimitAnswer, likesData } from './likes-fixtures.ts';
import type { ApiClient } from '#src/client/api.ts';
import { testEnvironment } from './test-environment.ts';

const ids = (cards: { id: string }[]) => cards.map((card) => card.id);

afterEach(() => {
  resetLikes();
});

describe('likes lists', () => {
  it('received likes keep the server order (new first); sent likes are newest first', () => {
    const data = likesData();
    expect(ids(receivedLikes(data))).toEqual(['anna', 'bea']);
    expect(ids(sentLikes(data))).toEqual(['bea', 'cleo']);
  });

  it('matches are the profiles both liked', () => {
    expect(ids(matchedLikes(likesData()))).toEqual(['bea']);
    expect(likesCounts(likesData())).toEqual({ received: 2, sent: 2, matches: 1 });
    expect(ids(likesOfTab(likesData(), 'matches'))).toEqual(['bea']);
  });

  it('reads the tab from the path; /likes and unknown types are the received likes', () => {
    expect(likesTabOf(null)).toBe('received');
    expect(likesTabOf('sent')).toBe('sent');
    expect(likesTabOf('matches')).toBe('matches');
    expect(likesTabOf('nonsense')).toBe('received');
  });
});

describe('local updates', () => {
  it('a like puts the card first in the sent likes and marks its received card', () => {
    const anna = profileCard({ id: 'anna', name: 'Anna', liked_by_profile: true, did_like_profile: true });
    const data = withLike(likesData(), anna, 2);
    expect(ids(data.profiles)).toEqual(['anna', 'bea', 'cleo']);
    expect(data.liked_by.find((card) => card.id === 'anna')?.did_like_profile).toBe(true);
    expect(ids(matchedLikes(data))).toEqual(['anna', 'bea']);
    expect(data.likes_left).toBe(2);
  });

  it('liking again moves the card to the front without a duplicate', () => {
    const cleo = profileCard({ id: 'cleo', name: 'Cleo', did_like_profile: true });
    expect(ids(withLike(likesData(), cleo, 3).profiles)).toEqual(['cleo', 'bea']);
  });

  it('an unlike takes the card out of the sent likes and ends the match', () => {
    const data = withoutLike(likesData(), 'bea', 3);
    expect(ids(data.profiles)).toEqual(['cleo']);
    expect(data.liked_by.find((card) => card.id === 'bea')?.did_like_profile).toBe(false);
    expect(matchedLikes(data)).toEqual([]);
  });

  it('seeing a profile clears its new like and lowers the count once', () => {
    const seen = withSeen(likesData(), 'anna');
    expect(seen.liked_by[0]?.like_new).toBe(false);
    expect(seen.total_new_likes).toBe(0);
    expect(withSeen(seen, 'anna')).toBe(seen);
    expect(withSeen(likesData(), 'cleo').total_new_likes).toBe(1);
  });
});

describe('likes page view', () => {
  it('opens the match modal of /likes/m/{id} on the matches tab', () => {
    expect(likesView(likesData(), null, 'bea')).toMatchObject({ tab: 'matches', match: { id: 'bea' } });
  });

  it('highlights a member who likes me but is no match on the received tab', () => {
    expect(likesView(likesData(), null, 'anna')).toEqual({ tab: 'received', match: null, highlight: 'anna' });
  });

  it('shows the matches tab for anyone else', () => {
    expect(likesView(likesData(), null, 'cleo')).toEqual({ tab: 'matches', match: null, highlight: null });
    expect(likesView(likesData(), 'sent', null)).toEqual({ tab: 'sent', match: null, highlight: null });
  });
});

describe('likes store', () => {
  it('loads once for concurrent calls and feeds the new-likes count', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: likesData() }));
    testEnvironment({ api });
    expect($totalNewLikes.get()).toBe(0);
    expect($likesLeft.get()).toBeNull();
    await Promise.all([loadLikes(), loadLikes()]);
    expect(requests).toEqual([{ method: 'GET', path: '/api/likes.php', body: undefined }]);
    expect($totalNewLikes.get()).toBe(1);
    expect($likesLeft.get()).toBe(3);
    expect($likesLoad.get()).toEqual({ status: 'ready' });
  });

  it('keeps the failure of a load', async () => {
    const { api } = scriptedApi(() => ({ status: 500, body: { error: { code: 'internal', message: 'Oops' } } }));
    testEnvironment({ api });
    await loadLikes();
    expect($likes.get()).toBeNull();
    expect($likesLoad.get()).toEqual({ status: 'error', message: 'Oops' });
  });

  it('likes: the answer says whether it is a match and updates the lists', async () => {
    const anna = profileCard({ id: 'anna', name: 'Anna', liked_by_profile: true, did_like_profile: true });
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'POST'
        ? { status: 200, body: { match: true, likes_left: 2, profile: anna } }
        : { status: 200, body: likesData() },
    );
    testEnvironment({ api });
    await loadLikes();
    const answer = await likeProfile('anna');
    expect(answer.match).toBe(true);
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/like.php', body: { profile: 'anna' } });
    expect(ids(matchedLikes($likes.get()!))).toEqual(['anna', 'bea']);
    expect($likesLeft.get()).toBe(2);
  });

  it('unlikes with DELETE like.php', async () => {
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'DELETE' ? { status: 200, body: { ok: true, likes_left: 3 } } : { status: 200, body: likesData() },
    );
    testEnvironment({ api });
    await loadLikes();
    await unlikeProfile('cleo');
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/like.php', body: { profile: 'cleo' } });
    expect(ids(sentLikes($likes.get()!))).toEqual(['bea']);
  });

  it("over the daily limit throws the server's message and reloads for the countdown", async () => {
    let limited = false;
    const { api, requests } = scriptedApi(({ method }) => {
      if (method === 'POST') {
        limited = true;
        return dailyLimitAnswer;
      }
      return {
        status: 200,
        body: limited ? likesData({ likes_left: 0, next_like_in_hours: 5 }) : likesData(),
      };
    });
    testEnvironment({ api });
    await loadLikes();
    await expect(likeProfile('anna')).rejects.toMatchObject({ code: 'daily_limit', message: DAILY_LIMIT_MESSAGE });
    await loadLikes();
    expect($likes.get()).toMatchObject({ likes_left: 0, next_like_in_hours: 5 });
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('a load overtaken by a like is asked again, so the like is not undone', async () => {
    let likes = likesData();
    const cleo = profileCard({ id: 'cleo', name: 'Cleo' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const requests: string[] = [];
    const api = {
      call: async (endpoint: { method: string; path: string }) => {
        requests.push(`${endpoint.method} ${endpoint.path}`);
        if (endpoint.method === 'DELETE') {
          likes = { ...likes, profiles: likes.profiles.filter((card) => card.id !== 'cleo') };
          return { ok: true, likes_left: 3 };
        }
        const answer = likes;
        if (requests.length === 1) await gate;
        return answer;
      },
    } as unknown as ApiClient;
    testEnvironment({ api });
    $likes.set(likesData());
    const loading = loadLikes();
    await unlikeProfile(cleo.id);
    release();
    await loading;
    expect(ids(sentLikes($likes.get()!))).toEqual(['bea']);
    expect(requests).toEqual(['GET /api/likes.php', 'DELETE /api/like.php', 'GET /api/likes.php']);
  });

  it('a load under way when the server says the likes changed is asked again', async () => {
    let likes = likesData();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const api = {
      call: async () => {
        requests += 1;
        const answer = likes;
        if (requests === 1) await gate;
        return answer;
      },
    } as unknown as ApiClient;
    testEnvironment({ api });
    const loading = loadLikes();
    // Someone liked the member after the first load was read; the channel says so.
    likes = { ...likes, total_new_likes: likes.total_new_likes + 1 };
    void loadLikes({ fresh: true });
    release();
    await loading;
    expect($totalNewLikes.get()).toBe(likes.total_new_likes);
    expect(requests).toBe(2);
  });

  it('marks a profile seen only when loaded', () => {
    markSeen('anna');
    expect($likes.get()).toBeNull();
    $likes.set(likesData());
    markSeen('anna');
    expect($totalNewLikes.get()).toBe(0);
  });
});
