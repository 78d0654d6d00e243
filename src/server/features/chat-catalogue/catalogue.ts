/**
 * The gift and icebreaker catalogues of the chat (SPEC §1 'Chat', §2.7 'Chats overview and
 * conversation'). Both are fixed lists in code: a gift is a key with its drawn image (served
 * by GIFT_IMAGE_PATH) and costs the site's gift_credits; an icebreaker is a pickup line with
 * its own price, offered while a conversation has no messages. Names and lines are texts of
 * the `chat_catalogue` namespace, so a message stores only the key and every reader sees it
 * in their own language.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatGift, ChatIcebreaker } from '#src/contract/chat.ts';
import { GIFT_IMAGE_PATH } from '#src/contract/chat-catalogue.ts';
import { translator } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';

/** The gifts, in the order the gift picker shows them. */
export const GIFT_KEYS = [
  'rose',
  'heart',
  'kiss',
  'chocolates',
  'champagne',
  'cocktail',
  'coffee',
  'cake',
  'teddy',
  'bouquet',
  'star',
  'ring',
] as const;
export type GiftKey = (typeof GIFT_KEYS)[number];

/**
 * The icebreakers with their prices in credits, in the order they are offered. A pickup line
 * costs less than a text message at the default message_credits (10): a plain opener 5, a
 * witty one 8. The prices are the same on every site.
 */
export const ICEBREAKERS = {
  honest: 5,
  smile: 5,
  coffee: 5,
  first_date: 5,
  magnet: 5,
  wifi: 8,
  map: 8,
  stars: 8,
  dessert: 8,
  dance: 8,
} as const satisfies Record<string, number>;
export type IcebreakerKey = keyof typeof ICEBREAKERS;

const ICEBREAKER_KEYS = Object.keys(ICEBREAKERS) as IcebreakerKey[];

function isGiftKey(key: string): key is GiftKey {
  return (GIFT_KEYS as readonly string[]).includes(key);
}

function isIcebreakerKey(key: string): key is IcebreakerKey {
  return Object.hasOwn(ICEBREAKERS, key);
}

/** The URL of a gift's image, relative to the page's host (the API serves it). */
export function giftImageUrl(key: GiftKey): string {
  return `${GIFT_IMAGE_PATH}?key=${key}`;
}

/** A gift of the catalogue by its key, with its image URL; null for an unknown key. */
export function giftByKey(key: string): { key: GiftKey; image: string } | null {
  return isGiftKey(key) ? { key, image: giftImageUrl(key) } : null;
}

/** A gift as a message or the picker shows it: name in the locale, priced at gift_credits. */
export function giftDto(key: GiftKey, locale: Locale, giftCredits: number): ChatGift {
  return {
    key,
    name: translator(locale)(`chat_catalogue.gifts.${key}`),
    image: giftImageUrl(key),
    credits: giftCredits,
  };
}

/** The whole gift catalogue in the locale, each at the site's gift_credits. */
export function listGifts(locale: Locale, giftCredits: number): ChatGift[] {
  return GIFT_KEYS.map((key) => giftDto(key, locale, giftCredits));
}

/** An icebreaker by its key with its price; null for an unknown key. */
export function icebreakerByKey(key: string): { key: IcebreakerKey; credits: number } | null {
  return isIcebreakerKey(key) ? { key, credits: ICEBREAKERS[key] } : null;
}

/** The pickup line of an icebreaker in the locale ('' for an unknown key). */
export function icebreakerText(key: string, locale: Locale): string {
  return isIcebreakerKey(key) ? translator(locale)(`chat_catalogue.icebreakers.${key}`) : '';
}

/** Every icebreaker with its line in the locale and its price. */
export function listIcebreakers(locale: Locale): ChatIcebreaker[] {
  return ICEBREAKER_KEYS.map((key) => ({ key, text: icebreakerText(key, locale), credits: ICEBREAKERS[key] }));
}

const GIFT_DIR = join(import.meta.dirname, 'gifts');
const svgs = new Map<GiftKey, Promise<string>>();

/** A gift's picture (SVG text, read once from gifts/<key>.svg); null for an unknown key. */
export function giftSvg(key: string): Promise<string | null> {
  if (!isGiftKey(key)) return Promise.resolve(null);
  let svg = svgs.get(key);
  if (!svg) {
    svg = readFile(join(GIFT_DIR, `${key}.svg`), 'utf8');
    svgs.set(key, svg);
  }
  return svg;
}
