#include "robometrics/evaluate/EvaluationWriter.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <future>
#include <optional>
#include <string_view>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/ShortestDouble.hpp"
#include "robometrics/evaluate/EvaluationDiagnostics.hpp"
#include "robometrics/evaluate/EvaluationReport.hpp"
#include "robometrics/evaluate/OutputFolder.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/report/CsvFile.hpp"
#include "robometrics/report/FixedDecimal.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::evaluate {

namespace fs = std::filesystem;

namespace {

Status writeText(const fs::path &path, const std::string &text) { return writeFileAtomically(path.string(), text); }

/// Writes a CSV of the run while it is formatted, a batch of rows at a time, through
/// report::CsvFile (aside, renamed when complete): a long run's CSV (ate.csv is 55 MB for four
/// hours) is never held whole in memory, nor at up to twice its size while a string grows.
/// `append_row(text, i)` appends row i (of `row_count`) to `text`. Rows are passed by index, not
/// as a range, because std::views::iota does not compile with clang and libstdc++ 12 (the
/// sanitizer build).
template <class AppendRow>
Status writeCsv(const fs::path &path, std::string_view header, std::size_t row_count, AppendRow append_row) {
    constexpr std::size_t kBatchBytes = std::size_t{1} << 20;
    report::CsvFile file;
    ROBOMETRICS_TRY(file.open(path.string()));
    std::string batch(header);
    for (std::size_t i = 0; i < row_count; ++i) {
        append_row(batch, i);
        if (batch.size() < kBatchBytes) continue;
        file.write(batch);
        batch.clear();
    }
    file.write(batch);
    return file.commit();
}

/// The seed's columns, with those of an input the run did not record left empty (never 0).
Status writeTraversalCsv(const TraversalResult &t, const fs::path &path) {
    const traversal::TraversalSummary &s = t.summary;
    traversal::CsvInputs inputs;
    inputs.scan = s.scans > 0;
    inputs.imu = s.imu_messages > 0;
    inputs.velocity = s.odometry_messages > 0;
    inputs.distance = s.pose_messages > 0 || s.distance_from_odometry;
    inputs.pose = s.pose_messages > 0;
    return writeCsv(path, traversal::TraversalCsv::header(true), t.rows.size(), [&t, inputs](std::string &text, std::size_t i) {
        traversal::TraversalCsv::appendRow(text, t.rows[i], true, inputs);
    });
}

Status writeTopicWindowsCsv(const Evaluation &e, const fs::path &path) {
    // Rows come in order: the log is read through one iterator (it is on disk on a long run).
    auto record = e.topic_windows.begin();
    return writeCsv(path, topicstats::windowCsvHeader(), e.topic_windows.size(),
                    [&record](std::string &text, std::size_t) {
                        topicstats::appendWindowCsvRow(text, *record);
                        ++record;
                    });
}

Status writeLostCsv(const Evaluation &e, const fs::path &path) {
    // time_s: the run axis (docs/conventions.md, "Time bases"); log_time_s: the recorder's clock.
    auto reading = e.lost->readings.begin();  // rows come in order
    return writeCsv(path, "time_s,log_time_s,xy_std_m,yaw_std_rad,valid,probability,status\n", e.lost->readings.size(),
                    [&e, &reading](std::string &text, std::size_t) {
                        const localization::LostSample &r = *reading;
                        // Two stamps, three numbers, the separators and the flag (the status after).
                        char row[2 * report::kFixedChars + 3 * kShortestDoubleChars + 7];
                        char *end = report::writeFixed(row, e.clock.sinceStart(r.time), 9);
                        *end++ = ',';
                        end = report::writeFixed(end, toSeconds(r.time), 9);
                        for (double value : {r.xy_std, r.yaw_std}) {
                            *end++ = ',';
                            end = writeShortest(end, value);
                        }
                        *end++ = ',';
                        *end++ = r.valid ? '1' : '0';
                        *end++ = ',';
                        end = writeShortest(end, r.probability);
                        *end++ = ',';
                        text.append(row, end);
                        text += localization::toString(r.status);
                        text += '\n';
                        ++reading;
                    });
}

Status writeAteCsv(const Evaluation &e, const fs::path &path) {
    // time_s: the header stamp mapped onto the run axis; timestamp: the stamp itself (its own
    // clock, sim time in a simulation), as evo and the TUM files have it. The positions are the
    // matched pair of the error: ground truth and the estimate after the SE(3) alignment, both in
    // the ground truth's frame, so a trajectory plot (bench's overlay) needs no other file.
    const TrajectoryResult &t = *e.trajectory;
    auto pair = t.pairs.begin();  // rows come in order
    return writeCsv(path, "time_s,timestamp,ape_se3_m,ape_origin_m,ref_x,ref_y,ref_z,est_x,est_y,est_z\n",
                    t.pairs.size(), [&e, &pair](std::string &text, std::size_t) {
                        const AtePair &p = *pair;
                        // The row in one buffer, appended once (core/ShortestDouble.hpp): two
                        // stamps, eight numbers each after its comma, the newline.
                        char row[2 * report::kFixedChars + 8 * (kShortestDoubleChars + 1) + 2];
                        char *end = report::writeFixed(row, e.clock.stampSinceStart(p.stamp), 6);
                        *end++ = ',';
                        end = report::writeFixed(end, p.stamp, 9);
                        for (double value : {p.se3_error, p.origin_error, p.ref[0], p.ref[1], p.ref[2], p.est[0],
                                             p.est[1], p.est[2]}) {
                            *end++ = ',';
                            end = writeShortest(end, value);
                        }
                        *end++ = '\n';
                        text.append(row, end);
                        ++pair;
                    });
}

/// evaluation.mcap's records that the pass decides: the lost detector's status and the topic
/// statistics windows, on the nodes' own topics.
Status writePassRecords(const Evaluation &e, bag::TypedWriter &writer) {
    if (e.lost) {
        const nodes::NodeOutput &status = nodes::LostNode::spec().outputs.front();
        for (const auto &r : e.lost->readings) {
            ROBOMETRICS_TRY(
                writer.write(status.topic, nodes::LostNode::statusMessage(r.status), r.time, status.latched));
        }
    }
    const nodes::NodeOutput &statistics = nodes::TopicStatsNode::spec().outputs.front();
    msgs::MetricsMessage message;  // one for every window: its strings and statistics keep their storage
    for (const auto &w : e.topic_windows) {
        topicstats::assignMetricsMessage(message, w);
        ROBOMETRICS_TRY(writer.write(statistics.topic, message, w.window_stop, statistics.latched));
    }
    return Status::Ok();
}

/// The files the pass decides (EvaluationWriter::startPassParts), evaluation.mcap left open for
/// the verdict.
Status writePassFiles(const Evaluation &e, const fs::path &dir, std::optional<bag::TypedWriter> &mcap) {
    if (e.traversal) ROBOMETRICS_TRY(writeTraversalCsv(*e.traversal, dir / "traversal.csv"));
    if (!e.topic_windows.empty()) ROBOMETRICS_TRY(writeTopicWindowsCsv(e, dir / "topic_stats.csv"));
    if (e.lost) ROBOMETRICS_TRY(writeLostCsv(e, dir / "lost.csv"));
    auto writer = bag::TypedWriter::open((dir / "evaluation.mcap").string());
    if (!writer) return writer.error();
    mcap.emplace(std::move(*writer));
    return writePassRecords(e, *mcap);
}

}  // namespace

