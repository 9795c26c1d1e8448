// Fixed-notation text of doubles, as the CSVs and plots of `evaluate` write them: epoch stamps to
// nine decimals (ate.csv, lost.csv) and plot coordinates to one. report::appendFixed against the
// baseline measured in the same run, std::to_chars with the same precision (which appendFixed
// used for every value before it did the common ones in integers), and fmt's "{:.9f}".

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <charconv>
#include <string>
#include <vector>

#include "robometrics/report/FixedDecimal.hpp"

namespace {

/// A 25 Hz run's stamps in seconds (about 1.7e9), or pixel coordinates of a 720-pixel plot.
std::vector<double> values(bool stamps) {
    std::vector<double> out;
    for (int i = 0; i < 4096; ++i) {
        out.push_back(stamps ? 1700000000.0 + 0.04 * i + 2e-7 * (i % 7) : 64.0 + 586.0 * (i % 997) / 997.0);
    }
    return out;
}

void run(benchmark::State &state, bool stamps, int how) {
    const std::vector<double> input = values(stamps);
    const int precision = stamps ? 9 : 1;
    std::string text;
    for (auto _ : state) {
        text.clear();
        for (double v : input) {
            if (how == 0) {
                char buffer[352];
                text.append(buffer,
                            std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed, precision).ptr);
            } else if (how == 1) {
                robometrics::report::appendFixed(text, v, precision);
            } else {
                fmt::format_to(std::back_inserter(text), "{:.{}f}", v, precision);
            }
            text += ',';
        }
        benchmark::DoNotOptimize(text.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
}

void BM_StampsToChars(benchmark::State &state) { run(state, true, 0); }
void BM_StampsAppendFixed(benchmark::State &state) { run(state, true, 1); }
void BM_StampsFmt(benchmark::State &state) { run(state, true, 2); }
void BM_PixelsToChars(benchmark::State &state) { run(state, false, 0); }
void BM_PixelsAppendFixed(benchmark::State &state) { run(state, false, 1); }

BENCHMARK(BM_StampsToChars)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StampsAppendFixed)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StampsFmt)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PixelsToChars)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PixelsAppendFixed)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
