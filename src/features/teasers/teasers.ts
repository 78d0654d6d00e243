/**
 * Public profile teasers on static pages, without a framework (the home page and the profile
 * landers ship no React): fills
 * - every `[data-teaser-list]` (attribute `data-gender`) from GET /api/teasers.php, one clone
 *   of its `<template>` per profile; the list stays hidden when nothing comes back;
 * - every `[data-teaser-profile]` from GET /api/teaser.php?id=<the {id} of /members/{id}/…>,
 *   showing `[data-teaser-missing]` instead when the profile is not public (`profile: null`)
 *   or the call fails.
 * A card shows the thumb of the public main photo or the no-photo placeholder, name, age,
 * city, and for a chat pal the fictional warning (marked `[data-fictional]`).
 */
import type { Teaser } from '#src/contract/profile.ts';

const FIELD = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-field="${name}"]`);

/** Fills one card or profile block from a teaser. */
export function fillTeaser(root: HTMLElement, teaser: Teaser): void {
  const name = FIELD(root, 'name');
  if (name) name.textContent = `${teaser.name}, ${teaser.age}`;
  for (const el of root.querySelectorAll<HTMLElement>('[data-field="first-name"]')) el.textContent = teaser.name;
  const city = FIELD(root, 'city');
  if (city) {
    city.textContent = teaser.city ?? '';
    city.hidden = !teaser.city;
  }
  const img = root.querySelector<HTMLImageElement>('img[data-field="image"]');
  const noPhoto = FIELD(root, 'no-photo');
  if (img) {
    if (teaser.image) {
      img.src = teaser.image;
      img.alt = (img.dataset['alt'] ?? '').replace('%name%', teaser.name);
    }
    img.hidden = !teaser.image;
  }
  if (noPhoto) noPhoto.hidden = Boolean(teaser.image);
  for (const el of root.querySelectorAll<HTMLElement>('[data-fictional]')) el.hidden = teaser.type !== 'fictional';
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-href]')) {
    link.href = (link.dataset['href'] ?? '').replace('%id%', encodeURIComponent(teaser.id));
  }
}

async function getJson<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (response.ok) return (await response.json()) as T;
  // An unread body keeps the request open: the page would never count as loaded.
  await response.body?.cancel().catch(() => undefined);
  return null;
}

/** Fills a teaser list; answers how many cards it shows. */
export async function loadTeaserList(list: HTMLElement, doc: Document = document): Promise<number> {
  const template = list.querySelector('template');
  const target = list.querySelector<HTMLElement>('[data-teaser-cards]');
  if (!template || !target) return 0;
  const query = new URLSearchParams({ gender: list.dataset['gender'] ?? 'female' });
  const answer = await getJson<{ profiles: Teaser[] }>(`/api/teasers.php?${query.toString()}`).catch(() => null);
  const profiles = answer?.profiles ?? [];
  for (const teaser of profiles.slice(0, Number(list.dataset['max'] ?? profiles.length))) {
    const card = doc.importNode(template.content, true);
    const element = card.firstElementChild;
    if (element instanceof HTMLElement) fillTeaser(element, teaser);
    target.append(card);
  }
  list.hidden = target.children.length === 0;
  return target.children.length;
}

/** The {id} of /members/{id}/… */
export function profileIdFromPath(pathname: string): string | null {
  const match = /^\/members\/([^/]+)\//.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Fills a profile lander's teaser; answers whether the profile was shown. */
export async function loadProfileTeaser(
  block: HTMLElement,
  pathname: string,
  doc: Document = document,
): Promise<boolean> {
  const id = profileIdFromPath(pathname);
  const answer = id
    ? await getJson<{ profile: Teaser | null }>(`/api/teaser.php?id=${encodeURIComponent(id)}`).catch(() => null)
    : null;
  const missing = doc.querySelector<HTMLElement>('[data-teaser-missing]');
  block.removeAttribute('aria-busy');
  if (!answer?.profile) {
    block.hidden = true;
    if (missing) missing.hidden = false;
    return false;
  }
  // The page's calls to action and headings name the profile too, so the whole page is filled.
  fillTeaser(doc.body, answer.profile);
  block.dataset['loaded'] = '';
  return true;
}

export function start(doc: Document = document): void {
  for (const list of doc.querySelectorAll<HTMLElement>('[data-teaser-list]')) void loadTeaserList(list, doc);
  for (const block of doc.querySelectorAll<HTMLElement>('[data-teaser-profile]'))
    void loadProfileTeaser(block, doc.location.pathname, doc);
}
