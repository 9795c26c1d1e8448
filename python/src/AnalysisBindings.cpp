// The analyses and the verdict: evaluate_run does what `robometrics evaluate INPUT -o OUT_DIR`
// does (evaluate/EvaluationWriter.hpp) and returns summary.json's text; traversal_run and
// topic_stats_run do what `robometrics traversal` and `topic-stats -o FILE.csv` do
// (nodes/BagRuns.hpp) and return the --json summary with the notes and warnings the CLI prints.
// The Python side reads the files back (python/robometrics/__init__.py), so its tables are the
// CLI's CSVs.

#include <pybind11/stl.h>

#include "Bindings.hpp"
#include "Errors.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicDecoder.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/OutputFolder.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/io/BagTopicCheck.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/nodes/BagRuns.hpp"
#include "robometrics/nodes/NodeArguments.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace py = pybind11;

namespace robometrics::python {

namespace {

std::string evaluateRun(const std::string &input, const std::string &out_dir, const py::dict &arguments) {
    evaluate::EvaluateOptions options;
    auto text = [&](const char *key) -> std::optional<std::string> {
        if (!arguments.contains(key) || arguments[key].is_none()) return std::nullopt;
        return arguments[key].cast<std::string>();
    };
    auto trajectory = [&](const char *key) -> std::optional<io::TrajectorySource> {
        const std::optional<std::string> typed = text(key);
        if (!typed) return std::nullopt;
        auto source = io::parseTrajectorySource(*typed);
        if (!source) raise(ErrorKind::Argument, source.message());
        return std::move(*source);
    };
    options.gt_trajectory = trajectory("gt_traj");
    options.gt_map = text("gt_map");
    options.est_trajectory = trajectory("est_traj");
    options.params_file = text("params_file");
    options.param_overrides = arguments["param_overrides"].cast<std::vector<std::string>>();
    // A malformed override or remap is a bad argument, as in the CLI (bad usage there).
    auto remaps =
        nodes::checkNodeArguments(options.param_overrides, arguments["remaps"].cast<std::vector<std::string>>());
    if (!remaps) raise(ErrorKind::Argument, remaps.message());
    options.remaps = std::move(*remaps);
    options.t_max_diff = arguments["t_max_diff"].cast<double>();
    options.strict = arguments["strict"].cast<bool>();

    auto inputs = evaluate::findRunInputs(input);
    if (!inputs) raiseReadError(input, inputs.message());
    if (Status s = evaluate::checkOutputFolder(out_dir); !s.ok()) raise(ErrorKind::Argument, s.message());
    for (const auto &named : {options.est_trajectory, options.gt_trajectory}) {
        if (!named) continue;
        if (Status s = io::checkTrajectoryTopic(*named); !s.ok()) raise(ErrorKind::Argument, s.message());
    }
    evaluate::Evaluation evaluation;
    Status done;
    {
        py::gil_scoped_release release;
        done = evaluate::evaluateInto(*inputs, options, out_dir, evaluation);
    }
    if (!done.ok()) raiseReadError(inputs->bag, done.message());
    return evaluate::toSummaryJson(evaluation).dump();
}

/// What a node's run tells the user besides its output: the CLI's stderr lines, kept apart.
struct RunMessages {
    std::vector<std::string> notes, warnings;

    InterruptCheck interrupt;  ///< Ctrl-C while the bag is read

    nodes::BagRun bagRun(const std::string &bag, bool strict) {
        return {bag,
                true,
                false,
                [this](const std::string &l) { notes.push_back(l); },
                [this](const std::string &l) { warnings.push_back(l); },
                strict,
                [this] { return interrupt(); }};
    }
};

/// Runs `run` without the GIL; a Ctrl-C during it raised as KeyboardInterrupt, its error as the
/// read error of `bag`, else (summary JSON text, notes, warnings).
template <class Run>
py::tuple finishRun(const std::string &bag, RunMessages &messages, Run &&run) {
    Result<std::string> summary = Error{""};
    {
        py::gil_scoped_release release;
        summary = run();
    }
    messages.interrupt.rethrow();
    if (!summary) raiseReadError(bag, summary.message());
    return py::make_tuple(*summary, messages.notes, messages.warnings);
}

/// traversal_run(bag, csv, params_file, overrides, remaps, extended, strict): `robometrics
/// traversal BAG -o CSV --json`.
py::tuple traversalRun(const std::string &bag, const std::string &csv, const std::optional<std::string> &params_file,
                       const std::vector<std::string> &overrides, const std::vector<std::string> &remaps, bool extended,
                       bool strict) {
    auto remapped = nodes::checkNodeArguments(overrides, remaps);
    if (!remapped) raise(ErrorKind::Argument, remapped.message());
    RunMessages messages;
    auto config = nodes::configureNodeWarning<nodes::TraversalNode>(
        params_file.value_or(""), overrides, [](Params &) {},
        [&messages](const std::string &w) { messages.warnings.push_back(w); });
    if (!config) {
        // A params file that is missing or unreadable is that file's error; a bad value is a bad argument.
        if (params_file) raiseReadError(*params_file, config.message());
        raise(ErrorKind::Argument, config.message());
    }
    return finishRun(bag, messages, [&] {
        return nodes::runTraversal(messages.bagRun(bag, strict), {*config, *remapped, csv, extended, {}});
    });
}

/// The topics that `bag` does not have: ArgumentError naming the bag's topics (as Bag.messages()).
void checkTopics(const std::string &bag, const std::vector<std::string> &topics, bool strict) {
    if (topics.empty()) return;
    bag::ReadOptions options;
    options.recover = !strict;
    auto source = bag::openBag(bag, options);
    if (!source) raiseReadError(bag, source.message());
    for (const std::string &name : topics) {
        if (auto topic = bag::findTopic(bag, **source, name); !topic) raise(ErrorKind::Argument, topic.message());
    }
}

/// topic_stats_run(bag, csv, window_s, topics, rclcpp_period, strict): `robometrics topic-stats
/// BAG -o CSV --json`.
py::tuple topicStatsRun(const std::string &bag, const std::string &csv, double window_s,
                        const std::vector<std::string> &topics, bool rclcpp_period, bool strict) {
    if (Status s = nodes::TopicStatsNode::checkWindow(window_s); !s.ok()) raise(ErrorKind::Argument, s.message());
    checkTopics(bag, topics, strict);
    RunMessages messages;
    return finishRun(bag, messages, [&] {
        return nodes::runTopicStats(messages.bagRun(bag, strict), {window_s, rclcpp_period, topics, csv});
    });
}

}  // namespace

void defineAnalyses(py::module_ &m) {
    m.def("evaluate_run", &evaluateRun, py::arg("input"), py::arg("out_dir"), py::arg("arguments"),
          "`robometrics evaluate INPUT -o OUT_DIR`: writes the files and returns summary.json's text.");
    m.def("traversal_run", &traversalRun, py::arg("bag"), py::arg("csv"), py::arg("params_file"), py::arg("overrides"),
          py::arg("remaps"), py::arg("extended"), py::arg("strict"),
          "`robometrics traversal BAG -o CSV --json`: writes the CSV; (summary JSON, notes, warnings).");
    m.def("topic_stats_run", &topicStatsRun, py::arg("bag"), py::arg("csv"), py::arg("window_s"), py::arg("topics"),
          py::arg("rclcpp_period"), py::arg("strict"),
          "`robometrics topic-stats BAG -o CSV --json`: writes the CSV; (summary JSON, notes, warnings).");
}

}  // namespace robometrics::python
