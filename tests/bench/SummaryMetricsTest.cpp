#include <gtest/gtest.h>

#include "robometrics/bench/SummaryMetrics.hpp"

namespace robometrics::bench {
namespace {

TEST(SummaryMetrics, NumericLeavesFlattenedWithDots) {
    auto summary = nlohmann::json::parse(R"({
      "verdict": "ok", "duration_s": 20,
      "trajectory": {"ate_se3": {"rmse": 0.25, "max": 1}, "source": "tf"},
      "map": {"iou": null},
      "anomalies": [{"value": 3}], "over": true})");
    std::vector<MetricValue> m = flattenSummary(4, summary);
    ASSERT_EQ(m.size(), 4u);  // strings, booleans and arrays are not metrics
    EXPECT_EQ(m[0].name, "duration_s");
    EXPECT_EQ(m[0].value, 20.0);
    EXPECT_EQ(m[1].name, "map.iou");
    EXPECT_FALSE(m[1].value.has_value());
    EXPECT_EQ(m[2].name, "trajectory.ate_se3.max");
    EXPECT_EQ(m[3].name, "trajectory.ate_se3.rmse");
    EXPECT_EQ(m[3].value, 0.25);
    for (const auto &v : m) EXPECT_EQ(v.job_index, 4);
}

}  // namespace
}  // namespace robometrics::bench
