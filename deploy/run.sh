#!/usr/bin/env bash
# The one run command (README): installs what is missing, builds the server and the web
# client, and starts Starport on its embedded defaults (127.0.0.1:8080, ./data/starport.db).
# Extra arguments go to `starport serve` (see `build/starport serve --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ninja -C build starport
(cd web-client && npm ci --no-audit --no-fund && npm run build)
exec build/starport serve --web-root web-client/dist "$@"
