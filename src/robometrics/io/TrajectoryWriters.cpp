#include "robometrics/io/TrajectoryWriters.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <memory>

#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::io {

namespace {

struct FileCloser {
    void operator()(std::FILE *file) const { std::fclose(file); }
};

void appendPose(fmt::memory_buffer &out, const slam::Trajectory &trajectory, std::size_t i, TrajectoryFormat format) {
    const Eigen::Vector3d &p = trajectory.positions[i];
    const Eigen::Quaterniond &q = trajectory.orientations[i];
    auto it = std::back_inserter(out);
    switch (format) {
        case TrajectoryFormat::Kitti: {
            const Eigen::Matrix3d r = trajectory.rotation(i);
            fmt::format_to(it, "{} {} {} {} {} {} {} {} {} {} {} {}\n", r(0, 0), r(0, 1), r(0, 2), p.x(), r(1, 0),
                           r(1, 1), r(1, 2), p.y(), r(2, 0), r(2, 1), r(2, 2), p.z());
            break;
        }
        case TrajectoryFormat::Euroc: {
            const auto ns = static_cast<std::int64_t>(std::llround(trajectory.stamps[i] * 1e9));
            fmt::format_to(it, "{},{},{},{},{},{},{},{}\n", ns, p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z());
            break;
        }
        default:
            fmt::format_to(it, "{} {} {} {} {} {} {} {}\n", trajectory.stamps[i], p.x(), p.y(), p.z(), q.x(), q.y(),
                           q.z(), q.w());
    }
}

}  // namespace

const char *trajectoryFileExtension(TrajectoryFormat format) {
    switch (format) {
        case TrajectoryFormat::Kitti:
            return "kitti";
        case TrajectoryFormat::Euroc:
            return "csv";
        default:
            return "tum";
    }
}

Status writeTrajectoryFile(const std::string &path, const slam::Trajectory &trajectory, TrajectoryFormat format) {
    if (format == TrajectoryFormat::Auto) return Error{path + ": no output format given"};
    auto output = AtomicFile::create(path);
    if (!output) return output.error();
    std::unique_ptr<std::FILE, FileCloser> file(output->openStream());
    if (!file) return Error{path + ": cannot open for writing"};
    fmt::memory_buffer buffer;
    auto flush = [&]() -> bool {
        bool ok = std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size();
        buffer.clear();
        return ok;
    };
    if (format == TrajectoryFormat::Euroc) {
        fmt::format_to(
            std::back_inserter(buffer),
            "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []\n");
    }
    for (std::size_t i = 0; i < trajectory.size(); ++i) {
        appendPose(buffer, trajectory, i, format);
        // Written in 1 MB pieces: a million poses never sit in memory twice.
        if (buffer.size() > (1 << 20) && !flush()) return Error{path + ": write error"};
    }
    if (!flush() || std::fclose(file.release()) != 0) return Error{path + ": write error"};
    return output->commit();
}

}  // namespace robometrics::io
