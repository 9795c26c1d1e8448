#include "robometrics/io/TrajectoryFile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "robometrics/io/DecimalField.hpp"
#include "robometrics/io/LineReader.hpp"
#include "robometrics/io/TrajectoryWriters.hpp"

namespace robometrics::io {

namespace {

bool isSeparator(char c, bool csv) { return c == ' ' || c == '\t' || (csv && c == ','); }

/// Lines that hold no data: empty, blank, or comments starting with '#'.
bool isSkippable(std::string_view line) {
    std::size_t first = line.find_first_not_of(" \t");
    return first == std::string_view::npos || line[first] == '#';
}

/// Splits a line into numbers. Returns the count found (fields past `max` are counted, not
/// parsed), or -1 with `bad` set to the offending field when a field is not a finite number.
/// Each number is read on the line itself (parseDecimalField: from_chars' result, faster) and
/// the separator after it is checked, so every character is looked at once.
int parseNumbers(std::string_view line, bool csv, double *out, int max, std::string_view &bad) {
    int count = 0;
    const char *p = line.data();
    const char *end = p + line.size();
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t')) ++p;
        if (p >= end) break;
        const char *field_end = p;
        if (count < max) {
            const char *start = (*p == '+') ? p + 1 : p;
            auto [ptr, ec] = parseDecimalField(start, end, out[count]);
            field_end = ptr;
            if (ec != std::errc() || (ptr < end && !isSeparator(*ptr, csv)) || !std::isfinite(out[count])) {
                field_end = p;
                while (field_end < end && !isSeparator(*field_end, csv)) ++field_end;
                bad = std::string_view(p, static_cast<std::size_t>(field_end - p));
                return -1;
            }
        } else {
            while (field_end < end && !isSeparator(*field_end, csv)) ++field_end;
        }
        ++count;
        p = field_end;
        if (csv) {
            while (p < end && (*p == ' ' || *p == '\t')) ++p;
            if (p < end && *p == ',') ++p;
        }
    }
    return count;
}

TrajectoryFormat detectFormat(std::string_view first_data_line) {
    if (first_data_line.find(',') != std::string_view::npos) return TrajectoryFormat::Euroc;
    std::array<double, 13> values{};
    std::string_view bad;
    int n = parseNumbers(first_data_line, false, values.data(), 13, bad);
    if (n == 12) return TrajectoryFormat::Kitti;
    return TrajectoryFormat::Tum;  // anything else is reported against the TUM layout
}

const char *formatName(TrajectoryFormat format) {
    switch (format) {
        case TrajectoryFormat::Tum:
            return "TUM";
        case TrajectoryFormat::Kitti:
            return "KITTI";
        case TrajectoryFormat::Euroc:
            return "EuRoC";
        case TrajectoryFormat::Auto:
            break;
    }
    return "auto";
}

template <class Where>
Result<Eigen::Quaterniond> unitQuaternion(double w, double x, double y, double z, const Where &where_of) {
    Eigen::Quaterniond q(w, x, y, z);
    double norm = q.norm();
    if (!(norm > 1e-12)) return Error{where_of() + ": quaternion has zero length"};
    q.coeffs() /= norm;
    return q;
}

/// Room for every pose of the file, estimated from the lines in the first block: growing a
/// vector of a million poses past its capacity would hold it twice for a moment.
void reservePoses(slam::Trajectory &trajectory, const LineReader &reader, bool with_rotations, bool with_matrices) {
    const std::string_view block = reader.pending();
    if (block.empty()) return;  // the first line was the whole block: nothing to estimate from
    const auto lines = static_cast<double>(std::count(block.begin(), block.end(), '\n') + 1);
    const double file_size = static_cast<double>(std::max(reader.fileSize(), block.size()));
    const auto n = static_cast<std::size_t>(1.1 * lines * file_size / static_cast<double>(block.size()));
    trajectory.reserve(n, with_rotations);
    if (with_rotations && with_matrices) reserveInHugePages(trajectory.rotation_matrices, n);
}

}  // namespace

