#!/usr/bin/env bash
# Sets up and builds Hitsmith (scripts/setup.sh), then runs the whole test suite with ctest.
# GUI tests run on Qt's offscreen platform, so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure -j"$(nproc 2>/dev/null || echo 2)" "$@"
