# The API (and, optionally, the static roots) in production, on the same Node major as
# development, tests and CI: Node.js 24 LTS (docs/decisions.md 'Runtime').
# docker build -t flirt-network . && docker run -e DATABASE_URL=… -e SMTP_URL=… -e TRUST_PROXY=1 -p 4321:4321 flirt-network
# The production layout with a proxy, two of these, PostgreSQL, Redis and S3 storage: compose.yaml.
# (production refuses to start without SMTP_URL and TRUST_PROXY: docs/operations.md)
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4321 HOST=0.0.0.0
COPY --from=build /app /app
# DATA_DIR (data/): the mail outbox without SMTP, and the photos with STORAGE=local; written
# by the unprivileged user. With STORAGE=local mount a volume here, or the photos go with the container.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# 4321: the API and the sites; 9464: Prometheus metrics when METRICS_PORT is set (keep it private).
EXPOSE 4321 9464
# Alive, not ready: a database outage must not get the container restarted (docs/operations.md "Health endpoints").
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run on start; reference data once per new database: npm run seed -- --reference-only
CMD ["node", "--max-semi-space-size=16", "--import", "tsx", "scripts/serve.ts"]
