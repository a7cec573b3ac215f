#!/usr/bin/env bash
# Fails when a tracked text file holds a git conflict marker (a line starting with seven `<` or `>`
# then a space or its end), naming each file and line. A lone `=======` is left alone: it is also a
# Markdown heading underline. Run from any folder of the repository (`npm run lint` runs it).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
if git grep -nIE '^(<<<<<<<|>>>>>>>)( |$)' -- .; then
  echo 'Conflict markers in the tracked files above: resolve the merge, then commit.' >&2
  exit 1
fi
