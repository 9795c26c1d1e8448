#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryAssociation.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::stampsOf;
using Indices = std::vector<std::size_t>;

TEST(TrajectoryAssociation, NearestWithinInclusiveTolerance) {
    // The estimate is longer, so reference stamps query it; 1 -> 1.02 is 0.02 s off and dropped.
    auto a = associate(stampsOf({0, 1, 2, 3}), stampsOf({0.005, 1.02, 2.0, 2.995, 10}));
    ASSERT_TRUE(a.ok()) << a.message();
    EXPECT_EQ(a->ref_indices, (Indices{0, 2, 3}));
    EXPECT_EQ(a->est_indices, (Indices{0, 2, 3}));
    EXPECT_EQ(a->max_pairs, 4u);
}

TEST(TrajectoryAssociation, TieGoesToTheFirstIndexAndToleranceIsInclusive) {
    AssociationConfig config;
    config.t_max_diff = 0.5;
    // Equal lengths: the estimate queries. 1.0 is exactly 0.5 from both 0.5 and 1.5 -> index 0.
    auto a = associate(stampsOf({0.5, 1.5}), stampsOf({1.0, 7.0}), config);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->est_indices, (Indices{0}));
    EXPECT_EQ(a->ref_indices, (Indices{0}));
}

TEST(TrajectoryAssociation, NearestIsNotOneToOne) {
    AssociationConfig config;
    config.t_max_diff = 0.25;
    auto a = associate(stampsOf({0.0, 0.25, 0.5, 0.75}), stampsOf({0.25, 0.375, 5, 6, 7}), config);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->ref_indices, (Indices{0, 1, 2}));
    EXPECT_EQ(a->est_indices, (Indices{0, 0, 1}));  // estimate pose 0 serves two reference poses
}

TEST(TrajectoryAssociation, OneToOneGreedyStrict) {
    AssociationConfig config;
    config.t_max_diff = 0.25;
    config.method = AssociationMethod::OneToOne;
    // Candidates (< 0.25): (0.25, 0.25) diff 0, (0.25, 0.375) and (0.5, 0.375) diff 0.125. Greedy takes
    // (0.25, 0.25) then (0.5, 0.375); 0.0 -> 0.25 is exactly 0.25, not < 0.25.
    auto a = associate(stampsOf({0.0, 0.25, 0.5, 0.75}), stampsOf({0.25, 0.375, 5, 6, 7}), config);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->ref_indices, (Indices{1, 2}));
    EXPECT_EQ(a->est_indices, (Indices{0, 1}));
}

TEST(TrajectoryAssociation, OffsetIsAddedToTheEstimate) {
    AssociationConfig config;
    config.t_offset = 0.5;
    auto a = associate(stampsOf({1, 2, 3}), stampsOf({0.5, 1.5, 2.5}), config);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->ref_indices, (Indices{0, 1, 2}));
    EXPECT_EQ(a->est_indices, (Indices{0, 1, 2}));
    config.method = AssociationMethod::OneToOne;
    auto b = associate(stampsOf({1, 2, 3}), stampsOf({0.5, 1.5, 2.5}), config);
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->size(), 3u);
}

TEST(TrajectoryAssociation, NoMatchExplainsWhy) {
    auto a = associate(stampsOf({1, 2, 3}), stampsOf({0.5, 1.5, 2.5}));
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.message().find("0 of 3 possible pairs"), std::string::npos) << a.message();
    EXPECT_NE(a.message().find("closest pair is 0.5 s apart"), std::string::npos) << a.message();
}

TEST(TrajectoryAssociation, UnsortedAndDuplicateStampsKeepEvoTieRule) {
    // Reference longer: the estimate queries it. 1.0 occurs at indices 1 and 3 (unsorted): first wins.
    auto a = associate(stampsOf({5, 1, 0, 1}), stampsOf({1.0, 0.0}));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->est_indices, (Indices{0, 1}));
    EXPECT_EQ(a->ref_indices, (Indices{1, 2}));
}

TEST(TrajectoryAssociation, UntimedTrajectoriesPairByIndex) {
    Trajectory ref = stampsOf({0, 1, 2});
    Trajectory est = stampsOf({7, 8, 9});
    est.timestamped = false;
    auto a = associate(ref, est);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->est_indices, (Indices{0, 1, 2}));
    est.add(10, Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
    EXPECT_FALSE(associate(ref, est).ok());
}

TEST(TrajectoryAssociation, FastMatchingEqualsEvoBruteForce) {
    // evo's literal algorithm: argmin over all target stamps, first index on ties, <= tolerance.
    std::vector<double> query, target;
    for (int i = 0; i < 400; ++i) query.push_back(i * 0.0333 + ((i * 7919) % 13) * 0.001);
    for (int i = 0; i < 1000; ++i) target.push_back(i * 0.0125 + ((i * 104729) % 5) * 0.0007);
    for (double offset : {0.0, 0.004, -0.01}) {
        Indices q, t;
        matchNearest(query, target, offset, 0.005, q, t);
        Indices bq, bt;
        for (std::size_t i = 0; i < query.size(); ++i) {
            std::size_t best = 0;
            for (std::size_t j = 1; j < target.size(); ++j) {
                if (std::abs((target[j] + offset) - query[i]) < std::abs((target[best] + offset) - query[i])) best = j;
            }
            if (std::abs((target[best] + offset) - query[i]) <= 0.005) {
                bq.push_back(i);
                bt.push_back(best);
            }
        }
        EXPECT_EQ(q, bq);
        EXPECT_EQ(t, bt);
        EXPECT_GT(q.size(), 50u);
    }
}

