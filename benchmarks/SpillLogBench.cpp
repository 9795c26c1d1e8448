// SpillLog against the std::vector it replaced in `evaluate`: appending a 4-hour run's worth of
// 64-byte window records (about 330 000) and reading them back once, in order. The vector is the
// baseline measured in the same run; the log's cost is the write and read of its temporary file.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "robometrics/core/SpillLog.hpp"

namespace {

struct Record {
    std::int64_t start, stop;
    double values[5];
    std::uint32_t topic, metric;
};
static_assert(sizeof(Record) == 64);

constexpr std::size_t kRecords = 330'000;

Record recordAt(std::size_t i) { return {std::int64_t(i), std::int64_t(i) + 1, {0.5, 1, 2, 3, 4}, 3, 1}; }

template <class Log>
void appendAndRead(benchmark::State &state) {
    for (auto _ : state) {
        Log log;
        for (std::size_t i = 0; i < kRecords; ++i) log.push_back(recordAt(i));
        double sum = 0;
        for (const Record &r : log) sum += double(r.start);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRecords));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kRecords * sizeof(Record)));
}

void Vector(benchmark::State &state) { appendAndRead<std::vector<Record>>(state); }
void Spill(benchmark::State &state) { appendAndRead<robometrics::SpillLog<Record>>(state); }

}  // namespace

BENCHMARK(Vector)->Unit(benchmark::kMillisecond);
BENCHMARK(Spill)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
