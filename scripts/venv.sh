# Sourced by run.sh and test.sh: make .venv hold this project and its tools, then activate it.
# Reinstalls only when pyproject.toml changed since the last install.
set -euo pipefail
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[dev]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# shellcheck disable=SC1091
source .venv/bin/activate
