/**
 * The one way to take a multipart upload (a photo) on an endpoint of the contract. route()
 * reads JSON bodies, so an upload is bound here with the same rules: the endpoint's roles and
 * the `X-Request-Type: client` header (CSRF proof a browser form cannot give) are checked
 * before the body is read, a declared or streamed body past the file limit stops there, and
 * every step's failure passes route()'s check that the endpoint declares its code.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Endpoint } from '#src/contract/define.ts';
import { acceptMultipart } from '#src/server/http/body-limit.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { notClientRequest } from '#src/server/http/csrf.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { checkDeclared, checkRoles } from '#src/server/http/route.ts';

/** Room for the multipart boundaries and the other fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface MultipartOptions {
  /** The largest file, in bytes. */
  maxFileBytes: number;
  /** The failure of a file past maxFileBytes (or a body past it and the overhead). */
  tooLarge: () => HttpError;
  /** The failure of a request without the file (not multipart, unreadable, empty). */
  missing: () => HttpError;
  /** Turns a failure into an answer of its own (the chat's `blocked`), or null. */
  answer?: (c: Context<AppEnv>, error: unknown) => Response | null;
  /** Who may call, checked before the body is read; by default the endpoint's member roles (checkRoles). */
  check?: (c: Context<AppEnv>) => unknown;
}

/** A file of the form, checked for presence and declared size; its bytes are read on demand. */
export interface UploadedFile {
  bytes(): Promise<Uint8Array>;
}

/** The form of one request, parsed once on first use. */
export interface MultipartForm {
  /** A field's value as sent (validate it). */
  field(name: string): Promise<unknown>;
  /** The file in `name`: `missing` without one, `tooLarge` past the limit. */
  file(name: string): Promise<UploadedFile>;
}

/** POST `endpoint.path` as a multipart upload answered by `handle`. */
export function multipartRoute(
  app: Hono<AppEnv>,
  endpoint: Endpoint,
  options: MultipartOptions,
  handle: (c: Context<AppEnv>, form: MultipartForm) => Promise<Response>,
): void {
  const checked = async <T>(c: Context<AppEnv>, run: () => T | Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      checkDeclared(c, endpoint, error);
      throw error;
    }
  };
  const maxBodyBytes = options.maxFileBytes + MULTIPART_OVERHEAD;
  // Past the API's JSON limit only here, and only for this path (http/body-limit.ts).
  acceptMultipart(endpoint.path);
  app.post(
    endpoint.path,
    // Checked before the body is read: a declared or streamed body past the limit stops here.
    async (c, next) => {
      await checked(c, async () => {
        await (options.check ?? ((context) => checkRoles(context, endpoint)))(c);
        if (c.req.header('x-request-type') !== 'client') throw notClientRequest();
        const declared = Number(c.req.header('content-length'));
        if (Number.isFinite(declared) && declared > maxBodyBytes) throw options.tooLarge();
      });
      await next();
    },
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw options.tooLarge();
      },
    }),
    async (c) =>
      checked(c, async () => {
        try {
          return await handle(c, formOf(c, options));
        } catch (error) {
          const answer = options.answer?.(c, error);
          if (answer) return answer;
          throw error;
        }
      }),
  );
}

function formOf(c: Context<AppEnv>, options: MultipartOptions): MultipartForm {
  let parsed: Promise<Record<string, unknown>> | undefined;
  const read = async (): Promise<Record<string, unknown>> => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw options.missing();
    try {
      return await c.req.parseBody();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw options.missing();
    }
  };
  const form = () => (parsed ??= read());
  return {
    field: async (name) => (await form())[name],
    file: async (name) => {
      const file = (await form())[name];
      if (!(file instanceof File) || file.size === 0) throw options.missing();
      if (file.size > options.maxFileBytes) throw options.tooLarge();
      return {
        bytes: async () => {
          const bytes = new Uint8Array(await file.arrayBuffer());
          if (bytes.byteLength > options.maxFileBytes) throw options.tooLarge();
          return bytes;
        },
      };
    },
  };
}
