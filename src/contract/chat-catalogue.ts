/**
 * The image files of the chat catalogues (the lists themselves are getGifts and getGifs in
 * chat.ts): a gift's drawn picture and a bundled GIF of the offline GIF search. Both are
 * the same for everyone (no member data), so they need no login and may be cached.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define.ts';

/** GET GIFT_IMAGE_PATH?key=<gift key>: the gift's picture (image/svg+xml). */
export const GIFT_IMAGE_PATH = '/api/gift-image.php';

export const getGiftImage = defineEndpoint({
  method: 'GET',
  path: GIFT_IMAGE_PATH,
  query: z.looseObject({ key: z.string().check(z.minLength(1), z.maxLength(40)) }),
  response: z.never(),
  errors: ['not_found'],
  roles: 'public',
});

/** GET GIF_FILE_PATH?id=<gif id>&v=full|preview: a bundled GIF (image/gif). */
export const GIF_FILE_PATH = '/api/gif-file.php';

/** The two sizes of a bundled GIF: the message's and the search grid's. */
export const GIF_VARIANTS = ['full', 'preview'] as const;
export type GifVariant = (typeof GIF_VARIANTS)[number];

export const getGifFile = defineEndpoint({
  method: 'GET',
  path: GIF_FILE_PATH,
  query: z.looseObject({
    id: z.string().check(z.minLength(1), z.maxLength(80)),
    v: z._default(z.enum(GIF_VARIANTS), 'full'),
  }),
  response: z.never(),
  errors: ['not_found'],
  roles: 'public',
});
