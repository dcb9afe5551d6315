#!/usr/bin/env bash
# Install what is needed (same .venv as ./start.sh), lint (ruff.toml) and type-check (mypy.ini), then run the
# whole test suite with pytest, one worker per core.
set -euo pipefail
cd "$(dirname "$0")"
./start.sh --setup-only
.venv/bin/python -m ruff check --quiet .
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest -q -n auto --dist worksteal "$@"
