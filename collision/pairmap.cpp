#include "pairmap.h"

#include <bit>

namespace hitsmith::collision {

namespace {
// Grow before the table is more than 5/8 full.
constexpr std::size_t kLoadNum = 5;
constexpr std::size_t kLoadDen = 8;
constexpr std::size_t kMinCapacity = 16;
} // namespace

PairMap::Slot *PairMap::findSlot(std::uint64_t key) {
    if (mSize == 0)
        return nullptr;
    key &= ~kMark;
    for (std::size_t i = indexOf(key);; i = (i + 1) & mMask) {
        Slot &s = mSlots[i];
        if (s.key == kEmpty)
            return nullptr;
        if ((s.key & ~kMark) == key)
            return &s;
    }
}

const Contact *PairMap::find(std::uint64_t key) const {
    Slot *s = const_cast<PairMap *>(this)->findSlot(key);
    return s ? &s->contact : nullptr;
}

Contact *PairMap::find(std::uint64_t key) {
    Slot *s = findSlot(key);
    return s ? &s->contact : nullptr;
}

bool PairMap::insertOrAssign(std::uint64_t key, const Contact &contact) {
    if ((mSize + 1) * kLoadDen > mSlots.size() * kLoadNum)
        rehash(std::max(kMinCapacity, mSlots.size() * 2));
    for (std::size_t i = indexOf(key);; i = (i + 1) & mMask) {
        Slot &s = mSlots[i];
        if (s.key == kEmpty) {
            s = {key, contact};
            ++mSize;
            return true;
        }
        if ((s.key & ~kMark) == (key & ~kMark)) {
            s = {key, contact};
            return false;
        }
    }
}

bool PairMap::erase(std::uint64_t key) {
    if (mSize == 0)
        return false;
    key &= ~kMark;
    std::size_t i = indexOf(key);
    while ((mSlots[i].key & ~kMark) != key || mSlots[i].key == kEmpty) {
        if (mSlots[i].key == kEmpty)
            return false;
        i = (i + 1) & mMask;
    }
    // Backward-shift: pull later entries of the probe run into the hole when their home slot
    // does not lie strictly between the hole and themselves.
    std::size_t hole = i;
    for (std::size_t j = (hole + 1) & mMask; mSlots[j].key != kEmpty; j = (j + 1) & mMask) {
        const std::size_t home = indexOf(mSlots[j].key);
        const bool homeBetween =
            hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (!homeBetween) {
            mSlots[hole] = mSlots[j];
            hole = j;
        }
    }
    mSlots[hole].key = kEmpty;
    --mSize;
    return true;
}

void PairMap::clear() {
    for (Slot &s : mSlots)
        s.key = kEmpty;
    mSize = 0;
}

void PairMap::reserve(std::size_t count) {
    std::size_t capacity = std::max(kMinCapacity, mSlots.size());
    while (count * kLoadDen > capacity * kLoadNum)
        capacity *= 2;
    if (capacity != mSlots.size())
        rehash(capacity);
}

void PairMap::release() {
    std::vector<Slot>().swap(mSlots);
    mSize = 0;
    mMask = 0;
    mShift = 64;
}

void PairMap::rehash(std::size_t capacity) {
    std::vector<Slot> old;
    old.swap(mSlots);
    mSlots.assign(capacity, Slot{kEmpty, {}});
    mMask = capacity - 1;
    mShift = 64u - static_cast<unsigned>(std::countr_zero(capacity));
    mSize = 0;
    for (const Slot &s : old) {
        if (s.key == kEmpty)
            continue;
        for (std::size_t i = indexOf(s.key);; i = (i + 1) & mMask) {
            if (mSlots[i].key == kEmpty) {
                mSlots[i] = s;
                ++mSize;
                break;
            }
        }
    }
}

} // namespace hitsmith::collision
