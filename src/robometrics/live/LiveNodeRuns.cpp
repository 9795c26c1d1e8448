#include "robometrics/live/LiveNodeRuns.hpp"

#include <fmt/format.h>

#include <chrono>

#include "robometrics/bag/TopicRecorder.hpp"
#include "robometrics/live/DdsResultSink.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/TopicList.hpp"
#include "robometrics/nodes/ContractWindows.hpp"
#include "robometrics/nodes/CostmapDiagnostics.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/CostmapSummaryText.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/LostSummaryText.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TopicStatsText.hpp"
#include "robometrics/nodes/TraversalCsvLog.hpp"
#include "robometrics/nodes/TraversalDiagnostics.hpp"
#include "robometrics/nodes/TraversalSummaryText.hpp"
#include "robometrics/topicstats/WindowDiagnostics.hpp"

namespace robometrics::live {

namespace {

/// Runs `pipeline` on a DdsSource for `topics` (set up further by `configure`) until it stops.
Status runPipeline(const LiveRun &run, pipeline::Pipeline &pipeline, std::vector<std::string> topics,
                   const std::function<void(DdsSourceOptions &)> &configure = {}) {
    DdsSourceOptions so = sourceOptions(run.options, *run.session, std::move(topics), run.log);
    if (configure) configure(so);
    DdsSource source(*run.session->transport, so);
    return pipeline.run(source);
}

std::string jsonText(const nlohmann::json &j) { return j.dump(2) + "\n"; }

/// The traversal node drains its input every 50 ms: its rows and diagnostics are once a second.
constexpr std::chrono::milliseconds kTraversalWakePeriod{50};

/// An analysis's status on /diagnostics, whose writer exists from the start (as a node declares
/// its publishers); keeps the first failed write.
class DiagnosticsOut {
public:
    explicit DiagnosticsOut(Publisher &publisher) : publisher_(publisher), sink_(publisher) {}
    Status advertise() { return publisher_.advertise<msgs::DiagnosticArray>(msgs::kDiagnosticsTopic); }
    void write(const msgs::DiagnosticArray &a) {
        Status s = sink_.write(msgs::kDiagnosticsTopic, a, a.header.stamp.toNs());
        if (!s.ok() && failed_.ok()) failed_ = s;
    }
    /// The status that says why the run stopped: delivered before the process ends.
    void last(const msgs::DiagnosticArray &a) {
        write(a);
        (void)publisher_.waitForAcknowledgments(msgs::kDiagnosticsTopic, std::chrono::seconds(2));
    }
    const Status &failed() const { return failed_; }

private:
    Publisher &publisher_;
    DdsResultSink sink_;
    Status failed_;
};

/// Counts the messages read on `topic` (before the analysis sees them) for its diagnostics.
void countInput(pipeline::Pipeline &pipeline, const std::string &topic, const std::function<void()> &count) {
    pipeline.subscribeRaw(topic, [count](const bag::Message &) {
        count();
        return Status::Ok();
    });
}

}  // namespace

Result<std::string> runTraversal(const LiveRun &run, const LiveTraversal &t) {
    Publisher publisher(*run.session->transport);
    DiagnosticsOut diagnostics(publisher);
    ROBOMETRICS_TRY(diagnostics.advertise());
    nodes::TraversalDiagnostics health(t.inputs);
    nodes::TraversalCsvLog log(t.config, t.csv, t.extended, t.debug);
    ROBOMETRICS_TRY(log.open(report::CsvFile::Mode::streaming));  // `tail -f`; a crash keeps the rows
    log.observeRows([&](const traversal::TraversalRow &row) { health.onRow(row); });
    pipeline::Pipeline pipeline;
    log.node().subscribe(pipeline, t.inputs);
    for (const auto &[role, topic] : t.inputs) {
        if (!topic.empty()) countInput(pipeline, topic, [&] { health.onInput(); });
    }
    Status ran = runPipeline(run, pipeline, {}, [&](DdsSourceOptions &so) {
        for (const nodes::NodeInput &in : nodes::TraversalNode::spec().inputs) {
            so.types[t.inputs.at(in.role)] = in.type;
            so.topics.push_back(t.inputs.at(in.role));
        }
        so.tick = [&](TimeNs now) {
            if (t.wall_clock) log.node().tick(now);  // rows every second even when no message arrives
            if (health.due(now)) diagnostics.write(health.status(now));
        };
        so.wake_period = kTraversalWakePeriod;
        if (t.wall_clock) {
            so.clock = MessageClock::Reception;
        } else {  // the publishers' source timestamps: a replayed bag keeps bag time
            so.clock = MessageClock::Source;
            so.reorder_window = std::chrono::nanoseconds(static_cast<std::int64_t>(t.reorder_ms * 1e6));
        }
    });
    if (!ran.ok()) {  // an input it could not decode
        health.fail(ran.message());
        diagnostics.last(health.status(wallNow()));
        return ran;
    }
    auto summary = log.finish();
    if (!summary) return summary.error();
    ROBOMETRICS_TRY(diagnostics.failed());
    return run.json ? jsonText(nodes::traversalSummaryJson(*summary, log.path(), t.inputs))
                    : nodes::traversalSummaryText(*summary, log.path());
}

Result<std::string> runTopicStats(const LiveRun &run, const LiveTopicStats &t) {
    Publisher publisher(*run.session->transport);
    ROBOMETRICS_TRY(publisher.advertise<msgs::MetricsMessage>(t.publish_topic));
    ROBOMETRICS_TRY(publisher.advertise<msgs::DiagnosticArray>(msgs::kDiagnosticsTopic));
    DdsResultSink sink(publisher);
    Status written;
    nodes::TopicStatsNode node(nodes::TopicStatsNode::config(t.window_s, t.rclcpp_period), [&](const auto &record) {
        Status s = sink.write(t.publish_topic, topicstats::toMetricsMessage(record), record.window_stop);
        if (s.ok() && record.metric == topicstats::Metric::MessagePeriod) {  // each topic's health, every window
            s = sink.write(msgs::kDiagnosticsTopic, topicstats::windowDiagnostics(record), record.window_stop);
        }
        if (!s.ok() && written.ok()) written = s;
    });
    std::optional<nodes::ContractWindows> contract;
    if (t.contract) {
        contract.emplace(*t.contract, t.window_s, [&](const msgs::DiagnosticArray &a) {
            Status s = sink.write(msgs::kDiagnosticsTopic, a, a.header.stamp.toNs());
            if (!s.ok() && written.ok()) written = s;
        });
    }
    pipeline::Pipeline pipeline;
    node.subscribe(pipeline, true);
    if (contract) contract->subscribe(pipeline);
    ROBOMETRICS_TRY(runPipeline(run, pipeline, t.topics, [&](DdsSourceOptions &so) {
        so.clock = MessageClock::Reception;  // rclcpp measures with now() at reception
        so.tick = [&](TimeNs now) {
            node.advanceTo(now);
            if (contract) contract->advanceTo(now);
        };
        so.tick_period = std::chrono::milliseconds(20);
        so.wake_period = so.tick_period;  // every sample carries its reception time: drain at the ticks
    }));
    node.finish();
    ROBOMETRICS_TRY(written);
    const auto &stats = node.statistics();
    if (run.json) {
        nlohmann::json json = nodes::topicStatsJson("DDS", t.window_s, t.rclcpp_period, stats, node.types());
        if (contract) json["contract"] = contract->summaryJson();
        return jsonText(json);
    }
    return nodes::topicHealthTable(stats.health(), stats.windowCount(), t.window_s) +
           (contract ? "\n" + contract->summaryText() : std::string());
}

Result<std::string> runCostmap(const LiveRun &run, const LiveCostmap &c) {
    Publisher publisher(*run.session->transport);
    // Every output's writer exists before the first result, as a node declares its publishers:
    // a subscriber that waits from the start (ros2 bag record, ros2 topic echo) gets the first.
    ROBOMETRICS_TRY(publisher.advertise<msgs::OccupancyGrid>(c.config.costmap_topic));
    ROBOMETRICS_TRY(publisher.advertise<msgs::PointCloud2>(c.config.terrain_cloud_topic));
    DiagnosticsOut diagnostics(publisher);
    ROBOMETRICS_TRY(diagnostics.advertise());
    DdsResultSink sink(publisher);
    nodes::CostmapNode node(c.config, "DDS", {&sink, c.config.costmap_topic, c.png_dir, c.png_every});
    nodes::CostmapDiagnostics health(c.config);
    auto status = [&](TimeNs now, const Status &failure) {
        return health.status(now, node.run(), node.lastCostmap(), failure.ok() ? "" : failure.message());
    };
    pipeline::Pipeline pipeline;
    node.subscribe(pipeline);
    countInput(pipeline, c.config.gridmap_topic, [&] { health.onGridMap(); });
    Status ran = runPipeline(run, pipeline, pipeline.topics(), [&](DdsSourceOptions &so) {
        so.tick = [&](TimeNs now) {
            if (health.due(now, node.run())) diagnostics.write(status(now, node.failure()));
        };
    });
    if (!ran.ok()) {  // an input it could not decode
        diagnostics.last(status(wallNow(), ran));
        return ran;
    }
    node.finish();  // the maps still waiting for a later TF sample are costed and published
    ROBOMETRICS_TRY(node.failure());
    ROBOMETRICS_TRY(diagnostics.failed());
    return run.json ? jsonText(nodes::costmapSummaryJson(c.config, node.run()))
                    : nodes::costmapSummaryText("DDS", "", c.png_dir, c.config, node.run());
}

Result<std::string> runLost(const LiveRun &run, const localization::LostDetectorConfig &config) {
    Publisher publisher(*run.session->transport);
    for (const nodes::NodeOutput &out : nodes::LostNode::spec().outputs) {  // status and probability
        ROBOMETRICS_TRY(publisher.advertise(out.topic, out.type, out.latched));
    }
    ROBOMETRICS_TRY(publisher.advertise<msgs::DiagnosticArray>(msgs::kDiagnosticsTopic));
    DdsResultSink sink(publisher);
    nodes::LostNode node(config, &sink, /*diagnostics=*/true);
    pipeline::Pipeline pipeline;
    node.subscribe(pipeline);
    ROBOMETRICS_TRY(runPipeline(run, pipeline, pipeline.topics(), [&](DdsSourceOptions &so) {
        for (const nodes::NodeInput &in : nodes::LostNode::spec().inputs) {
            so.types[in.role == "pose" ? config.pose_topic : config.reset_topic] = in.type;
        }
    }));
    node.finish();
    ROBOMETRICS_TRY(node.failure());
    if (!run.json) return nodes::lostLiveText(node.tracker(), config.pose_topic);
    // The shape of `lost --json` (timeline, episodes as a list, start_time_ns), plus the status
    // the detector ended in.
    const std::string status(localization::toString(node.tracker().status()));
    const TimeNs t0 = node.firstTime().value_or(0);
    nlohmann::json j = nodes::lostRunJson(node.takeRun(), t0);
    j["start_time_ns"] = t0;
    j["status"] = status;
    return jsonText(j);
}

Result<std::string> runRecord(const LiveRun &run, const LiveRecord &r) {
    auto compression = bag::parseCompression(r.compression);
    if (!compression) return compression.error();
    bag::McapWriterOptions wo;
    wo.compression = *compression;
    auto writer = bag::McapWriter::open(r.output, wo);
    if (!writer) return withContext(r.output, writer.error());
    bag::TopicRecorder recorder(**writer);
    pipeline::Pipeline pipeline;
    pipeline.subscribeRaw("*", [&](const bag::Message &m) { return recorder.write(m); });
    DdsSourceOptions so = sourceOptions(run.options, *run.session, r.topics, run.log);
    so.adapt_reliability = !run.options.reliable;  // as ros2 bag record: reliable when every publisher is
    std::uint64_t dropped = 0;
    Status recorded;
    {
        DdsSource source(*run.session->transport, so);
        recorded = pipeline.run(source);
        dropped = source.dropped();
    }
    Status closed = (*writer)->close();  // whatever was recorded is kept, even when a write failed
    ROBOMETRICS_TRY(recorded);
    if (!closed.ok()) return withContext(r.output, closed.error());
    std::string text =
        fmt::format("recorded {} messages on {} topics into {}{}\n", recorder.total(), recorder.counts().size(),
                    r.output, dropped ? fmt::format(" ({} dropped: queue full)", dropped) : "");
    for (const auto &[topic, n] : recorder.counts()) text += fmt::format("  {:<40} {}\n", topic, n);
    return text;
}

Result<std::string> runList(const LiveRun &run, bool all) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(run.options.duration_s);
    std::uint64_t version = 0;
    while (!run.session->stop_requested() && std::chrono::steady_clock::now() < until) {
        version = run.session->transport->graph().waitForChange(version, std::chrono::milliseconds(50));
    }
    const auto rows = topicList(run.session->transport->graph(), all);
    return run.json ? topicListJson(rows) : topicListText(rows);
}

}  // namespace robometrics::live
