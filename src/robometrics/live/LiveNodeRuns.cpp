#include "robometrics/live/LiveNodeRuns.hpp"

#include <fmt/format.h>

#include <chrono>

#include "robometrics/bag/TopicRecorder.hpp"
#include "robometrics/live/DdsResultSink.hpp"
#include "robometrics/live/DdsSource.hpp"
#include "robometrics/live/LiveLosses.hpp"
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

std::string jsonText(const nlohmann::json &j) { return j.dump(2) + "\n"; }

/// What a DdsSource lost by the end of its run.
LossReport lossesOf(DdsSource &source) { return {source.losses(), source.kernelDrops(), source.delivered()}; }

/// A node's status (traversal's and costmap's once a second, lost's per pose) with what its
/// inputs lost since the previous one, by topic: at least WARN when they lost any (LiveLosses.hpp).
class InputLosses {
public:
    msgs::DiagnosticArray mark(msgs::DiagnosticArray a) {
        if (!source || a.status.empty()) return a;
        std::map<std::string, TopicLosses> since;
        for (const auto &[topic, l] : source->losses()) since[topic] = windows_.since(topic, l);
        markInputLosses(a.status.front(), since);
        return a;
    }
    DdsSource *source = nullptr;  ///< while the run reads it

private:
    LossWindows windows_;
};

/// A sink whose /diagnostics arrays get their node's input losses (InputLosses) on the way out:
/// for a node that writes its statuses itself (lost, per pose).
class InputLossSink : public pipeline::ResultSink {
public:
    InputLossSink(pipeline::ResultSink &out, InputLosses &losses) : out_(out), losses_(losses) {}
    Status writeRaw(const std::string &topic, const std::string &type, std::span<const std::uint8_t> bytes, TimeNs time,
                    bool latched) override {
        if (topic != msgs::kDiagnosticsTopic || type != msgs::TypeInfo<msgs::DiagnosticArray>::name) {
            return out_.writeRaw(topic, type, bytes, time, latched);
        }
        auto array = msgs::decodeCdr<msgs::DiagnosticArray>(bytes);  // our own encoding: it decodes
        if (!array) return array.error();
        return out_.write(topic, losses_.mark(std::move(*array)), time, latched);
    }

private:
    pipeline::ResultSink &out_;
    InputLosses &losses_;
};

/// Runs `pipeline` on a DdsSource for `topics` (set up further by `configure`) until it stops;
/// what was lost goes to `losses`, and `inputs` follows the source while it runs.
Status runPipeline(const LiveRun &run, pipeline::Pipeline &pipeline, std::vector<std::string> topics,
                   LossReport &losses, const std::function<void(DdsSourceOptions &)> &configure = {},
                   InputLosses *inputs = nullptr) {
    DdsSourceOptions so = sourceOptions(run.options, *run.session, std::move(topics), run.log);
    if (configure) configure(so);
    DdsSource source(*run.session->transport, so);
    if (inputs) inputs->source = &source;
    Status ran = pipeline.run(source);
    losses = lossesOf(source);
    if (inputs) inputs->source = nullptr;
    return ran;
}

/// A node's summary with what it lost: the text's closing lines, or `lost` in the JSON.
std::string withLosses(nlohmann::json json, const LossReport &losses) {
    json["samples_lost"] = lossJson(losses);
    return jsonText(json);
}

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
    const std::map<std::string, std::string> roles = nodes::roleTopics(nodes::TraversalNode::spec(), t.inputs);
    nodes::TraversalDiagnostics health(roles);
    nodes::TraversalCsvLog log(t.config, t.csv, t.extended, t.debug);
    ROBOMETRICS_TRY(log.open(report::CsvFile::Mode::streaming));  // `tail -f`; a crash keeps the rows
    log.observeRows([&](const traversal::TraversalRow &row) { health.onRow(row); });
    pipeline::Pipeline pipeline;
    log.node().subscribe(pipeline, t.inputs);
    for (const auto &[role, topic] : roles) {
        if (!topic.empty()) countInput(pipeline, topic, [&] { health.onInput(); });
    }
    LossReport losses;
    InputLosses input_losses;
    Status ran = runPipeline(
        run, pipeline, {}, losses,
        [&](DdsSourceOptions &so) {
            for (const nodes::NodeInput &in : nodes::TraversalNode::spec().inputs) {
                so.types[t.inputs.*in.field] = in.type;
                so.topics.push_back(t.inputs.*in.field);
            }
            so.tick = [&](TimeNs now) {
                if (t.wall_clock) log.node().tick(now);  // rows every second even when no message arrives
                if (health.due(now)) diagnostics.write(input_losses.mark(health.status(now)));
            };
            so.wake_period = kTraversalWakePeriod;
            if (t.wall_clock) {
                so.clock = MessageClock::Reception;
            } else {  // the publishers' source timestamps: a replayed bag keeps bag time
                so.clock = MessageClock::Source;
                so.reorder_window = std::chrono::nanoseconds(static_cast<std::int64_t>(t.reorder_ms * 1e6));
            }
        },
        &input_losses);
    if (!ran.ok()) {  // an input it could not decode
        health.fail(ran.message());
        diagnostics.last(health.status(wallNow()));
        return ran;
    }
    log.node().finish();
    auto summary = log.finish();
    if (!summary) return summary.error();
    ROBOMETRICS_TRY(diagnostics.failed());
    return run.json ? withLosses(nodes::traversalSummaryJson(*summary, log.path(), roles), losses)
                    : nodes::traversalSummaryText(*summary, log.path()) + lossSummaryText(losses);
}

