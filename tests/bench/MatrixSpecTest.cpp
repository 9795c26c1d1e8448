#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {
namespace {

const char *kFull = R"(
axes:
  scenario: [office, kidnap]
  params.max_speed: [0.5, 1.0]
iterations: 3
base_seed: 7
command: ["{robometrics}", simulate, --scenario, "{scenario}", --seed, "{seed}", -o, "{out}"]
record: {mode: rosbag_record, command: [ros2, bag, record, -o, "{out}/bag"]}
stop: {duration_s: 30}
timeout_s: 60
retries: 2
resources: {cpus: 2, mem_mb: 4096, time_limit: "00:10:00"}
evaluate: {gt_map: maps/office.yaml, params: eval.yaml, extra: ["max_speed_mps:={params.max_speed}"]}
)";

TEST(MatrixSpec, ParsesEveryKey) {
    auto m = parseMatrix(kFull, "m.yaml");
    ASSERT_TRUE(m.ok()) << m.message();
    ASSERT_EQ(m->axes.size(), 2u);
    EXPECT_EQ(m->axes[0].name, "scenario");
    EXPECT_EQ(m->axes[1].name, "params.max_speed");
    EXPECT_EQ(m->axes[1].values, (std::vector<std::string>{"0.5", "1.0"}));  // as written, not reformatted
    EXPECT_EQ(m->iterations, 3);
    EXPECT_EQ(m->base_seed, 7);
    EXPECT_EQ(m->command.size(), 8u);
    EXPECT_EQ(m->record, RecordMode::RosbagRecord);
    EXPECT_EQ(m->record_command.back(), "{out}/bag");
    EXPECT_EQ(m->stop, StopMode::Duration);
    EXPECT_DOUBLE_EQ(m->stop_duration_s, 30);
    EXPECT_DOUBLE_EQ(m->timeout_s, 60);
    EXPECT_EQ(m->retries, 2);
    EXPECT_EQ(m->resources.cpus, 2);
    EXPECT_EQ(m->resources.mem_mb, 4096);
    EXPECT_EQ(m->resources.time_limit, "00:10:00");
    EXPECT_EQ(m->evaluate.gt_map, std::optional<std::string>("maps/office.yaml"));
    EXPECT_EQ(m->evaluate.params, std::optional<std::string>("eval.yaml"));
    EXPECT_FALSE(m->evaluate.gt_traj.has_value());
    EXPECT_EQ(m->evaluate.extra, (std::vector<std::string>{"max_speed_mps:={params.max_speed}"}));
}

TEST(MatrixSpec, DefaultsForAMinimalMatrix) {
    auto m = parseMatrix("command: [true]\n", "m.yaml");
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_TRUE(m->axes.empty());
    EXPECT_EQ(m->iterations, 1);
    EXPECT_EQ(m->record, RecordMode::JobWritesBag);
    EXPECT_EQ(m->stop, StopMode::CommandExits);
    EXPECT_EQ(m->retries, 0);
}

TEST(MatrixSpec, LiveRecordHasADefaultRecorder) {
    auto m = parseMatrix("command: [true]\nrecord: robometrics_live_record\n", "m.yaml");
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ(m->record, RecordMode::LiveRecord);
    EXPECT_EQ(m->record_command,
              (std::vector<std::string>{"{robometrics}", "live", "record", "-o", "{out}/live.mcap"}));
}

/// The error message for `yaml`, or "" when it parsed.
std::string errorOf(const std::string &yaml) {
    auto m = parseMatrix(yaml, "m.yaml");
    return m.ok() ? "" : m.message();
}

