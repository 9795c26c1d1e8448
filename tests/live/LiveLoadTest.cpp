// Live under a robot's load (issue 63): the participants ask for large socket buffers, and every
// sample a node did not get is counted with its cause. A short burst of 1.2 MB point clouds (best
// effort, as lidar drivers publish) against `live topic-stats`, with the defaults and with the
// kernel's default receive buffer forced by a profile.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "LiveTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/live/RosNames.hpp"
#include "robometrics/live/SocketBuffers.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::test {
namespace {

/// The largest SO_RCVBUF among this process's UDP sockets (the kernel reports twice the size
/// granted: half is its bookkeeping).
int largestUdpReceiveBuffer() {
    int largest = 0;
    for (int fd = 0; fd < 4096; ++fd) {
        int type = 0;
        socklen_t len = sizeof type;
        if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_DGRAM) continue;
        int size = 0;
        len = sizeof size;
        if (getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, &len) == 0) largest = std::max(largest, size);
    }
    return largest;
}

TEST(LiveLoad, ParticipantsAskForLargeSocketBuffersAndSayWhenTheKernelCapsThem) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    const auto rmem_max = live::readProcNumber("/proc/sys/net/core/rmem_max");
    const auto wmem_max = live::readProcNumber("/proc/sys/net/core/wmem_max");
    ASSERT_TRUE(rmem_max && wmem_max);
    auto peer = openPeer();  // the tests' loopback profile sets no buffer sizes: robometrics' defaults apply
    ASSERT_TRUE(peer);
    const std::uint64_t granted = std::min<std::uint64_t>(live::kReceiveBufferBytes, *rmem_max);
    EXPECT_EQ(static_cast<std::uint64_t>(largestUdpReceiveBuffer()), 2 * granted);
    const auto notices = peer->notices();
    if (*rmem_max >= live::kReceiveBufferBytes && *wmem_max >= live::kSendBufferBytes) {
        EXPECT_TRUE(notices.empty());
    } else {
        // Said once, with what was asked and what the sockets got (getsockopt reports twice the
        // granted size: the kernel's bookkeeping share) and the sysctl line.
        ASSERT_EQ(notices.size(), 1u);
        EXPECT_EQ(notices[0],
                  live::socketBufferCapNotice(live::kReceiveBufferBytes, live::kSendBufferBytes, *rmem_max, *wmem_max));
        if (*rmem_max < live::kReceiveBufferBytes) {
            EXPECT_NE(notices[0].find(fmt::format("asked {} bytes", live::kReceiveBufferBytes)), std::string::npos);
            EXPECT_NE(notices[0].find(fmt::format("granted {} bytes", granted)), std::string::npos) << notices[0];
            EXPECT_NE(notices[0].find(fmt::format("sudo sysctl -w net.core.rmem_max={}", live::kReceiveBufferBytes)),
                      std::string::npos);
        }
    }
}

