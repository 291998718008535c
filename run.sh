#!/usr/bin/env bash
# Sets everything up on first use, then plays Fleet: The Dice Game in the terminal.
# Arguments go to `fleet-dice play` (try --help).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
exec fleet-dice play "$@"
