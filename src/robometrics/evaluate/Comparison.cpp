#include "robometrics/evaluate/Comparison.hpp"

#include <fmt/format.h>

namespace robometrics::evaluate {

namespace {

struct RowSpec {
    const char *metric;
    const char *pointer;
    Better better;
};

// The rows of the table: where each metric sits in summary.json and which direction is better.
const RowSpec kRows[] = {
    {"duration_s", "/duration_s", Better::None},
    {"anomalies", "", Better::Lower},  // counted from the array
    {"collision_events", "/traversal/collision_events", Better::Lower},
    {"distance_traveled_m", "/traversal/distance_traveled_m", Better::None},
    {"min_clearance_m", "/traversal/min_clearance_m", Better::Higher},
    {"time_low_clearance_s", "/traversal/time_low_clearance_s", Better::Lower},
    {"time_rough_terrain_s", "/traversal/time_rough_terrain_s", Better::Lower},
    {"mean_smoothness", "/traversal/mean_smoothness", Better::Lower},
    {"path_length_m", "/motion/path_length_m", Better::None},
    {"ate_rmse_m", "/trajectory/ate_se3/rmse", Better::Lower},
    {"ate_origin_rmse_m", "/trajectory/ate_origin/rmse", Better::Lower},
    {"drift_per_m", "/trajectory/drift_per_m", Better::Lower},
    {"map_coverage", "/map/coverage", Better::Higher},
    {"map_iou", "/map/iou", Better::Higher},
    {"map_ssim", "/map/ssim", Better::Higher},
    {"lost_readings", "/localization/lost", Better::Lower},
    {"peak_cpu_percent", "/system/peak_cpu_percent", Better::Lower},
    {"peak_rss_bytes", "/system/peak_rss_bytes", Better::Lower},
};

std::string cell(const ComparisonRow &row, std::size_t i) {
    if (!row.text.empty()) return row.text[i];
    if (!row.values[i]) return "-";
    double v = *row.values[i];
    return v == static_cast<double>(static_cast<long long>(v)) && std::abs(v) < 1e15 ? fmt::format("{}", static_cast<long long>(v))
                                                                                     : fmt::format("{:.4g}", v);
}

}  // namespace

ComparisonTable compareRuns(const std::vector<ComparedRun> &runs) {
    ComparisonTable table;
    for (const auto &r : runs) table.runs.push_back(r.name);
    ComparisonRow verdict{"verdict", Better::None, {}, {}, std::nullopt};
    for (const auto &r : runs) verdict.text.push_back(r.summary.value("verdict", std::string("-")));
    table.rows.push_back(verdict);
    for (const RowSpec &spec : kRows) {
        ComparisonRow row{spec.metric, spec.better, {}, {}, std::nullopt};
        bool any = false;
        for (const auto &r : runs) {
            std::optional<double> v;
            if (std::string(spec.pointer).empty()) {
                if (r.summary.contains("anomalies")) v = static_cast<double>(r.summary["anomalies"].size());
            } else {
                nlohmann::json::json_pointer ptr(spec.pointer);
                if (r.summary.contains(ptr) && r.summary[ptr].is_number()) v = r.summary[ptr].get<double>();
            }
            any = any || v.has_value();
            row.values.push_back(v);
        }
        if (!any) continue;
        if (spec.better != Better::None) {
            for (std::size_t i = 0; i < row.values.size(); ++i) {
                if (!row.values[i]) continue;
                if (!row.best || (spec.better == Better::Lower ? *row.values[i] < *row.values[*row.best]
                                                               : *row.values[i] > *row.values[*row.best])) {
                    row.best = i;
                }
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