Result<std::string> runTopicStats(const LiveRun &run, const LiveTopicStats &t) {
    Publisher publisher(*run.session->transport);
    ROBOMETRICS_TRY(publisher.advertise<msgs::MetricsMessage>(t.publish_topic));
    ROBOMETRICS_TRY(publisher.advertise<msgs::DiagnosticArray>(msgs::kDiagnosticsTopic));
    DdsResultSink sink(publisher);
    Status written;
    auto publish = [&](const msgs::DiagnosticArray &a) {
        Status s = sink.write(msgs::kDiagnosticsTopic, a, a.header.stamp.toNs());
        if (!s.ok() && written.ok()) written = s;
    };
    LossReport losses;  // as of the last tick; each window's status says what its topic lost since the previous
    LossWindows loss_windows;
    nodes::TopicStatsNode node(nodes::TopicStatsNode::config(t.window_s, t.rclcpp_period), [&](const auto &record) {
        Status s = sink.write(t.publish_topic, topicstats::toMetricsMessage(record), record.window_stop);
        if (!s.ok() && written.ok()) written = s;
        if (record.metric == topicstats::Metric::MessagePeriod) {  // each topic's health, every window
            msgs::DiagnosticArray a = topicstats::windowDiagnostics(record);
            auto lost = losses.topics.find(record.topic);
            markWindowLosses(
                a.status.front(),
                loss_windows.since(record.topic, lost == losses.topics.end() ? TopicLosses{} : lost->second));
            publish(a);
        }
    });
    std::optional<nodes::ContractWindows> contract;
    if (t.contract) contract.emplace(*t.contract, t.window_s, publish);
    if (contract && !contract->notJudgedLive().empty() && run.log) run.log(contract->notJudgedLiveText());
    pipeline::Pipeline pipeline;
    node.declareNewTopics();
    node.subscribe(pipeline, {});
    if (contract) contract->subscribe(pipeline);
    DdsSourceOptions so = sourceOptions(run.options, *run.session, t.topics, run.log);
    so.clock = MessageClock::Reception;  // rclcpp measures with now() at reception
    so.tick_period = std::chrono::milliseconds(20);
    so.wake_period = so.tick_period;  // every sample carries its reception time: drain at the ticks
    DdsSource *source = nullptr;
    const auto window = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(t.window_s));
    TimeNs next_receive_status = 0;
    std::uint64_t kernel_reported = 0;
    auto readLosses = [&] { losses = lossesOf(*source); };
    so.tick = [&](TimeNs now) {
        if (now >= next_receive_status) {  // once a window: the node's receive status and fresh loss counts
            readLosses();
            if (next_receive_status) publish(receiveDiagnostics(losses, losses.kernel_drops - kernel_reported, now));
            kernel_reported = losses.kernel_drops;
            next_receive_status = now + window.count();
        }
        node.advanceTo(now);
        if (contract) contract->advanceTo(now);
    };
    DdsSource dds(*run.session->transport, so);
    source = &dds;
    ROBOMETRICS_TRY(pipeline.run(dds));
    readLosses();  // the readers were closed at the stop, with what they had lost
    node.finish();
    if (contract) contract->finish();  // the rules of the whole session: one last array
    ROBOMETRICS_TRY(written);
    const auto &stats = node.statistics();
    auto lossyTopic = [&](const std::string &topic, std::uint64_t count, bool periodic) {
        auto l = losses.topics.find(topic);
        return lossyKind(count, l == losses.topics.end() ? 0 : l->second.total(), periodic);
    };
    // The health rows are computed once (they read every message's times back): from the JSON, or for the table.
    if (run.json) {
        nlohmann::json json = nodes::topicStatsJson("DDS", t.window_s, t.rclcpp_period, stats, node.types());
        for (auto &topic : json["topics"]) {
            if (lossyTopic(topic["topic"], topic["count"], topic["kind"] == "periodic")) topic["kind"] = "lossy";
        }
        json["samples_lost"] = lossJson(losses);
        if (contract) json["contract"] = contract->summaryJson();
        return jsonText(json);
    }
    const std::vector<topicstats::TopicHealth> health = stats.health();
    std::set<std::string> lossy;
    for (const auto &h : health) {
        if (lossyTopic(h.topic, h.count, h.kind == topicstats::TopicKind::Periodic)) lossy.insert(h.topic);
    }
    return nodes::topicHealthTable(health, stats.windowCount(), t.window_s, lossy) + lossSummaryText(losses) +
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
    node.subscribe(pipeline, nodes::CostmapNode::topicsOf(c.config));
    countInput(pipeline, c.config.gridmap_topic, [&] { health.onGridMap(); });
    LossReport losses;
    InputLosses input_losses;
    Status ran = runPipeline(
        run, pipeline, pipeline.topics(), losses,
        [&](DdsSourceOptions &so) {
            so.tick = [&](TimeNs now) {
                if (health.due(now, node.run())) diagnostics.write(input_losses.mark(status(now, node.failure())));
            };
        },
        &input_losses);
    if (!ran.ok()) {  // an input it could not decode
        diagnostics.last(status(wallNow(), ran));
        return ran;
    }
    node.finish();  // the maps still waiting for a later TF sample are costed and published
    ROBOMETRICS_TRY(node.failure());
    ROBOMETRICS_TRY(diagnostics.failed());
    return run.json ? withLosses(nodes::costmapSummaryJson(c.config, node.run()), losses)
                    : nodes::costmapSummaryText("DDS", "", c.png_dir, c.config, node.run()) + lossSummaryText(losses);
}

