#!/usr/bin/env bash
# Sets up and builds Hitsmith (scripts/setup.sh), then runs the whole test suite with ctest.
# GUI tests run on Qt's offscreen platform, so no display is needed.
#
# HITSMITH_STRICT=1 (set by .ci/run): a skip for a missing consumer, fixture or binary is a
# failure, and the build uses -Werror. Without it, skips are allowed and counted in the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${HITSMITH_STRICT:-0}" = 1 ]; then
  export HITSMITH_WERROR=1
fi
./scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc 2>/dev/null || echo 2)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# -V keeps every function's PASS/SKIP/FAIL line, so skipped functions can be counted below.
ctest --test-dir build --no-tests=error --output-on-failure -V -j"$jobs" "$@" >"$log" 2>&1 || status=$?
grep -E '^[0-9]+: (FAIL!|SKIP)|tests passed|tests failed|\*\*\*|^ *[0-9]+/[0-9]+ Test' "$log" || true
skips=$(grep -cE '^[0-9]+: SKIP   :' "$log" || true)
if [ "$skips" -gt 0 ]; then
  echo "hitsmith test: $skips test function(s) SKIPPED (SKIP lines above: a missing consumer," \
    "fixture or binary, which HITSMITH_STRICT=1 makes a failure, or steps after a failed one)"
else
  echo "hitsmith test: no test function skipped"
fi
if [ "$status" -ne 0 ]; then
  echo "hitsmith test: FAILED (ctest exit $status); full log follows" >&2
  cat "$log" >&2
fi
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
# HITSMITH_SANITIZE=1: the whole suite again under ASan+UBSan in build-asan/, and the two-thread
# collision paths under TSan in build-tsan/. HITSMITH_FUZZ=1: every fuzz harness for
# HITSMITH_FUZZ_SECONDS (default 60), two at a time. .ci/run sets both; locally they are opt-in,
# as together they take about 20 of CI's 30 minutes on 2 cores.
if [ "${HITSMITH_SANITIZE:-0}" = 1 ]; then
  ./scripts/test-sanitize.sh "$@"
  ./scripts/test-threads.sh
fi
if [ "${HITSMITH_FUZZ:-0}" = 1 ]; then
  ./scripts/fuzz.sh "${HITSMITH_FUZZ_SECONDS:-60}" 2
fi
