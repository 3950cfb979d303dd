#!/usr/bin/env bash
# Prints the fuzzed readers (HITSMITH_FUZZ_READERS in tests/fuzz/CMakeLists.txt), one a line, and
# exits 0 only when they are exactly the readable formats `hitsmith-cli formats` lists: a list that
# comes out empty, a readable format without a harness, or a harness for a name that is no readable
# format all fail. Compares the two lists, so a new reader needs only its harness entry.
# Usage: scripts/fuzz-readers.sh PATH/TO/hitsmith-cli [tests/fuzz/CMakeLists.txt]
# Called by scripts/fuzz.sh (with build-fuzz's hitsmith-cli) and by ctest (fuzz_readers_cover_formats).
set -euo pipefail
cli=${1:?usage: fuzz-readers.sh HITSMITH_CLI [CMAKELISTS]}
list=${2:-"$(dirname "$0")/../tests/fuzz/CMakeLists.txt"}
fail() {
  echo "fuzz readers: $*" >&2
  exit 1
}
fuzzed=$(sed -n 's/^set(HITSMITH_FUZZ_READERS \(.*\))$/\1/p' "$list" | tr -s ' ' '\n' | sed '/^$/d' | sort)
[ -n "$fuzzed" ] || fail "no reader list parsed from $list (expected a line 'set(HITSMITH_FUZZ_READERS ...)')"
# `formats` prints: name, extensions (each with its dot), access (read, write or read/write),
# display name. The first field that is an access word is the access.
listing=$(ASAN_OPTIONS=detect_leaks=0 QT_QPA_PLATFORM=offscreen "$cli" formats) ||
  fail "$cli formats failed"
readable=$(printf '%s\n' "$listing" | awk '{
  for (i = 2; i <= NF; ++i) {
    if ($i == "read" || $i == "read/write") { print $1; break }
    if ($i == "write") break
  }
}' | sort)
[ -n "$readable" ] || fail "'$cli formats' lists no readable format"
missing=$(comm -23 <(printf '%s\n' "$readable") <(printf '%s\n' "$fuzzed"))
extra=$(comm -13 <(printf '%s\n' "$readable") <(printf '%s\n' "$fuzzed"))
[ -z "$missing" ] || fail "readable but not fuzzed (add to $list): $(echo $missing)"
# A harness with its own fuzz_<name>.cpp fuzzes a reader of art, not of documents (sff: MUGEN
# sprites), so it is no format of `formats`; any other extra name is a mistake.
for name in $extra; do
  [ -f "$(dirname "$list")/fuzz_$name.cpp" ] ||
    fail "fuzzed but not a readable format of '$cli formats' (nor a harness of its own, fuzz_$name.cpp): $name"
done
printf '%s\n' "$fuzzed"
