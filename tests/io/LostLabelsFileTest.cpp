#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/LostLabelsFile.hpp"

namespace robometrics::io {
namespace {

TEST(LostLabelsFile, ReadsACsvOfIntervalsInSeconds) {
    const auto path = test::scratchDir("lost_labels_file") / "labels.csv";
    ASSERT_TRUE(writeFileAtomically(path.string(), "1.5,2.5\n10,12\n").ok());
    auto labels = readLostLabels(path.string());
    ASSERT_TRUE(labels) << labels.message();
    ASSERT_EQ(labels->intervals().size(), 2u);
    EXPECT_EQ(labels->intervals()[0].start, 1'500'000'000);
    EXPECT_TRUE(labels->isLost(11'000'000'000));
    EXPECT_FALSE(labels->isLost(5'000'000'000));
}

TEST(LostLabelsFile, AMissingFileIsNamed) {
    auto labels = readLostLabels("no/such/labels.csv");
    ASSERT_FALSE(labels);
    EXPECT_EQ(labels.message(), "no/such/labels.csv: no such file");
}

}  // namespace
}  // namespace robometrics::io
