#include "LiveTestSupport.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <thread>

#include "TestSupport.hpp"
#include "robometrics/live/Sandbox.hpp"

namespace robometrics::test {

std::string liveSkipReason() {
    std::string problem = live::loopbackSandboxProblem();
    if (problem.empty()) return {};
    if (const char *why = std::getenv("ROBOMETRICS_LIVE_SKIP_REASON")) problem = std::string(why) + "; " + problem;
    return problem;
}

int useTestDomain() {
    const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string name = std::string(info->test_suite_name()) + "." + info->name();
    const int domain = 1 + static_cast<int>(std::hash<std::string>{}(name) % 100);
    setenv("ROS_DOMAIN_ID", std::to_string(domain).c_str(), 1);
    return domain;
}

std::unique_ptr<live::Transport> openPeer() {
    auto options = live::TransportOptions::fromEnvironment();
    EXPECT_TRUE(options.ok()) << options.message();
    if (!options) return nullptr;
    auto transport = live::openFastDds(*options);
    EXPECT_TRUE(transport.ok()) << transport.message();
    if (!transport) return nullptr;
    return std::move(*transport);
}

}  // namespace robometrics::test

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/live/RosNames.hpp"

namespace robometrics::test {

long playBag(live::Transport &transport, const std::filesystem::path &bag_path, const std::vector<std::string> &topics,
             std::chrono::milliseconds settle) {
    bag::ReadOptions read;
    read.topics = topics;
    auto source = bag::openBag(bag_path.string(), read);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source) return -1;
    std::map<std::string, std::unique_ptr<live::Writer>> writers;
    for (const bag::TopicInfo &t : (*source)->topics()) {
        if (std::find(topics.begin(), topics.end(), t.name) == topics.end()) continue;
        const bool latched = t.name == "/tf_static" || t.name == "/map";
        auto writer = transport.createWriter(live::ddsTopicName(t.name), live::ddsTypeName(t.type),
                                             latched ? live::Qos::latched() : live::Qos::rosDefault());
        EXPECT_TRUE(writer.ok()) << writer.message();
        if (!writer) return -1;
        writers[t.name] = std::move(*writer);
    }
    const bool matched = waitUntil([&] {
        return std::all_of(writers.begin(), writers.end(), [](const auto &w) { return w.second->matched() > 0; });
    });
    if (!matched) return -1;
    std::this_thread::sleep_for(settle);
    long published = 0;
    bag::Message m;
    TimeNs first = -1;
    const auto start = std::chrono::steady_clock::now();
    while (true) {
        auto more = (*source)->next(m);
        if (!more || !*more) break;
        if (first < 0) first = m.log_time;
        std::this_thread::sleep_until(start + std::chrono::nanoseconds(m.log_time - first));
        Status s = writers.at(m.topic->name)->write(m.data, m.log_time);
        EXPECT_TRUE(s.ok()) << s.message();
        ++published;
    }
    // Every sample acknowledged by the (reliable) readers: nothing is still in flight.
    for (auto &[topic, writer] : writers) EXPECT_TRUE(writer->waitForAcknowledgments(std::chrono::seconds(8))) << topic;
    return published;
}

}  // namespace robometrics::test
