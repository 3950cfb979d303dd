#!/usr/bin/env bash
# Runs the Lua (under lua5.4, luajit and lua5.1) and C# conformance drivers on the hand-made
# runtime files of this folder and compares them with the hand-computed expected lines
# (compare.py), then feeds every driver hostile runtime files: each must exit 1 with a message on
# stderr and nothing on stdout, within a time limit (no crash, no hang).
# Usage: check-lua-csharp.sh [lua|csharp|all]   (default all). Exit 0 when everything passes.
set -u
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
runtimes=$(dirname "$here")
which=${1:-all}
limit=60 # seconds per driver run

drivers=()
if [ "$which" = all ] || [ "$which" = lua ]; then
  for lua in lua5.4 luajit lua5.1; do
    if command -v "$lua" >/dev/null 2>&1; then
      drivers+=("lua:$lua")
    else
      echo "check: $lua not installed (scripts/setup.sh installs it)" >&2
      missing=1
    fi
  done
fi
if [ "$which" = all ] || [ "$which" = csharp ]; then
  if command -v mcs >/dev/null 2>&1 && command -v mono >/dev/null 2>&1; then
    drivers+=("csharp:")
  else
    echo "check: mcs/mono not installed (scripts/setup.sh installs mono-mcs, mono-runtime)" >&2
    missing=1
  fi
fi
command -v python3 >/dev/null 2>&1 || { echo "check: python3 needed" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hitsmith-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

run() { # driver runtime queries -> stdout, stderr in $tmp; returns the exit status
  local lang=${1%%:*} interpreter=${1#*:}
  HITSMITH_LUA=$interpreter timeout "$limit" "$runtimes/$lang/conformance" "$2" "$3" \
    >"$tmp/out" 2>"$tmp/err"
}

failures=0
# A loader's own message, not an interpreter's report of an uncaught error.
crashed() { grep -qiE 'traceback|unhandled exception|stack overflow|segmentation|[.]lua:[0-9]+:' "$tmp/err"; }
fail() { echo "FAIL $*" >&2; failures=$((failures + 1)); }

# Generated hostile inputs: truncations of a valid file, deep nesting, a huge string, noise.
mkdir -p "$tmp/hostile"
cp "$here"/hostile/*.json "$tmp/hostile/"
size=$(wc -c <"$here/hand.runtime.json")
for cut in 1 2 10 50 100 333 777 1000 1500 2000 2500 3000 $((size - 3)); do
  [ "$cut" -lt "$size" ] && head -c "$cut" "$here/hand.runtime.json" >"$tmp/hostile/truncated-$cut.json"
done
python3 - "$tmp/hostile" <<'PY'
import os, random, sys
d = sys.argv[1]
def w(name, text):
    with open(os.path.join(d, name), "w", encoding="utf-8") as f:
        f.write(text)
w("deep-arrays.json", "[" * 100000 + "]" * 100000)
w("deep-objects.json", '{"a":' * 100000 + "1" + "}" * 100000)
w("deep-unclosed.json", "[" * 1000000)
w("deep-in-properties.json", '{"format":"hitsmith-runtime","version":1,"layers":[],"attack_layer":null,'
  '"collide":null,"sprites":[],"properties":' + "[" * 50000 + "]" * 50000 + "}")
w("huge-string.json", '{"format":"' + "x" * 5000000 + '"}')
w("huge-number.json", '{"format":"hitsmith-runtime","version":1' + "0" * 100000 + ',"layers":[],'
  '"attack_layer":null,"collide":null,"sprites":[]}')
w("long-digits.json", '{"format":"hitsmith-runtime","version":' + "9" * 400 + '.5e-300,"layers":[],'
  '"attack_layer":null,"collide":null,"sprites":[]}')
rng = random.Random(44)
with open(os.path.join(d, "noise.json"), "wb") as f:
    f.write(bytes(rng.randrange(256) for _ in range(4096)))
PY
printf '[{"attacker":"hero","attacker_time_ms":0,"defender":"hero","defender_time_ms":0,"dx":0,"dy":0}]\n' \
  >"$tmp/one.queries.json"

for driver in "${drivers[@]}"; do
  name=${driver%:}
  # Hand-computed answers.
  for case in hand hand2; do
    if ! run "$driver" "$here/$case.runtime.json" "$here/$case.queries.json"; then
      fail "$name $case: exit status $? ($(head -c 300 "$tmp/err"))"
    elif ! python3 "$here/compare.py" "$here/$case.expected.jsonl" "$tmp/out" 2>"$tmp/diff"; then
      fail "$name $case:"; cat "$tmp/diff" >&2
    fi
  done
  # A leading UTF-8 byte-order mark is allowed (FORMAT.md).
  { printf '\357\273\277'; cat "$here/hand2.runtime.json"; } >"$tmp/bom.runtime.json"
  if ! run "$driver" "$tmp/bom.runtime.json" "$here/hand2.queries.json" ||
     ! python3 "$here/compare.py" "$here/hand2.expected.jsonl" "$tmp/out" 2>"$tmp/diff"; then
    fail "$name: a file with a byte-order mark: $(head -c 300 "$tmp/err" "$tmp/diff")"
  fi
  # Bad queries files: exit 1, message, nothing on stdout.
  printf '{"attacker":"hero"}' >"$tmp/object.queries.json"
  printf '[{"attacker":"hero"' >"$tmp/truncated.queries.json"
  for q in "$tmp/object.queries.json" "$tmp/truncated.queries.json" "$tmp/absent.queries.json"; do
    run "$driver" "$here/hand.runtime.json" "$q"
    status=$?
    if [ "$status" -ne 1 ] || [ -s "$tmp/out" ] || [ ! -s "$tmp/err" ] || crashed; then
      fail "$name $(basename "$q"): status $status, expected 1 with a message and no output"
    fi
  done
  # Hostile runtime files.
  count=0
  for file in "$tmp"/hostile/*.json; do
    run "$driver" "$file" "$tmp/one.queries.json"
    status=$?
    count=$((count + 1))
    if [ "$status" -ne 1 ] || [ -s "$tmp/out" ] || [ ! -s "$tmp/err" ] || crashed; then
      fail "$name hostile $(basename "$file"): status $status (124: timeout), stdout $(wc -c <"$tmp/out") bytes, stderr: $(head -c 200 "$tmp/err")"
    fi
  done
  echo "$name: hand-computed cases and $count hostile files checked"
done

if [ "$failures" -ne 0 ]; then
  echo "check-lua-csharp: $failures failure(s)" >&2
  exit 1
fi
if [ "${missing:-0}" = 1 ] && [ "${HITSMITH_STRICT:-0}" = 1 ]; then
  echo "check-lua-csharp: a toolchain is missing (strict mode)" >&2
  exit 1
fi
echo "check-lua-csharp: all passed"
