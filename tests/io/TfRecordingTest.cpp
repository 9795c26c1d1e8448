#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <random>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/io/TfRecording.hpp"

namespace robometrics::io {
namespace {

constexpr TimeNs kSecond = 1'000'000'000;

msgs::TFMessage link(const std::string &parent, const std::string &child, TimeNs stamp, double x) {
    msgs::TransformStamped tf;
    tf.header.stamp = msgs::Time::fromNs(stamp);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation.x = x;
    tf.transform.rotation.w = 1.0;
    return {{tf}};
}

/// map -> odom static at x = 10; odom -> base_link moving along x at 1 m/s, samples at 1.0, 1.5,
/// 2.0, 2.3 and 3.05 s (x = the stamp in seconds).
TfRecording movingBase() {
    TfRecording r;
    r.add(link("map", "odom", 0, 10.0), true);
    for (TimeNs t : {1000, 1500, 2000, 2300, 3050}) r.add(link("odom", "base_link", t * 1'000'000, t / 1000.0), false);
    return r;
}

/// evo before 1.36.4: the grid starts at the bag's first log time.
TfLookupStart fromBagStart(TimeNs bag_start) { return {TfLookupStart::Anchor::BagStart, bag_start}; }

TEST(TfRecording, LooksTheChainUpAtAFixedRateFromTheBagStart) {
    // From 0.75 s every 0.5 s while not after 3.05 s: 0.75 (before the first sample: skipped), 1.25,
    // 1.75, 2.25, 2.75; interpolated along x, shifted by the static 10 m.
    auto t = movingBase().chainAtFrequency("b.mcap", "map", "base_link", 2.0, fromBagStart(750'000'000));
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 4u);
    const double stamps[] = {1.25, 1.75, 2.25, 2.75};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_NEAR(t->stamps[i], stamps[i], 1e-12);
        EXPECT_NEAR(t->positions[i].x(), 10.0 + stamps[i], 1e-9);
    }
    // At every stamp of the moving link instead: five poses.
    EXPECT_EQ(movingBase().chain("b.mcap", "map", "base_link")->size(), 5u);
}

TEST(TfRecording, BagStartOnAnotherClockStartsAtTheFirstTfStamp) {
    // Log times in wall-clock epoch, stamps in sim time: evo 1.36 starts at the first /tf stamp.
    auto t = movingBase().chainAtFrequency("b.mcap", "map", "base_link", 1.0, fromBagStart(1'700'000'000 * kSecond));
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 3u);  // 1, 2 and 3 s
    EXPECT_NEAR(t->stamps[2], 3.0, 1e-12);
    EXPECT_NEAR(t->positions[2].x(), 13.0, 1e-9);
}

TEST(TfRecording, StartsAtTheFirstTfTransformReadAsEvo1364) {
    // The first /tf transform read is stamped 1.5 s, an older one (1.0 s) comes after it: evo's
    // TfCache keeps the first one's stamp, so the 2 Hz grid is 1.5, 2.0, 2.5, 3.0.
    TfRecording r;
    r.add(link("map", "odom", 0, 10.0), true);
    for (TimeNs t : {1500, 1000, 2000, 2300, 3050}) r.add(link("odom", "base_link", t * 1'000'000, t / 1000.0), false);
    EXPECT_EQ(r.firstTfStamp(), 1'500'000'000);
    auto t = r.chainAtFrequency("b.mcap", "map", "base_link", 2.0);
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 4u);
    EXPECT_NEAR(t->stamps[0], 1.5, 1e-12);
    EXPECT_NEAR(t->stamps[3], 3.0, 1e-12);
    EXPECT_EQ(parseTfLookupAnchor("bag"), TfLookupStart::Anchor::BagStart);
    EXPECT_EQ(parseTfLookupAnchor("tf"), TfLookupStart::Anchor::FirstTfStamp);
    EXPECT_FALSE(parseTfLookupAnchor("first").has_value());
}

TEST(TfRecording, StaticChainIsOnePoseAndUnknownFramesAreErrors) {
    auto fixed = movingBase().chainAtFrequency("b.mcap", "map", "odom", 10.0);
    ASSERT_TRUE(fixed.ok()) << fixed.message();
    ASSERT_EQ(fixed->size(), 1u);
    EXPECT_EQ(fixed->stamps[0], 0.0);
    auto unknown = movingBase().chainAtFrequency("b.mcap", "map", "laser", 10.0);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("b.mcap: frame 'laser' never appears"), std::string::npos) << unknown.message();
}

