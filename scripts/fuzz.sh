#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz/, one per reader) with clang, ASan and UBSan into
# build-fuzz/, then fuzzes each reader for SECONDS seconds (default 60), JOBS at a time
# (default 2). Seeds: each reader's files in tests/data, tests/fuzz/seeds (small ones for readers
# whose test files exceed the input cap), examples and ../shared/fixtures; a crash, leak,
# timeout or round-trip mismatch leaves its input in build-fuzz/artifacts/<reader>/ and the
# script exits non-zero (libFuzzer's slow-unit-* files there are reports, not failures: an input
# that took over 10 s of wall clock, as any can on a starved machine; they are not counted).
# Usage: scripts/fuzz.sh [SECONDS] [JOBS]
# Long campaign (README, Testing): HITSMITH_FUZZ_RUNS=10000000 scripts/fuzz.sh 0 2 runs every reader
# for that many executions instead of a time (SECONDS 0 = no time limit). HITSMITH_FUZZ_MAX_LEN caps
# the input size (default 4096, libFuzzer's own: several times faster than 64 KiB and found more in the
# same time; the hostile-size tests cover big files).
# HITSMITH_FUZZ_TIMEOUT (default 10 seconds) is libFuzzer's per-input limit: a campaign run beside a
# build on a busy machine sets it higher, where a descheduled process otherwise reports a timeout on an
# input that takes a millisecond (each reported one is rerun alone before it is believed).
# HITSMITH_FUZZ_INSTANCE=2 lets a second process fuzz a reader that one already fuzzes, on the same
# corpus (libFuzzer reloads it, so each sees what the other finds), with logs of its own
# (build-fuzz/<reader>-2.log); each process records its own ledger row.
# HITSMITH_FUZZ_READERS="a b" fuzzes only those readers (the full list is still checked against
# `hitsmith-cli formats` first: scripts/fuzz-readers.sh). In a campaign (HITSMITH_FUZZ_RUNS set) each
# reader, as it finishes, appends one row to tests/fuzz/campaign.tsv (commit it: per-reader totals
# add up across runs) and keeps its log as build-fuzz/logs/<reader>-<time>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
parallel=${2:-2}
flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined"
# -O1 with line tables, as the configuration's flags (CMake appends those after CMAKE_CXX_FLAGS, so
# an -O1 there became RelWithDebInfo's -O2 -g); 10% less build time in CI, same stack traces.
source scripts/compiler-cache.sh
cmake -S . -B build-fuzz "${compiler_cache[@]}" -DHITSMITH_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined -fuse-ld=lld" >/dev/null
cmake --build build-fuzz -j"$(nproc 2>/dev/null || echo 2)"
# The harness list must be every reader `hitsmith-cli formats` lists, no fewer (an empty or partial
# list once let this script exit 0 having fuzzed nothing): fuzz-readers.sh fails otherwise.
all_readers=$(scripts/fuzz-readers.sh build-fuzz/bin/hitsmith-cli tests/fuzz/CMakeLists.txt)
readers=${HITSMITH_FUZZ_READERS:-$all_readers}
fixtures=../shared/fixtures
# Seeds: each reader's own files only (foreign and large seeds slow it down for nothing).
seed_files() {
  local reader=$1
  case $reader in
  hitsmith) ls examples/*.json ;;
  tiled-tsx) ls "$fixtures"/tiled/*.tsx ;;
  tiled-tsj) ls "$fixtures"/tiled/*.tsj ;;
  godot) ls "$fixtures"/godot/* tests/data/formats/*.tscn ;;
  matter) ls "$fixtures"/phaser-matter/* tests/data/formats/matter_*.json ;;
  aseprite) ls "$fixtures"/aseprite/* tests/data/formats/aseprite_*.json ;;
  aseprite-file) ls tests/data/aseprite/* ;;
  def) ls examples/mugen/*.def ;;
  sff) ls examples/mugen/*.sff tests/data/third-party/ikemen-go/*/*.sff ;;
  air) ls tests/data/third-party/ikemen-go/*/*.air ;;
  esac 2>/dev/null || true
  find "tests/data/formats/$reader" "tests/data/fuzz-regressions/$reader" "tests/fuzz/seeds/$reader" \
    -type f 2>/dev/null || true
}
# A second process's files carry its instance: build-fuzz/<reader>-2.log, seeds/<reader>-2.
instance=${HITSMITH_FUZZ_INSTANCE:+-$HITSMITH_FUZZ_INSTANCE}
log_of() {
  echo "build-fuzz/$1$instance.log"
}
run_one() {
  local reader=$1
  local corpus=build-fuzz/corpus/$reader artifacts=build-fuzz/artifacts/$reader
  local seeds=build-fuzz/seeds/$reader$instance status=0
  # Seeds are copied afresh each run: a seed removed or grown in the repo must not linger here.
  rm -rf "$seeds"
  mkdir -p "$corpus" "$artifacts" "$seeds"
  seed_files "$reader" | while read -r file; do cp "$file" "$seeds/"; done
  # libFuzzer cuts every input to the cap, seeds included: a reader whose seeds are all larger
  # starts from files cut short and explores little but its own error paths (cocos2d-plist's
  # only seed was 6.4 KB, and its campaigns stayed at 195 edges).
  # (A cap of 0 lets libFuzzer choose one from the seeds: nothing to check then.)
  local cap=${HITSMITH_FUZZ_MAX_LEN:-4096}
  if [ "$cap" -gt 0 ] && [ -z "$(find "$seeds" -type f -size +0c -size -"$((cap + 1))"c | head -1)" ]; then
    echo "fuzz $reader: no seed of at most $cap bytes (add one under tests/fuzz/seeds/$reader/)" |
      tee "$(log_of "$reader")" >&2
    return 1
  fi
  local dict=()
  [ -f "tests/fuzz/dict/$reader.dict" ] && dict=(-dict="tests/fuzz/dict/$reader.dict")
  local limit=(-max_total_time="$seconds")
  [ -n "${HITSMITH_FUZZ_RUNS:-}" ] && limit+=(-runs="$HITSMITH_FUZZ_RUNS")
  # Two frames of allocation context (the allocator and its caller, taken without unwinding), not
  # ASan's 30: Debian's Qt keeps no frame pointers, so the fast unwinder walks garbage past them,
  # almost every allocation's stack is new to ASan's stack depot, and the depot grows without bound
  # (1.4 GB) and takes 40% of the run in lookups (air: 120-350 executions a second a process, over
  # 750 with this; Chromium limits it to 5 for the same reason). Detection is the same; only the
  # "allocated/freed by" stacks of a report are short: run the harness on the input to see them.
  # A 16 MB quarantine, not 256: freed memory is reused while it is still in the cache (the air
  # harness spent 30% of its time on cache misses inside ASan's allocator). A use after free is
  # still caught as long as fewer than 16 MB were freed between the free and the use.
  ASAN_OPTIONS=detect_leaks=1:malloc_context_size=2:quarantine_size_mb=16 build-fuzz/fuzz/fuzz_"$reader" "${dict[@]}" \
    "${limit[@]}" -timeout="${HITSMITH_FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len="${HITSMITH_FUZZ_MAX_LEN:-4096}" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" "$seeds" \
    >"$(log_of "$reader")" 2>&1 || status=$?
  [ -n "${HITSMITH_FUZZ_RUNS:-}" ] && record_campaign "$reader"
  return "${status:-0}"
}
# Inputs a reader failed on (libFuzzer's slow-unit-* files are wall-clock reports, not failures).
failing_inputs() {
  find "build-fuzz/artifacts/$1" -type f ! -name 'slow-unit-*' | wc -l
}
record_campaign() {
  local reader=$1 ledger=tests/fuzz/campaign.tsv execs took found stamp log
  log=$(log_of "$reader")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  found=$(failing_inputs "$reader")
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  mkdir -p build-fuzz/logs
  cp "$log" "build-fuzz/logs/$(basename "$log" .log)-$stamp.log"
  [ -f "$ledger" ] || printf 'date\tcommit\treader\tmax_len\texecutions\tseconds\tfailing_inputs\n' >"$ledger"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%d)" "$commit" "$reader" \
    "${HITSMITH_FUZZ_MAX_LEN:-4096}" "${execs:-0}" "${took:-?}" "$found" >>"$ledger"
}
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
export -f run_one seed_files record_campaign failing_inputs log_of
export seconds fixtures commit instance
status=0
printf '%s\n' $readers | xargs -P "$parallel" -I{} bash -c 'run_one {}' || status=$?
for reader in $readers; do
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$(log_of "$reader")" | tail -1)
  found=$(failing_inputs "$reader")
  echo "fuzz $reader: ${execs:-?} executions, $found failing input(s)"
  # CI keeps only this output: the report, with the input in Base64, is how it is reproduced.
  # An input left from an earlier run fails this one too, until it is fixed, kept as a regression
  # row (tests/data/fuzz-regressions/) and removed: the summary and the exit status agree.
  if [ "$found" -gt 0 ]; then
    tail -n 80 "$(log_of "$reader")"
    [ "$status" -ne 0 ] || status=1
  fi
done
exit "$status"
