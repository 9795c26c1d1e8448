#include "robometrics/io/KittiOdometryReport.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::io {

std::string kittiText(const slam::KittiEvaluation &e) {
    const slam::KittiResult &r = e.result;
    std::string text = fmt::format("KITTI odometry metric over {} poses, {} segments\n", e.poses, r.n_segments);
    text += fmt::format("translational error {:.4f} %, rotational error {:.6f} deg/m ({:.4f} deg/100 m)\n", r.t_err_pct,
                        r.r_err_deg_per_m, r.r_err_deg_per_m * 100.0);
    text += fmt::format("{:>8} {:>6} {:>12} {:>16}\n", "length", "n", "t_err [%]", "r_err [deg/m]");
    for (const auto &l : r.per_length) {
        text += fmt::format("{:>6} m {:>6} {:>12.4f} {:>16.6f}\n", l.length, l.n, l.t_err_pct, l.r_err_deg_per_m);
    }
    return text;
}

nlohmann::json kittiJson(const slam::KittiEvaluation &e) {
    const slam::KittiResult &r = e.result;
    nlohmann::json per_length = nlohmann::json::object();
    for (const auto &l : r.per_length) {
        per_length[fmt::format("{}", static_cast<int>(l.length))] = {
            {"n", l.n}, {"t_err_pct", l.t_err_pct}, {"r_err_deg_per_m", l.r_err_deg_per_m}};
    }
    return {{"n_poses", e.poses},
            {"n_segments", r.n_segments},
            {"t_err_pct", r.t_err_pct},
            {"r_err_deg_per_m", r.r_err_deg_per_m},
            {"per_length", per_length}};
}

Status writeKittiSegments(const std::string &dir, const slam::KittiResult &r) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create the output directory: " + ec.message()};
    std::string csv = "first_frame,last_frame,length_m,t_err_pct,r_err_deg_per_m\n";
    for (const auto &s : r.segments) {
        csv += fmt::format("{},{},{},{},{}\n", s.first_frame, s.last_frame, s.length,
                           static_cast<double>(s.t_err) * 100.0, static_cast<double>(s.r_err) * 180.0 / M_PI);
    }
    return writeFileAtomically((std::filesystem::path(dir) / "kitti_segments.csv").string(), csv);
}

}  // namespace robometrics::io