TEST(MatrixSpec, ErrorsNameTheFileTheLineAndTheKey) {
    EXPECT_EQ(errorOf("command: [true]\niteratons: 3\n"),
              "m.yaml:2: iteratons: unknown key (expected axes, iterations, base_seed, command, record, stop, "
              "timeout_s, grace_s, sample_hz, retries, resources, evaluate, check)");
    EXPECT_EQ(errorOf("command: [true]\niterations: 0\n"), "m.yaml:2: iterations: expected an integer >= 1, got '0'");
    EXPECT_EQ(errorOf("command: [true]\ntimeout_s: soon\n"), "m.yaml:2: timeout_s: expected a number >= 0, got 'soon'");
    EXPECT_EQ(errorOf("command: [true]\naxes:\n  scenario: office\n"),
              "m.yaml:3: axes.scenario: expected a non-empty list of values");
    EXPECT_EQ(errorOf("command: [true]\naxes:\n  s: [a, b, a]\n"), "m.yaml:3: axes.s[2]: value 'a' appears twice");
    EXPECT_EQ(errorOf("command: [true]\naxes:\n  seed: [1, x]\n"),
              "m.yaml:3: axes.seed[1]: expected an integer >= -9223372036854775808, got 'x'");
    EXPECT_EQ(errorOf("command: [true]\naxes:\n  out: [a]\n"),
              "m.yaml:3: axes.out: is a reserved substitution name (out, iteration, index, robometrics)");
    EXPECT_EQ(errorOf("command: sh -c 'x'\n"),
              "m.yaml:1: command: expected a non-empty list of strings (an argv, no shell)");
    EXPECT_EQ(errorOf("iterations: 2\n"),
              "m.yaml: command: missing (the job's argv, e.g. [\"{robometrics}\", simulate, ...]; only a matrix with "
              "an axis of recordings, {glob: ...} or {list: ...}, may have none: it evaluates them)");
    EXPECT_EQ(errorOf("command: [true]\nrecord: rosbag\n"),
              "m.yaml:2: record: unknown mode 'rosbag' (expected job_writes_bag, rosbag_record or "
              "robometrics_live_record)");
    EXPECT_EQ(errorOf("command: [true]\nrecord: {mode: rosbag_record}\n"),
              "m.yaml:2: record: rosbag_record needs 'command: [ros2, bag, record, -o, \"{out}/bag\", ...]'");
    EXPECT_EQ(errorOf("command: [true]\nresources: {gpus: 1}\n"),
              "m.yaml:2: resources.gpus: unknown key (expected cpus, mem_mb, time_limit)");
    EXPECT_EQ(errorOf("command: [true]\nresources: {time_limit: 10 minutes}\n"),
              "m.yaml:2: resources.time_limit: expected a Slurm time: MM, MM:SS, HH:MM:SS, D-HH:MM:SS or UNLIMITED");
    EXPECT_EQ(errorOf("command: [true]\nstop: {duration_s: 10}\ntimeout_s: 5\n"),
              "m.yaml: timeout_s (5) is shorter than stop.duration_s (10)");
    EXPECT_EQ(errorOf("[1, 2]\n"), "m.yaml: expected a map at the top level (axes, iterations, command, ...)");
    EXPECT_EQ(errorOf("command: [true\n").rfind("m.yaml:", 0), 0u);  // invalid YAML, with its line
}

TEST(MatrixSpec, StopOnATopicIsRefusedWithTheReason) {
    std::string e = errorOf("command: [true]\nstop: {topic: /done}\n");
    EXPECT_EQ(e.rfind("m.yaml:2: stop.topic: stopping on a topic message needs a live DDS subscription", 0), 0u) << e;
}

TEST(MatrixSpec, UnknownSubstitutionsAreFoundAtParseTimeWithTheirLine) {
    EXPECT_EQ(errorOf("axes: {scenario: [a]}\ncommand: [run, \"{scenaro}\"]\n"),
              "m.yaml:2: command[1]: '{scenaro}': unknown substitution {scenaro} (known: scenario, seed, out, "
              "iteration, index, robometrics)");
    EXPECT_EQ(errorOf("command: [true]\nevaluate: {extra: [\"x:={nope}\"]}\n"),
              "m.yaml:2: evaluate.extra[0]: 'x:={nope}': unknown substitution {nope} (known: seed, out, iteration, "
              "index, robometrics)");
    // A block list: the line of the element itself.
    EXPECT_EQ(errorOf("command:\n  - run\n  - --out\n  - \"{outt}\"\nrecord:\n  mode: rosbag_record\n  command: [rec, "
                      "\"{ot}\"]\n")
                  .substr(0, 27),
              "m.yaml:4: command[2]: '{out");
    EXPECT_EQ(errorOf("command: [run]\nrecord:\n  mode: rosbag_record\n  command: [rec, \"{ot}\"]\n").substr(0, 33),
              "m.yaml:4: record.command[1]: '{ot");
}

