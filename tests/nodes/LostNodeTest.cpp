#include <gtest/gtest.h>

#include <cmath>

#include "MessageList.hpp"
#include "robometrics/nodes/LostNode.hpp"

namespace robometrics::nodes {
namespace {

/// Remembers what a node wrote.
class RecordingSink : public pipeline::ResultSink {
public:
    struct Written {
        std::string topic, type;
        TimeNs time;
        bool latched;
    };
    std::vector<Written> written;
    Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t>, TimeNs time,
                    bool latched) override {
        written.push_back({topic, type, time, latched});
        return Status::Ok();
    }
};

msgs::PoseWithCovarianceStamped pose(double x, double xy_variance, double yaw_variance) {
    msgs::PoseWithCovarianceStamped m;
    m.pose.pose.position.x = x;
    m.pose.covariance[0] = m.pose.covariance[7] = xy_variance;
    m.pose.covariance[35] = yaw_variance;
    return m;
}

TEST(LostNode, ClassifiesEveryPoseAndPublishesStatusLatchedThenProbability) {
    test::MessageList bag;
    bag.declare<msgs::PoseWithCovarianceStamped>("/amcl_pose");
    bag.declare<msgs::Empty>("/lost_detector/reset");
    bag.add("/amcl_pose", pose(1.0, 0.04, 0.01), 1'000'000'000);  // xy std 0.2 m, yaw std 0.1 rad
    bag.add("/lost_detector/reset", msgs::Empty{}, 1'500'000'000);
    bag.add("/amcl_pose", pose(2.0, 0.04, 0.01), 2'000'000'000);
    RecordingSink sink;
    LostNode node(localization::LostDetectorConfig{}, &sink);
    pipeline::Pipeline pipe;
    node.subscribe(pipe, LostNode::topicsOf(localization::LostDetectorConfig{}));
    ASSERT_TRUE(pipe.run(bag).ok());
    node.finish();
    ASSERT_EQ(node.readings().size(), 2u);
    EXPECT_NEAR(node.readings()[0].features.xy_std, 0.2, 1e-12);
    EXPECT_NEAR(node.readings()[0].features.yaw_std, 0.1, 1e-12);
    EXPECT_EQ(node.firstTime(), 1'000'000'000);
    EXPECT_EQ(node.path().x, (std::vector<double>{1.0, 2.0}));
    EXPECT_EQ(node.path().t, (std::vector<double>{1.0, 2.0}));
    ASSERT_EQ(sink.written.size(), 4u);  // two readings, two topics each; the reset writes nothing
    EXPECT_EQ(sink.written[0].topic, "/lost_detector/status");
    EXPECT_TRUE(sink.written[0].latched);
    EXPECT_EQ(sink.written[1].topic, "/lost_detector/probability");
    EXPECT_EQ(sink.written[1].type, "std_msgs/msg/Float32MultiArray");
    EXPECT_FALSE(sink.written[1].latched);
    EXPECT_EQ(sink.written[3].time, 2'000'000'000);
    const localization::LostRun run = node.takeRun();
    EXPECT_EQ(run.episodes.readings(), 2u);
}

TEST(LostNode, WithDiagnosticsEveryReadingIsAlsoADiagnosticStatus) {
    test::MessageList bag;
    bag.declare<msgs::PoseWithCovarianceStamped>("/amcl_pose");
    bag.add("/amcl_pose", pose(1.0, 0.04, 0.01), 1'000'000'000);
    RecordingSink sink;
    LostNode node(localization::LostDetectorConfig{}, &sink, /*diagnostics=*/true);
    pipeline::Pipeline pipe;
    node.subscribe(pipe, LostNode::topicsOf(localization::LostDetectorConfig{}));
    ASSERT_TRUE(pipe.run(bag).ok());
    ASSERT_EQ(sink.written.size(), 3u);
    EXPECT_EQ(sink.written[2].topic, "/diagnostics");
    EXPECT_EQ(sink.written[2].type, "diagnostic_msgs/msg/DiagnosticArray");

    const msgs::DiagnosticArray a = LostNode::diagnosticMessage(node.readings()[0], "/amcl_pose");
    EXPECT_EQ(a.header.stamp.toNs(), 1'000'000'000);
    ASSERT_EQ(a.status.size(), 1u);
    EXPECT_EQ(a.status[0].name, "robometrics: localization");
    EXPECT_EQ(a.status[0].hardware_id, "/amcl_pose");
    EXPECT_EQ(a.status[0].level, msgs::DiagnosticStatus::OK);  // xy std 0.2 m: normal
    EXPECT_EQ(a.status[0].message, "normal");
    ASSERT_EQ(a.status[0].values.size(), 3u);
    EXPECT_EQ(a.status[0].values[1].key, "xy_std_m");
    EXPECT_EQ(a.status[0].values[1].value, "0.2");
    localization::LostReading lost = node.readings()[0];
    lost.status = localization::LostStatus::Lost;
    EXPECT_EQ(LostNode::diagnosticMessage(lost, "/amcl_pose").status[0].level, msgs::DiagnosticStatus::ERROR);
    lost.status = localization::LostStatus::Confused;
    EXPECT_EQ(LostNode::diagnosticMessage(lost, "/amcl_pose").status[0].level, msgs::DiagnosticStatus::WARN);
}

TEST(LostNode, AnInvalidReadingPublishesNanStandardDeviations) {
    localization::LostReading r;
    r.probability = 0.25;
    const msgs::Float32MultiArray p = LostNode::probabilityMessage(r);
    ASSERT_EQ(p.data.size(), 3u);
    EXPECT_EQ(p.data[0], 0.25f);
    EXPECT_TRUE(std::isnan(p.data[1]));
    EXPECT_TRUE(std::isnan(p.data[2]));
    EXPECT_EQ(LostNode::statusMessage(r.status).data, "normal");
}

}  // namespace
}  // namespace robometrics::nodes
