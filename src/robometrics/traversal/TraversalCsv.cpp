#include "robometrics/traversal/TraversalCsv.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <iterator>

namespace robometrics::traversal {

namespace {

constexpr const char *kSeedColumns[] = {
    "Timestamp",          "Total Collisions",           "Current Collision Status", "Smoothness Metric",
    "Current Smoothness", "Obstacle Clearance",         "Distance Traveled",        "Current Velocity",
    "IMU Acceleration Magnitude", "Is Rough Terrain",   "Vertical Roughness",       "Notes",
};
constexpr const char *kExtendedColumns[] = {
    "Time", "Collision Events", "Min Clearance", "Velocity Over Rough Terrain", "Rejected Pose Jumps",
};

/// Python's csv quoting (QUOTE_MINIMAL): quote fields holding the delimiter, a quote or a line break.
void appendCsvField(std::string &out, const std::string &text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        out += text;
        return;
    }
    out += '"';
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

/// Appends the cells of a row, each after its comma; the cell of an input the run never recorded
/// is left empty: no measurement, not 0.
class CellAppender {
public:
    explicit CellAppender(std::string &out) : out_(out) {}
    void integer(bool recorded, std::uint64_t n) {
        if (next(recorded)) fmt::format_to(std::back_inserter(out_), FMT_COMPILE("{}"), n);
    }
    void flag(bool recorded, bool on) {
        if (next(recorded)) out_ += on ? '1' : '0';
    }
    void number(bool recorded, double x) {
        if (next(recorded)) TraversalCsv::appendPythonRound4(out_, x);
    }
    /// The seed writes the integer 0 when a buffer is empty.
    void optional(bool recorded, const std::optional<double> &x) {
        if (!next(recorded)) return;
        if (x) {
            TraversalCsv::appendPythonRound4(out_, *x);
        } else {
            out_ += '0';
        }
    }

private:
    bool next(bool recorded) {
        out_ += ',';
        return recorded;
    }
    std::string &out_;
};

}  // namespace

std::string TraversalCsv::pythonRound4(double x) {
    std::string text;
    appendPythonRound4(text, x);
    return text;
}

void TraversalCsv::appendPythonRound4(std::string &out, double x) {
    if (std::isnan(x)) {
        out += "nan";
        return;
    }
    if (std::isinf(x)) {
        out += x > 0 ? "inf" : "-inf";
        return;
    }
    // Rounded as printf's "%.4f" rounds: the exact binary value, ties to even, as Python's round()
    // does. std::to_chars gives the same text in half the time glibc's printf takes (bench_traversal
    // CsvRows: 4.9 -> 2.7 ms an hour of rows).
    char buffer[352];  // 309 integer digits (DBL_MAX), a sign, a point and four decimals
    const char *end = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::fixed, 4).ptr;
    while (end[-1] == '0' && end[-2] != '.') --end;  // Python's shortest digits, one decimal at least
    out.append(buffer, static_cast<std::size_t>(end - buffer));
}

std::string TraversalCsv::header(bool extended) {
    std::string line;
    for (const char *name : kSeedColumns) line += (line.empty() ? "" : ",") + std::string(name);
    if (extended) {
        for (const char *name : kExtendedColumns) line += "," + std::string(name);
    }
    line += kLineEnd;
    return line;
}

std::string TraversalCsv::row(const TraversalRow &r, bool extended, const CsvInputs &in) {
    std::string line;
    appendRow(line, r, extended, in);
    return line;
}

void TraversalCsv::appendRow(std::string &out, const TraversalRow &r, bool extended, const CsvInputs &in) {
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), r.timestamp_sec);
    CellAppender cell(out);
    cell.integer(in.scan, r.total_collisions);
    cell.flag(in.scan, r.collision_status);
    cell.number(in.imu, r.smoothness_metric);
    cell.optional(in.imu, r.current_smoothness);
    cell.number(in.scan, r.obstacle_clearance);
    cell.number(in.distance, r.distance_traveled);
    cell.optional(in.velocity, r.current_velocity);
    cell.optional(in.imu, r.imu_accel_magnitude);
    cell.flag(in.imu, r.is_rough);
    cell.optional(in.imu, r.vertical_roughness);
    out += ',';
    appendCsvField(out, r.notes);
    if (extended) {
        const TimeNs nanos = r.time - r.timestamp_sec * kNsPerSecond;  // in [0, 1 s): exact, no double rounding
        fmt::format_to(std::back_inserter(out), FMT_COMPILE(",{}.{:09d}"), r.timestamp_sec, nanos);
        cell.integer(in.scan, r.collision_events);
        cell.number(in.scan, r.min_clearance);
        cell.number(in.imu && in.velocity, r.velocity_over_rough);
        cell.integer(in.pose, r.rejected_pose_jumps);
    }
    out += kLineEnd;
}

}  // namespace robometrics::traversal
