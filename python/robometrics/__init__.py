"""robometrics from Python: bags as DataFrames, evo's metrics and the verdict.

The same C++ libraries as the ``robometrics`` program, so every number equals the CLI's::

    import robometrics
    with robometrics.Bag("run.mcap") as bag:
        odom = bag.to_dataframe("/odom", fields=["pose.pose.position"])
    result = robometrics.ape("groundtruth.txt", "estimate.txt", align=True)
    result.stats["rmse"]

docs/python.md walks through it.
"""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import tempfile
import warnings
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _robometrics
from ._robometrics import ArgumentError, Error, NotFoundError, ReadError, Trajectory

__version__: str = _robometrics.__version__

__all__ = [
    "__version__",
    "Error",
    "ReadError",
    "NotFoundError",
    "ArgumentError",
    "Bag",
    "Trajectory",
    "TrajectoryResult",
    "ape",
    "rpe",
    "Evaluation",
    "evaluate",
    "traversal",
    "topic_stats",
]


def _pandas() -> Any:
    try:
        return importlib.import_module("pandas")
    except ImportError as missing:  # pragma: no cover - pandas is a dependency of the package
        raise ImportError("this needs pandas (apt-get install python3-pandas); to_numpy() does not") from missing


def _column_values(kind: str, values: Any) -> Any:
    """A column of read_columns() as what a DataFrame holds: an ndarray (object for arrays and JSON)."""
    if kind == "number":
        return values
    if kind == "list":
        flat, ends = values
        out = np.empty(len(ends), dtype=object)
        start = 0
        for row, end in enumerate(ends.tolist()):
            out[row] = flat[start:end]
            start = end
        return out
    if kind == "string":
        return values  # already an object ndarray of str (read_columns)
    out = np.empty(len(values), dtype=object)
    for row, text in enumerate(values):
        out[row] = json.loads(text)
    return out


