#!/usr/bin/env bash
# Sets up and builds Hitsmith (scripts/setup.sh), then opens the bundled example in the editor.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
exec ./build/bin/hitsmith "${@:-examples/knight.json}"
