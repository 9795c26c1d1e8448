// The costs the robot's clock and activity model add to `evaluate`, each next to a baseline
// measured in the same run:
//   ClockBaseline   storing one hour of 1 kHz /clock samples as (log, sim) pairs (what an
//                   uncompressed map would cost: 3.6 M pairs, 58 MB)
//   ClockTrack      the same samples through core::ClockTrack (swinging-door compression), with
//                   a pause and a change of real-time factor; the counter `vertices` is what it keeps
//   ClockLookup     1 M log times mapped onto simulated time through the track
//   TrackBaseline   building the odometry track of a one-hour run (30 Hz, 108 k samples)
//   Stuck           findStuckEpisodes on that run with 20 Hz commands (72 k) and a 10 s stall
// Compare each time with its baseline's in the same run (the machine is shared and noisy).

#include <benchmark/benchmark.h>

#include <vector>

#include "robometrics/activity/StuckDetector.hpp"
#include "robometrics/core/ClockTrack.hpp"

namespace {

using namespace robometrics;

constexpr TimeNs kWall = 1'700'000'000LL * kNsPerSecond;
constexpr TimeNs kMs = 1'000'000;
constexpr int kClockSamples = 3'600'000;  // one hour at 1 kHz of simulated time

/// The i-th /clock sample: real-time factor 0.6, then a 10 s pause after 30 min, then 0.9.
ClockTrack::Vertex clockSample(int i) {
    const TimeNs sim = 12 * kNsPerSecond + TimeNs{i} * kMs;
    if (i < kClockSamples / 2) return {kWall + TimeNs{i} * kMs * 10 / 6, sim};
    const TimeNs half = kWall + TimeNs{kClockSamples / 2} * kMs * 10 / 6 + 10 * kNsPerSecond;
    return {half + TimeNs{i - kClockSamples / 2} * kMs * 10 / 9, sim};
}

void ClockBaseline(benchmark::State &state) {
    std::vector<ClockTrack::Vertex> pairs;
    for (auto _ : state) {
        pairs.clear();
        pairs.shrink_to_fit();
        for (int i = 0; i < kClockSamples; ++i) pairs.push_back(clockSample(i));
        benchmark::DoNotOptimize(pairs.data());
    }
    state.SetItemsProcessed(state.iterations() * kClockSamples);
}
BENCHMARK(ClockBaseline)->Unit(benchmark::kMillisecond)->Iterations(5);

void ClockTrackAdd(benchmark::State &state) {
    std::size_t vertices = 0;
    for (auto _ : state) {
        ClockTrack track;
        for (int i = 0; i < kClockSamples; ++i) {
            const ClockTrack::Vertex v = clockSample(i);
            track.add(v.log, v.sys);
        }
        track.finish();
        vertices = track.vertices().size();
    }
    state.counters["vertices"] = static_cast<double>(vertices);
    state.SetItemsProcessed(state.iterations() * kClockSamples);
}
BENCHMARK(ClockTrackAdd)->Unit(benchmark::kMillisecond)->Iterations(5);

void ClockLookup(benchmark::State &state) {
    ClockTrack track;
    for (int i = 0; i < kClockSamples; ++i) {
        const ClockTrack::Vertex v = clockSample(i);
        track.add(v.log, v.sys);
    }
    track.finish();
    const TimeNs span = clockSample(kClockSamples - 1).log - kWall;
    for (auto _ : state) {
        TimeNs sum = 0;
        for (int i = 0; i < 1'000'000; ++i) sum += track.toSystem(kWall + span / 1'000'000 * i);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 1'000'000);
}
BENCHMARK(ClockLookup)->Unit(benchmark::kMillisecond)->Iterations(5);

std::vector<activity::TrackPoint> hourOfOdometry() {
    std::vector<activity::TrackPoint> points;
    double x = 0;
    for (int i = 0; i < 30 * 3600; ++i) {
        const TimeNs t = TimeNs{i} * kNsPerSecond / 30;
        const bool stalled = t >= 600 * kNsPerSecond && t < 610 * kNsPerSecond;
        if (!stalled) x += 0.5 / 30;
        points.push_back({t, x, 0, 0});
    }
    return points;
}

void TrackBaseline(benchmark::State &state) {
    const std::vector<activity::TrackPoint> points = hourOfOdometry();
    for (auto _ : state) {
        activity::Track track(points);
        benchmark::DoNotOptimize(track.size());
    }
}
BENCHMARK(TrackBaseline)->Unit(benchmark::kMillisecond)->Iterations(5);

void Stuck(benchmark::State &state) {
    const activity::Track track(hourOfOdometry());
    activity::IntentBuilder builder;
    for (int i = 0; i < 20 * 3600; ++i) builder.addCommand({TimeNs{i} * 50 * kMs, 0.5, 0});
    const activity::Intent intent = builder.finish(3600 * kNsPerSecond);
    std::size_t episodes = 0;
    for (auto _ : state) episodes = activity::findStuckEpisodes(intent, track).size();
    state.counters["episodes"] = static_cast<double>(episodes);
}
BENCHMARK(Stuck)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

BENCHMARK_MAIN();
