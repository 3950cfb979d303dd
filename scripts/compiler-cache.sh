# Sourced by the scripts that configure a build: where ccache is installed (a developer's
# machine; CI installs none), every build goes through it, so a second build directory of the
# same sources (a clean clone, a worktree) compiles only what differs. Sets compiler_cache, an
# array of CMake arguments (empty without ccache).
compiler_cache=()
if command -v ccache >/dev/null 2>&1 && [ "${HITSMITH_NO_CCACHE:-0}" != 1 ]; then
  compiler_cache=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
