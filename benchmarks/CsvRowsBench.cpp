// Rows of evaluate's largest CSVs as they are written: ate.csv's eight shortest doubles per row,
// into a buffer on the stack appended once (core/ShortestDouble.hpp) against the baseline in the
// same run, fmt through std::back_inserter into the string (how they were written before
// 2026-12-07); and topic_stats.csv's rows (topicstats::appendWindowCsvRow).

#include <benchmark/benchmark.h>
#include <fmt/compile.h>
#include <fmt/format.h>

#include <iterator>
#include <string>
#include <vector>

#include "robometrics/core/ShortestDouble.hpp"
#include "robometrics/topicstats/WindowRecord.hpp"

namespace {

/// Errors and positions of an aligned trajectory: full-precision doubles of a few metres.
std::vector<double> ateValues() {
    std::vector<double> out;
    for (int i = 0; i < 8 * 1024; ++i) out.push_back(-14.0 + 0.0123456789 * i + 1e-9 * (i % 97) / 7.0);
    return out;
}

/// Appends ate.csv's numbers, eight to a row, with `append_row(text, first)` for each row.
template <class AppendRow>
void ateNumbers(benchmark::State &state, AppendRow append_row) {
    const std::vector<double> v = ateValues();
    std::string text;
    for (auto _ : state) {
        text.clear();
        for (std::size_t i = 0; i < v.size(); i += 8) append_row(text, &v[i]);
        benchmark::DoNotOptimize(text.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * v.size()));
}

void BM_AteNumbersBackInserter(benchmark::State &state) {
    ateNumbers(state, [](std::string &text, const double *x) {
        fmt::format_to(std::back_inserter(text), FMT_COMPILE(",{},{},{},{},{},{},{},{}\n"), x[0], x[1], x[2], x[3], x[4],
                       x[5], x[6], x[7]);
    });
}

void BM_AteNumbersRowBuffer(benchmark::State &state) {
    ateNumbers(state, [](std::string &text, const double *x) {
        char row[8 * (robometrics::kShortestDoubleChars + 1) + 1];
        char *end = row;
        for (int k = 0; k < 8; ++k) {
            *end++ = ',';
            end = robometrics::writeShortest(end, x[k]);
        }
        *end++ = '\n';
        text.append(row, end);
    });
}

void BM_TopicStatsRows(benchmark::State &state) {
    using namespace robometrics::topicstats;
    std::vector<WindowRecord> records(1024);
    for (std::size_t i = 0; i < records.size(); ++i) {
        WindowRecord &r = records[i];
        r.topic = "/sensors/imu";
        r.metric = i % 2 ? Metric::MessagePeriod : Metric::MessageAge;
        r.window_start = 1'700'000'000'000'000'000 + static_cast<std::int64_t>(i) * 1'000'000'000;
        r.window_stop = r.window_start + 1'000'000'000;
        r.stats = StatisticsSet{10.0 + 0.001 * static_cast<double>(i), 9.5, 10.75, 0.123456789, 100};
    }
    std::string text;
    for (auto _ : state) {
        text.clear();
        for (const WindowRecord &r : records) appendWindowCsvRow(text, r);
        benchmark::DoNotOptimize(text.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * records.size()));
}

}  // namespace

BENCHMARK(BM_AteNumbersBackInserter)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AteNumbersRowBuffer)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TopicStatsRows)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
