#include "robometrics/evaluate/Comparison.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace robometrics::evaluate {

namespace {

struct RowSpec {
    const char *label;
    const char *metric;  ///< the flattened summary.json name (its entry in the metric catalogue)
};

// The rows of the table; the direction of each is the metric catalogue's.
const RowSpec kRows[] = {
    {"duration_s", "duration_s"},
    {"anomalies", "anomalies"},  // counted from the list
    {"collision_events", "safety.collision_events"},
    {"distance_traveled_m", "traversal.distance_traveled_m"},
    {"min_clearance_m", "safety.min_clearance_m"},
    {"time_low_clearance_s", "traversal.time_low_clearance_s"},
    {"time_rough_terrain_s", "traversal.time_rough_terrain_s"},
    {"mean_smoothness", "traversal.mean_smoothness"},
    {"path_length_m", "motion.path_length_m"},
    {"ate_rmse_m", "trajectory.ate_se3.rmse"},
    {"ate_origin_rmse_m", "trajectory.ate_origin.rmse"},
    {"drift_per_m", "trajectory.drift_per_m"},
    {"map_coverage", "map.coverage"},
    {"map_iou", "map.iou"},
    {"map_ssim", "map.ssim"},
    {"lost_readings", "localization.lost"},
    {"peak_cpu_percent", "system.peak_cpu_percent"},
    {"peak_rss_bytes", "system.peak_rss_bytes"},
};

/// The value of a flattened name in a summary: "map.iou" is /map/iou; anomalies are counted.
std::optional<double> summaryValue(const nlohmann::json &summary, const std::string &metric) {
    if (metric == "anomalies") {
        if (!summary.contains("anomalies")) return std::nullopt;
        return static_cast<double>(summary["anomalies"].size());
    }
    std::string pointer = "/" + metric;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    const nlohmann::json::json_pointer ptr(pointer);
    if (!summary.contains(ptr) || !summary[ptr].is_number()) return std::nullopt;
    return summary[ptr].get<double>();
}

std::string cell(const ComparisonRow &row, std::size_t i) {
    if (!row.text.empty()) return row.text[i];
    if (!row.values[i]) return "-";
    double v = *row.values[i];
    return v == static_cast<double>(static_cast<long long>(v)) && std::abs(v) < 1e15
               ? fmt::format("{}", static_cast<long long>(v))
               : fmt::format("{:.4g}", v);
}

}  // namespace

ComparisonTable compareRuns(const std::vector<ComparedRun> &runs) {
    ComparisonTable table;
    for (const auto &r : runs) table.runs.push_back(r.name);
    ComparisonRow verdict{"verdict", Direction::None, {}, {}, std::nullopt};
    for (const auto &r : runs) verdict.text.push_back(r.summary.value("verdict", std::string("-")));
    table.rows.push_back(verdict);
    for (const RowSpec &spec : kRows) {
        const MetricInfo &info = metricInfo(spec.metric);
        ComparisonRow row{spec.label, info.direction, {}, {}, std::nullopt};
        bool any = false;
        for (const auto &r : runs) {
            const std::optional<double> v = summaryValue(r.summary, spec.metric);
            any = any || v.has_value();
            row.values.push_back(v);
        }
        if (!any) continue;
        // A best needs two measured values: one run measured against others that were not is not
        // better than them (a run without a scanner has no collision count, not 0).
        const auto measured = std::count_if(row.values.begin(), row.values.end(), [](const auto &v) { return v; });
        for (std::size_t i = 0; info.ranked() && measured >= 2 && i < row.values.size(); ++i) {
            if (row.values[i] && (!row.best || better(*row.values[i], *row.values[*row.best], row.direction))) {
                row.best = i;
            }
        }
        // A tie between every run marks nothing: no run is better there.
        if (row.best) {
            std::size_t present = 0;
            bool all_equal = true;
            for (const auto &v : row.values) {
                present += v.has_value();
                all_equal = all_equal && (!v || *v == *row.values[*row.best]);
            }
            if (all_equal && present > 1) row.best.reset();
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

std::string comparisonMarkdown(const ComparisonTable &table) {
    std::string s = "| metric |";
    for (const auto &r : table.runs) s += " " + r + " |";
    s += "\n|---|";
    for (std::size_t i = 0; i < table.runs.size(); ++i) s += "---:|";
    s += "\n";
    for (const auto &row : table.rows) {
        s += "| " + row.metric + " |";
        for (std::size_t i = 0; i < table.runs.size(); ++i) {
            std::string c = cell(row, i);
            s += row.best == i ? " **" + c + "** |" : " " + c + " |";
        }
        s += "\n";
    }
    return s + "\nBest value per row in bold (rows without a direction are not marked).\n";
}

std::string comparisonCsv(const ComparisonTable &table) {
    std::string s = "metric";
    for (const auto &r : table.runs) s += "," + r;
    s += ",best\n";
    for (const auto &row : table.rows) {
        s += row.metric;
        for (std::size_t i = 0; i < table.runs.size(); ++i) s += "," + cell(row, i);
        s += "," + (row.best ? table.runs[*row.best] : std::string()) + "\n";
    }
    return s;
}

nlohmann::json comparisonJson(const ComparisonTable &table) {
    nlohmann::json j;
    j["runs"] = table.runs;
    j["rows"] = nlohmann::json::array();
    for (const auto &row : table.rows) {
        nlohmann::json values = nlohmann::json::array();
        for (std::size_t i = 0; i < table.runs.size(); ++i) {
            if (!row.text.empty()) {
                values.push_back(row.text[i]);
            } else if (row.values[i]) {
                values.push_back(*row.values[i]);
            } else {
                values.push_back(nullptr);
            }
        }
        j["rows"].push_back({{"metric", row.metric},
                             {"values", values},
                             {"best", row.best ? nlohmann::json(table.runs[*row.best]) : nlohmann::json(nullptr)}});
    }
    return j;
}

}  // namespace robometrics::evaluate
