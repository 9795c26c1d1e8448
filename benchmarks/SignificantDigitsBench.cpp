// The numbers of the report's time charts: report::appendSignificant against fmt's "{:.Ng}",
// which TimeChart used before, in the same run. Times on a 40-minute run's axis to seven
// significant digits, and values (errors in metres, rates) to six.

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "robometrics/report/SignificantDigits.hpp"

namespace {

std::vector<double> chartValues(bool times) {
    std::vector<double> out;
    for (int i = 0; i < 4096; ++i) {
        out.push_back(times ? 0.6 * i + 0.05 * (i % 11) : 0.02 + 0.3 * std::abs(std::sin(0.01 * i)) + 1e-4 * (i % 7));
    }
    return out;
}

void run(benchmark::State &state, bool times, bool with_fmt) {
    const std::vector<double> input = chartValues(times);
    const int digits = times ? 7 : 6;
    std::string text;
    for (auto _ : state) {
        text.clear();
        for (double v : input) {
            if (with_fmt) {
                fmt::format_to(std::back_inserter(text), "{:.{}g}", v, digits);
            } else {
                robometrics::report::appendSignificant(text, v, digits);
            }
            text += ',';
        }
        benchmark::DoNotOptimize(text.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
}

void BM_TimesAppendSignificant(benchmark::State &state) { run(state, true, false); }
void BM_TimesFmt(benchmark::State &state) { run(state, true, true); }
void BM_ValuesAppendSignificant(benchmark::State &state) { run(state, false, false); }
void BM_ValuesFmt(benchmark::State &state) { run(state, false, true); }

BENCHMARK(BM_TimesAppendSignificant)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TimesFmt)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ValuesAppendSignificant)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ValuesFmt)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
