"""traversal() and topic_stats() against the CLI: the same CSV (columns and values), the same
--json summary, the same warnings, and the CLI's refusals as exceptions."""

import json
import subprocess

import numpy as np
import pandas as pd
import pytest

import robometrics
from conftest import run_cli

NAV2 = "ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap"


@pytest.fixture(scope="module")
def terrain_run(cli, tmp_path_factory):
    """A 30 s simulated terrain run: every input the traversal node reads (no sample data needed)."""
    folder = tmp_path_factory.mktemp("terrain") / "run"
    done = subprocess.run(
        [cli, "simulate", "--scenario", "terrain", "--duration", "30", "--seed", "3", "-o", str(folder)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder / "run.mcap"


def nav2_bag(data_dir):
    path = data_dir / "bags" / NAV2
    if not path.exists():
        pytest.skip(f"{path} not in the sample data")
    return path


def without_paths(summary):
    """The summary less the name of the CSV, which differs between two runs."""
    return {key: value for key, value in summary.items() if key not in ("csv", "output")}


def cli_table(cli, tmp_path, name, *args):
    csv = tmp_path / f"{name}.csv"
    done = run_cli(cli, *args, "-o", csv, "--json")
    assert done.returncode == 0, done.stderr
    return pd.read_csv(csv), json.loads(done.stdout), done.stderr


def test_traversal_equals_the_cli_on_a_simulated_run(cli, terrain_run, tmp_path):
    expected, summary, _ = cli_table(cli, tmp_path, "traversal", "traversal", terrain_run)
    table = robometrics.traversal(terrain_run)
    pd.testing.assert_frame_equal(table, expected)
    assert list(table.columns)[:4] == ["Timestamp", "Total Collisions", "Current Collision Status", "Smoothness Metric"]
    # One row per second of bag time: a 30 s run gives 29 or 30 whole seconds.
    assert len(table) in (29, 30)
    assert without_paths(table.attrs["summary"]) == without_paths(summary)
    assert table.attrs["warnings"] == []


def test_traversal_params_remaps_and_extended_equal_the_cli(cli, terrain_run, tmp_path):
    expected, _, stderr = cli_table(
        cli, tmp_path, "traversal", "traversal", terrain_run, "-p", "collision_threshold:=0.9",
        "--topic", "imu/data=/no/imu", "--extended",
    )
    with pytest.warns(RuntimeWarning, match="no topic /no/imu"):
        table = robometrics.traversal(
            robometrics.Bag(terrain_run), params={"collision_threshold": 0.9}, topics={"imu/data": "/no/imu"},
            extended=True,
        )
    pd.testing.assert_frame_equal(table, expected)
    assert "no topic /no/imu" in stderr
    assert list(table.columns)[-5:] == [
        "Time", "Collision Events", "Min Clearance", "Velocity Over Rough Terrain", "Rejected Pose Jumps",
    ]
    # Without the IMU the acceleration column is the seed's empty-buffer 0.
    assert (table["IMU Acceleration Magnitude"] == 0).all()
    default = robometrics.traversal(terrain_run)
    # A scan minimum counts as a collision below the threshold: a larger one counts at least as many.
    assert table["Total Collisions"].iloc[-1] >= default["Total Collisions"].iloc[-1]


def test_traversal_on_a_nav2_recording_equals_the_cli_with_its_notes(data_dir, cli, tmp_path):
    bag = nav2_bag(data_dir)
    expected, summary, stderr = cli_table(cli, tmp_path, "traversal", "traversal", bag)
    with pytest.warns(RuntimeWarning) as caught:
        table = robometrics.traversal(bag)
    pd.testing.assert_frame_equal(table, expected)
    assert without_paths(table.attrs["summary"]) == without_paths(summary)
    # What the CLI prints on stderr, line for line: the notes (fallbacks taken) and the warnings.
    printed = [line for line in stderr.splitlines() if line.startswith("robometrics traversal: ")]
    said = [f"robometrics traversal: note: {n}" for n in table.attrs["notes"]]
    said += [f"robometrics traversal: warning: {w}" for w in table.attrs["warnings"]]
    assert sorted(printed) == sorted(said)
    assert [str(w.message) for w in caught] == [f"robometrics traversal: {w}" for w in table.attrs["warnings"]]


def test_topic_stats_equals_the_cli(data_dir, cli, tmp_path):
    bag = nav2_bag(data_dir)
    expected, summary, _ = cli_table(cli, tmp_path, "topic_stats", "topic-stats", bag, "--window", "2.5")
    table = robometrics.topic_stats(bag, window_s=2.5)
    pd.testing.assert_frame_equal(table, expected)
    assert table.attrs["summary"] == summary
    assert list(table.columns) == [
        "window_start", "window_stop", "topic", "metric", "unit", "average", "minimum", "maximum", "stddev", "count",
    ]
    some, _, _ = cli_table(cli, tmp_path, "some", "topic-stats", bag, "--topics", "/odom", "--rclcpp-period")
    pd.testing.assert_frame_equal(robometrics.topic_stats(bag, topics=["/odom"], rclcpp_period=True), some)


def test_topic_stats_periods_of_a_simulated_run(cli, terrain_run):
    # The simulator publishes /imu/data every 10 ms of bag time (100 Hz): every period is 10 ms,
    # and with rclcpp's period across window boundaries each 1 s window holds 100 of them.
    table = robometrics.topic_stats(terrain_run, topics="/imu/data", rclcpp_period=True)
    periods = table[(table["metric"] == "message_period") & (table["count"] > 0)]
    assert len(periods) >= 28
    assert np.allclose(periods["average"], 10.0, atol=1e-6)
    assert np.allclose(periods["minimum"], 10.0, atol=1e-6) and np.allclose(periods["maximum"], 10.0, atol=1e-6)
    assert (periods["count"].iloc[1:-1] == 100).all()
    assert (periods["unit"] == "ms").all()


def test_the_cli_refusals_are_exceptions(data_dir, cli, tmp_path):
    bag = nav2_bag(data_dir)
    with pytest.raises(robometrics.NotFoundError):
        robometrics.traversal(tmp_path / "nope.mcap")
    with pytest.raises(robometrics.NotFoundError):
        robometrics.topic_stats(tmp_path / "nope.mcap")
    with pytest.raises(robometrics.ArgumentError, match="--window"):
        robometrics.topic_stats(bag, window_s=0.0)
    with pytest.raises(robometrics.ArgumentError, match="/nope"):
        robometrics.topic_stats(bag, topics=["/nope"])
    with pytest.raises(robometrics.ArgumentError):
        robometrics.traversal(bag, topics={"odom": ""})
    with pytest.raises(robometrics.NotFoundError):
        robometrics.traversal(bag, params=tmp_path / "nope.yaml")
    with pytest.warns(RuntimeWarning, match="unknown parameter 'collision_treshold' \\(ignored\\)"):
        robometrics.traversal(bag, params={"collision_treshold": 0.3})
    not_a_bag = tmp_path / "text.mcap"
    not_a_bag.write_text("hello\n")
    with pytest.raises(robometrics.ReadError):
        robometrics.traversal(not_a_bag)



@pytest.fixture(scope="module")
def long_terrain_run(cli, tmp_path_factory):
    """A 240 s simulated terrain run: about 64 000 messages, so the read is checked for signals
    (every 4096 messages) some 15 times."""
    folder = tmp_path_factory.mktemp("long") / "run"
    done = subprocess.run(
        [cli, "simulate", "--scenario", "terrain", "--duration", "240", "--seed", "3", "-o", str(folder)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder / "run.mcap"


@pytest.mark.parametrize("run", ["traversal", "topic_stats"])
def test_ctrl_c_raises_keyboard_interrupt_during_the_read(long_terrain_run, run):
    """A SIGINT 20 ms into the call raises KeyboardInterrupt while the bag is read, not after the
    read: the interrupted call ends well before a whole one would (the shortest of three tries,
    against the shortest of two whole calls: about 0.1 against 0.3 s for topic_stats, 0.16
    against 1.7 s for traversal). The next call still gives the whole table."""
    import signal
    import threading
    import time

    call = getattr(robometrics, run)
    whole = []
    for _ in range(2):
        started = time.perf_counter()
        expected = call(long_terrain_run)
        whole.append(time.perf_counter() - started)
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # KeyboardInterrupt, as in a notebook
    interrupted = []
    try:
        for _ in range(3):
            timer = threading.Timer(0.02, signal.raise_signal, (signal.SIGINT,))
            started = time.perf_counter()
            timer.start()
            with pytest.raises(KeyboardInterrupt):
                call(long_terrain_run)
            interrupted.append(time.perf_counter() - started)
            timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert min(interrupted) < 0.75 * min(whole), (interrupted, whole)
    pd.testing.assert_frame_equal(call(long_terrain_run), expected)
