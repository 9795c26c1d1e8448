// How fast the simulator runs, in simulated seconds per wall-clock second (counter sim_s/s),
// against baselines measured in the same run on the same 60 s office run:
//   BM_EncodeOnly   - only CDR-encoding the messages the run produces (generated beforehand)
//   BM_WriteOnly    - encoding and writing them to an MCAP file (zstd), the I/O floor
//   BM_Simulate     - simulating, without writing
//   BM_SimulateAndRecord - what `robometrics simulate` does: simulate + write + truth files

#include <benchmark/benchmark.h>

#include <filesystem>
#include <variant>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/sim/Recorder.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace {

using namespace robometrics;

constexpr double kDuration = 60.0;

sim::Simulator makeSim() { return sim::Simulator(sim::makeScenario("office", kDuration, 1).value(), 1); }

const std::vector<sim::SimOutput> &recordedMessages() {
    static const std::vector<sim::SimOutput> all = [] {
        std::vector<sim::SimOutput> out, batch;
        sim::Simulator s = makeSim();
        while (!s.done()) {
            s.step(batch);
            for (auto &m : batch) out.push_back(std::move(m));
        }
        return out;
    }();
    return all;
}

void setRate(benchmark::State &state) {
    state.counters["sim_s/s"] = benchmark::Counter(kDuration, benchmark::Counter::kIsIterationInvariantRate);
}

std::string scratch(const char *name) {
    const auto dir = std::filesystem::temp_directory_path() / (std::string("robometrics-bench-") + name);
    std::filesystem::create_directories(dir);
    return dir.string();
}

void BM_EncodeOnly(benchmark::State &state) {
    const auto &messages = recordedMessages();
    for (auto _ : state) {
        std::size_t bytes = 0;
        for (const auto &m : messages)
            bytes += std::visit([](const auto &msg) { return msgs::encodeCdr(msg).size(); }, m.message);
        benchmark::DoNotOptimize(bytes);
    }
    setRate(state);
}
BENCHMARK(BM_EncodeOnly)->Unit(benchmark::kMillisecond);

void BM_WriteOnly(benchmark::State &state) {
    const auto &messages = recordedMessages();
    const std::string path = scratch("write") + "/run.mcap";
    for (auto _ : state) {
        auto writer = bag::TypedWriter::open(path);
        for (const auto &m : messages) {
            Status s =
                std::visit([&](const auto &msg) { return writer->write(m.topic, msg, m.time, m.latched); }, m.message);
            benchmark::DoNotOptimize(s);
        }
        benchmark::DoNotOptimize(writer->close());
    }
    setRate(state);
}
BENCHMARK(BM_WriteOnly)->Unit(benchmark::kMillisecond);

void BM_Simulate(benchmark::State &state) {
    for (auto _ : state) {
        sim::Simulator s = makeSim();
        std::vector<sim::SimOutput> batch;
        std::size_t n = 0;
        while (!s.done()) {
            s.step(batch);
            n += batch.size();
        }
        benchmark::DoNotOptimize(n);
    }
    setRate(state);
}
BENCHMARK(BM_Simulate)->Unit(benchmark::kMillisecond);

void BM_SimulateAndRecord(benchmark::State &state) {
    const std::string dir = scratch("record");
    for (auto _ : state) {
        sim::Simulator s = makeSim();
        auto result = sim::record(s, dir);
        benchmark::DoNotOptimize(result);
    }
    setRate(state);
}
BENCHMARK(BM_SimulateAndRecord)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