class Bag:
    """A bag: MCAP, rosbag2 (sqlite3 or MCAP, split, compressed) or ROS 1, as the CLI reads it.

    ``Bag(path, strict=False)``: with ``strict=False`` a recording cut short is read up to the
    damage (``damage`` says what was lost); with ``strict=True`` damage raises ReadError.
    Opening checks that the file is a bag: NotFoundError when nothing is at ``path``, ReadError
    when it is not a bag. Use it as a context manager or on its own (it holds no open file
    between calls).
    """

    def __init__(self, path: Union[str, "os.PathLike[str]"], strict: bool = False) -> None:
        self.path: str = str(path)
        self.strict: bool = bool(strict)
        self._declared: List[Tuple[str, str, str]] = _robometrics.bag_topics(self.path, self.strict)
        self._info: Optional[Dict[str, Any]] = None
        self._damage: Optional[Dict[str, Any]] = None

    def __enter__(self) -> "Bag":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Forgets what was read about the bag (no file stays open between calls)."""
        self._info = None

    def __repr__(self) -> str:
        return f"robometrics.Bag({self.path!r}, strict={self.strict})"

    def _describe(self) -> Dict[str, Any]:
        if self._info is None:
            text, self._damage = _robometrics.describe_bag(self.path, self.strict)
            self._info = json.loads(text)
        return self._info

    @property
    def info(self) -> Dict[str, Any]:
        """What ``robometrics info --json`` prints: storage, files, size, counts, times (reads the bag once)."""
        return self._describe()

    @property
    def topics(self) -> Any:
        """The topics, one row each: ``topic``, ``type``, ``count``, ``rate_hz``, ``qos`` (offered QoS YAML).

        Counts and rates are those of ``robometrics info`` (the messages are read once, then kept).
        """
        pandas = _pandas()
        info = self._describe()
        qos = {name: profiles for name, _, profiles in self._declared}
        rows = [
            {
                "topic": t["name"],
                "type": t["type"],
                "count": t["message_count"],
                "rate_hz": t["rate_hz"],
                "qos": qos.get(t["name"], ""),
            }
            for t in info["topics"]
        ]
        return pandas.DataFrame(rows, columns=["topic", "type", "count", "rate_hz", "qos"])

    @property
    def start_ns(self) -> int:
        """Log time of the first message, ns."""
        return int(self._describe()["start_ns"])

    @property
    def end_ns(self) -> int:
        """Log time of the last message, ns."""
        return int(self._describe()["end_ns"])

    @property
    def damage(self) -> Optional[Dict[str, Any]]:
        """What a damaged or cut recording lost (file, description, loss, messages_read, warning...), None when intact."""
        self._describe()
        return self._damage

    def messages(
        self,
        topics: Optional[Sequence[str]] = None,
        start_ns: Optional[int] = None,
        end_ns: Optional[int] = None,
    ) -> Iterator[Tuple[str, int, Dict[str, Any]]]:
        """The messages in log-time order as ``(topic, log_time_ns, msg)``.

        ``msg`` is a dict of the decoded fields in .msg order, nested messages as dicts, numeric
        arrays (LaserScan ranges, PointCloud2 data, covariances) as numpy arrays of the field's
        type (an empty one too: an empty array of that type), times as ``{"sec": ..., "nanosec": ...}``.
        ``topics`` selects topics (ArgumentError for one the bag does not have); ``start_ns`` and
        ``end_ns`` bound the log time (inclusive). Memory stays that of one message.
        """
        if isinstance(topics, str):
            topics = [topics]
        return _robometrics.MessageIterator(self.path, list(topics or []), start_ns, end_ns, self.strict)

    def _columns(
        self, topic: str, fields: Optional[Sequence[str]], start_ns: Optional[int], end_ns: Optional[int]
    ) -> Tuple[Any, List[Tuple[str, str, Any]]]:
        if isinstance(fields, str):
            fields = [fields]
        wanted = list(fields or [])
        log_times, columns, _, damage = _robometrics.read_columns(
            self.path, topic, wanted, start_ns, end_ns, self.strict
        )
        if damage is not None:
            self._damage = damage
        return log_times, columns

    def to_dataframe(
        self,
        topic: str,
        fields: Optional[Sequence[str]] = None,
        start_ns: Optional[int] = None,
        end_ns: Optional[int] = None,
    ) -> Any:
        """One topic as a pandas DataFrame, one row per message, decoded in C++ straight into columns.

        The index is the log time in ns (``log_time_ns``). One column per field path
        (``pose.pose.position.x``); times (``header.stamp``) as int64 ns; fixed-size arrays as one
        column per element (``pose.covariance.0`` ...); variable-size numeric arrays as one
        column of numpy arrays; other variable-size arrays (of messages, strings) as one column
        of lists as ``robometrics echo --json`` writes them. ``fields`` keeps only those paths (a
        path keeps everything under it: ``"pose.pose.position"``); ArgumentError for a topic or
        field the bag does not have.
        """
        pandas = _pandas()
        log_times, columns = self._columns(topic, fields, start_ns, end_ns)
        data = {path: _column_values(kind, values) for path, kind, values in columns}
        index = pandas.Index(log_times, name="log_time_ns")
        return pandas.DataFrame(data, index=index, columns=[path for path, _, _ in columns], copy=False)

    def to_numpy(
        self,
        topic: str,
        fields: Optional[Sequence[str]] = None,
        start_ns: Optional[int] = None,
        end_ns: Optional[int] = None,
    ) -> Dict[str, Any]:
        """The columns of to_dataframe() as a dict of numpy arrays (no pandas needed), with ``log_time_ns``."""
        log_times, columns = self._columns(topic, fields, start_ns, end_ns)
        out: Dict[str, Any] = {"log_time_ns": log_times}
        for path, kind, values in columns:
            out[path] = _column_values(kind, values)
        return out


_EVO_RELATIONS = {
    "full_transformation": "full",
    "rotation_angle_rad": "angle_rad",
    "rotation_angle_deg": "angle_deg",
}

TrajectoryLike = Union[str, "os.PathLike[str]", Trajectory]


class TrajectoryResult:
    """An ape or rpe result, as the CLI's ``--json`` says it.

    ``stats``: rmse, mean, median, std, min, max, sse (and n); ``errors`` and ``timestamps``: one
    per associated pose (rpe: per pair, the pair's second stamp); ``ref`` and ``est_aligned``: the
    associated reference and the associated, aligned (and projected) estimate; ``summary``: the
    whole JSON the CLI prints with ``--json --errors``.
    """

    def __init__(self, summary: Dict[str, Any], ref: Trajectory, est_aligned: Trajectory, errors: Any, timestamps: Any) -> None:
        self._summary: Dict[str, Any] = summary  # without the per-pose lists until asked for
        self._whole: Optional[Dict[str, Any]] = None
        self.stats: Dict[str, float] = {
            key: summary[key] for key in ("rmse", "mean", "median", "std", "min", "max", "sse") if key in summary
        }
        self.ref: Trajectory = ref
        self.est_aligned: Trajectory = est_aligned
        self.errors: Any = errors
        self.timestamps: Any = timestamps

    @property
    def summary(self) -> Dict[str, Any]:
        """The CLI's ``--json --errors`` document; its ``errors`` and ``timestamps`` lists are made
        from the arrays on first use (a million floats as Python objects cost more than the
        evaluation's bookkeeping, so ape() itself does not build them)."""
        if self._whole is None:
            self._whole = dict(self._summary, errors=self.errors.tolist(), timestamps=self.timestamps.tolist())
        return self._whole

    def __repr__(self) -> str:
        return f"<robometrics.TrajectoryResult {self._summary.get('metric')} rmse={self.stats.get('rmse')}>"


def _argument(value: TrajectoryLike) -> Union[str, Trajectory]:
    return value if isinstance(value, Trajectory) else str(value)


def _evaluate(metric: str, ref: TrajectoryLike, est: TrajectoryLike, options: Dict[str, Any]) -> TrajectoryResult:
    relation = str(options["relation"])
    options["relation"] = _EVO_RELATIONS.get(relation, relation)
    text, ref_poses, est_poses, errors, stamps = _robometrics.evaluate_trajectories(
        metric, _argument(ref), _argument(est), options
    )
    return TrajectoryResult(json.loads(text), ref_poses, est_poses, errors, stamps)


def ape(
    ref: TrajectoryLike,
    est: TrajectoryLike,
    pose_relation: str = "trans_part",
    align: bool = False,
    correct_scale: bool = False,
    n_to_align: int = -1,
    align_origin: bool = False,
    t_max_diff: float = 0.01,
    t_offset: float = 0.0,
) -> TrajectoryResult:
    """Absolute pose error of ``est`` against ``ref``, as evo's ``ape`` and ``robometrics ape``.

    ``ref``/``est``: a Trajectory, or a TUM/KITTI/EuRoC file or ``BAG:TOPIC`` /
    ``BAG:tf:PARENT:CHILD`` spec read as the CLI reads it. The parameters are evo's:
    ``pose_relation`` trans_part, rot_part, full_transformation, rotation_angle_rad,
    rotation_angle_deg, point_distance; ``align`` SE(3) Umeyama alignment (Sim(3) with
    ``correct_scale``); ``n_to_align`` poses to align on (-1: all); ``align_origin``;
    ``t_max_diff`` [s] largest stamp difference of an associated pair; ``t_offset`` [s] added to
    the estimate's stamps. The result equals ``robometrics ape REF EST --json --errors`` to the
    last bit.
    """
    options = dict(
        relation=pose_relation,
        align=align,
        correct_scale=correct_scale,
        align_origin=align_origin,
        n_to_align=n_to_align,
        t_max_diff=t_max_diff,
        t_offset=t_offset,
    )
    return _evaluate("ape", ref, est, options)


def rpe(
    ref: TrajectoryLike,
    est: TrajectoryLike,
    pose_relation: str = "trans_part",
    delta: float = 1,
    delta_unit: str = "f",
    all_pairs: bool = False,
    align: bool = False,
    correct_scale: bool = False,
    n_to_align: int = -1,
    align_origin: bool = False,
    t_max_diff: float = 0.01,
    t_offset: float = 0.0,
) -> TrajectoryResult:
    """Relative pose error of ``est`` against ``ref``, as evo's ``rpe`` and ``robometrics rpe``.

    As ape(), plus evo's ``delta`` and ``delta_unit`` (f frames, m metres travelled, d degrees,
    r radians of rotation) and ``all_pairs`` (every pair delta apart, not only consecutive ones). The result equals
    ``robometrics rpe REF EST --json --errors`` to the last bit.
    """
    options = dict(
        relation=pose_relation,
        align=align,
        correct_scale=correct_scale,
        align_origin=align_origin,
        n_to_align=n_to_align,
        t_max_diff=t_max_diff,
        t_offset=t_offset,
        delta=delta,
        delta_unit=delta_unit,
        all_pairs=all_pairs,
    )
    return _evaluate("rpe", ref, est, options)



ParamsLike = Optional[Union[str, "os.PathLike[str]", Mapping[str, Any]]]
PathLike = Union[str, "os.PathLike[str]"]


def _params_arguments(params: ParamsLike) -> Tuple[Optional[str], List[str]]:
    """``params`` as the CLI's ``--params FILE`` or its ``-p name:=value`` overrides."""
    if params is None:
        return None, []
    if isinstance(params, Mapping):
        return None, [f"{name}:={str(value).lower() if isinstance(value, bool) else value}" for name, value in params.items()]
    return str(params), []


def _remaps(topics: Optional[Mapping[str, str]]) -> List[str]:
    """``{"odom": "/robot/odom"}`` as the CLI's ``--topic odom=/robot/odom``."""
    return [f"{name}={topic}" for name, topic in (topics or {}).items()]


def _run_table(run: Any, name: str) -> Any:
    """Runs ``run(csv_path)`` (a node over a bag that writes its CSV), then the CSV as a DataFrame
    (read as evaluate()'s tables are), with the run's ``summary``, ``notes`` and ``warnings`` in
    ``attrs``; each warning is also issued as a Python warning."""
    pandas = _pandas()
    with tempfile.TemporaryDirectory(prefix="robometrics-") as scratch:
        csv = pathlib.Path(scratch) / f"{name}.csv"
        text, notes, run_warnings = run(str(csv))
        frame = pandas.read_csv(csv)
    for warning in run_warnings:
        warnings.warn(f"robometrics {name}: {warning}", RuntimeWarning, stacklevel=3)
    frame.attrs["summary"] = json.loads(text)
    frame.attrs["notes"] = list(notes)
    frame.attrs["warnings"] = list(run_warnings)
    return frame


def traversal(
    bag: Union[PathLike, "Bag"],
    params: ParamsLike = None,
    topics: Optional[Mapping[str, str]] = None,
    extended: bool = False,
    strict: bool = False,
) -> Any:
    """RoboTerrain's traversal metrics per second of bag time, as ``robometrics traversal BAG -o FILE.csv``.

    Returns the CSV the CLI writes as a DataFrame, one row per second: the same columns (the
    seed's, ``Timestamp`` first; ``extended`` appends those of the CLI's ``--extended``) and the
    same values (docs/traversal.md says what each one is). ``params``: a ROS 2 params file (``--params``, section
    ``metrics_node``) or a dict of overrides ``{"robot_radius": 0.3}`` (``-p name:=value``);
    ``topics``: remappings ``{"odom": "/robot/odom"}`` (``--topic name=/topic``); ``strict``
    refuses a damaged bag. ``attrs["summary"]`` holds the whole-run summary of ``--json``,
    ``attrs["notes"]`` and ``attrs["warnings"]`` what the CLI prints on stderr (each warning is
    also a RuntimeWarning). ArgumentError for a malformed override or remap or a bad value.
    Ctrl-C stops the read with KeyboardInterrupt.
    """
    path = bag.path if isinstance(bag, Bag) else str(bag)
    params_file, overrides = _params_arguments(params)
    return _run_table(
        lambda csv: _robometrics.traversal_run(
            path, csv, params_file, overrides, _remaps(topics), bool(extended), bool(strict)
        ),
        "traversal",
    )


def topic_stats(
    bag: Union[PathLike, "Bag"],
    window_s: float = 1.0,
    topics: Optional[Sequence[str]] = None,
    rclcpp_period: bool = False,
    strict: bool = False,
) -> Any:
    """ROS 2 topic statistics per window of bag time, as ``robometrics topic-stats BAG --window
    WINDOW_S -o FILE.csv``.

    Returns the CSV the CLI writes as a DataFrame, the same columns and values: one row per
    window, topic and metric (``window_start``, ``window_stop`` in s, ``topic``, ``metric``
    message_age or message_period, ``unit``, ``average``, ``minimum``, ``maximum``, ``stddev``,
    ``count``; NaN for a statistic without samples). ``topics`` keeps only those (ArgumentError for one the bag does not
    have); ``rclcpp_period`` measures the period across window boundaries as rclcpp does;
    ``window_s`` must lie within the CLI's ``--window`` bounds (ArgumentError otherwise).
    ``attrs["summary"]`` holds the health table of ``--json``. Ctrl-C stops the read with
    KeyboardInterrupt.
    """
    path = bag.path if isinstance(bag, Bag) else str(bag)
    if isinstance(topics, str):
        topics = [topics]
    return _run_table(
        lambda csv: _robometrics.topic_stats_run(
            path, csv, float(window_s), list(topics or []), bool(rclcpp_period), bool(strict)
        ),
        "topic_stats",
    )


class Evaluation:
    """What ``robometrics evaluate`` decides about a run.

    ``verdict`` (ok, potential_failure, inconclusive), ``anomalies`` (list of dicts as in
    summary.json), ``summary`` (the dict summary.json holds), ``tables`` (a DataFrame per CSV the
    CLI writes, keyed by its name without .csv: ``traversal``, ``topic_stats``, ``lost``, ``ate``
    ...), and ``output_dir`` (where the files are, None when they were written to a temporary
    folder and removed).
    """

    def __init__(self, summary: Dict[str, Any], tables: Dict[str, Any], output_dir: Optional[str]) -> None:
        self.summary: Dict[str, Any] = summary
        self.verdict: str = str(summary.get("verdict", ""))
        self.anomalies: List[Dict[str, Any]] = list(summary.get("anomalies", []))
        self.tables: Dict[str, Any] = tables
        self.output_dir: Optional[str] = output_dir

    def __repr__(self) -> str:
        return f"<robometrics.Evaluation verdict={self.verdict!r} anomalies={len(self.anomalies)}>"


def _read_evaluation(folder: pathlib.Path, output_dir: Optional[str]) -> Evaluation:
    pandas = _pandas()
    summary = json.loads((folder / "summary.json").read_text())
    tables = {csv.stem: pandas.read_csv(csv) for csv in sorted(folder.glob("*.csv"))}
    return Evaluation(summary, tables, output_dir)


def evaluate(
    input: Union[str, "os.PathLike[str]"],
    output_dir: Optional[Union[str, "os.PathLike[str]"]] = None,
    params: ParamsLike = None,
    topics: Optional[Mapping[str, str]] = None,
    gt_traj: Optional[str] = None,
    gt_map: Optional[str] = None,
    est_traj: Optional[str] = None,
    t_max_diff: float = 0.01,
    strict: bool = False,
) -> Evaluation:
    """Evaluates a run as ``robometrics evaluate INPUT -o OUTPUT_DIR`` does: every analysis, the verdict.

    ``input``: a bag or a run directory. ``output_dir``: where the CLI's files go (summary.json,
    the CSVs, evaluation.mcap, report.html); None writes them to a temporary folder that is
    removed after the tables are read. ``params``: a ROS 2 params file (``--params``) or a dict
    of overrides ``{"metrics_node.robot_radius": 0.3}`` (``-p name:=value``). ``topics``:
    remappings ``{"odom": "/robot/odom"}`` (``--topic name=/topic``). ``gt_traj``, ``gt_map``,
    ``est_traj``, ``t_max_diff`` and ``strict`` as the CLI's options of the same names.
    """
    arguments: Dict[str, Any] = {
        "gt_traj": gt_traj,
        "gt_map": gt_map,
        "est_traj": est_traj,
        "params_file": None,
        "param_overrides": [],
        "remaps": _remaps(topics),
        "t_max_diff": float(t_max_diff),
        "strict": bool(strict),
    }
    arguments["params_file"], arguments["param_overrides"] = _params_arguments(params)
    if output_dir is not None:
        _robometrics.evaluate_run(str(input), str(output_dir), arguments)
        return _read_evaluation(pathlib.Path(output_dir), str(output_dir))
    with tempfile.TemporaryDirectory(prefix="robometrics-evaluate-") as scratch:
        folder = pathlib.Path(scratch) / "evaluation"
        _robometrics.evaluate_run(str(input), str(folder), arguments)
        return _read_evaluation(folder, None)
