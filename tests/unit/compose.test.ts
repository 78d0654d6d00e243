/**
 * compose.yaml, the production layout (docs/operations.md "Compose: the production layout"),
 * checked by `docker compose config` (no engine needed) with the example settings of
 * deploy/compose.env.example: the services are there, each API container's environment is
 * one the server starts with in production (env.ts, productionProblems) on PostgreSQL, Redis
 * and the S3 bucket, only the proxy is published, and the proxy balances the two APIs on
 * /readyz. A missing secret stops `config` naming it. Skipped, saying so, without the Docker
 * CLI's compose command (`docker compose` or `docker-compose`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, productionProblems } from '#src/server/env.ts';

const ROOT = join(import.meta.dirname, '../..');

function composeCommand(): string[] | null {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const [bin = '', ...args] = command;
    if (spawnSync(bin, [...args, 'version'], { encoding: 'utf8' }).status === 0) return command;
  }
  return null;
}

const compose = composeCommand();
if (!compose) console.warn('compose.test: skipped, neither `docker compose` nor `docker-compose` is installed');

/** deploy/compose.env.example with every empty secret filled in. */
function exampleSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, 'deploy/compose.env.example'), 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match?.[1]) settings[match[1]] = match[2] || `secret-${match[1].toLowerCase()}-0123456789`;
  }
  return settings;
}

function config(settings: Record<string, string>) {
  const [bin = '', ...args] = compose ?? [];
  return spawnSync(bin, [...args, '-f', join(ROOT, 'compose.yaml'), 'config'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...settings },
  });
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  environment?: Record<string, string | null>;
  ports?: unknown[];
  volumes?: (string | { source: string; target: string })[];
}

describe.skipIf(!compose)('compose.yaml (docker compose config)', () => {
  it('lays out proxy, two APIs, PostgreSQL, Redis and the S3 store; the APIs start in production on them', () => {
    const result = config(exampleSettings());
    expect(result.stderr).not.toMatch(/error|invalid/i);
    expect(result.status).toBe(0);
    const { services } = parse(result.stdout) as { services: Record<string, Service> };
    expect(Object.keys(services).sort()).toEqual(
      ['api-1', 'api-2', 'migrate', 'minio', 'minio-init', 'postgres', 'proxy', 'redis'].sort(),
    );

    for (const name of ['api-1', 'api-2']) {
      const api = services[name];
      expect(api?.build?.context).toBe(ROOT);
      expect(existsSync(join(ROOT, api?.build?.dockerfile ?? 'Dockerfile'))).toBe(true);
      const env = Object.fromEntries(Object.entries(api?.environment ?? {}).map(([k, v]) => [k, v ?? '']));
      const server = loadConfig(env);
      expect(productionProblems(server)).toEqual([]);
      expect(server).toMatchObject({ production: true, redisUrl: 'redis://redis:6379', proxyHops: 1 });
      expect(new URL(server.databaseUrl ?? '').host).toBe('postgres:5432');
      expect(server.storage).toMatchObject({ kind: 's3', endpoint: 'http://minio:9000', forcePathStyle: true });
      // Nothing but the proxy faces the outside.
      expect(api?.ports).toBeUndefined();
    }
    for (const name of ['postgres', 'redis', 'minio']) expect(services[name]?.ports).toBeUndefined();
    expect(services['proxy']?.ports).toBeDefined();

    // The proxy's configuration file exists and balances both APIs on their readiness.
    const mounted = (services['proxy']?.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source));
    const caddyfile = mounted.find((source) => source?.endsWith('Caddyfile'));
    expect(caddyfile).toBeDefined();
    const proxy = readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8');
    expect(proxy).toContain('reverse_proxy api-1:4321 api-2:4321');
    expect(proxy).toContain('health_uri /readyz');
    // The photo bucket is private: photos only through the API's viewer checks.
    expect(readFileSync(join(ROOT, 'deploy/minio-init.sh'), 'utf8')).toContain('mc anonymous set none local/photos');
  });

  it('stops naming a secret that is not set', () => {
    const settings = exampleSettings();
    delete settings['POSTGRES_PASSWORD'];
    const result = config(settings);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('POSTGRES_PASSWORD');
  });
});
