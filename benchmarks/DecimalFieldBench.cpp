// Reading the numbers of a trajectory file: io::parseDecimalField against the baseline measured in
// the same run, std::from_chars on the same texts. Two kinds of text: the shortest that gives the
// double back (what Python's repr() and std::to_chars write; half of them have 17 digits, which
// the shortcut in 64-bit doubles cannot take), and six decimals (what a C printf("%.6f") writes).

#include <benchmark/benchmark.h>

#include <charconv>
#include <random>
#include <string>
#include <vector>

#include "robometrics/io/DecimalField.hpp"

namespace {

/// Positions and quaternion parts of a rover run: values from 1e-3 to 1e3.
std::vector<std::string> texts(bool shortest) {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> metres(-1000.0, 1000.0);
    std::vector<std::string> out;
    char buffer[64];
    for (int i = 0; i < 4096; ++i) {
        const double v = metres(random) / (i % 3 == 0 ? 1000.0 : 1.0);
        const auto end = shortest ? std::to_chars(buffer, buffer + sizeof buffer, v)
                                  : std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed, 6);
        out.emplace_back(buffer, end.ptr);
    }
    return out;
}

void run(benchmark::State &state, bool shortest, bool ours) {
    const std::vector<std::string> input = texts(shortest);
    double sum = 0;
    for (auto _ : state) {
        for (const std::string &text : input) {
            double v = 0;
            if (ours) {
                robometrics::io::parseDecimalField(text.data(), text.data() + text.size(), v);
            } else {
                std::from_chars(text.data(), text.data() + text.size(), v);
            }
            sum += v;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
}

BENCHMARK_CAPTURE(run, ShortestFromChars, true, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, ShortestDecimalField, true, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, SixDecimalsFromChars, false, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, SixDecimalsDecimalField, false, true)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
