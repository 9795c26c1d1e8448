#include "robometrics/io/TrajectoryFile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string_view>

#include "robometrics/io/TrajectoryWriters.hpp"

namespace robometrics::io {

namespace {

struct FileCloser {
    void operator()(std::FILE *file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

Result<std::string> readWholeFile(const std::string &path) {
    FilePtr file(std::fopen(path.c_str(), "rb"));
    if (!file) return Error{path + ": cannot open for reading"};
    std::string content;
    // One allocation of the file's size when it is known (a regular file), then read to the end.
    if (std::fseek(file.get(), 0, SEEK_END) == 0) {
        long size = std::ftell(file.get());
        if (size > 0) content.reserve(static_cast<std::size_t>(size));
        std::rewind(file.get());
    }
    std::array<char, 1 << 16> buffer{};
    std::size_t got = 0;
    while ((got = std::fread(buffer.data(), 1, buffer.size(), file.get())) > 0) content.append(buffer.data(), got);
    if (std::ferror(file.get())) return Error{path + ": read error"};
    return content;
}

/// Walks the lines of a text buffer, counting them from 1.
class LineCursor {
public:
    explicit LineCursor(std::string_view text) : text_(text) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 byte order mark
    }
    bool next(std::string_view &line) {
        if (pos_ >= text_.size()) return false;
        std::size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        line = text_.substr(pos_, end - pos_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        pos_ = end + 1;
        ++number_;
        return true;
    }
    std::size_t number() const { return number_; }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t number_ = 0;
};

bool isSeparator(char c, bool csv) { return c == ' ' || c == '\t' || (csv && c == ','); }

/// Lines that hold no data: empty, blank, or comments starting with '#'.
bool isSkippable(std::string_view line) {
    std::size_t first = line.find_first_not_of(" \t");
    return first == std::string_view::npos || line[first] == '#';
}

/// Splits a line into numbers. Returns the count found (up to `max`), or -1 with `bad` set to the
/// offending field when a field is not a finite number.
int parseNumbers(std::string_view line, bool csv, double *out, int max, std::string_view &bad) {
    int count = 0;
    const char *p = line.data();
    const char *end = p + line.size();
    while (p < end) {
        while (p < end && isSeparator(*p, csv) && !(csv && *p == ',')) ++p;
        if (p >= end) break;
        const char *field_end = p;
        while (field_end < end && !isSeparator(*field_end, csv)) ++field_end;
        if (count < max) {
            double value = 0.0;
            const char *start = (*p == '+') ? p + 1 : p;
            auto [ptr, ec] = std::from_chars(start, field_end, value);
            if (ec != std::errc() || ptr != field_end || !std::isfinite(value)) {
                bad = std::string_view(p, static_cast<std::size_t>(field_end - p));
                return -1;
            }
            out[count] = value;
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

}  // namespace

Result<TrajectoryFormat> parseTrajectoryFormat(const std::string &name) {
    if (name.empty() || name == "auto") return TrajectoryFormat::Auto;
    if (name == "tum") return TrajectoryFormat::Tum;
    if (name == "kitti") return TrajectoryFormat::Kitti;
    if (name == "euroc") return TrajectoryFormat::Euroc;
    return Error{"unknown trajectory format '" + name + "' (expected tum, kitti, euroc or auto)"};
}

Result<slam::Trajectory> readTrajectoryFile(const std::string &path, TrajectoryFormat format) {
    auto content = readWholeFile(path);
    if (!content) return content.error();
    const std::string &text = *content;

    if (format == TrajectoryFormat::Auto) {
        LineCursor probe(text);
        std::string_view line;
        bool found = false;
        while (probe.next(line)) {
            if (!isSkippable(line)) {
                found = true;
                break;
            }
        }
        if (!found) return Error{path + ": no poses (the file is empty or holds only comments)"};
        format = detectFormat(line);
    }

    const bool csv = format == TrajectoryFormat::Euroc;
    const int expected = format == TrajectoryFormat::Kitti ? 12 : 8;
    slam::Trajectory trajectory;
    trajectory.timestamped = format != TrajectoryFormat::Kitti;
    // A rough line count keeps the vectors from reallocating on large files.
    std::size_t estimate = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    trajectory.stamps.reserve(estimate);
    trajectory.positions.reserve(estimate);
    trajectory.orientations.reserve(estimate);
    if (format == TrajectoryFormat::Kitti) trajectory.rotation_matrices.reserve(estimate);

    LineCursor cursor(text);
    std::string_view line;
    std::array<double, 17> v{};
    while (cursor.next(line)) {
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
            trajectory.add(v[0], Eigen::Vector3d(v[1], v[2], v[3]), *q);
        } else if (format == TrajectoryFormat::Euroc) {
            auto q = unitQuaternion(v[4], v[5], v[6], v[7], where_of);
            if (!q) return q.error();
            trajectory.add(v[0] / 1e9, Eigen::Vector3d(v[1], v[2], v[3]), *q);
        } else {
            Eigen::Matrix3d r;
            r << v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10];
            Eigen::Quaterniond q(r);
            if (!(q.norm() > 1e-12)) return Error{where_of() + ": rotation matrix is degenerate"};
            q.normalize();
            trajectory.add(static_cast<double>(trajectory.size()), Eigen::Vector3d(v[3], v[7], v[11]), q);
            trajectory.rotation_matrices.push_back(r);
        }
    }
    if (trajectory.empty()) return Error{path + ": no poses (the file is empty or holds only comments)"};
    return trajectory;
}

Status writeTumFile(const std::string &path, const slam::Trajectory &trajectory) {
    return writeTrajectoryFile(path, trajectory, TrajectoryFormat::Tum);
}

}  // namespace robometrics::io
