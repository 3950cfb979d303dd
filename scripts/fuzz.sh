#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz/, one per reader) with clang, ASan and UBSan into
# build-fuzz/, then fuzzes each reader for SECONDS seconds (default 60), JOBS at a time
# (default 2). Seeds: tests/data and ../shared/fixtures (when present); a crash, leak,
# timeout or round-trip mismatch leaves its input in build-fuzz/artifacts/<reader>/ and the
# script exits non-zero. Usage: scripts/fuzz.sh [SECONDS] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
parallel=${2:-2}
flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined -g -O1"
cmake -S . -B build-fuzz -DHITSMITH_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build build-fuzz -j"$(nproc 2>/dev/null || echo 2)"
readers=$(sed -n 's/^set(HITSMITH_FUZZ_READERS \(.*\))$/\1/p' tests/fuzz/CMakeLists.txt)
fixtures=../shared/fixtures
run_one() {
  local reader=$1
  local corpus=build-fuzz/corpus/$reader artifacts=build-fuzz/artifacts/$reader
  mkdir -p "$corpus" "$artifacts"
  local seeds=("$corpus" tests/data tests/data/fuzz-regressions)
  [ -d "$fixtures" ] && seeds+=("$fixtures")
  local dict=()
  [ -f "tests/fuzz/dict/$reader.dict" ] && dict=(-dict="tests/fuzz/dict/$reader.dict")
  ASAN_OPTIONS=detect_leaks=1 build-fuzz/fuzz/fuzz_"$reader" "${dict[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=1048576 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "${seeds[@]}" \
    >"build-fuzz/$reader.log" 2>&1
}
export -f run_one
export seconds fixtures
status=0
printf '%s\n' $readers | xargs -P "$parallel" -I{} bash -c 'run_one {}' || status=$?
for reader in $readers; do
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build-fuzz/$reader.log" | tail -1)
  found=$(find "build-fuzz/artifacts/$reader" -type f | wc -l)
  echo "fuzz $reader: ${execs:-?} executions, $found failing input(s)"
done
exit "$status"