struct EvaluationWriter::State {
    std::optional<AtomicDirectory> staging;
    fs::path dir;
    std::optional<bag::TypedWriter> mcap;  ///< evaluation.mcap, once the pass's files are written
    std::future<Status> pass_files;
    std::future<Status> ate;  ///< ate.csv
};

EvaluationWriter::EvaluationWriter(std::unique_ptr<State> state) : state_(std::move(state)) {}
EvaluationWriter::EvaluationWriter(EvaluationWriter &&) noexcept = default;
EvaluationWriter &EvaluationWriter::operator=(EvaluationWriter &&) noexcept = default;

EvaluationWriter::~EvaluationWriter() {
    // It reads the evaluation and writes into the folder: both must outlive it.
    if (!state_) return;
    if (state_->pass_files.valid()) state_->pass_files.wait();
    if (state_->ate.valid()) state_->ate.wait();
}

Result<EvaluationWriter> EvaluationWriter::open(const std::string &out_dir) {
    ROBOMETRICS_TRY(checkOutputFolder(out_dir));
    // The run's files go into a fresh folder beside OUT_DIR that replaces it at the end, the user's
    // files of OUT_DIR carried into it first (OutputFolder.hpp): no file of evaluate's earlier run
    // survives, no other file is lost, and an interrupted run leaves OUT_DIR as it was.
    fs::path target = fs::path(out_dir).lexically_normal();
    if (!target.has_filename()) target = target.parent_path();  // "eval/" names the folder "eval"
    std::error_code ec;
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    if (ec) return Error{fmt::format("{}: cannot create directory: {}", target.parent_path().string(), ec.message())};
    auto staging = AtomicDirectory::create(target.string());
    if (!staging) return staging.error();
    auto state = std::make_unique<State>();
    state->dir = fs::path(staging->path());
    state->staging.emplace(std::move(*staging));
    return EvaluationWriter(std::move(state));
}

