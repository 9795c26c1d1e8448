#pragma once
// What every `robometrics live ...` command sets up: a Fast DDS participant from the user's
// options (profile, domain, shared memory) and the environment, the Ctrl-C flag, and the
// DdsSource options they share (duration, reliability, stop flag).

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

struct SessionOptions {
    double duration_s = 0;  ///< 0: until Ctrl-C
    std::string profile;    ///< Fast DDS XML profile
    std::optional<int> domain_id;
    bool shared_memory = false;
    bool reliable = false;  ///< subscribe reliable (then best-effort publishers do not match)
};

/// An open participant plus the Ctrl-C poll (system::catchStopSignals).
struct Session {
    std::unique_ptr<Transport> transport;
    std::function<bool()> stop_requested;
};

Result<Session> openSession(const SessionOptions &options);

/// DdsSource options for `topics` with the session's settings; notices go to `log`.
DdsSourceOptions sourceOptions(const SessionOptions &options, const Session &session, std::vector<std::string> topics,
                               std::function<void(const std::string &)> log);

}  // namespace robometrics::live
