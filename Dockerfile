# docsync: sync daemon, one-shot CLI and API emulator in one image.
# Build: docker build -t docsync .     Run: docker run --rm -v "$PWD:/repo" -w /repo -e GITBOOK_TOKEN docsync sync --once
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY vendor ./vendor
# prepare (tsc) needs the sources, so install without scripts first and build explicitly.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20.20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY config ./config
COPY examples ./examples
RUN ln -s /app/dist/src/cli/main.js /usr/local/bin/docsync && chmod +x /app/dist/src/cli/main.js
USER node
# Bundle server (artifacts.listen) and operators' endpoint (http.listen) when configured to these ports.
EXPOSE 8787 9464
ENTRYPOINT ["/usr/bin/tini", "--", "docsync"]
CMD ["--help"]