TEST(MatrixSpec, HashIgnoresCommentsAndLayoutButNotValues) {
    auto a = parseMatrix("command: [true]\niterations: 2\n", "a.yaml");
    auto b = parseMatrix("# a comment\ncommand:   [ true ]\niterations:  2   # two\n", "b.yaml");
    auto c = parseMatrix("command: [true]\niterations: 3\n", "c.yaml");
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->hash(), b->hash());
    EXPECT_NE(a->hash(), c->hash());
    EXPECT_EQ(a->hash().size(), 16u);
}

TEST(MatrixSpec, AnAxisOfRecordingsFromAGlobAListOrPaths) {
    namespace fs = std::filesystem;
    const fs::path dir = test::scratchDir("matrix-recordings");
    for (const char *name : {"b.mcap", "a.mcap", "notes.txt"}) std::ofstream(dir / name) << "x";
    fs::create_directories(dir / "runs" / "r1");
    std::ofstream(dir / "runs" / "list.txt") << "# field day 3\nr1\n\n" << (dir / "a.mcap").string() << "\n";
    const std::string source = (dir / "m.yaml").string();

    auto glob = parseMatrix("axes: {run: {glob: \"*.mcap\"}, robot: [r2]}\n", source);
    ASSERT_TRUE(glob.ok()) << glob.message();
    EXPECT_TRUE(glob->evaluateOnly());
    EXPECT_EQ(glob->recordings_axis, "run");
    EXPECT_EQ(glob->axes[0].values, (std::vector<std::string>{(dir / "a.mcap").string(), (dir / "b.mcap").string()}));
    // The stored text holds the resolved paths, so workers and --resume see the same jobs.
    auto stored = parseMatrix(glob->yaml, "bench.sqlite (stored matrix)");
    ASSERT_TRUE(stored.ok()) << stored.message();
    EXPECT_EQ(stored->axes[0].values, glob->axes[0].values);
    EXPECT_EQ(stored->hash(), glob->hash());
    auto jobs = expandMatrix(*glob, ExpandContext{"OUT", "robometrics"});
    ASSERT_TRUE(jobs.ok()) << jobs.message();
    ASSERT_EQ(jobs->size(), 2u);
    EXPECT_EQ((*jobs)[1].out_dir, (dir / "b.mcap").string());  // the recording itself is the run
    EXPECT_EQ((*jobs)[1].job_dir, "OUT/jobs/0001");

    auto list = parseMatrix("axes:\n  run: {list: runs/list.txt}\n", source);
    ASSERT_TRUE(list.ok()) << list.message();
    EXPECT_EQ(list->axes[0].values,
              (std::vector<std::string>{(dir / "a.mcap").string(), (dir / "runs" / "r1").string()}));
    auto paths = parseMatrix("axes: {run: {paths: [b.mcap, /data/x.mcap]}}\ncommand: [replay, \"{run}\"]\n", source);
    ASSERT_TRUE(paths.ok()) << paths.message();
    EXPECT_FALSE(paths->evaluateOnly());  // with a command, the recordings are only substituted
    EXPECT_EQ(paths->axes[0].values, (std::vector<std::string>{"/data/x.mcap", (dir / "b.mcap").string()}));
}

TEST(MatrixSpec, RecordingErrors) {
    EXPECT_EQ(errorOf("axes: {run: {glob: \"/nonexistent-dir/*.mcap\"}}\n"),
              "m.yaml:1: axes.run: glob '/nonexistent-dir/*.mcap' matches nothing");
    EXPECT_EQ(errorOf("axes: {run: {list: /nonexistent-dir/l.txt}}\n"),
              "m.yaml:1: axes.run: cannot read the list file: /nonexistent-dir/l.txt: no such file");
    EXPECT_EQ(errorOf("axes: {run: {folder: x}}\n"),
              "m.yaml:1: axes.run: expected a list of values, or recordings as {glob: PATTERN}, {list: FILE} or "
              "{paths: [...]}");
    EXPECT_EQ(errorOf("axes: {run: {paths: [/a]}}\niterations: 2\n"),
              "m.yaml: iterations: an evaluate-only matrix (no command) evaluates each recording once");
    EXPECT_EQ(errorOf("axes: {a: {paths: [/a]}, b: {paths: [/b]}}\n"),
              "m.yaml:1: axes.b: a second axis of recordings (the first is 'a')");
    EXPECT_EQ(errorOf("axes: {robot: [r1]}\n").rfind("m.yaml: command: missing", 0), 0u);
}

