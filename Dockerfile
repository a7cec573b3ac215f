# docsync: sync daemon, one-shot CLI and API emulator in one image. The default command is the daemon.
# Build: docker build -t docsync .
# Run:   docker run --rm -v "$PWD:/repo" -w /repo -e GITBOOK_TOKEN -e REDIS_URL docsync            (daemon)
#        docker run --rm -v "$PWD:/repo" -w /repo -e GITBOOK_TOKEN docsync sync --once             (one shot)
# With Redis beside it: compose.yaml.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The lockfile's override points msgpackr-extract at vendor/ (no native build).
COPY vendor ./vendor
# prepare (tsc) needs the sources, so install without scripts first and build explicitly.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
# Everything tsconfig.build.json includes: src, workers (the job processors) and bench.
COPY src ./src
COPY workers ./workers
COPY bench ./bench
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20.20-bookworm-slim
# git: ref sources (HEAD, tags, branches) and commit subjects; tini: PID 1 that forwards SIGTERM.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates tini \
  && rm -rf /var/lib/apt/lists/* \
  # The docs repo is a mounted volume, usually owned by another uid than the container user; without
  # this git refuses it ("detected dubious ownership").
  && git config --system --add safe.directory '*'
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# node_modules/msgpackr-extract is a link into vendor/.
COPY --from=build /app/vendor ./vendor
COPY --from=build /app/dist ./dist
COPY config ./config
COPY examples ./examples
RUN ln -s /app/dist/src/cli/main.js /usr/local/bin/docsync && chmod +x /app/dist/src/cli/main.js
USER node
# Bundle server (artifacts.listen) and operators' endpoint (http.listen) when configured to these ports.
EXPOSE 8787 9464
ENTRYPOINT ["/usr/bin/tini", "--", "docsync"]
CMD ["daemon"]
