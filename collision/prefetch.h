#pragma once

// Cache hints for the bulk paths, which walk memory a step ahead of their reads: a hint only,
// nothing where the compiler has no prefetch builtin.

#include <cstddef>

namespace hitsmith::collision {

/// Asks the cache for the line holding p.
inline void prefetch(const void *p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/// Asks the cache for every line of [p, p + bytes).
inline void prefetchLines(const void *p, std::size_t bytes) {
    const char *c = static_cast<const char *>(p);
    for (std::size_t off = 0; off < bytes; off += 64)
        prefetch(c + off);
    if (bytes > 0)
        prefetch(c + bytes - 1);
}

} // namespace hitsmith::collision
