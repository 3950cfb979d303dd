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

namespace hitsmith::collision {

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__AVX__)
namespace detail {
// Read once, at start-up: whether the CPU and the system use AVX registers at all.
inline const bool kCpuHasAvx = [] {
    __builtin_cpu_init(); // may run before the constructor that fills in the CPU's features
    return __builtin_cpu_supports("avx") != 0;
}();
} // namespace detail
#endif

/// Empties the upper halves of the AVX registers (VZEROUPPER) on a CPU that has them; nothing
/// elsewhere. Costs about a cycle. Called where the geometry's bulk work starts and right after
/// a hash lookup of a name, so that whatever ran before cannot slow the SSE code that follows.
/// Code built for AVX (-mavx, -march=native) is encoded for it and pays nothing: the compiler
/// then manages the registers itself, and this does nothing.
inline void clearUpperVectorState() {
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__AVX__)
    // The compiler keeps nothing in the upper halves in code built without AVX, so no operand
    // or clobber is needed: VZEROUPPER leaves the low 128 bits of every register as they are.
    if (detail::kCpuHasAvx)
        asm volatile("vzeroupper");
#endif
}

} // namespace hitsmith::collision
