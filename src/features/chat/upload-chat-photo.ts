/**
 * Sends a photo message (POST /api/chat-photo.php, multipart: photo, conversation,
 * client_id) with the `X-Request-Type: client` header the server wants as CSRF proof. Error
 * answers become ApiErrors with the server's translated message; no answer at all becomes the
 * ApiError the API client uses for a lost connection (code 'network'). A 403
 * authentication_required answer is reported like every other call's (the session's rule).
 */
import { ApiError, ACCEPT } from '#src/client/api.ts';
import { CHAT_PHOTO_FIELDS, postChatPhoto, sentMessage } from '#src/contract/chat.ts';
import { errorBody } from '#src/contract/define.ts';
import type { z } from 'zod';

export type SentMessage = z.infer<typeof sentMessage>;
export type ChatPhotoUploader = (photo: Blob, conversation: string, clientId: string) => Promise<SentMessage>;

export function createChatPhotoUploader(options: {
  onAuthenticationRequired?: (path: string) => void;
  fetch?: typeof globalThis.fetch;
}): ChatPhotoUploader {
  return async (photo, conversation, clientId) => {
    const form = new FormData();
    form.append(CHAT_PHOTO_FIELDS.photo, photo);
    form.append(CHAT_PHOTO_FIELDS.conversation, conversation);
    form.append(CHAT_PHOTO_FIELDS.client_id, clientId);
    let response: Response;
    try {
      response = await (options.fetch ?? globalThis.fetch)(postChatPhoto.path, {
        method: postChatPhoto.method,
        body: form,
        credentials: 'same-origin',
        headers: { Accept: ACCEPT, 'X-Request-Type': 'client' },
      });
    } catch {
      throw new ApiError(0, 'network', 'network');
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = postChatPhoto.response.safeParse(body);
      if (parsed.success) return parsed.data;
      throw new ApiError(response.status, 'internal', '');
    }
    const error = errorBody.safeParse(body);
    if (!error.success) throw new ApiError(response.status, 'internal', '');
    const { code, message, field } = error.data.error;
    if (response.status === 403 && code === 'authentication_required')
      options.onAuthenticationRequired?.(postChatPhoto.path);
    throw new ApiError(response.status, code, message, field);
  };
}
