#!/usr/bin/env bash
# The whole suite again in build-asan/: Debug (Q_ASSERTs live), AddressSanitizer and
# UndefinedBehaviorSanitizer, any UB report fatal. Benchmarks are not built there.
# Built unoptimised (-O0, debug information as line tables, -g1) except the collision library and
# the Boost.Geometry checks (HITSMITH_OPTIMIZE_HOT_CODE: -O1): at -O0 those ran 40-60 times
# slower than in Release, while -O1 everywhere halved the suite but doubled the build.
# Compiled with clang and linked with lld (both installed by scripts/setup.sh): clang builds this
# tree at -O0 with the sanitizers in about 70% of GCC's time, and lld links its 100 MB test
# programs about 3 times faster than ld.bfd. The Release build stays GCC's, so CI compiles every
# file with both compilers (a difference between them once hid a bug in the Matter writer).
# Called by scripts/test.sh under HITSMITH_SANITIZE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
# A build-asan/ configured for another compiler (GCC, before) is started afresh.
if [ -f build-asan/CMakeCache.txt ] &&
  ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++$' build-asan/CMakeCache.txt; then
  rm -rf build-asan
fi
jobs=$(nproc 2>/dev/null || echo 2)
werror=OFF
[ "${HITSMITH_WERROR:-0}" = 1 ] && werror=ON
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
source scripts/compiler-cache.sh
cmake -S . -B build-asan "${compiler_cache[@]}" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DHITSMITH_BUILD_BENCH=OFF \
  -DHITSMITH_OPTIMIZE_HOT_CODE=ON \
  -DHITSMITH_WERROR="$werror" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags -fuse-ld=lld" \
  -DCMAKE_SHARED_LINKER_FLAGS="$flags -fuse-ld=lld"
cmake --build build-asan -j"$jobs"
export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Qt's own one-time allocations (fonts, plugins) are not ours to fix.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
ctest --test-dir build-asan --no-tests=error --output-on-failure -j"$jobs" "$@"
