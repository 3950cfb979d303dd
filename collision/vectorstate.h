#pragma once

// The state of the CPU's vector registers, which the geometry's speed depends on.
//
// This project is built for plain x86-64, so its floating-point code is SSE code. When the upper
// halves of the AVX registers hold data (code that used 256-bit registers returned without a
// VZEROUPPER), SSE code afterwards can run much slower: on the 2-core AMD machines these
// benchmarks run on, a 1,000-shape full recompute took 1.6 times as long. Qt 6.4's qHash of a
// string under 16 bytes (its AES hash, which QHash uses with a random seed) returns in that
// state, so a single layer-name lookup left the rest of a load, a pass or an edit running slow.
// Longer strings, glibc's string functions and Qt's other string code leave the registers clean
// (checked with XGETBV, see docs/benchmarks.md).

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define HITSMITH_CLEARS_UPPER_VECTOR_STATE 1
#include <immintrin.h>
#else
#define HITSMITH_CLEARS_UPPER_VECTOR_STATE 0
#endif

namespace hitsmith::collision {

#if HITSMITH_CLEARS_UPPER_VECTOR_STATE
namespace detail {
// Read once, at start-up: whether the CPU and the system use AVX registers at all.
inline const bool kCpuHasAvx = [] {
    __builtin_cpu_init(); // may run before the constructor that fills in the CPU's features
    return __builtin_cpu_supports("avx") != 0;
}();
// The compiler's own VZEROUPPER, which it knows clears the upper halves (an asm statement would
// hide that from AVX code this were inlined into). Built for AVX whatever the rest of the build
// targets, so only called when the CPU has AVX; never inlined into code built without it.
__attribute__((target("avx"))) inline void zeroUpperHalves() {
    _mm256_zeroupper();
}
} // namespace detail
#endif

/// Empties the upper halves of the AVX registers (VZEROUPPER) on a CPU that has them; nothing
/// elsewhere. Called where the world's bulk and edit work starts and right after a hash lookup of
/// a name, so that whatever ran before cannot slow the SSE code that follows.
inline void clearUpperVectorState() {
#if HITSMITH_CLEARS_UPPER_VECTOR_STATE
    if (detail::kCpuHasAvx)
        detail::zeroUpperHalves();
#endif
}

} // namespace hitsmith::collision
