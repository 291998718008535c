#!/usr/bin/env bash
# Sets everything up on first use, then runs the bot (SQLite by default, nothing else needed).
#   ./run.sh                  run the Discord bot (needs FLEET_TOKEN in .env)
#   ./run.sh sync [--guild ID] register the slash commands (once, and after command changes)
#   ./run.sh invite           print the invite link
#   ./run.sh play [--solo …]  play in this terminal, no Discord needed
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
exec python -m bot "$@"
