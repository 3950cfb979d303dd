#!/usr/bin/env bash
# The two-thread paths under ThreadSanitizer, in build-tsan/ (clang, -fsanitize=thread; any report
# is fatal):
#  - tst_collision_parallel: the collision world's bulk loads, full passes, failures on either
#    thread (the collision library only, no Qt);
#  - tst_model_collisionservice's two-thread build (largeFrameBuildsTheSameOnTwoThreads): the
#    service's FrameSource::nextInLane runs on the helper thread and does Qt work there (QHash
#    look-ups of layer names, QString compares, the collidable check, per-shape flag writes),
#    so the model library is instrumented too. Qt itself is not: what it does inside stays
#    invisible to TSan, and the suppressions (scripts/tsan.supp) name Qt internals only, never
#    project code. Only that test function runs: the rest of the program is one-thread work.
# Called by scripts/test.sh under HITSMITH_SANITIZE=1, after the ASan+UBSan suite.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
flags="-fsanitize=thread -fno-omit-frame-pointer"
source scripts/compiler-cache.sh
cmake -S . -B build-tsan "${compiler_cache[@]}" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DHITSMITH_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags -fuse-ld=lld" >/dev/null
cmake --build build-tsan -j"$jobs" --target tst_collision_parallel tst_model_collisionservice
export QT_QPA_PLATFORM=offscreen
# QtTest's watchdog thread and Qt's uninstrumented wait condition look like a race to TSan.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan.supp"
run() {
  local program
  program=$(find build-tsan -name "$1" -type f -perm -u+x | head -1)
  shift
  "$program" "$@"
}
run tst_collision_parallel
run tst_model_collisionservice largeFrameBuildsTheSameOnTwoThreads manyFramesResetTheSameOnTwoThreads
echo "hitsmith test: the two-thread paths pass under ThreadSanitizer"
