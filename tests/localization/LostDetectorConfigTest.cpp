#include "robometrics/localization/LostDetectorConfig.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"

namespace robometrics::localization {
namespace {

TEST(LostDetectorConfigTest, ReadsNestedAndSlashedSeedNames) {
    auto dir = test::scratchDir("lost_config");
    const auto path = dir / "lost.yaml";
    std::ofstream(path) << "lost_detector:\n  ros__parameters:\n"
                           "    modified_prob_classifier:\n"
                           "      tier0_normal_prior: 0.7\n"
                           "      slice_mu: [0.1, 0.02, 2.0, 1.0]\n"
                           "    lost_detector/queue_min: 5\n"
                           "    lost_detector:\n      window_meta_tier2_lost: 20\n";
    auto p = Params::loadFile(path.string(), "lost_detector");
    ASSERT_TRUE(p.ok()) << p.message();
    ASSERT_TRUE(p->applyOverrides({"modified_prob_classifier/slice_sigma:=[0.1, 0.1, 1, 1]"}).ok());
    auto c = LostDetectorConfig::fromParams(*p);
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_DOUBLE_EQ(c->tier0_normal_prior, 0.7);
    EXPECT_DOUBLE_EQ(c->slice_mu[2], 2.0);
    EXPECT_DOUBLE_EQ(c->slice_sigma[3], 1.0);
    EXPECT_EQ(c->queue_min, 5);
    EXPECT_EQ(c->window_meta_tier2_lost, 20);
    EXPECT_EQ(c->window_meta_tier0_normal, 10);  // default kept
    EXPECT_TRUE(p->unused().empty());
}

TEST(LostDetectorConfigTest, RejectsZeroSigmaBadVectorsAndPriors) {
    Params p;
    p.set("modified_prob_classifier/slice_sigma", "[0.1, 0, 1, 1]");
    auto c = LostDetectorConfig::fromParams(p);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.message().find("slice_sigma"), std::string::npos);
    Params q;
    q.set("modified_prob_classifier.slice_mu", "[1, 2, 3]");
    EXPECT_FALSE(LostDetectorConfig::fromParams(q).ok());
    Params r;
    r.set("modified_prob_classifier/tier0_normal_prior", "1.0");
    EXPECT_FALSE(LostDetectorConfig::fromParams(r).ok());
    Params s;
    s.set("lost_detector/queue_min", "0");
    EXPECT_FALSE(LostDetectorConfig::fromParams(s).ok());
}

TEST(LostDetectorConfigTest, YamlRoundTrips) {
    LostDetectorConfig c;
    c.slice_mu = {0.2, 0.03, 2.5, 1.25};
    c.queue_min = 7;
    auto dir = test::scratchDir("lost_config_yaml");
    const auto path = dir / "out.yaml";
    std::ofstream(path) << c.toYaml();
    auto p = Params::loadFile(path.string(), "lost_detector");
    ASSERT_TRUE(p.ok()) << p.message();
    auto back = LostDetectorConfig::fromParams(*p);
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->slice_mu, c.slice_mu);
    EXPECT_EQ(back->queue_min, 7);
}

}  // namespace
}  // namespace robometrics::localization
