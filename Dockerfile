# mazebook's command in a container image, for building a catalogue on a job runner (docs/batch.md):
#   docker build -t mazebook:0.1.0 .
#   docker run --rm -v "$PWD/books:/books:ro" -v "$PWD/out:/out" mazebook:0.1.0 \
#     batch /books/catalogue/catalogue.yaml -o /out
# The image runs as the base image's unprivileged user `node` (uid 1000); the folder given to -o must be
# writable by it.

# Build stage: the development dependencies (TypeScript, esbuild) compile and bundle the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY bench/bundle-cli.mjs bench/
COPY src src
RUN npm run build

# Run stage: production dependencies only, the bundled command and the data files it reads.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/bundle dist/bundle
COPY bin bin
COPY fonts fonts
COPY themes themes
COPY art art
COPY docs docs
COPY books books
RUN mkdir /work && chown 1000:1000 /work
WORKDIR /work
USER 1000:1000
ENTRYPOINT ["node", "/app/bin/mazebook.js"]
CMD ["--help"]
