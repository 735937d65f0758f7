# syntax=docker/dockerfile:1
# The release as an image: the same steps as CI's release (docs/operations.md): npm ci, npm run build, npm prune
# --omit=dev. No container runtime runs on the project's CI machines, so CI builds and tests the release from those
# steps without Docker (server/test/cluster.ts); this file adds only the image around them.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
# The workspace links in node_modules/@app point at these folders; the server reads its migrations from its own.
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/web/package.json web/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/src/db/migrations server/src/db/migrations
USER node
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the proxy or orchestrator to route by, not to restart by.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the container's process, not npm: SIGTERM reaches the app, which drains (docs/contract.md section 5).
CMD ["node", "server/dist/main.js"]
