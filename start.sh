#!/usr/bin/env bash
# Set up (first run: a virtualenv in .venv with the pinned requirements) and start the bot.
# With no Discord token configured it opens the local table in this terminal.
#   ./start.sh                      the bot, or the local table without a token
#   ./start.sh local --as alice "/game new game:wayfinders"
#   ./start.sh bench                benchmark figures
#   ./start.sh --setup-only         only install
set -euo pipefail
cd "$(dirname "$0")"
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.requirements.sha
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
fi
if [ "${1:-}" = "--setup-only" ]; then
  exit 0
fi
exec .venv/bin/python bot.py "$@"
