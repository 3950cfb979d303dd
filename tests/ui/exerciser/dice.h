#pragma once

// The exerciser's one source of chance: a 64-bit Mersenne Twister from the run's seed, reduced by
// modulo (not a std distribution, whose results differ between standard libraries), so a seed
// replays the same steps with GCC's and clang's builds.

#include <QList>

#include <cstdint>
#include <random>

namespace hitsmith::exercise {

class Dice {
public:
    explicit Dice(std::uint64_t seed)
        : mGenerator(seed) {}

    /// 0 .. n-1 (0 when n <= 0).
    int below(int n) { return n <= 0 ? 0 : int(mGenerator() % std::uint64_t(n)); }
    /// lo .. hi inclusive.
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    /// True with the given chance in percent.
    bool chance(int percent) { return below(100) < percent; }
    template <class T> const T &pick(const QList<T> &list) {
        return list.at(below(int(list.size())));
    }

private:
    std::mt19937_64 mGenerator;
};

} // namespace hitsmith::exercise
