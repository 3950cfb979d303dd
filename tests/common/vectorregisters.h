#pragma once

// Observing and soiling the upper halves of the AVX registers, for the tests of
// collision/vectorstate.h: XGETBV with ECX = 1 reports which parts of the register state are
// in use (bit 2: the upper halves of YMM0-15).

#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace hitsmith::test {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

/// Whether this CPU has AVX and can say whether the upper halves are in use (XGETBV, ECX = 1).
inline bool upperHalvesObservable() {
    static const bool observable = [] {
        __builtin_cpu_init();
        unsigned a = 0, b = 0, c = 0, d = 0;
        return __builtin_cpu_supports("avx") && __get_cpuid_count(0xd, 1, &a, &b, &c, &d) &&
               (a & (1u << 2)) != 0;
    }();
    return observable;
}

/// Whether the upper halves of YMM0-15 hold data; false where that cannot be observed (there,
/// XGETBV with ECX = 1 would fault).
inline bool upperHalvesInUse() {
    if (!upperHalvesObservable())
        return false;
    std::uint32_t low = 0, high = 0;
    asm volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(1));
    return (low & (1u << 2)) != 0;
}

/// Leaves data in the upper half of YMM0, as 256-bit code that returns without VZEROUPPER does
/// (only where observable: the instruction needs AVX).
inline void soilUpperHalves() {
    static const float one = 1.0f;
    asm volatile("vbroadcastss %0, %%ymm0" : : "m"(one) : "xmm0");
}

#else // no AVX registers to observe or soil

inline bool upperHalvesObservable() {
    return false;
}
inline bool upperHalvesInUse() {
    return false;
}
inline void soilUpperHalves() {}

#endif

} // namespace hitsmith::test
