/**
 * The body limit against multipart (docs/security.md, the hardening round's finding
 * "Multipart bodies bypassed the body limit"): a multipart POST to an endpoint that takes no
 * upload answers 413 as soon as its declared or streamed size passes the JSON limit, over a
 * real socket too (the rest of a 100 MB body is never read); the upload endpoints keep their
 * own limit.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '#src/server/http/body-limit.ts';
import { PHOTO_MAX_BYTES } from '#src/contract/photos.ts';
import { createTestMember, createTestApp, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let session: string;
let server: Server;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  session = await t.login((await createTestMember(t)).accountId);
  const listener = getRequestListener(t.app.fetch);
  server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const BOUNDARY = 'limit-test';
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

/** A multipart body of `total` bytes streamed in 16 KB chunks without Content-Length; `sent()` says how far it got. */
function streamedMultipart(total: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x41);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        const head = new TextEncoder().encode(PART_HEAD);
        sent += head.byteLength;
        controller.enqueue(head);
        return;
      }
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, sent: () => sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    body,
    headers: {
      host: 'default.localhost',
      cookie: `auth.session=${session}`,
      'x-request-type': 'client',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...headers,
    },
    duplex: 'half',
  } as RequestInit);
}

describe('multipart bodies on endpoints without uploads', () => {
  it('answer 413 on a declared size past the limit, without reading the body', async () => {
    for (const path of ['/api/complaint.php', '/api/chat.php', '/api/user.php']) {
      const { body, sent } = streamedMultipart(2 * 1024 * 1024);
      const response = await post(path, body, { 'content-length': String(100 * 1024 * 1024) });
      expect(response.status, path).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
      expect(sent(), path).toBeLessThan(64 * 1024);
    }
  });

  it('answer 413 once a streamed body (no Content-Length) passes the limit', async () => {
    const { body, sent } = streamedMultipart(100 * 1024 * 1024);
    const response = await post('/api/complaint.php', body);
    expect(response.status).toBe(413);
    expect(sent()).toBeLessThan(JSON_BODY_MAX_BYTES + 128 * 1024);
  });

  it('over a socket: 413 and the connection closes, the rest of a 100 MB body unread', async () => {
    const declared = 100 * 1024 * 1024;
    let written = 0;
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/complaint.php',
        headers: {
          host: 'default.localhost',
          cookie: `auth.session=${session}`,
          'x-request-type': 'client',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(declared),
        },
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      });
      outgoing.on('error', reject);
      outgoing.write(PART_HEAD);
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (written < declared && !outgoing.destroyed) {
          written += chunk.byteLength;
          if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
        }
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(written).toBeLessThan(declared / 4);
  });

  it('JSON and other types past the limit answer 413 too, declared or streamed', async () => {
    const { body, sent } = streamedMultipart(1024 * 1024);
    const streamed = await post('/api/complaint.php', body, { 'content-type': 'application/octet-stream' });
    expect(streamed.status).toBe(413);
    expect(sent()).toBeLessThan(1024 * 1024);
  });
});

describe('the upload endpoints', () => {
  it('take a multipart body past the JSON limit and stop at their own limit while it streams', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(200 * 1024)], { type: 'image/jpeg' }), 'big.jpg');
    const within = await t.app.request('/api/photos.php', {
      method: 'POST',
      body: form,
      headers: { host: 'default.localhost', cookie: `auth.session=${session}`, 'x-request-type': 'client' },
    });
    expect(within.status).not.toBe(413);
    expect(within.status).toBeLessThan(500);

    const { body, sent } = streamedMultipart(4 * PHOTO_MAX_BYTES);
    const over = await post('/api/photos.php', body);
    expect(over.status).toBe(413);
    expect(sent()).toBeLessThan(2 * PHOTO_MAX_BYTES);
  });
});
