#!/usr/bin/env bash
# The collision world's two-thread paths under ThreadSanitizer, in build-tsan/: the program that
# drives them (tst_collision_parallel: bulk loads, full passes, failures on either thread), built
# with clang and -fsanitize=thread; any report is fatal. Only the collision library and that test
# are built (no Qt code runs on the helper thread, and Qt itself is not instrumented).
# Called by scripts/test.sh under HITSMITH_SANITIZE=1, after the ASan+UBSan suite.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
flags="-fsanitize=thread -fno-omit-frame-pointer"
cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DHITSMITH_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags -fuse-ld=lld" >/dev/null
cmake --build build-tsan -j"$jobs" --target tst_collision_parallel
export QT_QPA_PLATFORM=offscreen
# QtTest's watchdog thread and Qt's uninstrumented wait condition look like a race to TSan.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan.supp"
program=$(find build-tsan -name tst_collision_parallel -type f -perm -u+x | head -1)
"$program"
echo "hitsmith test: the two-thread paths pass under ThreadSanitizer"