TEST(TfRecording, ChainPosesAreThoseOfTheNormalisedRotationsAndAnUnsetRotationIsIdentity) {
    // The messages' quaternions are not unit (and one is all zero, which reads as identity): the
    // recording converts them only when a chain needs them, and its poses are, bit for bit, those
    // of a buffer given each transform as the isometry of its normalised rotation.
    std::mt19937 random(11);
    std::uniform_real_distribution<double> unit(-2, 2);
    TfRecording recording;
    TfBuffer eager;
    std::vector<TimeNs> stamps;
    auto add = [&](const std::string &parent, const std::string &child, TimeNs stamp, bool is_static, bool unset) {
        msgs::TFMessage m = link(parent, child, stamp, unit(random));
        auto &tf = m.transforms[0].transform;
        tf.translation.y = unit(random);
        tf.rotation = unset ? msgs::Quaternion{0, 0, 0, 0}
                            : msgs::Quaternion{unit(random), unit(random), unit(random), unit(random)};
        recording.add(m, is_static);
        const Eigen::Quaterniond q(tf.rotation.w, tf.rotation.x, tf.rotation.y, tf.rotation.z);
        Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
        pose.translation() = Eigen::Vector3d(tf.translation.x, tf.translation.y, tf.translation.z);
        pose.linear() = unset ? Eigen::Matrix3d::Identity() : q.normalized().toRotationMatrix();
        eager.setTransform(parent, child, stamp, pose, is_static);
    };
    add("map", "odom", 0, true, false);
    for (int i = 1; i <= 40; ++i) {
        stamps.push_back(i * 10'000'000LL);
        add("odom", "base_link", stamps.back(), false, i == 17);
        add("base_link", "wheel", stamps.back(), false, false);  // on no chain
    }
    auto chain = recording.chain("b.mcap", "map", "base_link");
    ASSERT_TRUE(chain.ok()) << chain.message();
    ASSERT_EQ(chain->size(), stamps.size());
    for (std::size_t i = 0; i < stamps.size(); ++i) {
        auto want = eager.lookup("map", "base_link", stamps[i]);
        ASSERT_TRUE(want.ok()) << want.message();
        EXPECT_EQ(chain->positions[i], want->translation()) << i;
        EXPECT_EQ(chain->orientations[i].coeffs(), Eigen::Quaterniond(want->linear()).normalized().coeffs()) << i;
    }
}

msgs::TFMessage turningLink(const std::string &parent, const std::string &child, TimeNs stamp, double x, double yaw) {
    msgs::TFMessage m = link(parent, child, stamp, x);
    m.transforms[0].transform.translation.y = std::sin(x);
    m.transforms[0].transform.rotation.z = std::sin(yaw / 2);
    m.transforms[0].transform.rotation.w = std::cos(yaw / 2);
    return m;
}

/// A drive of `seconds`: odom -> base_link at 50 Hz, map -> odom from AMCL at 2 Hz starting at
/// 20 s and stamped 0.5 s ahead (as AMCL's transform_tolerance does), a wheel turning at 50 Hz
/// (on no chain), a static laser; added to each of `recordings` in the same order.
void drive(std::initializer_list<TfRecording *> recordings, int seconds) {
    auto add = [&](const msgs::TFMessage &m, bool is_static) {
        for (TfRecording *r : recordings) r->add(m, is_static);
    };
    add(link("base_link", "laser", 0, 0.2), true);
    for (int i = 0; i < seconds * 50; ++i) {
        const TimeNs t = i * 20'000'000LL + 7;  // stamps that are no round number of the 0.5 s ones
        add(turningLink("odom", "base_link", t, 0.01 * i, 0.003 * i), false);
        add(turningLink("base_link", "wheel", t, 0.0, 0.1 * i), false);
        if (i >= 1000 && i % 25 == 0) add(turningLink("map", "odom", t + kSecond / 2, 0.001 * i, 0.0001 * i), false);
    }
}

void expectSameChain(const Result<slam::Trajectory> &streamed, const Result<slam::Trajectory> &after) {
    ASSERT_EQ(streamed.ok(), after.ok()) << (streamed.ok() ? after.message() : streamed.message());
    if (!after.ok()) {
        EXPECT_EQ(streamed.message(), after.message());
        return;
    }
    ASSERT_EQ(streamed->size(), after->size());
    for (std::size_t i = 0; i < after->size(); ++i) {
        // Bit for bit: the same samples interpolated in the same order.
        ASSERT_EQ(streamed->stamps[i], after->stamps[i]) << i;
        ASSERT_EQ(streamed->positions[i], after->positions[i]) << i;
        ASSERT_EQ(streamed->orientations[i].coeffs(), after->orientations[i].coeffs()) << i;
    }
}