/// `small` empty clouds, `points` clouds of `bytes` each at `rate_hz`, then `small` empty clouds
/// again. The small ones always arrive, so every large one lost is seen as a gap in the writer's
/// sequence: DDS counts no loss before a writer's first sample that arrives, nor after its last.
/// Returns how many were sent.
int sendClouds(live::Writer &writer, int points, std::size_t bytes, double rate_hz, int small) {
    msgs::PointCloud2 cloud;
    cloud.height = 1;
    cloud.point_step = 16;
    cloud.width = static_cast<std::uint32_t>(bytes / cloud.point_step);
    cloud.row_step = cloud.width * cloud.point_step;
    cloud.data.assign(static_cast<std::size_t>(cloud.row_step), 0x5a);
    const auto big = msgs::encodeCdr(cloud);
    int sent = 0;
    const msgs::PointCloud2 empty;
    auto sendSmall = [&] {
        for (int i = 0; i < small; ++i) {
            EXPECT_TRUE(writer.write(msgs::encodeCdr(empty)).ok());
            ++sent;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    };
    sendSmall();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < points; ++i) {
        std::this_thread::sleep_until(start + std::chrono::microseconds(static_cast<long>(1e6 * i / rate_hz)));
        EXPECT_TRUE(writer.write(big).ok());
        ++sent;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    sendSmall();
    return sent;
}

/// Runs `live topic-stats --json` on /points while `sendClouds` publishes; the JSON it printed.
nlohmann::json cloudsThroughTopicStats(int points, double rate_hz, int &sent, std::string &stderr_text) {
    auto peer = openPeer();
    EXPECT_TRUE(peer);
    if (!peer) return {};
    auto tool = startRobometrics({"live", "topic-stats", "--topics", "/points", "--json", "--duration", "30"});
    live::Qos best_effort = live::Qos::sensorData();  // as lidar drivers publish
    auto writer = peer->createWriter(live::ddsTopicName("/points"),
                                     live::ddsTypeName(msgs::TypeInfo<msgs::PointCloud2>::name), best_effort);
    EXPECT_TRUE(writer.ok());
    if (!writer) return {};
    EXPECT_TRUE(waitUntil([&] { return (*writer)->matched() > 0; }, std::chrono::seconds(15))) << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the tool's reader is listening
    sent = sendClouds(**writer, points, 1'200'000, rate_hz, 3);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    tool->interrupt();  // a clean exit on SIGINT with its output written
    EXPECT_EQ(tool->wait(), 0) << tool->err();
    stderr_text = tool->err();
    try {
        return nlohmann::json::parse(tool->out());
    } catch (const std::exception &e) {
        ADD_FAILURE() << e.what() << "\n" << tool->out() << tool->err();
        return {};
    }
}

/// /points' row of the topics table, its `lost` entry and the node's kernel drops.
struct PointsOutcome {
    std::string kind;
    std::uint64_t counted = 0;
    std::uint64_t lost = 0;
    std::uint64_t dds_lost = 0;
    std::uint64_t unreported_gaps = 0;
    std::uint64_t sequence_gaps = 0;
    std::uint64_t written_through_last = 0;
    std::uint64_t kernel_drops = 0;
};

PointsOutcome pointsOutcome(const nlohmann::json &j) {
    PointsOutcome o;
    for (const auto &t : j.value("topics", nlohmann::json::array())) {
        if (t["topic"] == "/points") {
            o.counted = t["count"].get<std::uint64_t>();
            o.kind = t["kind"].get<std::string>();
        }
    }
    const auto &lost = j["samples_lost"];
    o.kernel_drops = lost["kernel_datagrams_dropped"].get<std::uint64_t>();
    o.lost = lost["topics"]["/points"]["lost"].get<std::uint64_t>();
    o.dds_lost = lost["topics"]["/points"]["dds_sample_lost"].get<std::uint64_t>();
    o.unreported_gaps = lost["topics"]["/points"]["unreported_gaps"].get<std::uint64_t>();
    o.sequence_gaps = lost["topics"]["/points"]["sequence_gaps"].get<std::uint64_t>();
    o.written_through_last = lost["topics"]["/points"]["written_through_last"].get<std::uint64_t>();
    EXPECT_EQ(lost["topics"]["/points"]["received"].get<std::uint64_t>(), o.counted);
    return o;
}

TEST(LiveLoad, WithTheDefaultsEveryCloudOfABurstIsCounted) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    int sent = 0;
    std::string err;
    const nlohmann::json j = cloudsThroughTopicStats(20, 10.0, sent, err);  // 2 s at 12 MB/s
    ASSERT_TRUE(j.contains("samples_lost")) << j.dump();
    const PointsOutcome o = pointsOutcome(j);
    EXPECT_EQ(o.counted + o.lost, static_cast<std::uint64_t>(sent)) << j["samples_lost"].dump();
    EXPECT_EQ(o.lost, 0u) << j["samples_lost"].dump() << "\n" << err;  // 4 MB or more of buffer hold the burst
    EXPECT_NE(o.kind, "lossy");
    EXPECT_EQ(o.sequence_gaps, 0u);
    EXPECT_EQ(o.written_through_last, static_cast<std::uint64_t>(sent));
}

