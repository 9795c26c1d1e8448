// Costmap speed: cells per second for the seed's 3 x 3 m costmap and for a costmap covering a
// whole 120 x 120 m GridMap at 0.1 m (1.44 M cells). GroundGrid publishes at the LiDAR rate
// (10 Hz), so a frame must take well under 100 ms (the goal: 3x real time, <= 33 ms).
// Baselines, in the same run: the straightforward generator of before the fast path
// (tests/terrain/ReferenceCostmap.hpp), interleaved with the generator frame by frame so that a
// busy machine slows both alike; and one pass that only reads the four layers of every cell
// (the memory traffic any costmap needs).

#include <benchmark/benchmark.h>
#include <time.h>

#include <chrono>
#include <cmath>

#include "../tests/terrain/ReferenceCostmap.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/GridMapView.hpp"
#include "robometrics/terrain/CloudReader.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"
#include "robometrics/terrain/CostmapStats.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"

namespace {

using namespace robometrics::terrain;

GridMap makeMap(int cells, double res) {
    GridMap map(cells, cells, res, {0, 0});
    // All layers first: a reference from add() is valid only until the next add().
    map.add("points", 0.f);
    map.add("ground", 0.f);
    map.add("variance", 0.f);
    map.add("groundpatch", 1.f);
    auto &points = *map.layer("points");
    auto &ground = *map.layer("ground");
    auto &variance = *map.layer("variance");
    auto &patch = *map.layer("groundpatch");
    for (int j = 0; j < cells; ++j) {
        for (int i = 0; i < cells; ++i) {
            const auto p = map.position(i, j);
            ground(i, j) = static_cast<float>(0.3 * std::sin(0.2 * p.x()) * std::cos(0.15 * p.y()));
            variance(i, j) = static_cast<float>(0.01 * ((i * 7 + j * 3) % 11));
            points(i, j) = static_cast<float>((i * 13 + j * 5) % 17 == 0 ? 6 : 0);
            if ((i + j) % 97 == 0) patch(i, j) = NAN;
        }
    }
    return map;
}

/// The seed's 3 x 3 m costmap over `map`, frame after frame, the robot turning at (x, y).
void costmapFrames(benchmark::State &state, const GridMap &map, double x, double y) {
    CostmapConfig config;
    CostmapGenerator gen(config);
    robometrics::msgs::OccupancyGrid out;
    double yaw = 0;
    for (auto _ : state) {
        gen.generate(map, {x, y, yaw}, out);
        yaw += 0.01;
        benchmark::DoNotOptimize(out.data.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(out.data.size()));
    state.counters["frames_per_s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_Costmap3m(benchmark::State &state) {
    costmapFrames(state, makeMap(364, 0.33), 1.0, -2.0);  // GroundGrid's 120 m map
}
BENCHMARK(BM_Costmap3m)->Unit(benchmark::kMicrosecond);

// The simulator's frame (evaluate's terrain run: 12 000 of them in 40 minutes): a 9 x 9 m GridMap
// of 0.3 m cells under the 3 x 3 m costmap, so each GridMap cell holds about nine costmap cells.
void BM_CostmapSimulatorFrame(benchmark::State &state) { costmapFrames(state, makeMap(30, 0.3), 0.4, -0.3); }
BENCHMARK(BM_CostmapSimulatorFrame)->Unit(benchmark::kMicrosecond);

// The statistics every frame adds to (CostmapStats::add): shares of unknown, lethal, free and
// costed cells of the simulator's 3 x 3 m frame.
void BM_CostmapStatsFrame(benchmark::State &state) {
    CostmapConfig config;
    CostmapGenerator gen(config);
    robometrics::msgs::OccupancyGrid frame;
    gen.generate(makeMap(30, 0.3), {0.4, -0.3, 0.2}, frame);
    CostmapStats stats;
    for (auto _ : state) stats.add(frame, 0.0);
    benchmark::DoNotOptimize(stats.cells);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(frame.data.size()));
}
BENCHMARK(BM_CostmapStatsFrame)->Unit(benchmark::kMicrosecond);

void BM_CostmapWhole120m(benchmark::State &state) {
    GridMap map = makeMap(1200, 0.1);
    CostmapConfig config;
    config.costmap_size = 120.0;
    CostmapGenerator gen(config);
    robometrics::msgs::OccupancyGrid out;
    for (auto _ : state) {
        gen.generate(map, {0.0, 0.0, 0.0}, out);
        benchmark::DoNotOptimize(out.data.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(out.data.size()));
    state.counters["frames_per_s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CostmapWhole120m)->Unit(benchmark::kMillisecond);

// CPU time of this thread [s]: other programs on a shared machine inflate wall time, not this.
double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The whole 120 m map at 0.1 m, frame by frame: the straightforward generator of before (the
// baseline), then CostmapGenerator, each with its own observation memory. Counters: CPU ms a
// frame of each, speedup = baseline / generator, realtime_10hz = 100 ms / generator's frame
// (the goal is >= 3). The outputs are compared every frame (they must be identical).
void BM_CostmapWhole120mVsBaseline(benchmark::State &state) {
    GridMap map = makeMap(1200, 0.1);
    CostmapConfig config;
    config.costmap_size = 120.0;
    CostmapGenerator gen(config);
    ObservationMemory baseline_memory(config);
    robometrics::msgs::OccupancyGrid out;
    double generator_s = 0;
    double baseline_s = 0;
    for (auto _ : state) {
        const Pose2D robot{0.0, 0.0, 0.0};
        const double t0 = threadCpuSeconds();
        baseline_memory.update(map);
        const std::vector<std::int8_t> expected = reference::costmap(config, map, baseline_memory, robot);
        const double t1 = threadCpuSeconds();
        gen.generate(map, robot, out);
        const double t2 = threadCpuSeconds();
        baseline_s += t1 - t0;
        generator_s += t2 - t1;
        if (out.data != expected) {
            state.SkipWithError("the generator's costmap differs from the baseline's");
            return;
        }
    }
    const auto frames = static_cast<double>(state.iterations());
    state.counters["generator_ms"] = 1e3 * generator_s / frames;
    state.counters["baseline_ms"] = 1e3 * baseline_s / frames;
    state.counters["speedup"] = baseline_s / generator_s;
    state.counters["realtime_10hz"] = 0.1 / (generator_s / frames);
}
BENCHMARK(BM_CostmapWhole120mVsBaseline)->Unit(benchmark::kMillisecond)->Iterations(20);

// The terrain window's prune after each cloud (GroundGrid's 10 Hz, 30 k ground points a cloud,
// a 20 m window of at most 200 k points, the robot driving 0.1 m a cloud): addCloud (decoding,
// adding, the in-place prune) against adding the decoded points and the prune that rebuilt the
// deque every time (reference::prune), interleaved; the baseline is spared the decoding.
void BM_TerrainPruneVsBaseline(benchmark::State &state) {
    CostmapConfig config;
    config.terrain_radius = 20.0;
    config.terrain_max_points = 200000;
    TerrainAccumulator accumulator(config);
    std::deque<Eigen::Vector3f> baseline;
    double prune_s = 0, baseline_s = 0;
    int cloud = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const Eigen::Vector2d robot(0.1 * cloud, 0.0);
        std::vector<Eigen::Vector4f> xyzi;
        for (int k = 0; k < 30000; ++k) {
            const float a = 0.0002f * static_cast<float>(k), r = 1.0f + 0.0007f * static_cast<float>(k);
            xyzi.emplace_back(static_cast<float>(robot.x()) + r * std::cos(a), r * std::sin(a), 0.f, 49.f);
        }
        const robometrics::msgs::PointCloud2 message = makeCloud(xyzi, {});
        state.ResumeTiming();
        const double t0 = threadCpuSeconds();
        for (const auto &p : xyzi) baseline.push_back(p.head<3>());
        reference::prune(baseline, robot, config);
        const double t1 = threadCpuSeconds();
        benchmark::DoNotOptimize(accumulator.addCloud(message, Eigen::Isometry3d::Identity(), robot));
        const double t2 = threadCpuSeconds();
        baseline_s += t1 - t0;
        prune_s += t2 - t1;
        ++cloud;
    }
    if (accumulator.points() != baseline) state.SkipWithError("the pruned windows differ");
    const auto clouds = static_cast<double>(state.iterations());
    state.counters["add_cloud_ms"] = 1e3 * prune_s / clouds;
    state.counters["baseline_ms"] = 1e3 * baseline_s / clouds;
    state.counters["speedup"] = baseline_s / prune_s;
}
BENCHMARK(BM_TerrainPruneVsBaseline)->Unit(benchmark::kMillisecond)->Iterations(100);

// Baseline: read the four layers of every cell of the 120 m map once (a sum), no costing.
void BM_BaselineReadLayers120m(benchmark::State &state) {
    GridMap map = makeMap(1200, 0.1);
    const auto &a = *map.layer("points");
    const auto &b = *map.layer("ground");
    const auto &c = *map.layer("variance");
    const auto &d = *map.layer("groundpatch");
    for (auto _ : state) {
        float sum = 0;
        for (int j = 0; j < 1200; ++j) {
            for (int i = 0; i < 1200; ++i) sum += a(i, j) + b(i, j) + c(i, j) + d(i, j);
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * 1200 * 1200);
}
BENCHMARK(BM_BaselineReadLayers120m)->Unit(benchmark::kMillisecond);

// GridMap::fromMessage on GroundGrid's 364 x 364 map with four layers, its circular buffer
// started mid-way (the copy in two runs a column), against a plain copy of the same floats in
// the same loop (the least any decode pays): counter vs_copy.
void BM_GridMapFromMessageVsCopy(benchmark::State &state) {
    const robometrics::msgs::GridMap msg = makeMap(364, 0.33).toMessage(123, 45);
    std::vector<float> copy;
    double decode_s = 0;
    double copy_s = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        auto map = GridMap::fromMessage(msg);
        const auto t1 = std::chrono::steady_clock::now();
        for (const auto &array : msg.data) copy.assign(array.data.begin(), array.data.end());
        const auto t2 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(map);
        benchmark::DoNotOptimize(copy.data());
        decode_s += std::chrono::duration<double>(t1 - t0).count();
        copy_s += std::chrono::duration<double>(t2 - t1).count();
    }
    state.counters["vs_copy"] = decode_s / copy_s;
}
BENCHMARK(BM_GridMapFromMessageVsCopy)->Unit(benchmark::kMicrosecond);

// A map from its CDR payload, as the costmap node reads it: straight into the layers (a
// msgs::GridMapView), against decoding a msgs::GridMap (its floats copied into a reused vector)
// and then GridMap::fromMessage, in the same loop. The simulator's 30 x 30 map and GroundGrid's
// 364 x 364, four layers, the buffer started mid-way. Counter view_vs_decoded: the time ratio.
void BM_GridMapFromPayloadVsDecoded(benchmark::State &state) {
    const int cells = static_cast<int>(state.range(0));
    const std::vector<std::uint8_t> payload =
        robometrics::msgs::encodeCdr(makeMap(cells, 0.33).toMessage(cells / 3, cells / 8));
    robometrics::msgs::GridMap decoded;
    robometrics::msgs::GridMapView view;
    double decoded_s = 0;
    double view_s = 0;
    const auto timed = [](double &seconds, auto &&read) {
        const auto t0 = std::chrono::steady_clock::now();
        auto map = read();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        benchmark::DoNotOptimize(map);
    };
    const auto from_decoded = [&] {
        (void)robometrics::msgs::decodeCdr(payload, decoded);
        return GridMap::fromMessage(decoded);
    };
    const auto from_view = [&] {
        (void)robometrics::msgs::decodeGridMapView(payload, view);
        return GridMap::fromMessage(view);
    };
    bool view_first = false;  // alternated: the second finds the payload in the cache
    for (auto _ : state) {
        if (view_first) timed(view_s, from_view);
        timed(decoded_s, from_decoded);
        if (!view_first) timed(view_s, from_view);
        view_first = !view_first;
    }
    state.counters["view_vs_decoded"] = view_s / decoded_s;
}
BENCHMARK(BM_GridMapFromPayloadVsDecoded)->Arg(30)->Arg(364)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
