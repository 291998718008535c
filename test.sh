#!/usr/bin/env bash
# Sets everything up on first use, then runs every check: format, lint, types, tests.
# Extra arguments go to pytest (e.g. ./test.sh -k scoring).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
echo "== ruff format --check" && ruff format --check .
echo "== ruff check" && ruff check .
echo "== mypy --strict engine" && mypy --strict engine
echo "== pytest" && pytest -n 2 "$@"