TEST(TrajectoryAssociation, QueriesThatJumpBackAndForthFindTheirNearest) {
    // Reference longer: the estimate queries it, out of order, so the search walks both ways.
    AssociationConfig config;
    config.t_max_diff = 0.1;
    auto a = associate(stampsOf({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), stampsOf({8.05, 0.02, 4.96, 1.0, 9.5}), config);
    ASSERT_TRUE(a.ok()) << a.message();
    EXPECT_EQ(a->est_indices, (Indices{0, 1, 2, 3}));
    EXPECT_EQ(a->ref_indices, (Indices{8, 0, 5, 1}));  // 9.5 is 0.5 s from 9: dropped
    EXPECT_EQ(a->ref_poses, 10u);
    EXPECT_EQ(a->est_poses, 5u);
}

namespace {

/// The pairs of `runs`, one index a pair, as associate() lists them.
Indices pairsOfRuns(const std::vector<IndexRun> &runs) {
    Indices out;
    for (const IndexRun &run : runs)
        for (std::size_t m = 0; m < run.length; ++m) out.push_back(run.first + m);
    return out;
}

}  // namespace

TEST(TrajectoryAssociation, PairRunsAreTheNearestPairs) {
    // Gaps on both sides (dropped poses), jitter, both lengths longer in turn, and an offset.
    std::vector<double> a, b;
    for (int i = 0; i < 3000; ++i)
        if (i % 97 != 5) a.push_back(i * 0.02 + ((i * 7919) % 13) * 0.0003);
    for (int i = 0; i < 3100; ++i)
        if (i % 211 != 17) b.push_back(i * 0.02 + ((i * 104729) % 5) * 0.0004 + 0.001);
    Trajectory ta, tb;
    for (double s : a) ta.add(s, Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
    for (double s : b) tb.add(s, Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
    for (double offset : {0.0, 0.003}) {
        for (const auto &[ref, est] : {std::pair{&ta, &tb}, std::pair{&tb, &ta}}) {
            AssociationConfig config;
            config.t_offset = offset;
            auto listed = associate(*ref, *est, config);
            auto runs = nearestPairRuns(*ref, *est, config);
            ASSERT_TRUE(listed.ok());
            ASSERT_TRUE(runs.has_value());
            EXPECT_LT(runs->ref.size(), 100u);
            EXPECT_EQ(pairsOfRuns(runs->ref), listed->ref_indices);
            EXPECT_EQ(pairsOfRuns(runs->est), listed->est_indices);
            EXPECT_EQ(runs->association.size(), listed->size());
            EXPECT_EQ(runs->association.max_pairs, listed->max_pairs);
            EXPECT_EQ(runs->association.ref_poses, listed->ref_poses);
            EXPECT_EQ(runs->association.est_poses, listed->est_poses);
            EXPECT_TRUE(runs->association.ref_indices.empty());
        }
    }
}

TEST(TrajectoryAssociation, PairRunsLeaveWhatTheyCannotKeepInPlaceToTheLists) {
    AssociationConfig config;
    config.t_max_diff = 0.25;
    // Estimate pose 0 serves two reference poses: taken twice.
    EXPECT_FALSE(nearestPairRuns(stampsOf({0.0, 0.25, 0.5, 0.75}), stampsOf({0.25, 0.375, 5, 6, 7}), config));
    // Queries out of order: the pairs are not in order.
    config.t_max_diff = 0.1;
    EXPECT_FALSE(nearestPairRuns(stampsOf({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), stampsOf({8.05, 0.02, 4.96}), config));
    EXPECT_FALSE(nearestPairRuns(stampsOf({1, 2, 3}), stampsOf({0.5, 1.5, 2.5})));  // no pair
    Trajectory untimed = stampsOf({0, 1, 2});
    untimed.timestamped = false;
    EXPECT_FALSE(nearestPairRuns(stampsOf({0, 1, 2}), untimed));
    config.method = AssociationMethod::OneToOne;
    EXPECT_FALSE(nearestPairRuns(stampsOf({0, 1, 2}), stampsOf({0, 1, 2}), config));
    // Every pose in order: one run.
    auto whole = nearestPairRuns(stampsOf({0, 1, 2}), stampsOf({0, 1, 2}));
    ASSERT_TRUE(whole.has_value());
    ASSERT_EQ(whole->ref.size(), 1u);
    EXPECT_EQ(whole->ref[0].first, 0u);
    EXPECT_EQ(whole->ref[0].length, 3u);
}

TEST(TrajectoryAssociation, PairRunsStopWhenMostPairsAreARunOfTheirOwn) {
    // 200 poses each, every second one matched: a run for each pair, past 64 and a quarter.
    Trajectory ref, est;
    for (int i = 0; i < 200; ++i) {
        ref.add(i, Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
        est.add(i + (i % 2 ? 0.5 : 0.0), Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
    }
    EXPECT_FALSE(nearestPairRuns(ref, est).has_value());
    EXPECT_EQ(associate(ref, est)->size(), 100u);
}
