# syntax=docker/dockerfile:1
# The gateway's image holds the release bundle (`npm run release`: compiled code, production
# node_modules, migrations, its own Node runtime) on a plain Debian, run by a non-root user. Two ways
# to the same image:
#   docker build -t marketplace-gateway .                       builds the bundle here (needs the npm registry)
#   npm run release && docker build --network=none --target offline \
#     --build-arg GATEWAY_VERSION=0.1.0 -t marketplace-gateway:0.1.0 .
#                                                               from a bundle built beforehand: no network
# The `offline` target and the stages it uses fetch nothing (a test reads this file to keep it so);
# their base image must be in the local image store (docker pull, or docker load on an air-gapped host).
# The gateway applies its committed SQL migrations itself at start (no Prisma engine needed).

# --- The bundle, built from source with the npm registry (default image only) ---
FROM node:24-trixie-slim AS bundle
WORKDIR /src
COPY package.json package-lock.json .nvmrc prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall generates the Prisma client into src/generated (offline, WebAssembly).
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json README.md .env.example ./
COPY src ./src
COPY bin ./bin
COPY docs ./docs
# The bundle's directory, unpacked: /src/release/gateway-<version>-linux-x64 -> /gateway.
RUN npm run release -- --keep-directory && mv release/gateway-*-linux-x64/ /gateway

# --- What both images share: Debian (glibc, libstdc++), a non-root user, writable places ---
FROM debian:trixie-slim AS base
# uid/gid 1000, as the former node-based image's user, so existing volumes stay readable.
RUN groupadd --gid 1000 gateway \
 && useradd --uid 1000 --gid gateway --no-create-home --home-dir /app --shell /usr/sbin/nologin gateway \
 && mkdir -p /app/keys && chown gateway:gateway /app/keys && chmod 700 /app/keys
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    GATEWAY_HEAP_MB=256 \
    PATH=/app/bin:/app/node/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
WORKDIR /app
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `gateway serve` migrates (MIGRATE_ON_START=true by default), then serves, with the JavaScript heap
# capped at GATEWAY_HEAP_MB (docs/operations.md "Memory"); it execs node, so node receives SIGTERM
# and drains in-flight requests. CLI commands: `docker compose exec gateway gateway <command>`.
CMD ["gateway", "serve"]

# --- From a bundle built beforehand, with no network: docker build --network=none --target offline ---
FROM scratch AS offline-bundle
ARG GATEWAY_VERSION=0.1.0
# ADD unpacks a local tar.gz; nothing is downloaded.
ADD release/gateway-${GATEWAY_VERSION}-linux-x64.tar.gz /

FROM base AS offline
ARG GATEWAY_VERSION=0.1.0
COPY --from=offline-bundle --chown=root:root /gateway-${GATEWAY_VERSION}-linux-x64/ /app/
USER gateway

# --- The default image: the bundle built above ---
FROM base AS runtime
COPY --from=bundle --chown=root:root /gateway/ /app/
USER gateway
