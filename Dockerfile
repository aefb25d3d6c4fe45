# syntax=docker/dockerfile:1
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: compile the native SQLite binding and install production dependencies ---
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: no compilers, non-root, data on a volume ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATABASE_PATH=/data/hermes.sqlite \
    HERMES_CONFIG_DIR=/app/config \
    HTTP_HOST=0.0.0.0 \
    HTTP_PORT=8080 \
    LOG_FORMAT=json \
    MALLOC_ARENA_MAX=1
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY config ./config
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HTTP_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# V8 grows its heap lazily far past what Hermes keeps alive; the heap flags cap it. Compiling
# fetch's WebAssembly HTTP parser with TurboFan takes ~25 MB for a moment (--liftoff-only keeps
# its baseline code, as fast for the few requests Hermes makes), and glibc's per-thread arenas
# kept ~25 MB that V8's helper threads had freed (one arena: MALLOC_ARENA_MAX above). Together
# they hold the resident set near 127 MB under a 1,000-mail backlog and under 150 MB on a
# 10,000-mail one (docs/benchmarks.md). scripts/bench-loop.ts reads this line and the ENV above.
CMD ["node", "--optimize-for-size", "--max-semi-space-size=2", "--max-old-space-size=128", "--liftoff-only", "dist/src/cli.js", "serve"]
