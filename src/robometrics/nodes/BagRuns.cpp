#include "robometrics/nodes/BagRuns.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "robometrics/bag/BagBytes.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/MissingTopic.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/io/LostLabelsFile.hpp"
#include "robometrics/localization/LostTraining.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/CostmapSummaryText.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/LostSummaryText.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TopicStatsText.hpp"
#include "robometrics/nodes/TopicStatsWindows.hpp"
#include "robometrics/nodes/TraversalCsvLog.hpp"
#include "robometrics/nodes/TraversalSummaryText.hpp"
#include "robometrics/pipeline/McapResultFile.hpp"

namespace robometrics::nodes {

namespace {

std::string jsonText(const nlohmann::json &j) { return j.dump(2) + "\n"; }

/// How a run reads its bag: `topics` (empty: all), recovering what it can unless strict.
bag::ReadOptions readOptions(const BagRun &run, std::vector<std::string> topics = {}) {
    bag::ReadOptions read;
    read.topics = std::move(topics);
    read.recover = !run.strict;
    return read;
}

/// Reads the whole bag through `pipe`: its chunks loaded ahead, a progress bar when the run asks
/// for one; then the one warning about what a recording cut short lost.
Status readWholeBag(const BagRun &run, pipeline::Pipeline &pipe, bag::MessageSource &source) {
    pipe.showProgress(run.progress, bag::bytesOnDisk(run.bag));
    pipe.readAhead(true);
    pipe.setCheck(run.check);
    ROBOMETRICS_TRY(pipe.run(source));
    if (auto damage = source.damage()) run.warn(bag::damageWarning(*damage));
    return Status::Ok();
}

/// Opens the bag when it holds `topic`; else an error that ends with "(`hint`)".
Result<std::unique_ptr<bag::MessageSource>> openWithTopic(const BagRun &run, const std::string &topic,
                                                          const std::string &hint) {
    auto source = bag::openBag(run.bag, readOptions(run));
    if (!source) return source.error();
    for (const auto &t : (*source)->topics()) {
        if (t.name == topic) return source;
    }
    return Error{bag::missingTopicMessage(run.bag, topic, (*source)->topics(), hint)};
}

/// The MCAP for a node's outputs, when one is asked for.
Result<std::unique_ptr<pipeline::McapResultFile>> openOutput(const std::string &path) {
    if (path.empty()) return std::unique_ptr<pipeline::McapResultFile>();
    return pipeline::McapResultFile::open(path);
}

}  // namespace

Status runNodeOverBag(const BagRun &run, Node &node, const NodeTopics &topics, bag::MessageSource &source,
                      const pipeline::Remaps &remaps) {
    pipeline::Pipeline pipe;
    pipe.setRemaps(remaps);
    node.subscribe(pipe, topics);
    ROBOMETRICS_TRY(readWholeBag(run, pipe, source));
    node.finish();
    return Status::Ok();
}

Result<std::string> runTraversal(const BagRun &run, const TraversalBagRun &t) {
    // The bag is opened for the seed's inputs; its topic list decides the fallbacks, and only a
    // fallback to another odometry topic opens it again.
    auto open = [&](const NodeTopics &topics) {
        bag::ReadOptions read = readOptions(run);
        for (const auto &[role, topic] : roleTopics(TraversalNode::spec(), topics)) read.topics.push_back(topic);
        return bag::openBag(run.bag, read);
    };
    const NodeTopics seed = resolveTopics(TraversalNode::spec(), t.remaps);
    auto source = open(seed);
    if (!source) return source.error();
    const TraversalInputs inputs = TraversalNode::chooseInputs(run.bag, (*source)->topics(), t.remaps);
    for (const std::string &note : inputs.notes) run.note(note);
    if (inputs.topics.odometry != seed.odometry) source = open(inputs.topics);
    if (!source) return source.error();
    const std::map<std::string, std::string> roles = inputs.roles();
    for (const std::string &w : missingInputs(run.bag, roles, (*source)->topics())) run.warn(w);

    TraversalCsvLog log(t.config, t.csv, t.extended, t.debug);
    ROBOMETRICS_TRY(log.open());
    log.node().setDistanceFromOdometry(inputs.distance_from_odometry);
    // A damaged bag is an error and leaves no CSV (the rows so far are discarded with it).
    ROBOMETRICS_TRY(runNodeOverBag(run, log.node(), inputs.topics, **source, t.remaps));
    auto summary = log.finish();
    if (!summary) return summary.error();
    return run.json ? jsonText(traversalSummaryJson(*summary, log.path(), roles))
                    : traversalSummaryText(*summary, log.path());
}

Result<std::string> runTopicStats(const BagRun &run, const TopicStatsBagRun &t) {
    auto windows = TopicStatsWindows::forOutput(t.output);
    if (!windows) return windows.error();
    auto source = bag::openBag(run.bag, readOptions(run, t.topics));
    if (!source) return source.error();
    ROBOMETRICS_TRY(windows->open());  // before reading, so a bad path fails early
    TopicStatsNode node(TopicStatsNode::config(t.window_s, t.rclcpp_period), windows->sink());
    for (const bag::TopicInfo &topic : (*source)->topics()) {
        if (t.topics.empty() || std::find(t.topics.begin(), t.topics.end(), topic.name) != t.topics.end()) {
            node.declare(topic);
        }
    }
    for (const std::string &wanted : t.topics) {
        if (!node.declared(wanted)) return Error{bag::missingTopicMessage(run.bag, wanted, (*source)->topics())};
    }
    ROBOMETRICS_TRY(runNodeOverBag(run, node, {}, **source));
    ROBOMETRICS_TRY(windows->commit());
    const auto &stats = node.statistics();
    if (run.json) return jsonText(topicStatsJson(run.bag, t.window_s, t.rclcpp_period, stats, node.types()));
    return topicHealthTable(stats.health(), stats.windowCount(), t.window_s) +
           (t.output.empty() ? "" : fmt::format("wrote {}\n", t.output));
}

Result<std::string> runCostmap(const BagRun &run, const CostmapBagRun &c) {
    auto source = openWithTopic(run, c.config.gridmap_topic, "set gridmap_topic");
    if (!source) return source.error();
    auto output = openOutput(c.output);
    if (!output) return output.error();
    std::error_code ec;
    if (!c.png_dir.empty() && (std::filesystem::create_directories(c.png_dir, ec), ec)) {
        return Error{fmt::format("{}: cannot create directory: {}", c.png_dir, ec.message())};
    }
    CostmapNode node(c.config, run.bag, {*output ? &(*output)->sink() : nullptr, c.output, c.png_dir, c.png_every});
    ROBOMETRICS_TRY(runNodeOverBag(run, node, CostmapNode::topicsOf(c.config), **source));
    ROBOMETRICS_TRY(node.failure());
    if (*output) ROBOMETRICS_TRY((*output)->close());
    return run.json ? jsonText(costmapSummaryJson(c.config, node.run()))
                    : costmapSummaryText(run.bag, c.output, c.png_dir, c.config, node.run());
}

Result<std::string> runLost(const BagRun &run, const LostBagRun &l) {
    std::optional<localization::LostLabels> labels;
    if (!l.labels.empty()) {
        auto read = io::readLostLabels(l.labels);
        if (!read) return read.error();
        labels = std::move(*read);
    }
    auto source = openWithTopic(run, l.config.pose_topic, "use --pose-topic");
    if (!source) return source.error();
    auto output = openOutput(l.output);
    if (!output) return output.error();
    LostNode node(l.config, *output ? &(*output)->sink() : nullptr);
    ROBOMETRICS_TRY(runNodeOverBag(run, node, LostNode::topicsOf(l.config), **source));
    ROBOMETRICS_TRY(node.failure());
    if (*output) ROBOMETRICS_TRY((*output)->close());
    const TimeNs t0 = node.firstTime().value_or(0);
    const localization::LostRun lost = node.takeRun();
    std::optional<localization::DetectionScore> score;
    if (labels) score = localization::scoreDetections(lost.readings, *labels);
    if (run.json) {
        nlohmann::json j = lostRunJson(lost, t0);
        j["start_time_ns"] = t0;
        if (score) j["score"] = lostScoreJson(*score);
        return jsonText(j);
    }
    std::string text = lostRunText(run.bag, l.config.pose_topic, lost, t0) + (score ? lostScoreText(*score) : "");
    if (!l.output.empty()) {
        text += fmt::format("  wrote           {} ({})\n", l.output, fmt::join(LostNode::spec().outputTopics(), ", "));
    }
    return text;
}

Result<std::string> runLostTrain(const BagRun &run, const LostTrainBagRun &l) {
    auto labels = io::readLostLabels(l.labels);
    if (!labels) return labels.error();
    auto source = openWithTopic(run, l.config.pose_topic, "use --pose-topic");
    if (!source) return source.error();
    std::vector<localization::PoseEvent> events;
    pipeline::Pipeline pipe;
    LostNode::subscribeEvents(pipe, LostNode::topicsOf(l.config),
                              [&events](const auto &e, const auto *) { events.push_back(e); });
    ROBOMETRICS_TRY(readWholeBag(run, pipe, **source));
    auto training = localization::trainLostDetector(events, *labels, l.config);
    if (!training) return Error{run.bag + ": " + training.message()};
    const std::string yaml = training->fit.config.toYaml();
    if (!l.output.empty()) ROBOMETRICS_TRY(writeFileAtomically(l.output, yaml));
    if (run.json) return jsonText(lostTrainingJson(*training));
    return lostTrainingText(run.bag, labels->intervals().size(), *training) +
           (l.output.empty() ? "\n" + yaml : fmt::format("  wrote           {}\n", l.output));
}

}  // namespace robometrics::nodes
