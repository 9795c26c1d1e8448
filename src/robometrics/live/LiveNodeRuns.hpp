#pragma once
// The seed-system nodes (src/robometrics/nodes/) on a live ROS 2 system: each function feeds a
// node from a DdsSource until Ctrl-C or the session's duration, publishes the node's outputs on
// DDS, and returns the summary text (or --json document) `robometrics live ...` prints. The
// configs come already loaded; notices (subscriptions made, type mismatches) go to `log`.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/live/LiveSession.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"
#include "robometrics/traversal/TraversalConfig.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::live {

/// What every live node run shares.
struct LiveRun {
    Session *session = nullptr;
    SessionOptions options;
    std::function<void(const std::string &)> log;
    bool json = false;
};

struct LiveTraversal {
    traversal::TraversalConfig config;
    nodes::NodeTopics inputs;  ///< after remapping
    std::string csv;           ///< empty: the seed's timestamped name
    bool extended = false;
    bool wall_clock = false;  ///< node clock = reception time, rows every second without messages
    double reorder_ms = 0;    ///< message-time clock: hold samples this long, release in order
    traversal::TraversalMetrics::DebugSink debug;
};
Result<std::string> runTraversal(const LiveRun &run, const LiveTraversal &t);

struct LiveTopicStats {
    std::vector<std::string> topics;  ///< empty: every topic discovered
    double window_s = 1.0;
    bool rclcpp_period = false;
    std::string publish_topic;
    /// `--spec`: a recording contract judged every window, one status per rule on /diagnostics
    /// (nodes/ContractWindows.hpp), already read and checked.
    std::optional<topicstats::RecordingContract> contract;
};
Result<std::string> runTopicStats(const LiveRun &run, const LiveTopicStats &t);

struct LiveCostmap {
    terrain::CostmapConfig config;
    std::string png_dir;
    int png_every = 10;
};
Result<std::string> runCostmap(const LiveRun &run, const LiveCostmap &c);

Result<std::string> runLost(const LiveRun &run, const localization::LostDetectorConfig &config);

struct LiveRecord {
    std::string output;
    std::vector<std::string> topics;
    std::string compression = "zstd";
};
/// Records raw messages into an MCAP (what was recorded is kept, even after a failed write).
Result<std::string> runRecord(const LiveRun &run, const LiveRecord &r);

/// Waits for discovery for the session's duration, then lists the ROS 2 topics (all DDS topics with `all`).
Result<std::string> runList(const LiveRun &run, bool all);

}  // namespace robometrics::live
