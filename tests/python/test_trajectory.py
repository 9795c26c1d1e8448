"""Trajectories and evo's metrics: a hand-computed case, and ape/rpe on the sample trajectories
equal to the CLI's --json (every value, to the last bit)."""

import threading

import numpy as np
import pytest

import robometrics
from conftest import cli_json


def line_trajectory(offset, n=3):
    stamps = np.arange(n, dtype=float)
    positions = np.column_stack([stamps, np.zeros(n), np.zeros(n)]) + np.asarray(offset, dtype=float)
    quats = np.tile([1.0, 0.0, 0.0, 0.0], (n, 1))
    return robometrics.Trajectory(stamps, positions, quats)


def square_trajectory(offset):
    positions = np.array([[0.0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]) + np.asarray(offset, dtype=float)
    return robometrics.Trajectory(np.arange(4.0), positions, np.tile([1.0, 0.0, 0.0, 0.0], (4, 1)))


def test_hand_computed_ape_of_a_shifted_square():
    # Every estimated pose is 3 m off in y and 4 m in z: each error is 5 m.
    ref = square_trajectory([0, 0, 0])
    est = square_trajectory([0, 3, 4])
    result = robometrics.ape(ref, est)
    assert result.stats == {"rmse": 5.0, "mean": 5.0, "median": 5.0, "std": 0.0, "min": 5.0, "max": 5.0, "sse": 100.0}
    assert list(result.errors) == [5.0, 5.0, 5.0, 5.0]
    assert list(result.timestamps) == [0.0, 1.0, 2.0, 3.0]
    assert np.array_equal(result.est_aligned.positions, est.positions)
    # SE(3) alignment removes the shift entirely.
    aligned = robometrics.ape(ref, est, align=True)
    assert aligned.stats["rmse"] < 1e-12
    assert np.allclose(aligned.est_aligned.positions, ref.positions, atol=1e-12)
    # RPE between consecutive poses: both move 1 m in x, so no error.
    assert robometrics.rpe(ref, est).stats["max"] < 1e-12


def test_trajectory_read_matches_the_file(data_dir):
    path = data_dir / "trajectories" / "fr2_desk_ORB.txt"
    trajectory = robometrics.Trajectory.read(str(path))
    rows = np.loadtxt(path)
    assert len(trajectory) == len(rows)
    assert np.array_equal(trajectory.timestamps, rows[:, 0])
    assert np.array_equal(trajectory.positions, rows[:, 1:4])
    # TUM stores qx qy qz qw; evo's order is w x y z (normalised, as the file's are to 9 digits).
    quats = rows[:, [7, 4, 5, 6]]
    quats /= np.linalg.norm(quats, axis=1)[:, None]
    assert np.allclose(trajectory.orientations_quat_wxyz, quats, rtol=0, atol=1e-15)
    assert trajectory.name == str(path)


CASES = [
    ("ape", {}, []),
    ("ape", {"align": True, "correct_scale": True}, ["-a", "-s"]),
    ("ape", {"pose_relation": "rot_part", "align": True}, ["-a", "-r", "rot_part"]),
    ("rpe", {}, []),
    ("rpe", {"delta": 0.5, "delta_unit": "m", "all_pairs": True}, ["--delta", "0.5", "--delta_unit", "m", "--all_pairs"]),
]


@pytest.mark.parametrize("metric,kwargs,flags", CASES)
def test_metrics_equal_the_cli_json(data_dir, cli, metric, kwargs, flags):
    ref = str(data_dir / "trajectories" / "fr2_desk_groundtruth.txt")
    est = str(data_dir / "trajectories" / "fr2_desk_ORB.txt")
    expected = cli_json(cli, metric, ref, est, "--json", "--errors", *flags)
    function = robometrics.ape if metric == "ape" else robometrics.rpe
    result = function(ref, est, **kwargs)
    assert result.summary == expected
    assert result.stats["rmse"] == expected["rmse"]
    assert result.errors.tolist() == expected["errors"]
    assert result.timestamps.tolist() == expected["timestamps"]
    # Trajectory objects give the same numbers as the files.
    again = function(robometrics.Trajectory.read(ref), robometrics.Trajectory.read(est), **kwargs)
    assert again.summary == expected


def test_evo_relation_names(data_dir):
    ref = str(data_dir / "trajectories" / "fr2_desk_groundtruth.txt")
    est = str(data_dir / "trajectories" / "fr2_desk_ORB.txt")
    full = robometrics.ape(ref, est, pose_relation="full_transformation", align=True)
    assert full.summary["relation"] == "full"
    deg = robometrics.ape(ref, est, pose_relation="rotation_angle_deg", align=True)
    rad = robometrics.ape(ref, est, pose_relation="rotation_angle_rad", align=True)
    assert deg.stats["max"] == pytest.approx(np.degrees(rad.stats["max"]), rel=1e-9)


def helix(n, shift):
    t = np.linspace(0.0, 100.0, n)
    positions = np.column_stack([np.cos(t), np.sin(t), 0.01 * t]) + shift
    return robometrics.Trajectory(t, positions, np.tile([1.0, 0.0, 0.0, 0.0], (n, 1)))


def test_a_failed_evaluation_raises_error():
    with pytest.raises(robometrics.Error, match="degenerate"):  # every position on one line
        robometrics.ape(line_trajectory([0, 0, 0], 10), line_trajectory([0, 1, 0], 10), align=True)


def test_the_gil_is_released_while_cpp_computes():
    ref = helix(200_000, 0.0)
    est = helix(200_000, 0.1)
    done = threading.Event()
    ticks = 0

    def work():
        try:
            robometrics.ape(ref, est, align=True)
        finally:
            done.set()

    thread = threading.Thread(target=work)
    thread.start()
    while not done.is_set():
        ticks += 1  # runs only while the other thread does not hold the GIL
    thread.join()
    assert ticks > 1000
