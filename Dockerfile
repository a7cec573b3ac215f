# docsync: sync daemon, one-shot CLI and API emulator in one image. The default command is the daemon.
# Build: docker build -t docsync .
# Run as the owner of the mounted repository (docsync writes .docsync/ in it: state, hash cache,
# bundles), with Redis at REDIS_URL (no docsync.yaml setting needed):
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/repo" -w /repo \
#     -e GITBOOK_TOKEN -e REDIS_URL=redis://redis:6379 \
#     -p 9464:9464 -p 8787:8787 -e DOCSYNC_ARTIFACTS_PUBLIC_URL=https://bundles.example.com docsync   (daemon)
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/repo" -w /repo -e GITBOOK_TOKEN docsync sync --once
# With artifacts.store: http (the default) the bundle server listens on 0.0.0.0:8787 in the
# container; publish that port and set DOCSYNC_ARTIFACTS_PUBLIC_URL (or artifacts.publicUrl) to the
# address the API fetches bundles from. With Redis beside it: compose.yaml.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The lockfile's override points msgpackr-extract at vendor/ (no native build).
COPY vendor ./vendor
# prepare (tsc) needs the sources, so install without scripts first and build explicitly.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
# Everything tsconfig.build.json includes: src, workers (the job processors), bench and scripts
# (the build's bundling step).
COPY src ./src
COPY workers ./workers
COPY bench ./bench
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20.20-bookworm-slim
# git: ref sources (HEAD, tags, branches) and commit subjects; tini: PID 1 that forwards SIGTERM.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates tini \
  && rm -rf /var/lib/apt/lists/* \
  # The docs repo is a mounted volume, usually owned by another uid than the container user; without
  # this git refuses it ("detected dubious ownership").
  && git config --system --add safe.directory '*'
WORKDIR /app
# Fewer glibc malloc arenas for the deflate worker threads: a lower peak RSS (BENCHMARKS.md).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# node_modules/msgpackr-extract is a link into vendor/.
COPY --from=build /app/vendor ./vendor
COPY --from=build /app/dist ./dist
COPY config ./config
COPY examples ./examples
RUN ln -s /app/dist/bin/docsync.js /usr/local/bin/docsync && chmod +x /app/dist/bin/docsync.js \
  # Any uid may run the image (--user "$(id -u):$(id -g)", a CI runner's uid): HOME and caches are
  # a folder every user can write, not the home of the image's own user.
  && mkdir -p /home/docsync && chmod 1777 /home/docsync
ENV HOME=/home/docsync XDG_CACHE_HOME=/home/docsync/.cache
# The bundle server on every interface of the container, on a fixed port to publish (a loopback
# address is unreachable from outside it); docsync.yaml's artifacts.listen is overridden by this.
ENV DOCSYNC_ARTIFACTS_LISTEN=0.0.0.0:8787
USER node
# Bundle server (artifacts.store: http) and operators' endpoint (/healthz, /readyz, /metrics).
EXPOSE 8787 9464
ENTRYPOINT ["/usr/bin/tini", "--", "docsync"]
# The operators' endpoint on every interface too, so a published 9464 reaches it.
CMD ["daemon", "--http", "0.0.0.0:9464"]