Result<TrajectoryFormat> parseTrajectoryFormat(const std::string &name) {
    if (name.empty() || name == "auto") return TrajectoryFormat::Auto;
    if (name == "tum") return TrajectoryFormat::Tum;
    if (name == "kitti") return TrajectoryFormat::Kitti;
    if (name == "euroc") return TrajectoryFormat::Euroc;
    return Error{"unknown trajectory format '" + name + "' (expected tum, kitti, euroc or auto)"};
}

Result<slam::Trajectory> readTrajectoryFile(const std::string &path, TrajectoryFormat format, PoseFields fields) {
    auto reader = LineReader::open(path);
    if (!reader) return reader.error();
    LineReader &cursor = *reader;
    std::string_view line;
    // The first line with data decides the format when it is not forced.
    bool found = false;
    while (!found && cursor.next(line)) found = !isSkippable(line);
    if (cursor.failed()) return Error{path + ": read error"};
    if (!found) return Error{path + ": no poses (the file is empty or holds only comments)"};
    if (format == TrajectoryFormat::Auto) format = detectFormat(line);

    const bool csv = format == TrajectoryFormat::Euroc;
    const int expected = format == TrajectoryFormat::Kitti ? 12 : 8;
    slam::Trajectory trajectory;
    trajectory.timestamped = format != TrajectoryFormat::Kitti;
    const bool rotations = fields == PoseFields::WithRotations;
    reservePoses(trajectory, cursor, rotations, format == TrajectoryFormat::Kitti);
    auto add = [&](double stamp, const Eigen::Vector3d &position, const Eigen::Quaterniond &orientation) {
        if (rotations) {
            trajectory.add(stamp, position, orientation);
        } else {
            trajectory.addPosition(stamp, position);
        }
    };

    std::array<double, 17> v{};
    do {
        if (isSkippable(line)) continue;
        std::string_view bad;
        int n = parseNumbers(line, csv, v.data(), static_cast<int>(v.size()), bad);
        // Built only for messages: formatting it per line would dominate the parse time.
        auto where_of = [&] { return fmt::format("{}:{}", path, cursor.number()); };
        if (n < 0) return Error{fmt::format("{}: '{}' is not a finite number", where_of(), bad)};
        if (format == TrajectoryFormat::Euroc ? n < expected : n != expected) {
            const char *layout = format == TrajectoryFormat::Tum     ? "t x y z qx qy qz qw"
                                 : format == TrajectoryFormat::Kitti ? "r11 r12 r13 tx r21 r22 r23 ty r31 r32 r33 tz"
                                                                     : "t_ns,x,y,z,qw,qx,qy,qz,...";
            return Error{fmt::format("{}: expected {}{} numbers for {} ({}), found {}", where_of(),
                                     csv ? "at least " : "", expected, formatName(format), layout, n)};
        }
        if (format == TrajectoryFormat::Tum) {
            auto q = unitQuaternion(v[7], v[4], v[5], v[6], where_of);
            if (!q) return q.error();
            add(v[0], Eigen::Vector3d(v[1], v[2], v[3]), *q);
        } else if (format == TrajectoryFormat::Euroc) {
            auto q = unitQuaternion(v[4], v[5], v[6], v[7], where_of);
            if (!q) return q.error();
            add(v[0] / 1e9, Eigen::Vector3d(v[1], v[2], v[3]), *q);
        } else {
            Eigen::Matrix3d r;
            r << v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10];
            Eigen::Quaterniond q(r);
            if (!(q.norm() > 1e-12)) return Error{where_of() + ": rotation matrix is degenerate"};
            q.normalize();
            add(static_cast<double>(trajectory.size()), Eigen::Vector3d(v[3], v[7], v[11]), q);
            if (rotations) trajectory.rotation_matrices.push_back(r);
        }
    } while (cursor.next(line));
    if (cursor.failed()) return Error{path + ": read error"};
    if (trajectory.empty()) return Error{path + ": no poses (the file is empty or holds only comments)"};
    return trajectory;
}

Status writeTumFile(const std::string &path, const slam::Trajectory &trajectory) {
    return writeTrajectoryFile(path, trajectory, TrajectoryFormat::Tum);
}

}  // namespace robometrics::io