Result<std::string> runLost(const LiveRun &run, const localization::LostDetectorConfig &config) {
    Publisher publisher(*run.session->transport);
    for (const nodes::NodeOutput &out : nodes::LostNode::spec().outputs) {  // status and probability
        ROBOMETRICS_TRY(publisher.advertise(out.topic, out.type, out.latched));
    }
    ROBOMETRICS_TRY(publisher.advertise<msgs::DiagnosticArray>(msgs::kDiagnosticsTopic));
    DdsResultSink dds_sink(publisher);
    InputLosses input_losses;
    InputLossSink sink(dds_sink, input_losses);  // each pose's status carries what the inputs lost
    nodes::LostNode node(config, &sink, /*diagnostics=*/true);
    pipeline::Pipeline pipeline;
    node.subscribe(pipeline, nodes::LostNode::topicsOf(config));
    LossReport losses;
    ROBOMETRICS_TRY(runPipeline(
        run, pipeline, pipeline.topics(), losses,
        [&](DdsSourceOptions &so) {
            for (const nodes::NodeInput &in : nodes::LostNode::spec().inputs) {
                so.types[in.role == "pose" ? config.pose_topic : config.reset_topic] = in.type;
            }
        },
        &input_losses));
    node.finish();
    ROBOMETRICS_TRY(node.failure());
    if (!run.json) return nodes::lostLiveText(node.tracker(), config.pose_topic) + lossSummaryText(losses);
    // The shape of `lost --json` (timeline, episodes as a list, start_time_ns), plus the status
    // the detector ended in.
    const std::string status(localization::toString(node.tracker().status()));
    const TimeNs t0 = node.firstTime().value_or(0);
    nlohmann::json j = nodes::lostRunJson(node.takeRun(), t0);
    j["start_time_ns"] = t0;
    j["status"] = status;
    return withLosses(std::move(j), losses);
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
    LossReport losses;
    Status recorded;
    {
        DdsSource source(*run.session->transport, so);
        recorded = pipeline.run(source);
        losses = lossesOf(source);
    }
    Status closed = (*writer)->close();  // whatever was recorded is kept, even when a write failed
    ROBOMETRICS_TRY(recorded);
    if (!closed.ok()) return withContext(r.output, closed.error());
    std::string text = fmt::format("recorded {} messages on {} topics into {}\n", recorder.total(),
                                   recorder.counts().size(), r.output);
    for (const auto &[topic, n] : recorder.counts()) text += fmt::format("  {:<40} {}\n", topic, n);
    return text + lossSummaryText(losses);
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
