#!/usr/bin/env bash
# Install what is needed (same .venv as ./start.sh) and run the whole test suite with pytest, one worker per core.
set -euo pipefail
cd "$(dirname "$0")"
./start.sh --setup-only
exec .venv/bin/python -m pytest -q -n auto --dist worksteal "$@"
