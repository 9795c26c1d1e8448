// The analyses and the verdict: evaluate_run does what `robometrics evaluate INPUT -o OUT_DIR`
// does (evaluate/EvaluationWriter.hpp) and returns summary.json's text; the Python side reads the
// files back (python/robometrics/__init__.py, evaluate()).

#include <pybind11/stl.h>

#include "Bindings.hpp"
#include "Errors.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/OutputFolder.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/io/BagTopicCheck.hpp"

namespace py = pybind11;

namespace robometrics::python {

namespace {

std::string evaluateRun(const std::string &input, const std::string &out_dir, const py::dict &arguments) {
    evaluate::EvaluateOptions options;
    auto text = [&](const char *key) -> std::optional<std::string> {
        if (!arguments.contains(key) || arguments[key].is_none()) return std::nullopt;
        return arguments[key].cast<std::string>();
    };
    options.gt_trajectory = text("gt_traj");
    options.gt_map = text("gt_map");
    options.est_trajectory = text("est_traj");
    options.params_file = text("params_file");
    options.param_overrides = arguments["param_overrides"].cast<std::vector<std::string>>();
    options.remaps = arguments["remaps"].cast<std::vector<std::string>>();
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

}  // namespace

void defineAnalyses(py::module_ &m) {
    m.def("evaluate_run", &evaluateRun, py::arg("input"), py::arg("out_dir"), py::arg("arguments"),
          "`robometrics evaluate INPUT -o OUT_DIR`: writes the files and returns summary.json's text.");
}

}  // namespace robometrics::python
