#include "robometrics/evaluate/SystemFiles.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <sstream>

#include "robometrics/core/Text.hpp"

namespace robometrics::evaluate {

namespace {

Result<double> number(const std::string &text, const std::string &file, int line, const char *column) {
    char *end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0') {
        return Error{fmt::format("{}: line {}: column {}: expected a number, got '{}'", file, line, column, text)};
    }
    return v;
}

}  // namespace

Result<SystemResult> readSystemFiles(const RunInputs &inputs) {
    SystemResult result;
    if (inputs.run_json) {
        auto text = readInputFile(*inputs.run_json);
        if (!text) return text.error();
        result.run = nlohmann::json::parse(*text, nullptr, false);
        if (result.run.is_discarded() || !result.run.is_object()) {
            return Error{fmt::format("{}: not a JSON object", *inputs.run_json)};
        }
    }
    if (!inputs.system_csv) return result;
    const std::string &file = *inputs.system_csv;
    auto text = readInputFile(file);
    if (!text) return text.error();
    std::istringstream in(*text);
    std::string line;
    if (!std::getline(in, line) || line.rfind("time_s,cpu_percent,rss_bytes", 0) != 0) {
        return Error{fmt::format("{}: line 1: expected the header 'time_s,cpu_percent,rss_bytes,...'", file)};
    }
    int line_number = 1;
    const char *columns[] = {"time_s", "cpu_percent", "rss_bytes", "pss_bytes", "threads", "processes"};
    while (std::getline(in, line)) {
        ++line_number;
        if (line.empty()) continue;
        std::vector<std::string> cells;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ',')) cells.push_back(cell);
        if (cells.size() == 5) cells.push_back("");  // trailing empty cell
        if (cells.size() != 6) return Error{fmt::format("{}: line {}: expected 6 columns", file, line_number)};
        double v[6] = {0, 0, 0, 0, 0, 0};
        for (int i = 0; i < 6; ++i) {
            if (i == 3 && cells[3].empty()) continue;  // PSS not readable
            auto parsed = number(cells[static_cast<size_t>(i)], file, line_number, columns[i]);
            if (!parsed) return parsed.error();
            v[i] = *parsed;
        }
        system::ResourceSample s;
        s.elapsed_s = v[0];
        s.cpu_percent = v[1];
        s.rss_bytes = static_cast<std::uint64_t>(v[2]);
        if (!cells[3].empty()) s.pss_bytes = static_cast<std::uint64_t>(v[3]);
        s.threads = static_cast<std::int64_t>(v[4]);
        s.processes = static_cast<int>(v[5]);
        result.samples.push_back(s);
    }
    return result;
}

}  // namespace robometrics::evaluate