/// A matrix in its own folder naming a spec beside it, for `check:`.
std::filesystem::path matrixWithCheck(const std::string &name, const std::string &spec_text) {
    const auto dir = test::scratchDir(name);
    std::ofstream(dir / "spec.yaml") << spec_text;
    std::ofstream(dir / "matrix.yaml") << "axes: {scenario: [office]}\ncommand: [\"{robometrics}\", simulate, -o, "
                                          "\"{out}\"]\ncheck: spec.yaml\n";
    return dir / "matrix.yaml";
}

TEST(MatrixSpec, ReadsTheCheckSpecBesideTheMatrixAndStoresItsText) {
    const auto matrix_path = matrixWithCheck("matrix_check", "topics:\n  /scan:\n    max_gap_s: 0.5\n");
    auto m = loadMatrix(matrix_path.string());
    ASSERT_TRUE(m.ok()) << m.message();
    ASSERT_TRUE(m->check.has_value());
    EXPECT_EQ(m->check->path, (matrix_path.parent_path() / "spec.yaml").string());
    ASSERT_EQ(m->check->contract.topics.size(), 1u);
    EXPECT_EQ(m->check->contract.topics[0].pattern, "/scan");
    ASSERT_TRUE(m->check->contract.topics[0].max_gap_s.has_value());
    EXPECT_DOUBLE_EQ(m->check->contract.topics[0].max_gap_s->value, 0.5);
    // The stored matrix carries the spec's text: a worker reads the same rules without the file,
    // and an edited spec is another matrix (resume refused).
    std::filesystem::remove(matrix_path.parent_path() / "spec.yaml");
    auto stored = parseMatrix(m->yaml, "bench.sqlite (stored matrix)");
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_TRUE(stored->check.has_value());
    EXPECT_EQ(stored->check->text, "topics:\n  /scan:\n    max_gap_s: 0.5\n");
    EXPECT_EQ(stored->check->contract.topics[0].max_gap_s->line, 3);
    EXPECT_EQ(stored->hash(), m->hash());
    std::string edited_yaml = m->yaml;
    edited_yaml.replace(edited_yaml.find("0.5"), 3, "0.7");
    auto edited = parseMatrix(edited_yaml, "bench.sqlite (stored matrix)");
    ASSERT_TRUE(edited.ok()) << edited.message();
    EXPECT_NE(edited->hash(), m->hash());
}

TEST(MatrixSpec, ABadCheckSpecIsRefusedWithItsLineAndKey) {
    const auto matrix_path = matrixWithCheck("matrix_bad_check", "topics:\n  /scan:\n    rate_hx: 10\n");
    auto m = loadMatrix(matrix_path.string());
    ASSERT_FALSE(m.ok());
    const std::string spec = (matrix_path.parent_path() / "spec.yaml").string();
    EXPECT_EQ(m.message().rfind(spec + ":3: /scan.rate_hx: unknown key", 0), 0u) << m.message();
    EXPECT_NE(m.message().find("check: in " + matrix_path.string() + ":3"), std::string::npos) << m.message();
}

TEST(MatrixSpec, AMissingCheckSpecNamesTheMatrixLine) {
    const auto dir = test::scratchDir("matrix_missing_check");
    std::ofstream(dir / "matrix.yaml") << "axes: {scenario: [office]}\ncommand: [\"{robometrics}\", simulate]\n"
                                          "check: nowhere.yaml\n";
    auto m = loadMatrix((dir / "matrix.yaml").string());
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.message().rfind((dir / "matrix.yaml").string() + ":3: check: ", 0), 0u) << m.message();
    EXPECT_NE(m.message().find("nowhere.yaml"), std::string::npos) << m.message();
}

}  // namespace
}  // namespace robometrics::bench