void EvaluationWriter::startPassParts(const Evaluation &e) {
    if (state_->pass_files.valid()) return;
    State &s = *state_;
    s.pass_files = std::async(std::launch::async, [&e, &s] { return writePassFiles(e, s.dir, s.mcap); });
}

void EvaluationWriter::startTrajectoryParts(const Evaluation &e) {
    if (state_->ate.valid()) return;
    State &s = *state_;
    s.ate = std::async(std::launch::async,
                       [&e, &s] { return e.trajectory ? writeAteCsv(e, s.dir / "ate.csv") : Status::Ok(); });
}

Status EvaluationWriter::finish(const Evaluation &e) {
    // The parts (on a long run each takes a few tens of milliseconds): the pass's files and
    // ate.csv (begun beside the analyses after the pass and after the ATE, when the caller
    // could), the report (the longest, so begun first; its ATE plots on a thread of their own) on
    // other threads, summary.json and the verdict in evaluation.mcap here, so both cores write to
    // the end. All of them only read `e`.
    State &s = *state_;
    std::future<Status> report =
        std::async(std::launch::async, [&e, &s] { return writeText(s.dir / "report.html", renderReport(e)); });
    startPassParts(e);
    startTrajectoryParts(e);
    const nlohmann::json summary = toSummaryJson(e);
    auto verdict = [&]() -> Status {
        ROBOMETRICS_TRY(writeText(s.dir / "summary.json", summary.dump(2) + "\n"));
        ROBOMETRICS_TRY(s.pass_files.get());
        // The verdict, per analysis and per topic, at the run's end (EvaluationDiagnostics.hpp).
        ROBOMETRICS_TRY(s.mcap->write(msgs::kDiagnosticsTopic, evaluationDiagnostics(e, summary), e.end_time, false));
        return s.mcap->close();
    };
    const Status written = verdict();
    if (s.pass_files.valid()) s.pass_files.wait();  // when summary.json failed before it was waited for
    const Status ate_written = s.ate.get();
    const Status drawn = report.get();
    ROBOMETRICS_TRY(written);
    ROBOMETRICS_TRY(ate_written);
    ROBOMETRICS_TRY(drawn);
    std::error_code ec;
    if (fs::is_directory(s.staging->target(), ec)) ROBOMETRICS_TRY(carryForeignFiles(s.staging->target(), s.dir));
    return s.staging->commit();
}

Status writeEvaluation(const Evaluation &e, const std::string &out_dir) {
    auto writer = EvaluationWriter::open(out_dir);
    if (!writer) return writer.error();
    return writer->finish(e);
}

Status evaluateInto(const RunInputs &inputs, const EvaluateOptions &options, const std::string &out_dir,
                    Evaluation &e) {
    // The writer reads `e` until finish(), and waits for its thread when it goes first.
    auto writer = EvaluationWriter::open(out_dir);
    if (!writer) return writer.error();
    ROBOMETRICS_TRY(evaluateRun(
        inputs, options, e, [&writer](const Evaluation &done) { writer->startPassParts(done); },
        [&writer](const Evaluation &done) { writer->startTrajectoryParts(done); }));
    return writer->finish(e);
}

}  // namespace robometrics::evaluate
