#!/usr/bin/env bash
# Installs every Debian package Starport's build, server and tests need. Idempotent:
# when everything is present it only checks, so both README commands and CI call it.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config git ca-certificates
  libboost1.81-dev libboost-json1.81-dev libboost-system1.81-dev
  libprotobuf-dev protobuf-compiler libsqlite3-dev sqlite3 libgoogle-perftools-dev
  doctest-dev libcli11-dev libbenchmark-dev libclang-rt-14-dev
  libssl-dev zlib1g-dev libzstd-dev chromium nodejs npm
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Node and npm may come from outside Debian on a developer machine; accept them if present.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
read -r -a missing <<<"${missing[*]}"

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi

# The web client's Vite 8 needs Node >= 20.19 (Debian 12's own nodejs is 18).
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "install-deps: Node $(node --version) is too old for the web client; install Node 20.19 or newer" >&2
  exit 1
fi
