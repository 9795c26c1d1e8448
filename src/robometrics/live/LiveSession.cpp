#include "robometrics/live/LiveSession.hpp"

#include <chrono>

#include "robometrics/system/StopSignals.hpp"

namespace robometrics::live {

Result<Session> openSession(const SessionOptions &o) {
    auto options = TransportOptions::fromEnvironment();
    if (!options) return options.error();
    if (!o.profile.empty()) options->profile_file = o.profile;
    if (o.domain_id) options->domain_id = *o.domain_id;
    options->shared_memory = o.shared_memory;
    Session session;
    session.stop_requested = [poll = system::catchStopSignals()] { return poll() != 0; };
    auto transport = openFastDds(*options);
    if (!transport) return transport.error();
    session.transport = std::move(*transport);
    return session;
}

DdsSourceOptions sourceOptions(const SessionOptions &o, const Session &session, std::vector<std::string> topics,
                               std::function<void(const std::string &)> log) {
    DdsSourceOptions s;
    s.topics = std::move(topics);
    if (o.reliable) s.qos.reliability = Reliability::Reliable;
    // Reliable when every publisher of the topic is (as rclcpp's default subscription and ros2 bag
    // record): a datagram the kernel drops is then sent again, not lost (docs/live.md, QoS).
    s.adapt_reliability = !o.reliable;
    if (o.duration_s > 0) {
        s.duration = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(o.duration_s));
    }
    s.stop_requested = session.stop_requested;
    s.log = std::move(log);
    return s;
}

}  // namespace robometrics::live
