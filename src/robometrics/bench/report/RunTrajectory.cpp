#include "robometrics/bench/report/RunTrajectory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace robometrics::bench {

namespace {

std::vector<std::string> fields(const std::string &line) {
    std::vector<std::string> out(1);
    for (char c : line) {
        if (c == ',') {
            out.emplace_back();
        } else if (c != '\r') {
            out.back() += c;
        }
    }
    return out;
}

std::optional<double> number(const std::string &text) {
    if (text.empty()) return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

}  // namespace

std::optional<RunTrajectory> readRunTrajectory(std::istream &ate_csv, int job_index, std::size_t max_points) {
    std::string line;
    if (!std::getline(ate_csv, line)) return std::nullopt;
    const std::vector<std::string> header = fields(line);
    std::vector<std::size_t> column;
    for (const char *name : {"ref_x", "ref_y", "est_x", "est_y"}) {
        const auto it = std::find(header.begin(), header.end(), name);
        if (it == header.end()) return std::nullopt;
        column.push_back(static_cast<std::size_t>(it - header.begin()));
    }
    // All rows first (four numbers each, a few MB for hours of poses), then every k-th: the row
    // count is known only at the end.
    RunTrajectory all;
    all.job_index = job_index;
    while (std::getline(ate_csv, line)) {
        const std::vector<std::string> row = fields(line);
        double v[4];
        bool ok = true;
        for (std::size_t i = 0; i < 4 && ok; ++i) {
            const auto parsed = column[i] < row.size() ? number(row[column[i]]) : std::nullopt;
            ok = parsed.has_value();
            if (ok) v[i] = *parsed;
        }
        if (!ok) continue;
        all.ref_x.push_back(v[0]);
        all.ref_y.push_back(v[1]);
        all.est_x.push_back(v[2]);
        all.est_y.push_back(v[3]);
    }
    const std::size_t n = all.ref_x.size();
    if (n == 0) return std::nullopt;
    if (n <= max_points || max_points < 2) return all;
    const std::size_t step = (n - 1 + max_points - 2) / (max_points - 1);  // ceil((n-1)/(max-1))
    RunTrajectory thinned;
    thinned.job_index = job_index;
    for (std::size_t i = 0;; i = std::min(i + step, n - 1)) {
        thinned.ref_x.push_back(all.ref_x[i]);
        thinned.ref_y.push_back(all.ref_y[i]);
        thinned.est_x.push_back(all.est_x[i]);
        thinned.est_y.push_back(all.est_y[i]);
        if (i == n - 1) break;
    }
    return thinned;
}

}  // namespace robometrics::bench
