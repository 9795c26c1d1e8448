// The TF recording while a bag is read (io::TfRecording::add), as `evaluate` drives it: a /tf of
// map -> odom and odom -> base_link at 50 Hz in one message, building the chain map -> base_link
// while reading (the ATE's estimate). 120 000 messages are a 2400 s run. Reported per message.
// The baseline in the same run: the same messages only walked (their transforms' stamps summed),
// which is what any consumer of them pays at least.
// And the costmap's TF buffer, which takes every message and looks odom -> base_link up at each
// GridMap's stamp (5 Hz: every tenth message): terrain::addTransforms (each rotation converted
// when first looked up) against the same buffer given each transform's isometry (as before).

#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "robometrics/io/TfRecording.hpp"
#include "robometrics/terrain/TfFeed.hpp"

namespace {

using robometrics::msgs::TFMessage;
using robometrics::msgs::TransformStamped;

TransformStamped transform(const char *parent, const char *child, std::int64_t ns, double x, double y, double yaw) {
    TransformStamped t;
    t.header.frame_id = parent;
    t.header.stamp = robometrics::msgs::Time::fromNs(ns);
    t.child_frame_id = child;
    t.transform.translation.x = x;
    t.transform.translation.y = y;
    t.transform.rotation.z = std::sin(yaw / 2);
    t.transform.rotation.w = std::cos(yaw / 2);
    return t;
}

const std::vector<TFMessage> &messages() {
    static const std::vector<TFMessage> out = [] {
        std::vector<TFMessage> m;
        constexpr int kMessages = 120000;
        m.reserve(kMessages);
        for (int i = 0; i < kMessages; ++i) {
            const std::int64_t ns = 1'700'000'000'000'000'000 + std::int64_t{i} * 20'000'000;
            const double s = i * 0.02;
            TFMessage tf;
            tf.transforms = {transform("map", "odom", ns, 0.01 * std::sin(s / 30), 0.02 * std::cos(s / 40), 0.001 * s),
                             transform("odom", "base_link", ns, std::cos(s / 60) * 20, std::sin(s / 60) * 20, s / 60)};
            m.push_back(std::move(tf));
        }
        return m;
    }();
    return out;
}

void BM_WalkOnly(benchmark::State &state) {
    const auto &m = messages();
    for (auto _ : state) {
        std::int64_t sum = 0;
        for (const TFMessage &tf : m) {
            for (const TransformStamped &t : tf.transforms) sum += t.header.stamp.toNs();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.size()));
}
BENCHMARK(BM_WalkOnly)->Unit(benchmark::kMillisecond);

void BM_RecordBuildingMapToBaseLink(benchmark::State &state) {
    const auto &m = messages();
    std::size_t poses = 0;
    for (auto _ : state) {
        robometrics::io::TfRecording recording;
        recording.buildWhileReading({{"map", "base_link"}});
        for (const TFMessage &tf : m) recording.add(tf, false);
        auto built = recording.takeStreamedPoses("bench", "map", "base_link");
        poses = built ? built->size() : 0;
    }
    if (poses != messages().size()) state.SkipWithError("not every pose was built");
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.size()));
}
BENCHMARK(BM_RecordBuildingMapToBaseLink)->Unit(benchmark::kMillisecond);

/// The costmap's TF buffer fed with every message by `feed`, odom -> base_link looked up at every
/// tenth message's stamp (a GridMap at 5 Hz).
template <class Feed>
void costmapTf(benchmark::State &state, Feed feed) {
    const auto &m = messages();
    double sum = 0;
    for (auto _ : state) {
        robometrics::TfBuffer tf;
        for (std::size_t i = 0; i < m.size(); ++i) {
            feed(tf, m[i]);
            if (i % 10 != 0) continue;
            auto pose = tf.lookup("odom", "base_link", m[i].transforms[1].header.stamp.toNs());
            if (pose) sum += pose->translation().x();
        }
    }
    benchmark::DoNotOptimize(sum);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.size()));
}

void BM_CostmapTfConvertedWhenLookedUp(benchmark::State &state) {
    costmapTf(state,
              [](robometrics::TfBuffer &tf, const TFMessage &m) { robometrics::terrain::addTransforms(tf, m, false); });
}
BENCHMARK(BM_CostmapTfConvertedWhenLookedUp)->Unit(benchmark::kMillisecond);

void BM_CostmapTfConvertedWhenAdded(benchmark::State &state) {
    costmapTf(state, [](robometrics::TfBuffer &tf, const TFMessage &m) {
        for (const TransformStamped &t : m.transforms) {
            tf.setTransform(t.header.frame_id, t.child_frame_id, t.header.stamp.toNs(),
                            robometrics::terrain::toIsometry(t.transform));
        }
    });
}
BENCHMARK(BM_CostmapTfConvertedWhenAdded)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
