#pragma once

// What world.cpp and worldbulk.cpp share beyond world.h: when a contact counts as changed, and
// the order hits are listed in.

#include "world.h"

#include <cmath>
#include <vector>

namespace hitsmith::collision {

/// True when depth or normal moved by more than kContactChangeTolerance (a Changed event).
inline bool changedBeyondTolerance(const Contact &a, const Contact &b) {
    return std::abs(a.depth - b.depth) > kContactChangeTolerance ||
           std::abs(a.normal.x - b.normal.x) > kContactChangeTolerance ||
           std::abs(a.normal.y - b.normal.y) > kContactChangeTolerance;
}

/// Sorts hits by (a, b) (a radix sort for long lists; world.cpp).
void sortByPair(std::vector<Hit> &hits);

} // namespace hitsmith::collision
