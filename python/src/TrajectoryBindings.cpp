// Trajectories and evo's metrics: Trajectory.read reads a file or a bag as the commands do
// (io/TrajectoryInput.hpp), and evaluate_trajectories runs an ape or rpe exactly as the commands
// do (toolbox/TrajectoryEvaluation.hpp), so the numbers equal the CLI's --json.

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <future>
#include <utility>
#include <variant>

#include "Bindings.hpp"
#include "Errors.hpp"
#include "OwnedArray.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/PoseRelation.hpp"
#include "robometrics/slam/Rpe.hpp"
#include "robometrics/toolbox/TrajectoryEvaluation.hpp"

namespace py = pybind11;

namespace robometrics::python {

namespace {

/// A trajectory and the name it was read under (a file or BAG:TOPIC spec, or "" for arrays).
struct PyTrajectory {
    slam::Trajectory poses;
    std::string name;
};

/// The commands' defaults for bags: TF chains looked up at 10 Hz from the first /tf stamp.
io::TrajectoryLoadOptions commandLoadOptions() {
    return io::TrajectoryLoadOptions{10.0, io::TfLookupStart::Anchor::FirstTfStamp};
}

PyTrajectory readTrajectory(const std::string &spec, const std::string &format) {
    Result<slam::Trajectory> read = Error{""};
    {
        py::gil_scoped_release release;
        read = io::loadTrajectory(spec, format, commandLoadOptions());
    }
    if (!read) {
        if (format != "auto" && format != "tum" && format != "kitti" && format != "euroc" && format != "bag")
            raise(ErrorKind::Argument, read.message());
        raiseReadError(spec, read.message());
    }
    return PyTrajectory{std::move(*read), spec};
}

PyTrajectory fromArrays(const py::array_t<double, py::array::c_style | py::array::forcecast> &timestamps,
                        const py::array_t<double, py::array::c_style | py::array::forcecast> &positions,
                        const py::array_t<double, py::array::c_style | py::array::forcecast> &quat_wxyz,
                        const std::string &name) {
    const py::ssize_t n = timestamps.size();
    if (timestamps.ndim() != 1 || positions.ndim() != 2 || positions.shape(0) != n || positions.shape(1) != 3 ||
        quat_wxyz.ndim() != 2 || quat_wxyz.shape(0) != n || quat_wxyz.shape(1) != 4) {
        raise(ErrorKind::Argument,
              fmt::format("Trajectory: timestamps must be N, positions N x 3 and orientations_quat_wxyz N x 4 "
                          "(got {} timestamps, positions of {} values, orientations of {} values)",
                          n, positions.size(), quat_wxyz.size()));
    }
    PyTrajectory out{{}, name};
    out.poses.reserve(static_cast<std::size_t>(n));
    auto t = timestamps.unchecked<1>();
    auto p = positions.unchecked<2>();
    auto q = quat_wxyz.unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i) {
        out.poses.add(t(i), Eigen::Vector3d(p(i, 0), p(i, 1), p(i, 2)),
                      Eigen::Quaterniond(q(i, 0), q(i, 1), q(i, 2), q(i, 3)));
    }
    return out;
}

py::array_t<double> stamps(const PyTrajectory &t) {
    return py::array_t<double>(static_cast<py::ssize_t>(t.poses.size()), t.poses.stamps.data());
}

py::array_t<double> positions(const PyTrajectory &t) {
    py::array_t<double> out({static_cast<py::ssize_t>(t.poses.size()), py::ssize_t{3}});
    auto o = out.mutable_unchecked<2>();
    for (std::size_t i = 0; i < t.poses.size(); ++i) {
        for (py::ssize_t k = 0; k < 3; ++k) o(static_cast<py::ssize_t>(i), k) = t.poses.positions[i][k];
    }
    return out;
}

py::array_t<double> orientations(const PyTrajectory &t) {
    py::array_t<double> out({static_cast<py::ssize_t>(t.poses.size()), py::ssize_t{4}});
    auto o = out.mutable_unchecked<2>();
    for (std::size_t i = 0; i < t.poses.size(); ++i) {
        const Eigen::Quaterniond &q = t.poses.orientations[i];
        const auto row = static_cast<py::ssize_t>(i);
        o(row, 0) = q.w();
        o(row, 1) = q.x();
        o(row, 2) = q.y();
        o(row, 3) = q.z();
    }
    return out;
}

using TrajectoryArgument = std::variant<std::string, PyTrajectory>;

std::string nameOf(const TrajectoryArgument &a) {
    return std::holds_alternative<std::string>(a) ? std::get<std::string>(a) : std::get<PyTrajectory>(a).name;
}

/// The poses of an evaluation's two arguments: a Trajectory's copied, files read as the commands
/// read them, both at once when both are files (as the CLI does, io::loadTrajectoryPair). A file
/// that cannot be read raises ReadError or NotFoundError, the reference's first.
io::TrajectoryPair loadArguments(const TrajectoryArgument &ref, const TrajectoryArgument &est) {
    auto load = [](const TrajectoryArgument &a) -> Result<slam::Trajectory> {
        if (std::holds_alternative<PyTrajectory>(a)) return std::get<PyTrajectory>(a).poses;
        return io::loadTrajectory(std::get<std::string>(a), "auto", commandLoadOptions());
    };
    Result<slam::Trajectory> ref_poses = Error{""};
    Result<slam::Trajectory> est_poses = Error{""};
    {
        py::gil_scoped_release release;
        auto est_future = std::async(std::launch::async, [&] { return load(est); });
        ref_poses = load(ref);
        est_poses = est_future.get();
    }
    if (!ref_poses) raiseReadError(nameOf(ref), ref_poses.message());
    if (!est_poses) raiseReadError(nameOf(est), est_poses.message());
    return io::TrajectoryPair{std::move(*ref_poses), std::move(*est_poses)};
}

/// evaluate_trajectories(metric, ref, est, options) -> (the CLI's --json text, associated reference,
/// aligned estimate, errors, timestamps). `options` holds TrajectoryEvaluationOptions' names.
py::tuple evaluateTrajectories(const std::string &metric, const TrajectoryArgument &ref, const TrajectoryArgument &est,
                               const py::dict &options) {
    toolbox::TrajectoryEvaluationOptions o;
    o.metric = metric;
    o.ref = nameOf(ref);
    o.est = nameOf(est);
    o.relation = options["relation"].cast<std::string>();
    o.evo_align = options["align"].cast<bool>();
    o.evo_correct_scale = options["correct_scale"].cast<bool>();
    o.evo_align_origin = options["align_origin"].cast<bool>();
    const auto n_to_align = options["n_to_align"].cast<long long>();
    o.n_to_align = n_to_align > 0 ? static_cast<std::size_t>(n_to_align) : 0;
    o.t_max_diff = options["t_max_diff"].cast<double>();
    o.t_offset = fmt::format("{}", options["t_offset"].cast<double>());
    if (metric == "rpe") {
        o.delta = options["delta"].cast<double>();
        o.delta_unit = options["delta_unit"].cast<std::string>();
        o.all_pairs = options["all_pairs"].cast<bool>();
    }
    o.json = true;
    // The errors and their stamps come back as numpy arrays; the Python side puts them into the
    // summary as lists (what --errors adds). As JSON text, 2 x 1M numbers cost more to write and
    // parse than the evaluation itself (issue 58, item 7).
    o.errors = false;
    o.silent = true;
    if (auto relation = slam::parsePoseRelation(o.relation); !relation) raise(ErrorKind::Argument, relation.message());
    if (auto unit = slam::parseDeltaUnit(o.delta_unit); !unit) raise(ErrorKind::Argument, unit.message());
    if (!(o.t_max_diff >= 0)) raise(ErrorKind::Argument, fmt::format("t_max_diff must be >= 0, not {}", o.t_max_diff));

    // Files are read here (ReadError, NotFoundError), so that what fails below is the evaluation.
    io::TrajectoryPair loaded = loadArguments(ref, est);
    toolbox::TrajectoryEvaluationRun run;
    {
        py::gil_scoped_release release;
        run = toolbox::runTrajectoryEvaluation(o, std::move(loaded));
    }
    if (run.exit_code != 0) raise(run.exit_code == 2 ? ErrorKind::Argument : ErrorKind::Other, run.error);
    slam::TrajectoryErrorResult r = run.takeResult();  // the poses moved, not copied
    return py::make_tuple(run.summary.dump(), PyTrajectory{std::move(r.prepared.ref), o.ref},
                          PyTrajectory{std::move(r.prepared.est), o.est},
                          ownedArray(std::move(r.errors), py::dtype("<f8"), sizeof(double)),
                          ownedArray(std::move(r.stamps), py::dtype("<f8"), sizeof(double)));
}

}  // namespace

void defineTrajectories(py::module_ &m) {
    py::class_<PyTrajectory>(m, "Trajectory", "Poses with timestamps, as the ape and rpe commands read them.")
        .def(py::init(&fromArrays), py::arg("timestamps"), py::arg("positions"), py::arg("orientations_quat_wxyz"),
             py::arg("name") = "")
        .def_static("read", &readTrajectory, py::arg("spec"), py::arg("format") = "auto")
        .def_property_readonly("timestamps", &stamps)
        .def_property_readonly("positions", &positions)
        .def_property_readonly("orientations_quat_wxyz", &orientations)
        .def_property_readonly("name", [](const PyTrajectory &t) { return t.name; })
        .def_property_readonly("timestamped", [](const PyTrajectory &t) { return t.poses.timestamped; })
        .def("__len__", [](const PyTrajectory &t) { return t.poses.size(); });
    m.def("evaluate_trajectories", &evaluateTrajectories, py::arg("metric"), py::arg("ref"), py::arg("est"),
          py::arg("options"));
}

}  // namespace robometrics::python
