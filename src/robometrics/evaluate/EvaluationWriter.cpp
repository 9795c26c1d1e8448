#include "robometrics/evaluate/EvaluationWriter.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/evaluate/EvaluationReport.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::evaluate {

namespace fs = std::filesystem;

namespace {

Status writeText(const fs::path &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) return Error{fmt::format("{}: cannot write", path.string())};
    return Status::Ok();
}

std::string traversalCsv(const TraversalResult &t) {
    std::string s = traversal::TraversalCsv::header(true);
    for (const auto &row : t.rows) s += traversal::TraversalCsv::row(row, true);
    return s;
}

std::string topicWindowsCsv(const Evaluation &e) {
    std::string s = topicstats::windowCsvHeader();
    for (const auto &w : e.topic_windows) s += topicstats::windowCsvRow(w);
    return s;
}

std::string lostCsv(const Evaluation &e) {
    std::string s = "time_s,xy_std_m,yaw_std_rad,valid,probability,status\n";
    for (const auto &r : e.lost->readings) {
        s += fmt::format("{:.9f},{},{},{},{},{}\n", toSeconds(r.time), r.features.xy_std, r.features.yaw_std,
                         r.features.valid ? 1 : 0, r.probability, localization::toString(r.status));
    }
    return s;
}

std::string ateCsv(const TrajectoryResult &t) {
    std::string s = "timestamp,ape_se3_m,ape_origin_m\n";
    for (size_t i = 0; i < t.se3.errors.size(); ++i) {
        double origin = i < t.origin.errors.size() ? t.origin.errors[i] : NAN;
        s += fmt::format("{:.9f},{},{}\n", t.se3.stamps[i], t.se3.errors[i], origin);
    }
    return s;
}

Status writeMcap(const Evaluation &e, const fs::path &path) {
    auto writer = bag::TypedWriter::open(path.string());
    if (!writer) return writer.error();
    if (e.lost) {
        for (const auto &r : e.lost->readings) {
            ROBOMETRICS_TRY(writer->write("/lost_detector/status", msgs::String{std::string(localization::toString(r.status))},
                                          r.time, true));
        }
    }
    for (const auto &w : e.topic_windows) {
        ROBOMETRICS_TRY(writer->write("/statistics", topicstats::toMetricsMessage(w), w.window_stop));
    }
    return writer->close();
}

}  // namespace

Status writeEvaluation(const Evaluation &e, const std::string &out_dir) {
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) return Error{fmt::format("{}: cannot create directory: {}", out_dir, ec.message())};
    fs::path dir(out_dir);
    ROBOMETRICS_TRY(writeText(dir / "summary.json", toSummaryJson(e).dump(2) + "\n"));
    if (e.traversal) ROBOMETRICS_TRY(writeText(dir / "traversal.csv", traversalCsv(*e.traversal)));
    if (!e.topic_windows.empty()) ROBOMETRICS_TRY(writeText(dir / "topic_stats.csv", topicWindowsCsv(e)));
    if (e.lost) ROBOMETRICS_TRY(writeText(dir / "lost.csv", lostCsv(e)));
    if (e.trajectory) ROBOMETRICS_TRY(writeText(dir / "ate.csv", ateCsv(*e.trajectory)));
    ROBOMETRICS_TRY(writeMcap(e, dir / "evaluation.mcap"));
    return writeText(dir / "report.html", renderReport(e));
}

}  // namespace robometrics::evaluate
