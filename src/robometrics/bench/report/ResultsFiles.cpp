#include "robometrics/bench/report/ResultsFiles.hpp"

#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "robometrics/bench/report/Leaderboard.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {
namespace {

using nlohmann::ordered_json;

ordered_json jsonNumber(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

/// RFC 4180: quote fields holding a comma, quote or line break (cell keys hold commas).
std::string csvField(const std::string &text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

template <class T>
std::string optionalText(const std::optional<T> &v) {
    if (!v) return "";
    if constexpr (std::is_same_v<T, std::string>) {
        return *v;
    } else {
        return fmt::format("{}", *v);
    }
}

ordered_json summaryJson(const SampleSummary &s) {
    return ordered_json{{"n", s.n},
                        {"mean", jsonNumber(s.mean)},
                        {"std", jsonNumber(s.std)},
                        {"min", jsonNumber(s.min)},
                        {"max", jsonNumber(s.max)},
                        {"median", jsonNumber(s.median)},
                        {"ci95", ordered_json::array({jsonNumber(s.ci_low), jsonNumber(s.ci_high)})}};
}

ordered_json cellCheckJson(const CellCheck &check) {
    ordered_json rules = ordered_json::array();
    for (const CellRuleCount &r : check.rules) {
        rules.push_back({{"topic", r.topic},
                         {"rule", r.rule},
                         {"limit", r.limit},
                         {"severity", topicstats::toString(r.severity)},
                         {"runs_judged", r.judged},
                         {"runs_failed", r.failed},
                         {"first_failure", r.failed > 0 ? ordered_json(r.measured) : ordered_json(nullptr)}});
    }
    return {
        {"runs", check.runs}, {"unreadable", check.unreadable}, {"text", check.text()}, {"rules", std::move(rules)}};
}

}  // namespace

std::string resultsCsv(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics) {
    std::set<std::string> names;
    std::map<int, std::map<std::string, double>> values;
    for (const MetricValue &m : metrics) {
        names.insert(m.name);
        if (m.value && std::isfinite(*m.value)) values[m.job_index][m.name] = *m.value;
    }
    std::string out = "job_index,cell,iteration,seed,status,attempts,exit_code,verdict,anomalies";
    for (const std::string &name : names) out += "," + csvField(name);
    out += "\n";
    for (const JobRecord &job : jobs) {
        out += fmt::format("{},{},{},{},{},{},{},{},{}", job.index, csvField(job.cell_key), job.iteration, job.seed,
                           jobStatusText(job.status), job.attempts, optionalText(job.exit_code), csvField(optionalText(job.verdict)),
                           optionalText(job.anomalies));
        const auto &row = values[job.index];
        for (const std::string &name : names) {
            auto it = row.find(name);
            out += it == row.end() ? "," : fmt::format(",{:.17g}", it->second);
        }
        out += "\n";
    }
    return out;
}

std::string resultsJson(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs,
                        const std::vector<MetricValue> &metrics, const std::optional<CellComparison> &comparison,
                        const std::map<int, JobCheck> &checks) {
    ordered_json root;
    std::map<int, ordered_json> job_metrics;
    for (const MetricValue &m : metrics) {
        job_metrics[m.job_index][m.name] = m.value ? jsonNumber(*m.value) : ordered_json(nullptr);
    }
    ordered_json job_list = ordered_json::array();
    for (const JobRecord &job : jobs) {
        ordered_json j{{"index", job.index},   {"cell", job.cell_key}, {"iteration", job.iteration},
                       {"seed", job.seed},     {"status", std::string(jobStatusText(job.status))}, {"attempts", job.attempts},
                       {"exit_code", nullptr}, {"verdict", nullptr},   {"potential_failure", nullptr},
                       {"anomalies", nullptr}};
        if (job.exit_code) j["exit_code"] = *job.exit_code;
        if (job.verdict) j["verdict"] = *job.verdict;
        // What the cells' `potential_failure` aggregates, per job (done jobs with a verdict only).
        if (job.status == JobStatus::done) {
            if (auto failure = potentialFailure(job)) j["potential_failure"] = static_cast<int>(*failure);
        }
        if (job.anomalies) j["anomalies"] = *job.anomalies;
        if (job.error) j["error"] = *job.error;
        if (auto check = checks.find(job.index); check != checks.end()) j["check"] = jobCheckSummaryJson(check->second);
        auto own = job_metrics.find(job.index);  // moved, not copied: each job's metrics are held once
        j["metrics"] = own != job_metrics.end() ? std::move(own->second) : ordered_json::object();
        job_list.push_back(std::move(j));
    }
    root["jobs"] = std::move(job_list);

    ordered_json cells = ordered_json::array();
    for (const CellAggregate &cell : aggregates.cells) {
        ordered_json c{
            {"key", cell.key}, {"done", cell.done}, {"failed", cell.failed}, {"unfinished", cell.unfinished}};
        ordered_json ms = ordered_json::object();
        for (const auto &[name, cm] : cell.metrics) ms[name] = summaryJson(cm.summary);
        c["metrics"] = std::move(ms);
        if (cell.check) c["check"] = cellCheckJson(*cell.check);
        cells.push_back(std::move(c));
    }
    root["cells"] = std::move(cells);

    ordered_json catalogue = ordered_json::object();
    for (const std::string &name : aggregates.metric_names) {
        const evaluate::MetricInfo &info = evaluate::metricInfo(name);
        catalogue[name] = {{"unit", info.in_catalogue ? ordered_json(std::string(info.unit)) : ordered_json(nullptr)},
                           {"direction", evaluate::directionText(info.direction)},
                           {"tier", evaluate::tierText(info.tier)},
                           {"group", evaluate::groupText(info.group)},
                           {"in_catalogue", info.in_catalogue}};
    }
    root["metric_catalogue"] = std::move(catalogue);

    ordered_json boards = ordered_json::object();
    for (const std::string &name : aggregates.metric_names) {
        const auto board = leaderboard(aggregates, name);
        if (!board) continue;  // bookkeeping and metrics not in the catalogue are not ranked
        ordered_json ranking = ordered_json::array();
        for (const LeaderboardRow &row : board->rows) {
            ranking.push_back({{"rank", row.rank},
                               {"cell", row.cell->key},
                               {"mean", jsonNumber(row.summary.mean)},
                               {"p_vs_best", jsonNumber(row.p_vs_best)},
                               {"worse_than_best", row.worse_than_best}});
        }
        boards[name] = {{"direction", evaluate::directionText(board->direction)}, {"ranking", std::move(ranking)}};
    }
    root["leaderboards"] = std::move(boards);

    if (comparison) {
        const CellComparison &c = *comparison;
        root["comparison"] = {
            {"metric", c.metric},
            {"a", c.cell_a},
            {"b", c.cell_b},
            {"direction", evaluate::directionText(c.direction)},
            {"summary_a", summaryJson(c.a)},
            {"summary_b", summaryJson(c.b)},
            {"difference", jsonNumber(c.welch.difference)},
            {"welch", {{"t", jsonNumber(c.welch.t)}, {"df", jsonNumber(c.welch.df)}, {"p", jsonNumber(c.welch.p_value)}}},
            {"bootstrap",
             {{"ci95", ordered_json::array({jsonNumber(c.bootstrap.ci_low), jsonNumber(c.bootstrap.ci_high)})},
              {"resamples", c.bootstrap.resamples}}},
            {"welch_significant", c.welch_significant},
            {"bootstrap_significant", c.bootstrap_significant},
            {"better", c.better.empty() ? ordered_json(nullptr) : ordered_json(c.better)},
            {"sentence", c.sentence()}};
    }
    return root.dump(2) + "\n";
}

}  // namespace robometrics::bench