TEST(TfRecording, ChainsBuiltWhileReadingEqualThoseBuiltAfter) {
    const std::vector<std::pair<std::string, std::string>> chains = {
        {"map", "base_link"}, {"map", "odom"}, {"odom", "laser"}};
    TfRecording after, streamed;
    streamed.buildWhileReading(chains);
    drive({&after, &streamed}, 200);  // 20 000 samples: several build steps, the first before map exists
    // What is held stops growing with the drive: at most a build step's worth of stamps.
    EXPECT_EQ(after.heldStamps(), 20'000u + 360u);
    EXPECT_LT(streamed.heldStamps(), 4096u + 100u);
    for (const auto &[parent, child] : chains) {
        SCOPED_TRACE(parent + " -> " + child);
        expectSameChain(streamed.takeStreamedChain("b.mcap", parent, child), after.chain("b.mcap", parent, child));
    }
    EXPECT_TRUE(streamed.streamNotes().empty());
    // Undeclared chains and the other lookups are refused, not answered from forgotten samples.
    EXPECT_FALSE(streamed.takeStreamedChain("b.mcap", "odom", "wheel").ok());
    EXPECT_FALSE(streamed.chain("b.mcap", "odom", "wheel").ok());
}

TEST(TfRecording, ChainsOfOnlyStaticLinksBuiltWhileReadingArePoseAtTimeZero) {
    TfRecording streamed;
    streamed.buildWhileReading({{"map", "odom"}});
    streamed.add(link("map", "odom", 0, 10.0), true);
    auto fixed = streamed.takeStreamedChain("b.mcap", "map", "odom");
    ASSERT_TRUE(fixed.ok()) << fixed.message();
    ASSERT_EQ(fixed->size(), 1u);
    EXPECT_EQ(fixed->stamps[0], 0.0);
    EXPECT_EQ(fixed->positions[0].x(), 10.0);
}

TEST(TfRecording, ASampleLaterThanTheBuiltPosesIsNoted) {
    TfRecording streamed;
    streamed.buildWhileReading({{"odom", "base_link"}});
    for (int i = 0; i < 5000; ++i) streamed.add(link("odom", "base_link", i * 10'000'000LL, i * 0.01), false);
    EXPECT_TRUE(streamed.streamNotes().empty());
    streamed.add(link("odom", "base_link", 1'005'000'000LL, 0.0), false);  // 1.005 s, after 49.99 s
    ASSERT_EQ(streamed.streamNotes().size(), 1u);
    EXPECT_NE(streamed.streamNotes()[0].find("base_link stamped 1.005000000 s arrived after later ones"),
              std::string::npos)
        << streamed.streamNotes()[0];
    streamed.add(link("odom", "base_link", 1'015'000'000LL, 0.0), false);
    EXPECT_EQ(streamed.streamNotes().size(), 1u);  // said once
}

/// Every chain worth listing in every sample bag, built while reading and after it: the same poses.
TEST(TfRecording, ChainsBuiltWhileReadingEqualThoseBuiltAfterOnTheSampleBags) {
    namespace fs = std::filesystem;
    const fs::path root = test::testDataDir() / "bags";
    if (!fs::is_directory(root)) GTEST_SKIP() << "sample data not found: bags (set ROBOMETRICS_TEST_DATA)";
    std::size_t compared = 0;
    for (const auto &entry : fs::recursive_directory_iterator(root)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".mcap" && ext != ".bag" && ext != ".db3")) continue;
        auto record = [&](TfRecording &r) -> bool {
            auto source = bag::openBag(entry.path().string(), bag::ReadOptions{{"/tf", "/tf_static"}, {}, {}});
            if (!source) return false;
            pipeline::Pipeline pipeline;
            if (!r.subscribe(pipeline, (*source)->topics())) return false;
            return pipeline.run(**source).ok();
        };
        TfRecording after;
        if (!record(after)) continue;
        std::vector<std::pair<std::string, std::string>> chains = after.movingChains();
        for (const std::pair<std::string, std::string> chain : {std::pair{"map", "base_link"}, {"map", "odom"}}) {
            if (std::find(chains.begin(), chains.end(), chain) == chains.end()) chains.push_back(chain);
        }
        TfRecording streamed;
        streamed.buildWhileReading(chains);
        ASSERT_TRUE(record(streamed)) << entry.path();
        for (const auto &[parent, child] : chains) {
            SCOPED_TRACE(entry.path().string() + ": " + parent + " -> " + child);
            expectSameChain(streamed.takeStreamedChain("b", parent, child), after.chain("b", parent, child));
            ++compared;
        }
        EXPECT_TRUE(streamed.streamNotes().empty()) << entry.path() << ": " << streamed.streamNotes().front();
    }
    std::cout << "compared " << compared << " chains\n";
}

}  // namespace
}  // namespace robometrics::io
