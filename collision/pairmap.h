#pragma once

// An open-addressing hash map from an ordered shape pair to its contact: linear probing,
// backward-shift deletion (no tombstones), power-of-two capacity kept at most 5/8 full.
// Bit 63 of a stored key is a mark for the caller (a full re-test marks what it saw, then sweeps
// the rest); hashing and lookups ignore it, so shape handles must stay below 2^31.

#include "geometry.h"
#include "prefetch.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hitsmith::collision {

/// Maps a pair key (see pairKey) to a Contact.
class PairMap {
public:
    /// Key of the pair (a, b) with a < b.
    static constexpr std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) {
        return (std::uint64_t(a) << 32) | b;
    }
    /// First shape of a key.
    static constexpr std::uint32_t first(std::uint64_t key) { return std::uint32_t(key >> 32); }
    /// Second shape of a key.
    static constexpr std::uint32_t second(std::uint64_t key) { return std::uint32_t(key); }

    /// One stored entry; key == kEmpty marks a free slot.
    struct Slot {
        std::uint64_t key; ///< pairKey(a, b), maybe | kMark; kEmpty when free
        Contact contact;   ///< the pair's contact
    };
    /// Key of a free slot (never a valid pair, since a < b).
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    /// The caller's mark bit in a stored key.
    static constexpr std::uint64_t kMark = std::uint64_t{1} << 63;
    /// Largest shape handle a key can hold.
    static constexpr std::uint32_t kMaxHandle = (std::uint32_t{1} << 31) - 2;

    /// The contact stored for `key`, or nullptr.
    const Contact *find(std::uint64_t key) const;
    /// Mutable access to the contact stored for `key`, or nullptr.
    Contact *find(std::uint64_t key);
    /// The slot holding `key` (marked or not), or nullptr; its key may be re-marked.
    Slot *findSlot(std::uint64_t key);
    /// Stores `contact` for `key`; returns true when the key was new.
    bool insertOrAssign(std::uint64_t key, const Contact &contact);
    /// Hints the cache to load the slot where a lookup of `key` starts.
    void prefetch(std::uint64_t key) const {
        if (!mSlots.empty())
            collision::prefetch(&mSlots[indexOf(key)]);
    }
    /// Removes `key`; returns true when it was present.
    bool erase(std::uint64_t key);
    /// Removes everything, keeping the capacity.
    void clear();
    /// Ensures room for `count` entries without growing.
    void reserve(std::size_t count);
    /// Frees all memory.
    void release();
    /// Number of entries.
    std::size_t size() const { return mSize; }
    /// Every slot, free ones included (key == kEmpty); for iteration.
    const std::vector<Slot> &slots() const { return mSlots; }
    /// Mutable slots, for marking and unmarking keys in place (nothing else may change).
    std::vector<Slot> &slots() { return mSlots; }
    /// Bytes held.
    std::size_t memoryBytes() const { return mSlots.capacity() * sizeof(Slot); }

private:
    std::size_t indexOf(std::uint64_t key) const {
        return std::size_t(((key & ~kMark) * 0x9E3779B97F4A7C15ull) >> mShift);
    }
    void rehash(std::size_t capacity);

    std::vector<Slot> mSlots;
    std::size_t mSize = 0;
    std::size_t mMask = 0;
    unsigned mShift = 64;
};

} // namespace hitsmith::collision
