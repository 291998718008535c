#!/usr/bin/env bash
# Sets everything up on first use, then runs every check: format, lint, types, tests.
# Extra arguments go to pytest (e.g. ./test.sh -k scoring).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
echo "== ruff format --check" && ruff format --check .
echo "== ruff check" && ruff check .
echo "== mypy --strict engine bot cogs" && mypy --strict engine bot cogs
echo "== import contracts" && lint-imports --no-cache
echo "== pytest (the tests, and the doctests of engine, bot and cogs)" && pytest -n 2 "$@"
