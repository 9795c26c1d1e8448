#pragma once
// The seed-system nodes over a recorded bag, as the offline commands run them: each function
// opens the bag, feeds the node through a pipeline, writes the node's outputs (CSV, MCAP, PNG)
// and returns what the command prints on stdout (the text summary or the --json document).
// Notes and warnings for stderr go to the callbacks, errors come back as values. The bag is read
// ahead on a second thread (pipeline::Pipeline::readAhead). The configs
// arrive loaded and the usage checked (the command's job).

#include <functional>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Remaps.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/traversal/TraversalConfig.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::nodes {

/// What every bag run shares.
struct BagRun {
    std::string bag;
    bool json = false;
    bool progress = false;                          ///< a progress bar on stderr (when it is a terminal)
    std::function<void(const std::string &)> note;  ///< a fallback taken
    std::function<void(const std::string &)> warn;  ///< something the user probably did not mean
    /// Refuse a damaged bag (an error). Else (the default) a recording cut short is read up to the
    /// damage (bag::ReadOptions::recover), the outputs cover what was read and one warning says
    /// what was lost (bag::damageWarning).
    bool strict = false;
    /// Called between messages while the bag is read; an error stops the run with it
    /// (pipeline::Pipeline::setCheck; the Python module checks for Ctrl-C). None when empty.
    std::function<Status()> check;
};

/// Runs `node` over the bag of `source` as the commands do: subscribes it to `topics` on a
/// pipeline with `remaps`, reads the whole bag (ahead on a second thread, a progress bar when
/// `run` asks for one, the warning about what a damaged bag lost) and finishes the node. Its
/// results are then read from the node. `evaluate`'s BagPass runs all its nodes on one read.
Status runNodeOverBag(const BagRun &run, Node &node, const NodeTopics &topics, bag::MessageSource &source,
                      const pipeline::Remaps &remaps = {});

struct TraversalBagRun {
    traversal::TraversalConfig config;
    pipeline::Remaps remaps;  ///< the --topic rules
    std::string csv;          ///< empty: the seed's timestamped name
    bool extended = false;
    traversal::TraversalMetrics::DebugSink debug;
};
Result<std::string> runTraversal(const BagRun &run, const TraversalBagRun &t);

struct TopicStatsBagRun {
    double window_s = 1.0;  ///< already checked (TopicStatsNode::checkWindow)
    bool rclcpp_period = false;
    std::vector<std::string> topics;  ///< empty: all
    std::string output;               ///< .mcap, .csv or empty (TopicStatsWindows::forOutput)
};
Result<std::string> runTopicStats(const BagRun &run, const TopicStatsBagRun &t);

struct CostmapBagRun {
    terrain::CostmapConfig config;
    std::string output;  ///< MCAP of the node's outputs; none when empty
    std::string png_dir;
    int png_every = 10;
};
Result<std::string> runCostmap(const BagRun &run, const CostmapBagRun &c);

struct LostBagRun {
    localization::LostDetectorConfig config;
    std::string output;  ///< MCAP of the node's outputs; none when empty
    std::string labels;  ///< lost intervals to score against; none when empty
};
Result<std::string> runLost(const BagRun &run, const LostBagRun &l);

struct LostTrainBagRun {
    localization::LostDetectorConfig config;
    std::string labels;
    std::string output;  ///< params YAML to write; none when empty (then printed)
};
Result<std::string> runLostTrain(const BagRun &run, const LostTrainBagRun &l);

}  // namespace robometrics::nodes
