#pragma once
// The simulator's only source of randomness: xoshiro256** seeded through splitmix64, with our
// own uniform and normal samplers. std::*_distribution is not used on purpose: its output is
// not specified by the standard and differs between standard libraries, and the simulator
// promises the same bytes for the same seed on every machine.

#include <cstdint>

namespace robometrics::sim {

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    /// The next raw 64-bit output of xoshiro256**.
    std::uint64_t next();
    /// Uniform in [0, 1) with 53 random bits.
    double uniform();
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    /// Standard normal (Marsaglia polar method; the spare value is kept for the next call).
    double normal();
    /// Normal with the given mean and standard deviation.
    double normal(double mean, double sigma) { return mean + sigma * normal(); }
    /// An independent generator derived from this one's seed and a stream number, so that each
    /// sensor has its own sequence and adding draws in one sensor never shifts another.
    Rng fork(std::uint64_t stream) const;

private:
    std::uint64_t seed_;
    std::uint64_t s_[4];
    double spare_ = 0;
    bool has_spare_ = false;
};

/// One step of splitmix64 (also used to hash integers into noise, see Terrain).
std::uint64_t splitmix64(std::uint64_t &state);

}  // namespace robometrics::sim
