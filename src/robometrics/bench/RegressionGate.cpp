#include "robometrics/bench/RegressionGate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "robometrics/bench/stats/BootstrapDifference.hpp"
#include "robometrics/bench/CellComparison.hpp"
#include "robometrics/evaluate/EvaluationDiagnostics.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;
using evaluate::Direction;
using evaluate::metricInfo;

bool listHas(const std::vector<std::string> &list, const std::string &name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

/// The metrics of each family, in catalogue order: the quality metrics gated (the asked ones,
/// else every quality metric with a direction both sides have), and the machine-measured ones
/// reported beside them (those with a direction, and the run time as context).
struct MetricPlan {
    std::vector<std::string> quality, resources;
};

MetricPlan planMetrics(const BenchAggregates &base, const BenchAggregates &next, const GateOptions &o) {
    MetricPlan plan;
    for (const std::string &name : base.metric_names) {
        if (!listHas(next.metric_names, name)) continue;
        const evaluate::MetricInfo &info = metricInfo(name);
        if (info.machineMeasured()) {
            if (info.ranked() || name == "run_s" || listHas(o.metrics, name)) plan.resources.push_back(name);
        } else if (o.metrics.empty() ? info.gatedByDefault() : listHas(o.metrics, name)) {
            plan.quality.push_back(name);
        }
    }
    plan.quality = evaluate::inCatalogueOrder(plan.quality);
    plan.resources = evaluate::inCatalogueOrder(plan.resources);
    return plan;
}

double relativeChange(double base, double next) { return base != 0 ? (next - base) / std::abs(base) : NAN; }

bool allEqual(const SampleSummary &a, const SampleSummary &b) {
    return a.n > 0 && b.n > 0 && a.min == a.max && b.min == b.max && a.min == b.min;
}

GateRow unpairedRow(const CellAggregate &base, const CellAggregate &next, const std::string &metric) {
    GateRow row;
    row.cell = base.key == next.key ? base.key : base.key + " -> " + next.key;
    row.metric = metric;
    const CellComparison c = compareCells(next, base, metric);
    row.direction = c.direction;
    row.base = c.b;
    row.next = c.a;
    row.change = c.a.mean - c.b.mean;
    row.relative = relativeChange(c.b.mean, c.a.mean);
    row.ci_low = c.bootstrap.ci_low;
    row.ci_high = c.bootstrap.ci_high;
    row.welch = c.welch;
    if (c.a.n < 2 || c.b.n < 2) {
        row.verdict = GateVerdict::NotEnoughRuns;
    } else {
        row.p_value = c.welch.p_value;
        if (allEqual(c.a, c.b)) row.min_attainable_p = 1;  // one and the same constant: nothing to test
    }
    return row;
}

/// A recording of a fleet: one cell, identified by the other axes, its file name and content.
struct Recording {
    const CellAggregate *cell = nullptr;
    std::string group;  ///< the other axes, "a=1,b=2"
    std::string path, name, sha256;
    std::set<std::string> anomalies;  ///< codes over its done runs
    int first_done = -1;              ///< its report
};

std::string groupKey(const nlohmann::json &cell, const GateInput &in) {
    std::string out;
    for (const std::string &axis : in.axes) {
        if (axis == in.recordings_axis || !cell.contains(axis)) continue;
        out += fmt::format("{}{}={}", out.empty() ? "" : ",", axis, cell[axis].get<std::string>());
    }
    return out;
}

std::vector<Recording> fleetRecordings(const GateInput &in) {
    std::map<int, const JobRecord *> job_of;
    for (const JobRecord &job : *in.jobs) job_of[job.index] = &job;
    std::vector<Recording> out;
    for (const CellAggregate &cell : in.aggregates->cells) {
        Recording r;
        r.cell = &cell;
        for (int index : cell.jobs) {
            const JobRecord *job = job_of.count(index) ? job_of[index] : nullptr;
            if (job == nullptr || job->status != JobStatus::done) continue;
            auto digest = in.recordings->find(index);
            if (digest == in.recordings->end()) continue;
            if (r.first_done < 0) {
                r.first_done = index;
                r.path = digest->second.path;
                r.sha256 = digest->second.sha256;
                const nlohmann::json json = nlohmann::json::parse(job->cell_json, nullptr, false);
                if (json.is_object()) r.group = groupKey(json, in);
            } else if (digest->second.sha256 != r.sha256) {
                r.sha256 += "/changed";  // the recording changed between iterations: never paired
            }
            const nlohmann::json summary = nlohmann::json::parse(job->summary_json.value_or("{}"), nullptr, false);
            if (summary.is_object() && summary.contains("anomalies") && summary["anomalies"].is_array()) {
                for (const auto &a : summary["anomalies"]) r.anomalies.insert(a.value("code", std::string("?")));
            }
        }
        if (r.first_done < 0) continue;
        std::string trimmed = r.path;
        while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.pop_back();
        r.name = fs::path(trimmed).filename().string();
        out.push_back(std::move(r));
    }
    return out;
}

/// The folder all of the paths share, so a recording is shown as "day3/office.mcap".
std::string commonFolder(const std::vector<Recording> &recordings) {
    if (recordings.empty()) return {};
    fs::path common = fs::path(recordings.front().path).parent_path();
    for (const Recording &r : recordings) {
        const fs::path p(r.path);
        while (!common.empty()) {
            auto [end, ignored] = std::mismatch(common.begin(), common.end(), p.begin(), p.end());
            if (end == common.end()) break;
            common = common.parent_path();
        }
    }
    return common.string();
}

std::string shownName(const Recording &r, const std::string &folder) {
    std::string path = r.path;
    if (!folder.empty() && path.rfind(folder, 0) == 0) path = path.substr(folder.size());
    while (!path.empty() && path.front() == '/') path.erase(0, 1);
    if (path.empty()) path = r.name;
    return r.group.empty() ? path : r.group + ", " + path;
}

std::string reportLink(const std::string &bench, int job) {
    return (fs::path(bench) / "jobs" / fmt::format("{:04d}", job) / "eval" / "report.html").string();
}

double cellMean(const CellAggregate &cell, const std::string &metric) {
    auto it = cell.metrics.find(metric);
    return it == cell.metrics.end() ? NAN : it->second.summary.mean;
}

using RecordingPair = std::pair<const Recording *, const Recording *>;

GateRow pairedRow(const std::string &group, const std::vector<RecordingPair> &pairs, const std::string &metric) {
    GateRow row;
    row.cell = group;
    row.metric = metric;
    row.paired = true;
    row.direction = metricInfo(metric).direction;
    std::vector<double> base, next, differences;
    for (const auto &[b, n] : pairs) {
        const double vb = cellMean(*b->cell, metric), vn = cellMean(*n->cell, metric);
        if (!std::isfinite(vb) || !std::isfinite(vn)) continue;
        base.push_back(vb);
        next.push_back(vn);
        differences.push_back(vn - vb);
    }
    row.base = summarize(base);
    row.next = summarize(next);
    row.wilcoxon = wilcoxonSignedRank(differences);
    row.paired_t = pairedTTest(differences);
    row.change = row.paired_t.mean;
    row.relative = std::isfinite(row.base.mean) && row.base.mean != 0 ? row.change / std::abs(row.base.mean) : NAN;
    row.ci_low = row.paired_t.ci_low;
    row.ci_high = row.paired_t.ci_high;
    if (differences.size() < 2) {
        row.verdict = GateVerdict::NotEnoughRuns;
    } else {
        row.p_value = row.wilcoxon.p_value;
        // Every sign pattern of the n non-zero differences is equally likely under the null and only
        // one gives the largest W+: no data of n pairs can give less than 2 / 2^n (1 when n = 0).
        row.min_attainable_p =
            row.wilcoxon.exact || row.wilcoxon.n == 0 ? std::min(1.0, std::ldexp(2.0, -row.wilcoxon.n)) : 0;
    }
    return row;
}

/// Fills adjusted_p within each family and decides every row's verdict. A test that could not
/// reject at alpha on any data of its kind (its smallest attainable p is alpha or more) cannot
/// make a false rejection, so it is left out of the family's count, as in Tarone's (1990)
/// procedure for discrete tests: 12 recordings of which 11 kept their verdict do not dilute the
/// ATE's test.
void decide(std::vector<GateRow> &rows, const GateOptions &o) {
    for (bool resource : {false, true}) {
        const double alpha = resource ? o.resource_alpha : o.alpha;
        std::vector<double> p;
        std::vector<GateRow *> family;
        for (GateRow &row : rows) {
            if (row.resource != resource) continue;
            family.push_back(&row);
            const bool test = row.verdict != GateVerdict::NotEnoughRuns && row.direction != Direction::None &&
                              row.min_attainable_p < alpha;
            p.push_back(test ? row.p_value : NAN);
        }
        const std::vector<double> adjusted = adjustPValues(p, o.correction);
        const double min_relative = resource ? o.resource_min_relative : o.min_relative;
        for (std::size_t i = 0; i < family.size(); ++i) {
            GateRow &row = *family[i];
            row.adjusted_p = adjusted[i];
            if (row.verdict == GateVerdict::NotEnoughRuns) continue;
            if (row.direction == Direction::None) {
                row.verdict = GateVerdict::Context;
                continue;
            }
            const double threshold = std::max(resource ? 0.0 : o.min_absolute, min_relative * std::abs(row.base.mean));
            const bool significant = row.adjusted_p < alpha && std::abs(row.change) >= threshold && row.change != 0;
            if (!significant) {
                row.verdict = GateVerdict::NoSignificantChange;
            } else if (evaluate::better(row.change, 0, row.direction)) {
                row.verdict = GateVerdict::Improvement;
            } else {
                row.verdict = GateVerdict::Regression;
            }
        }
    }
}

void addRows(GateResult &result, const MetricPlan &plan, const std::function<GateRow(const std::string &)> &make) {
    for (const std::string &metric : plan.quality) result.rows.push_back(make(metric));
    for (const std::string &metric : plan.resources) {
        GateRow row = make(metric);
        row.resource = true;
        row.gated = row.direction != Direction::None &&
                    (result.options.gate_resources || listHas(result.options.metrics, metric));
        result.rows.push_back(std::move(row));
    }
}

/// The contract rules the new cell fails and the base cell held (both checked against a spec).
void addNewRuleFailures(GateResult &result, const CellAggregate &base, const CellAggregate &next,
                        const std::string &where) {
    if (!base.check || !next.check) return;
    for (NewRuleFailure &f : newRuleFailures(*base.check, *next.check, where)) {
        result.new_rule_errors += f.next.severity == topicstats::Severity::Error ? 1 : 0;
        result.new_rule_failures.push_back(std::move(f));
    }
}

void compareCellByCell(const BenchAggregates &base, const BenchAggregates &next, GateResult &result) {
    const GateOptions &options = result.options;
    std::vector<std::pair<const CellAggregate *, const CellAggregate *>> pairs;
    if (!options.base_cell.empty() || !options.new_cell.empty()) {
        pairs.emplace_back(base.findCell(options.base_cell), next.findCell(options.new_cell));
        if (pairs.back().first == nullptr) result.only_in_base.push_back(options.base_cell);
        if (pairs.back().second == nullptr) result.only_in_new.push_back(options.new_cell);
        if (pairs.back().first == nullptr || pairs.back().second == nullptr) pairs.clear();
    } else {
        for (const CellAggregate &cell : base.cells) {
            const CellAggregate *match = next.findCell(cell.key);
            if (match != nullptr && match->key == cell.key) {
                pairs.emplace_back(&cell, match);
            } else {
                result.only_in_base.push_back(cell.key);
            }
        }
        for (const CellAggregate &cell : next.cells) {
            const CellAggregate *match = base.findCell(cell.key);
            if (match == nullptr || match->key != cell.key) result.only_in_new.push_back(cell.key);
        }
    }
    const MetricPlan plan = planMetrics(base, next, options);
    // Quality first (every cell), then the resources (every cell): the two families.
    for (bool resources : {false, true}) {
        MetricPlan part;
        (resources ? part.resources : part.quality) = resources ? plan.resources : plan.quality;
        for (const auto &[b, n] : pairs) {
            addRows(result, part, [&, b = b, n = n](const std::string &metric) { return unpairedRow(*b, *n, metric); });
        }
    }
    for (const auto &[b, n] : pairs) {
        addNewRuleFailures(result, *b, *n, b->key == n->key ? b->key : b->key + " -> " + n->key);
    }
}

/// Fleets: pairs the recordings of the two benchmarks; false when none pair.
bool compareRecordingByRecording(const GateInput &base, const GateInput &next, GateResult &result) {
    const std::vector<Recording> in_base = fleetRecordings(base), in_new = fleetRecordings(next);
    const std::string base_folder = commonFolder(in_base), new_folder = commonFolder(in_new);
    std::map<std::pair<std::string, std::string>, const Recording *> new_by_name;
    for (const Recording &r : in_new) new_by_name[{r.group, r.name}] = &r;
    std::map<std::string, std::vector<RecordingPair>> groups;  // other axes -> pairs, in base order
    std::set<const Recording *> matched;
    std::vector<std::string> group_order;
    for (const Recording &r : in_base) {
        // Paired by name and the other axes' values; a changed content is said, not hidden.
        auto named = new_by_name.find({r.group, r.name});
        if (named != new_by_name.end() && matched.insert(named->second).second) {
            if (!groups.count(r.group)) group_order.push_back(r.group);
            groups[r.group].emplace_back(&r, named->second);
            if (named->second->sha256 != r.sha256) result.recordings_changed.push_back(shownName(r, base_folder));
        } else {
            result.only_in_base.push_back(shownName(r, base_folder));
        }
    }
    for (const Recording &r : in_new) {
        if (!matched.count(&r)) result.only_in_new.push_back(shownName(r, new_folder));
    }
    if (groups.empty()) return false;
    result.paired = true;
    const MetricPlan plan = planMetrics(*base.aggregates, *next.aggregates, result.options);
    for (bool resources : {false, true}) {
        MetricPlan part;
        (resources ? part.resources : part.quality) = resources ? plan.resources : plan.quality;
        for (const std::string &group : group_order) {
            addRows(result, part, [&](const std::string &metric) { return pairedRow(group, groups[group], metric); });
        }
    }
    // Per recording: verdict changes, and the largest changes of the gated metrics.
    const GateOptions &o = result.options;
    for (const std::string &group : group_order) {
        for (const auto &[b, n] : groups[group]) {
            ++result.recordings_paired;
            const double was = cellMean(*b->cell, kPotentialFailure), is = cellMean(*n->cell, kPotentialFailure);
            RecordingChange change;
            change.recording = shownName(*b, base_folder);
            addNewRuleFailures(result, *b->cell, *n->cell, change.recording);
            change.base_report = reportLink(base.name, b->first_done);
            change.new_report = reportLink(next.name, n->first_done);
            if (std::isfinite(was) && std::isfinite(is) && (was > 0) != (is > 0)) {
                RecordingChange verdict = change;
                verdict.worse = is > 0;
                verdict.base_verdict = was > 0 ? "potential_failure" : "ok";
                verdict.new_verdict = is > 0 ? "potential_failure" : "ok";
                for (const std::string &code : n->anomalies) {
                    if (!b->anomalies.count(code) && evaluate::anomalyArea(code) != "system") {
                        verdict.new_anomalies += (verdict.new_anomalies.empty() ? "" : ", ") + code;
                    }
                }
                result.new_problems += verdict.worse ? 1 : 0;
                result.verdict_changes.push_back(std::move(verdict));
            }
            for (const std::string &metric : plan.quality) {
                const double vb = cellMean(*b->cell, metric), vn = cellMean(*n->cell, metric);
                const Direction direction = metricInfo(metric).direction;
                if (!std::isfinite(vb) || !std::isfinite(vn) || vb == vn || metric == kPotentialFailure) continue;
                if (std::abs(vn - vb) < std::max(o.min_absolute, o.min_relative * std::abs(vb))) continue;
                RecordingChange c = change;
                c.metric = metric;
                c.base = vb;
                c.next = vn;
                c.relative = relativeChange(vb, vn);
                c.worse = !evaluate::better(vn, vb, direction);
                result.largest_changes.push_back(std::move(c));
            }
        }
    }
    std::stable_sort(result.verdict_changes.begin(), result.verdict_changes.end(),
                     [](const RecordingChange &a, const RecordingChange &b) { return a.worse && !b.worse; });
    auto size = [](const RecordingChange &c) { return std::isfinite(c.relative) ? std::abs(c.relative) : INFINITY; };
    std::stable_sort(result.largest_changes.begin(), result.largest_changes.end(),
                     [&](const RecordingChange &a, const RecordingChange &b) {
                         if (a.worse != b.worse) return a.worse;
                         const int ta = static_cast<int>(metricInfo(a.metric).tier);
                         const int tb = static_cast<int>(metricInfo(b.metric).tier);
                         if (ta != tb) return ta < tb;  // headline metrics first
                         return size(a) > size(b);
                     });
    return true;
}

void countRegressions(GateResult &result) {
    decide(result.rows, result.options);
    for (const GateRow &row : result.rows) result.regressions += row.gated && row.verdict == GateVerdict::Regression;
}

std::string shortNumber(double v) { return std::isfinite(v) ? fmt::format("{:.4g}", v) : std::string("-"); }

std::string percentText(double relative) {
    return std::isfinite(relative) ? fmt::format(" ({:+.1f} %)", 100 * relative) : std::string();
}

std::string pText(double p) {
    if (std::isnan(p)) return "-";
    if (p == 0) return "0";  // samples without spread and different means: an exact difference
    if (p < 1e-4) return "< 0.0001";
    return fmt::format("{:.4g}", p);
}

std::string pluralText(std::size_t n, const char *word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string verdictCell(const GateRow &r) {
    std::string text = r.verdict == GateVerdict::Regression    ? (r.gated ? "**regression**" : "worse (not gated)")
                       : r.verdict == GateVerdict::Improvement ? (r.gated ? "improvement" : "better (not gated)")
                       : r.verdict == GateVerdict::NotEnoughRuns
                           ? (r.paired ? "not enough recordings" : "not enough runs")
                           : gateVerdictText(r.verdict);
    if (r.direction != Direction::None) text += fmt::format(" ({})", evaluate::directionText(r.direction));
    return text;
}

std::string rowLine(const GateRow &r, bool show_cell) {
    const std::string cell = show_cell ? fmt::format("| {} ", r.cell.empty() ? "all recordings" : r.cell) : "";
    if (r.paired) {
        return fmt::format("{}| {} | {} | {} | {} | {}{} [{}, {}] | {} | {} | {} | {} |\n", cell, r.metric,
                           r.paired_t.n, shortNumber(r.base.mean), shortNumber(r.next.mean), shortNumber(r.change),
                           percentText(r.relative), shortNumber(r.ci_low), shortNumber(r.ci_high), pText(r.wilcoxon.p_value),
                           pText(r.paired_t.p_value), pText(r.adjusted_p), verdictCell(r));
    }
    return fmt::format("{}| {} | {} (n {}) | {} (n {}) | {}{} [{}, {}] | {} | {} | {} |\n", cell, r.metric,
                       shortNumber(r.base.mean), r.base.n, shortNumber(r.next.mean), r.next.n, shortNumber(r.change),
                       percentText(r.relative), shortNumber(r.ci_low), shortNumber(r.ci_high), pText(r.p_value), pText(r.adjusted_p),
                       verdictCell(r));
}

std::string tableHead(bool paired, bool show_cell) {
    const std::string cell = show_cell ? (paired ? "| group " : "| cell ") : "";
    const std::string rule = show_cell ? "|---" : "";
    if (paired) {
        return cell +
               "| metric | recordings | base mean | new mean | mean change (95 % CI, paired t) | Wilcoxon p | paired t "
               "p "
               "| adjusted p | verdict |\n" +
               rule + "|---|---:|---:|---:|---:|---:|---:|---:|---|\n";
    }
    return cell + "| metric | base mean | new mean | change (95 % CI) | Welch p | adjusted p | verdict |\n" + rule +
           "|---|---:|---:|---:|---:|---:|---|\n";
}

std::string gateTable(const std::vector<const GateRow *> &rows, bool paired, bool show_cell) {
    std::string out = tableHead(paired, show_cell);
    for (const GateRow *r : rows) out += rowLine(*r, show_cell);
    return out;
}

}  // namespace

const char *gateVerdictText(GateVerdict verdict) {
    switch (verdict) {
        case GateVerdict::Regression:
            return "regression";
        case GateVerdict::Improvement:
            return "improvement";
        case GateVerdict::NotEnoughRuns:
            return "not enough runs";
        case GateVerdict::Context:
            return "context";
        case GateVerdict::NoSignificantChange:
            break;
    }
    return "no significant change";
}

GateResult compareBenchmarks(const GateInput &base, const GateInput &next, const GateOptions &options) {
    GateResult result;
    result.options = options;
    const bool fleets = !base.recordings_axis.empty() && !next.recordings_axis.empty() && base.jobs && next.jobs &&
                        base.recordings && next.recordings;
    const bool by_recording =
        options.pairing != Pairing::Cells && options.base_cell.empty() && options.new_cell.empty() && fleets;
    if (!(by_recording && compareRecordingByRecording(base, next, result))) {
        if (options.pairing == Pairing::Recordings) {
            countRegressions(result);  // nothing to compare: the caller says why
            return result;
        }
        result.recordings_changed.clear();
        result.only_in_base.clear();
        result.only_in_new.clear();
        compareCellByCell(*base.aggregates, *next.aggregates, result);
    }
    countRegressions(result);
    return result;
}

GateResult compareBenchmarks(const BenchAggregates &base, const BenchAggregates &next, const GateOptions &options) {
    GateInput b, n;
    b.aggregates = &base;
    n.aggregates = &next;
    return compareBenchmarks(b, n, options);
}

std::string GateResult::markdown(const std::string &base_name, const std::string &new_name) const {
    std::vector<const GateRow *> quality, resources, changed_quality;
    std::set<std::string> cells;
    for (const GateRow &r : rows) {
        (r.resource ? resources : quality).push_back(&r);
        if (!r.resource && (r.verdict == GateVerdict::Regression || r.verdict == GateVerdict::Improvement)) {
            changed_quality.push_back(&r);
        }
        cells.insert(r.cell);
    }
    const bool show_cell = cells.size() > 1 || (cells.size() == 1 && !cells.begin()->empty());
    const auto improvements = std::count_if(
        rows.begin(), rows.end(), [](const GateRow &r) { return r.gated && r.verdict == GateVerdict::Improvement; });
    // A partial comparison says so in its first line: a gate over part of a fleet is no verdict on it.
    std::string out = fmt::format("### robometrics bench compare: {} vs {}{}\n\n", new_name, base_name,
                                  partial() ? fmt::format(" (PARTIAL: {} of {} recordings compared{})", recordings_paired,
                                                          fleetSize(), options.allow_partial ? ", allowed" : "")
                                            : "");
    std::vector<std::string> bad;
    if (new_problems > 0) bad.push_back(pluralText(static_cast<std::size_t>(new_problems), "new potential failure"));
    if (new_rule_errors > 0) {
        bad.push_back(pluralText(static_cast<std::size_t>(new_rule_errors), "newly failing contract rule"));
    }
    if (regressions > 0) bad.push_back(pluralText(static_cast<std::size_t>(regressions), "significant regression"));
    if (partial() && !options.allow_partial) bad.push_back("a partial comparison");
    std::string head;
    for (const std::string &b : bad) head += (head.empty() ? "" : ", ") + b;
    out += bad.empty() ? std::string("**No significant regression**") : "**" + head + "**";
    const std::size_t gated =
        static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const GateRow &r) { return r.gated; }));
    out += fmt::format(", {}, {} gated", pluralText(static_cast<std::size_t>(improvements), "improvement"),
                       pluralText(gated, "comparison"));
    if (paired) {
        out +=
            fmt::format(" over {} compared pairwise by name ({} with changed content)",
                        pluralText(recordings_paired, "recording"), recordings_changed.size());
    }
    out += ".\n";

    if (!verdict_changes.empty()) {
        out +=
            "\n#### Verdict changes\n\n| recording | base | new | new anomalies | reports |\n|---|---|---|---|---|\n";
        for (const RecordingChange &c : verdict_changes) {
            out += fmt::format("| {} | {} | {} | {} | [base]({}) · [new]({}) |\n", c.recording, c.base_verdict,
                               c.worse ? "**" + c.new_verdict + "**" : c.new_verdict,
                               c.new_anomalies.empty() ? "-" : c.new_anomalies, c.base_report, c.new_report);
        }
    }
    if (!new_rule_failures.empty()) {
        out += fmt::format(
            "\n#### Newly failing contract rules\n\n| {} | rule | severity | runs failing | measured |\n"
            "|---|---|---|---:|---|\n",
            paired ? "recording" : "cell");
        for (const NewRuleFailure &f : new_rule_failures) {
            const bool error = f.next.severity == topicstats::Severity::Error;
            out += fmt::format("| {} | {}: {} {} | {} | {} of {} (base: 0 of {}) | {} |\n", f.where, f.next.topic,
                               f.next.rule, f.next.limit, error ? "**error**" : "warning", f.next.failed, f.next.judged,
                               f.base_runs, f.next.measured);
        }
    }
    if (paired) {
        out += fmt::format("\n#### Largest changes per recording\n\n");
        if (largest_changes.empty()) {
            out +=
                fmt::format("No gated metric of a recording changed by {:g} % or more.\n", 100 * options.min_relative);
        } else {
            out += "| recording | metric | base | new | change | reports |\n|---|---|---:|---:|---:|---|\n";
            for (std::size_t i = 0; i < std::min(largest_changes.size(), kLargestChanges); ++i) {
                const RecordingChange &c = largest_changes[i];
                out += fmt::format("| {} | {} | {} | {} | {}{} {} | [base]({}) · [new]({}) |\n", c.recording, c.metric,
                                   shortNumber(c.base), shortNumber(c.next), shortNumber(c.next - c.base), percentText(c.relative),
                                   c.worse ? "**worse**" : "better", c.base_report, c.new_report);
            }
            if (largest_changes.size() > kLargestChanges) {
                out += fmt::format("\n... and {} smaller changes.\n", largest_changes.size() - kLargestChanges);
            }
        }
    }
    out += paired ? "\n#### Quality, paired over the recordings (gated)\n\n" : "\n#### Quality (gated)\n\n";
    if (quality.empty()) {
        out += "No quality metric with a direction in both benchmarks.\n";
    } else if (changed_quality.empty()) {
        out += fmt::format("No significant change in {}.\n", pluralText(quality.size(), "comparison"));
    } else {
        out += gateTable(changed_quality, paired, show_cell);
    }
    if (!quality.empty()) {
        out += fmt::format("\n<details><summary>All {} quality comparisons</summary>\n\n{}\n</details>\n",
                           quality.size(), gateTable(quality, paired, show_cell));
    }
    if (!resources.empty()) {
        const auto moved = std::count_if(resources.begin(), resources.end(), [](const GateRow *r) {
            return r->verdict == GateVerdict::Regression || r->verdict == GateVerdict::Improvement;
        });
        const bool any_gated =
            std::any_of(resources.begin(), resources.end(), [](const GateRow *r) { return r->gated; });
        out += fmt::format(
            "\n<details><summary>Resources, measured on the machine ({}): {} beyond {:g} % at {:g}</summary>\n\n{}\n"
            "</details>\n",
            any_gated ? "gated" : "not gated: they move with the machine's load; --gate-resources gates them",
            pluralText(static_cast<std::size_t>(moved), "change"), 100 * options.resource_min_relative,
            options.resource_alpha, gateTable(resources, paired, show_cell));
    }
    const auto tests =
        std::count_if(quality.begin(), quality.end(), [](const GateRow *r) { return !std::isnan(r->adjusted_p); });
    out += fmt::format(
        "\nA regression: a change the worse way of at least {:g} %{} of the base mean and an adjusted p below {:g} "
        "({} over the {} of {} comparisons that could reject at that level; p of {}).\n",
        100 * options.min_relative, options.min_absolute > 0 ? fmt::format(" (and {:g})", options.min_absolute) : "",
        options.alpha, correctionName(options.correction), tests, quality.size(),
        paired ? "Wilcoxon's signed-rank test over the recordings" : "Welch's test over the runs");
    for (const std::string &r : recordings_changed) {
        out += fmt::format("\nCompared by name, its content changed (re-recorded or new ground truth): {}\n", r);
    }
    if (partial()) {
        out += fmt::format("\nNot compared, found on one side only: {} recording{}{}.\n",
                           only_in_base.size() + only_in_new.size(),
                           only_in_base.size() + only_in_new.size() == 1 ? "" : "s",
                           options.allow_partial ? " (--allow-partial)" : "; the gate fails (--allow-partial accepts it)");
    }
    for (const std::string &cell : only_in_base) out += fmt::format("\nOnly in {}: {}\n", base_name, cell);
    for (const std::string &cell : only_in_new) out += fmt::format("\nOnly in {}: {}\n", new_name, cell);
    return out;
}

}  // namespace robometrics::bench
