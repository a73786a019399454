# Starport in a container: build on Debian 12, run on debian:12-slim as a non-root user.
#   docker build -t starport .
#   docker run -p 8080:8080 -v starport-data:/data starport
# docs/deploy.md is the operator guide; deploy/check-image-steps.sh runs these same build
# steps as a script on a Debian 12 machine without Docker.

# The web client's Vite 8 needs Node >= 20.19; Debian 12 ships Node 18. The official
# Node image for Debian 12 provides it.
FROM node:20-bookworm-slim AS node

# ---- build: the server binary (release) and the web client --------------------------
FROM debian:12 AS build
# Node first, so that install-deps.sh finds node and npm and installs no Debian nodejs.
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=node /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
WORKDIR /src
# The package list lives in one place, shared with the README and CI.
COPY deploy/install-deps.sh deploy/install-deps.sh
RUN bash deploy/install-deps.sh && rm -rf /var/lib/apt/lists/*
COPY . .
# Warnings stay errors in CI; an image build on a newer point release should not fail on one.
RUN cmake -S . -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTARPORT_WERROR=OFF \
 && ninja -C /build starport \
 && install -D -m 0755 /build/starport /out/usr/bin/starport
RUN cd web-client && npm ci --no-audit --no-fund && npm run build \
 && mkdir -p /out/usr/share/starport \
 && cp -r dist /out/usr/share/starport/web

# ---- runtime: only the shared libraries the binary links against --------------------
FROM debian:12-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libprotobuf32 libsqlite3-0 libssl3 libboost-json1.81.0 libtcmalloc-minimal4 zlib1g libzstd1 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin starport \
 && mkdir -p /data && chown starport:starport /data
COPY --from=build /out/ /
USER starport
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
# bash's /dev/tcp keeps curl out of the image; the probe needs a 200 from /healthz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
# SIGTERM (docker stop) is the server's graceful shutdown: stop accepting, finish writes,
# flush storage.
STOPSIGNAL SIGTERM
CMD ["starport", "serve", "--host", "0.0.0.0", "--data", "/data", "--web-root", "/usr/share/starport/web"]
