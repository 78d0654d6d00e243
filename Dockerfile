# The API (and, optionally, the static roots) in production, on the same Node major as
# development, tests and CI: Node.js 24 LTS (docs/decisions.md 'Runtime').
# docker build -t flirt-network . && docker run -e DATABASE_URL=… -e SMTP_URL=… -e TRUST_PROXY=1 -p 4321:4321 flirt-network
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
USER node
EXPOSE 4321
# Migrations run on start; reference data once per new database: npm run seed -- --reference-only
CMD ["node", "--import", "tsx", "scripts/serve.ts"]
