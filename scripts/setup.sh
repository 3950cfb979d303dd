#!/usr/bin/env bash
# Installs the Debian packages Hitsmith needs (when any are missing) and builds it in Release
# into build/. Safe to run again: it only installs what is missing and rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: compiler, CMake, Qt 6, Qt SVG (the toolbar icons are SVG, drawn by its plugins), simdjson
# (the native reader's fast path), zlib (the .aseprite reader's bounded inflate of cels).
# Tests: Boost.Geometry (independent collision check), Tiled and Node.js/npm (the real consumers
# of exported files; the tests install their npm packages, pinned, into build/node: matter-js,
# spine-core, ase-parser (the independent .aseprite reader)), fonts for the offscreen platform,
# Python 3 (the Ikemen GO oracles in tests/oracle that tst_formats_thirdparty runs).
# The README screenshot (scripts/take-screenshot.sh): Xvfb and xdotool.
# CI's fuzzing and sanitizer builds: clang with libFuzzer and the sanitizer runtimes, lld to link.
# Benchmarks: Box2D (the peer the collision benchmark compares against), scikit-image (the
# independent pipeline the trace benchmark compares against).
# Runtime loaders' tests (runtimes/): Lua 5.4, LuaJIT and Lua 5.1 run the Lua loader's
# conformance driver under each dialect games use (LOVE and Defold are LuaJIT); mcs and mono
# compile and run the C# loader's driver. A game needs none of them beyond its own language.
packages=(
  build-essential cmake pkgconf
  qt6-base-dev qt6-qpa-plugins libgl-dev qt6-svg-dev libqt6svg6
  libsimdjson-dev zlib1g-dev
  libboost-dev libbox2d-dev python3 python3-skimage
  tiled
  clang libclang-rt-14-dev lld
  fonts-dejavu-core xvfb xauth xdotool
  lua5.4 luajit lua5.1 mono-mcs mono-runtime
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
# Node.js may come from elsewhere (NodeSource's nodejs bundles npm); any working pair will do.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

if ((${#missing[@]})); then
  echo "hitsmith setup: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    sudo_cmd=()
  elif command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "hitsmith setup: missing packages (${missing[*]}); run this script as root or install sudo." >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
werror=OFF
[ "${HITSMITH_WERROR:-0}" = 1 ] && werror=ON
source scripts/compiler-cache.sh
cmake -S . -B build "${compiler_cache[@]}" -DCMAKE_BUILD_TYPE=Release -DHITSMITH_WERROR="$werror"
cmake --build build -j"$jobs"
