#pragma once
// What every `robometrics live ...` command shares: the DDS options (duration, profile, domain,
// shared memory, QoS), opening the participant, the DdsSource options, and the ResultSink that
// publishes results as ROS 2 topics.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "CommandSupport.hpp"
#include "ResultSink.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/Publisher.hpp"
#include "robometrics/live/Sandbox.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::app {

struct LiveOptions {
    double duration_s = 0;  ///< 0: until Ctrl-C
    std::string profile;    ///< Fast DDS XML profile
    std::optional<int> domain_id;
    bool shared_memory = false;
    bool reliable = false;  ///< subscribe reliable (then best-effort publishers do not match)
};

inline void addLiveOptions(CLI::App &app, LiveOptions &o) {
    app.add_option("--duration", o.duration_s, "stop after this many seconds (default: run until Ctrl-C)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--dds-profile", o.profile, "Fast DDS XML profile file (else FASTRTPS_DEFAULT_PROFILES_FILE)");
    app.add_option("--domain-id", o.domain_id, "DDS domain (default ROS_DOMAIN_ID, else 0)")->check(CLI::Range(0, 232));
    app.add_flag("--shm", o.shared_memory, "also use the shared-memory transport (same host and /dev/shm only)");
    app.add_flag("--reliable", o.reliable, "subscribe reliable instead of best effort");
}

/// An open participant plus the Ctrl-C flag.
struct LiveSession {
    std::unique_ptr<live::Transport> transport;
    const std::atomic<bool> *stop = nullptr;
};

inline Result<LiveSession> openLiveSession(const LiveOptions &o) {
    auto options = live::TransportOptions::fromEnvironment();
    if (!options) return options.error();
    if (!o.profile.empty()) options->profile_file = o.profile;
    if (o.domain_id) options->domain_id = *o.domain_id;
    options->shared_memory = o.shared_memory;
    LiveSession session;
    session.stop = &live::installStopSignals();
    auto transport = live::openFastDds(*options);
    if (!transport) return transport.error();
    session.transport = std::move(*transport);
    return session;
}

/// DdsSource options for `topics` with the common settings; notices go to stderr as `cmd`.
inline live::DdsSourceOptions liveSourceOptions(const char *cmd, const LiveOptions &o, const LiveSession &session,
                                                std::vector<std::string> topics) {
    live::DdsSourceOptions s;
    s.topics = std::move(topics);
    if (o.reliable) s.qos.reliability = live::Reliability::Reliable;
    if (o.duration_s > 0) {
        s.duration = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(o.duration_s));
    }
    s.stop = session.stop;
    s.log = [cmd](const std::string &line) { fmt::print(stderr, "robometrics {}: {}\n", cmd, line); };
    return s;
}

/// Results as ROS 2 topics: the message time becomes the sample's source timestamp.
class DdsSink : public ResultSink {
public:
    explicit DdsSink(live::Publisher &publisher) : publisher_(publisher) {}
    Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t> bytes,
                    TimeNs time, bool latched) override {
        return publisher_.publishRaw(topic, type, bytes, latched, time);
    }

private:
    live::Publisher &publisher_;
};

}  // namespace robometrics::app
