# syntax=docker/dockerfile:1
# Multi-stage image: build with dev dependencies, run with production ones as a non-root user.
# The gateway applies its committed SQL migrations itself at start (no Prisma engine needed).

FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall generates the Prisma client into src/generated (offline, WebAssembly).
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:24-trixie-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY bin ./bin
# The audit signing key's volume (docker-compose.yml): a new named volume takes this owner and mode.
RUN mkdir -p /app/keys && chown node:node /app/keys && chmod 700 /app/keys
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrates (MIGRATE_ON_START=true by default), then serves; SIGTERM drains in-flight requests.
# The JavaScript heap is capped (GATEWAY_HEAP_MB, default 256) so a replica stays under 400 MB RSS
# with the default caches (README "Memory"); `exec` keeps node as PID 1, so it receives SIGTERM.
# Only the server gets the cap: CLI commands run in the container (imports) keep Node's default.
ENV GATEWAY_HEAP_MB=256
# `:-256` also covers an empty value (`-e GATEWAY_HEAP_MB=`), which node would take as no cap.
CMD ["sh", "-c", "exec node --max-old-space-size=\"${GATEWAY_HEAP_MB:-256}\" dist/main.js"]
