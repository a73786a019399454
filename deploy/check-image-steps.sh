#!/usr/bin/env bash
# The Dockerfile's steps as a script, for machines without a Docker engine (this project's
# CI among them). On a Debian 12 machine it:
#   1. installs the build stage's packages (deploy/install-deps.sh; the image takes Node 20
#      from the official node:20-bookworm-slim image, here the host's Node >= 20.19 serves);
#   2. copies the build context, minus what .dockerignore leaves out, to a temp dir;
#   3. builds `starport` (Release) and the web client (npm ci && npm run build) there;
#   4. installs them into a temp root as the image lays them out:
#      usr/bin/starport, usr/share/starport/web/;
#   5. checks that every shared library the binary loads comes from the base image or a
#      package the runtime stage installs;
#   6. runs the installed binary like the image's CMD (on a loopback port), probes /healthz
#      the way the HEALTHCHECK does, fetches / from the web root, then stops it with SIGTERM
#      (docker stop) and expects a clean exit.
# Usage: deploy/check-image-steps.sh [--keep]     (JOBS=2 by default; --keep keeps the temp dir)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
keep=${1:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/starport-image.XXXXXX")
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$keep" = "--keep" ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
step() { echo "== $*"; }
fail() { echo "check-image-steps: $*" >&2; exit 1; }

step "1. build-stage packages"
bash "$root/deploy/install-deps.sh"

step "2. build context (COPY . . with .dockerignore)"
ctx=$work/src
mkdir -p "$ctx"
tar -C "$root" --anchored \
  --exclude=./.git --exclude='./build*' --exclude='*/node_modules' --exclude=./web-client/dist \
  --exclude=./web-client/src/gen --exclude=./web-client/.test-build --exclude=./data --exclude='*.db' --exclude='*.db-wal' \
  --exclude='*.db-shm' -cf - . | tar -C "$ctx" -xf -
[ -f "$ctx/Dockerfile" ] || fail "the context has no Dockerfile"

step "3a. release build of starport"
cmake -S "$ctx" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTARPORT_WERROR=OFF >/dev/null
ninja -C "$work/build" -j "$jobs" starport
step "3b. web client (npm ci && npm run build)"
(cd "$ctx/web-client" && npm ci --no-audit --no-fund && npm run build)

step "4. install layout"
image=$work/image
install -D -m 0755 "$work/build/starport" "$image/usr/bin/starport"
mkdir -p "$image/usr/share/starport"
cp -r "$ctx/web-client/dist" "$image/usr/share/starport/web"
[ -f "$image/usr/share/starport/web/index.html" ] || fail "no index.html in the web root"
(cd "$image" && find . -maxdepth 4 -type d | sort)

step "5. runtime libraries"
# The runtime stage's package list, read from the Dockerfile itself so the two cannot drift.
runtime_packages=$(awk '
  /^FROM debian:12-slim/ { runtime = 1 }
  runtime && /apt-get install/ { listing = 1; next }
  listing && /^ *&&/ { exit }
  listing { gsub(/\\/, ""); print }' "$root/Dockerfile" | xargs)
[ -n "$runtime_packages" ] || fail "could not read the runtime packages from the Dockerfile"
echo "runtime stage installs: $runtime_packages"
# Present in debian:12-slim itself (essential packages and their libraries).
base_packages="libc6 libgcc-s1 libstdc++6 zlib1g"
# shellcheck disable=SC2086
allowed=" $base_packages $runtime_packages $(apt-cache depends --recurse --no-recommends \
  --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances $runtime_packages 2>/dev/null \
  | grep -v '^ ' | sed 's/:.*//' | xargs) "
missing=0
while read -r lib path; do
  [ -n "$path" ] || continue
  pkg=$(dpkg -S "$path" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null ||
        dpkg -S "$(realpath "$path")" 2>/dev/null || true)
  pkg=${pkg%%:*}
  if [ -z "$pkg" ]; then
    echo "  $lib: no package owns $path"; missing=1
  elif [[ "$allowed" != *" $pkg "* ]]; then
    echo "  $lib: from $pkg, which the runtime stage does not install"; missing=1
  else
    echo "  $lib ($pkg)"
  fi
done < <(ldd "$image/usr/bin/starport" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')
[ "$missing" = 0 ] || fail "add the missing packages to the Dockerfile's runtime stage"

step "6. run the installed server, probe it, stop it"
data=$work/data
mkdir -p "$data"
"$image/usr/bin/starport" serve --host 127.0.0.1 --port 0 --data "$data" \
  --web-root "$image/usr/share/starport/web" >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/server.out" | head -n 1)
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; fail "the server exited"; }
  sleep 0.1
done
[ -n "$port" ] || fail "the server did not report its port"
echo "listening on 127.0.0.1:$port"
# The HEALTHCHECK's probe, on this port instead of 8080.
bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3 && head -n 1 <&3 | grep -q ' 200 '" ||
  fail "/healthz did not answer 200"
echo "/healthz: 200"
page=$(curl -fsS "http://127.0.0.1:$port/") || fail "GET / failed"
grep -qi '<html' <<<"$page" || fail "GET / did not serve the web client's index.html"
echo "/: the web client's index.html"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" = 0 ] || { cat "$work/server.err" >&2; fail "the server exited with status $status after SIGTERM"; }
[ -f "$data/starport.db" ] || fail "no starport.db in the data directory"
echo "stopped cleanly; $data/starport.db exists"
echo "check-image-steps: ok"
