#include "robometrics/evaluate/EvaluationDiagnostics.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <set>

#include "robometrics/evaluate/MetricCatalogue.hpp"
#include "robometrics/evaluate/SummaryLeaves.hpp"

namespace robometrics::evaluate {

namespace {

using msgs::DiagnosticStatus;
using msgs::KeyValue;

/// The analyses that get a status, in the order a robotics engineer reads them.
constexpr const char *kAreas[] = {"traversal", "activity", "localization", "trajectory", "map", "costmap", "system"};

/// At most this many figures per analysis: the headline ones first, then details.
constexpr std::size_t kValuesPerArea = 16;

std::string text(double v) { return fmt::format("{:.6g}", v); }

DiagnosticStatus status(std::uint8_t level, std::string name, std::string message, std::string hardware_id) {
    DiagnosticStatus s;
    s.level = level;
    s.name = std::move(name);
    s.message = std::move(message);
    s.hardware_id = std::move(hardware_id);
    return s;
}

/// The figures of one analysis, headline before detail; bookkeeping (counts, times) left out.
std::vector<KeyValue> areaValues(const std::vector<SummaryLeaf> &leaves, const std::string &area) {
    std::vector<KeyValue> headline, detail;
    for (const auto &[name, value] : leaves) {
        if (!value || name.rfind(area + ".", 0) != 0) continue;
        const MetricInfo &info = metricInfo(name);
        if (!info.in_catalogue || info.tier == MetricTier::Bookkeeping) continue;
        (info.tier == MetricTier::Headline ? headline : detail).push_back({name.substr(area.size() + 1), text(*value)});
    }
    headline.insert(headline.end(), detail.begin(), detail.end());
    if (headline.size() > kValuesPerArea) headline.resize(kValuesPerArea);
    return headline;
}

/// ERROR only when the evaluation's own topic_drops anomaly names the topic: a few drops below
/// its threshold (a single late message on a simulated clock) are reported, not alarmed on.
DiagnosticStatus topicStatus(const topicstats::TopicHealth &t, bool anomaly) {
    const std::string drops =
        fmt::format("{} messages estimated dropped in {} gaps", t.estimated_drops, t.gaps_over_threshold);
    std::string message = fmt::format("{} messages, {}", t.count, topicstats::kindCell(t.kind));
    if (anomaly) {
        message = drops;
    } else if (t.estimated_drops > 0) {
        message = drops + ", within the allowed share";
    }
    DiagnosticStatus s = status(anomaly ? DiagnosticStatus::ERROR : DiagnosticStatus::OK,
                                "robometrics: topic " + t.topic, message, t.topic);
    s.values = {{"messages", std::to_string(t.count)},      {"kind", topicstats::kindCell(t.kind)},
                {"mean_rate_hz", text(t.mean_rate_hz)},     {"jitter_ms", text(t.jitter_ms)},
                {"longest_gap_ms", text(t.longest_gap_ms)}, {"estimated_drops", std::to_string(t.estimated_drops)}};
    return s;
}

}  // namespace

std::string anomalyArea(const std::string &code) {
    static const std::map<std::string, std::string> kArea = {
        {"collision", "traversal"},    {"stuck", "activity"},        {"localization_lost", "localization"},
        {"pose_jump", "localization"}, {"teleport", "localization"}, {"drift", "trajectory"},
        {"cpu_budget", "system"},      {"topic_drops", "topics"},    {"sensor_silent", "topics"},
        {"recording_truncated", "run"}, {"recording_damaged", "run"},    {"missing_topic", "topics"},
        {"no_odometry", "topics"},     {"no_scan", "topics"}};
    auto it = kArea.find(code);
    return it == kArea.end() ? "run" : it->second;
}

msgs::DiagnosticArray evaluationDiagnostics(const Evaluation &e, const nlohmann::json &summary) {
    msgs::DiagnosticArray out;
    out.header.stamp = msgs::Time::fromNs(e.end_time);
    const std::string run = std::filesystem::path(e.inputs.bag).filename().string();

    std::set<std::string> codes;
    std::set<std::string> failing_areas;
    for (const slam::Anomaly &a : e.anomalies) {
        codes.insert(a.code);
        failing_areas.insert(anomalyArea(a.code));
    }
    std::string list;
    for (const std::string &c : codes) list += (list.empty() ? "" : ", ") + c;
    // Inconclusive is a warning: nothing was found, but a check the verdict rests on did not run.
    std::string not_run;
    for (const CoreCheck &c : e.core_checks) {
        if (!c.ran) not_run += (not_run.empty() ? "" : "; ") + c.name + ": " + c.basis;
    }
    const std::uint8_t level =
        !e.ok() ? DiagnosticStatus::ERROR : (e.inconclusive() ? DiagnosticStatus::WARN : DiagnosticStatus::OK);
    const std::string message =
        !e.ok() ? "potential failure: " + list : (e.inconclusive() ? "inconclusive: not checked: " + not_run : "ok");
    DiagnosticStatus verdict = status(level, "robometrics: verdict", message, run);
    verdict.values = {{"verdict", e.verdict()}, {"anomalies", std::to_string(e.anomalies.size())}};
    out.status.push_back(std::move(verdict));

    const std::vector<SummaryLeaf> leaves = summaryLeaves(summary);
    for (const char *area : kAreas) {
        std::vector<KeyValue> values = areaValues(leaves, area);
        if (values.empty()) continue;  // the analysis did not run (or measured nothing)
        const bool failing = failing_areas.count(area) != 0;
        DiagnosticStatus s = status(failing ? DiagnosticStatus::ERROR : DiagnosticStatus::OK,
                                    std::string("robometrics: ") + area, failing ? "anomaly" : "ok", run);
        s.values = std::move(values);
        out.status.push_back(std::move(s));
    }
    for (const slam::Anomaly &a : e.anomalies) {
        DiagnosticStatus s = status(DiagnosticStatus::ERROR, "robometrics: anomaly " + a.code, a.message, run);
        s.values = {{"value", text(a.value)}, {"threshold", text(a.threshold)}};
        if (a.time_s) s.values.push_back({"time_s", text(*a.time_s)});
        if (a.end_time_s) s.values.push_back({"end_time_s", text(*a.end_time_s)});
        for (const auto &[key, value] : a.evidence) s.values.push_back({key, text(value)});
        out.status.push_back(std::move(s));
    }
    std::set<std::string> dropping;  // topics a topic_drops anomaly names ("/scan: about 12 messages missing ...")
    for (const slam::Anomaly &a : e.anomalies) {
        if (a.code == "topic_drops" || a.code == "sensor_silent") dropping.insert(a.message.substr(0, a.message.find(": ")));
    }
    for (const topicstats::TopicHealth &t : e.topic_health) {
        out.status.push_back(topicStatus(t, dropping.count(t.topic) != 0));
    }
    return out;
}

}  // namespace robometrics::evaluate
