/**
 * The load balancer of the topology rehearsal (scripts/rehearsal.ts), standing in for
 * compose.yaml's Caddy: an HTTP reverse proxy on loopback that sends each request to the next
 * of its upstreams in turn (round robin, per request, whatever connection it came on). It
 * keeps the Host header (the API serves each site by its host name), appends the client to
 * `X-Forwarded-For` (the APIs run with TRUST_PROXY=1 behind it), passes bodies and event
 * streams through unbuffered, and names the upstream that answered in `X-Upstream`, so a
 * browser can tell which host served it. It does not retry: nothing is killed in the rehearsal.
 */
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';

export interface Upstream {
  /** Its name in `X-Upstream` and in `answered`. */
  name: string;
  port: number;
}

export interface Balancer {
  port: number;
  /** Requests answered per upstream name. */
  answered: Map<string, number>;
  close(): Promise<void>;
}

/** Headers that describe one connection, not the message: never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
}

export async function startBalancer(upstreams: readonly Upstream[], port = 0): Promise<Balancer> {
  const first = upstreams[0];
  if (!first) throw new Error('the balancer needs at least one upstream');
  const agent = new Agent({ keepAlive: true });
  const answered = new Map(upstreams.map((upstream) => [upstream.name, 0]));
  let turn = 0;

  const server = createServer((incoming, outgoing) => {
    const upstream = upstreams[turn % upstreams.length] ?? first;
    turn += 1;
    const client = incoming.socket.remoteAddress ?? '127.0.0.1';
    const forwardedFor = incoming.headers['x-forwarded-for'];
    const headers = {
      ...withoutHopByHop(incoming.headers),
      'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client,
      'x-forwarded-proto': 'http',
    };
    const forward = request(
      { host: '127.0.0.1', port: upstream.port, method: incoming.method, path: incoming.url, headers, agent },
      (answer) => {
        answered.set(upstream.name, (answered.get(upstream.name) ?? 0) + 1);
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...withoutHopByHop(answer.headers),
          'x-upstream': upstream.name,
        });
        outgoing.flushHeaders();
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': upstream.name }).end('bad gateway');
    });
    // The browser went away (a closed event stream, a cancelled fetch): so does the upstream request.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) forward.destroy();
    });
    incoming.pipe(forward);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          agent.destroy();
          resolve();
        });
      }),
  };
}