TEST(LiveLoad, WithTheKernelsDefaultBufferTheLostCloudsAreCountedWithTheirCause) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    // A user's profile wins: the node gets Linux's default receive buffer (208 kB), which one cloud
    // of twenty 64 kB datagrams overflows when they come at once.
    const std::filesystem::path profile = scratchDir("live_load") / "small_buffers.xml";
    {
        std::ifstream in(std::getenv("FASTRTPS_DEFAULT_PROFILES_FILE"));
        std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string anchor = "<type>UDPv4</type>";
        ASSERT_NE(xml.find(anchor), std::string::npos);
        xml.insert(xml.find(anchor) + anchor.size(), "<receiveBufferSize>212992</receiveBufferSize>");
        std::ofstream(profile) << xml;
    }
    const std::string loopback = std::getenv("FASTRTPS_DEFAULT_PROFILES_FILE");
    int sent = 0;
    std::string err;
    nlohmann::json j;
    // The node and the peer both load it (the peer's is a sender: its receive buffer does not matter).
    ASSERT_EQ(setenv("FASTRTPS_DEFAULT_PROFILES_FILE", profile.c_str(), 1), 0);
    j = cloudsThroughTopicStats(20, 20.0, sent, err);
    setenv("FASTRTPS_DEFAULT_PROFILES_FILE", loopback.c_str(), 1);
    ASSERT_TRUE(j.contains("samples_lost")) << j.dump();
    const PointsOutcome o = pointsOutcome(j);
    EXPECT_EQ(err.find("sysctl"), std::string::npos) << err;  // the profile's 208 kB is granted: no cap notice
    // Every cloud is counted or reported lost, none twice; this buffer loses some.
    EXPECT_EQ(o.counted + o.lost, static_cast<std::uint64_t>(sent)) << j["samples_lost"].dump();
    EXPECT_GT(o.lost, 0u) << j["samples_lost"].dump();
    // Every loss is a gap between samples that arrived (small clouds come first and last), seen
    // by DDS's status and by the reader's own sequence numbers; the last one is the last written.
    EXPECT_EQ(o.dds_lost + o.unreported_gaps, o.lost);
    EXPECT_EQ(o.sequence_gaps, static_cast<std::uint64_t>(sent) - o.counted) << j["samples_lost"].dump();
    EXPECT_EQ(o.written_through_last, static_cast<std::uint64_t>(sent));
    EXPECT_GT(o.kernel_drops, 0u);
    if (o.lost * 10 >= static_cast<std::uint64_t>(sent)) {
        EXPECT_EQ(o.kind, "lossy");
    }
}

// DDS sees a loss only as a gap between two samples of a writer that arrived: what a writer wrote
// before its first sample that arrived is reported apart (before_first), never as lost. Here 5
// samples go to nobody (sequence numbers 1..5), then the node joins and gets 6..8.
TEST(LiveLoad, WhatAWriterWroteBeforeItsFirstSampleThatArrivedIsReportedApartNotLost) {
    ROBOMETRICS_REQUIRE_LIVE_SANDBOX();
    useTestDomain();
    auto peer = openPeer();
    ASSERT_TRUE(peer);
    auto writer = peer->createWriter(live::ddsTopicName("/chatter"),
                                     live::ddsTypeName(msgs::TypeInfo<msgs::String>::name), live::Qos::sensorData());
    ASSERT_TRUE(writer.ok());
    msgs::String text;
    text.data = "before the node";
    for (int i = 0; i < 5; ++i) ASSERT_TRUE((*writer)->write(msgs::encodeCdr(text)).ok());
    auto tool = startRobometrics({"live", "topic-stats", "--topics", "/chatter", "--json", "--duration", "30"});
    ASSERT_TRUE(waitUntil([&] { return (*writer)->matched() > 0; }, std::chrono::seconds(15))) << tool->err();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the tool's reader is listening
    text.data = "to the node";
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE((*writer)->write(msgs::encodeCdr(text)).ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    tool->interrupt();
    ASSERT_EQ(tool->wait(), 0) << tool->err();
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(tool->out())) << tool->out();
    const auto &chatter = j["samples_lost"]["topics"]["/chatter"];
    EXPECT_EQ(chatter["received"], 3) << j["samples_lost"].dump();
    EXPECT_EQ(chatter["lost"], 0);
    EXPECT_EQ(chatter["before_first"], 5);
}

}  // namespace
}  // namespace robometrics::test
