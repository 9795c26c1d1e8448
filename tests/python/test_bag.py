"""Bag: topics, times, to_dataframe/to_numpy and messages() on the sample bags, each compared with
the CLI (`info --json`, and `echo --json`: the text decoder, a path independent of the columns)."""

import math

import numpy as np
import pandas as pd
import pytest

import robometrics
from conftest import cli_json, echo_messages

# (bag under bags/, topics to compare): ROS 2 MCAP, rosbag2 sqlite3, ROS 1.
SAMPLES = [
    ("ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap", None),
    ("ros2-mcap/rerun_sensor_msgs", None),
    ("ros2-sqlite3/evo_tf_example", None),
    ("ros1/evo_tf_example.bag", None),
]


def lookup(msg, path):
    value = msg
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def as_number(value):
    if isinstance(value, str):  # echo writes NaN and the infinities as strings
        return float(value)
    return value


def same_number(expected, actual, dtype) -> bool:
    expected = np.array(as_number(expected)).astype(dtype)
    if dtype.kind == "f" and math.isnan(float(expected)):
        return math.isnan(float(actual))
    return bool(expected == actual)


def check_against_echo(frame: pd.DataFrame, echoed) -> None:
    assert len(frame) == len(echoed)
    assert list(frame.index) == [m["log_time_ns"] for m in echoed]
    for path in frame.columns:
        column = frame[path]
        for row, message in enumerate(echoed):
            expected = lookup(message["message"], path)
            actual = column.iloc[row]
            if isinstance(expected, dict) and set(expected) == {"sec", "nanosec"}:
                assert actual == expected["sec"] * 1_000_000_000 + expected["nanosec"], path
            elif column.dtype == object and isinstance(actual, np.ndarray):
                assert len(actual) == len(expected), path
                assert all(same_number(e, a, actual.dtype) for e, a in zip(expected, actual)), path
            elif column.dtype == object:
                assert actual == expected, path
            else:
                assert same_number(expected, actual, column.dtype), (path, row, expected, actual)


def bag_path(data_dir, relative):
    path = data_dir / "bags" / relative
    if not path.exists():
        pytest.skip(f"{path} not in the sample data")
    return path


@pytest.mark.parametrize("relative", [s[0] for s in SAMPLES])
def test_topics_and_times_are_those_of_info(data_dir, cli, relative):
    path = bag_path(data_dir, relative)
    info = cli_json(cli, "info", path, "--json")
    with robometrics.Bag(path) as bag:
        topics = bag.topics
        assert list(topics.columns) == ["topic", "type", "count", "rate_hz", "qos"]
        assert list(topics["topic"]) == [t["name"] for t in info["topics"]]
        assert list(topics["type"]) == [t["type"] for t in info["topics"]]
        assert list(topics["count"]) == [t["message_count"] for t in info["topics"]]
        assert list(topics["rate_hz"]) == [t["rate_hz"] for t in info["topics"]]
        assert bag.start_ns == info["start_ns"]
        assert bag.end_ns == info["end_ns"]
        assert bag.damage is None


@pytest.mark.parametrize("relative", [s[0] for s in SAMPLES])
def test_every_topic_as_columns_equals_echo(data_dir, cli, relative):
    path = bag_path(data_dir, relative)
    bag = robometrics.Bag(path)
    for topic in bag.topics["topic"]:
        try:
            frame = bag.to_dataframe(topic)
        except robometrics.ReadError as error:  # a type echo cannot decode either
            assert "unsupported" in str(error) or "schema" in str(error)
            continue
        assert frame.index.name == "log_time_ns"
        assert frame.index.dtype == np.int64
        check_against_echo(frame, echo_messages(cli, path, topic))


def test_odometry_columns_fields_and_time_range(data_dir):
    path = bag_path(data_dir, SAMPLES[0][0])
    bag = robometrics.Bag(path)
    odom = bag.to_dataframe("/odom")
    assert "header.stamp" in odom and odom["header.stamp"].dtype == np.int64
    assert odom["pose.pose.position.x"].dtype == np.float64
    assert [c for c in odom.columns if c.startswith("pose.covariance.")] == [f"pose.covariance.{i}" for i in range(36)]

    some = bag.to_dataframe("/odom", fields=["pose.pose.position", "header.stamp"])
    assert list(some.columns) == ["header.stamp", "pose.pose.position.x", "pose.pose.position.y", "pose.pose.position.z"]
    assert np.array_equal(some["pose.pose.position.x"].to_numpy(), odom["pose.pose.position.x"].to_numpy())

    # start_ns and end_ns are inclusive log-time bounds
    start, end = int(odom.index[2]), int(odom.index[5])
    window = bag.to_dataframe("/odom", fields=["pose.pose.position.x"], start_ns=start, end_ns=end)
    assert list(window.index) == list(odom.index[2:6])

    arrays = bag.to_numpy("/odom", fields="pose.pose.position.x")
    assert set(arrays) == {"log_time_ns", "pose.pose.position.x"}
    assert np.array_equal(arrays["log_time_ns"], odom.index.to_numpy())
    assert np.array_equal(arrays["pose.pose.position.x"], odom["pose.pose.position.x"].to_numpy())


def test_string_columns_equal_the_messages_and_share_a_repeated_str(data_dir):
    # A row equal to the row before is the same str object (one per run of equal frame ids, not
    # one per message); a row that differs is a str of its own.
    path = bag_path(data_dir, SAMPLES[0][0])
    bag = robometrics.Bag(path)
    odom = bag.to_dataframe("/odom", fields=["header.frame_id", "child_frame_id"])
    expected = [(m["header"]["frame_id"], m["child_frame_id"]) for _, _, m in bag.messages(topics=["/odom"])]
    assert len(expected) > 1
    assert list(zip(odom["header.frame_id"], odom["child_frame_id"])) == expected
    for name in ("header.frame_id", "child_frame_id"):
        column = odom[name].to_numpy()
        assert all(isinstance(v, str) for v in column)
        assert all((a is b) == (a == b) for a, b in zip(column[:-1], column[1:])), name


def test_messages_are_dicts_with_numpy_arrays(data_dir, cli):
    path = bag_path(data_dir, SAMPLES[0][0])
    bag = robometrics.Bag(path)
    echoed = echo_messages(cli, path, "/odom")
    seen = list(bag.messages(topics=["/odom"]))
    assert len(seen) == len(echoed)
    topic, log_time, msg = seen[0]
    assert topic == "/odom" and log_time == echoed[0]["log_time_ns"]
    assert isinstance(msg["pose"]["covariance"], np.ndarray) and msg["pose"]["covariance"].dtype == np.float64
    assert msg["header"]["stamp"] == echoed[0]["message"]["header"]["stamp"]
    assert msg["pose"]["pose"]["position"] == echoed[0]["message"]["pose"]["pose"]["position"]
    assert list(msg["pose"]["covariance"]) == echoed[0]["message"]["pose"]["covariance"]

    everything = list(bag.messages())
    assert len(everything) == int(bag.topics["count"].sum())
    times = [t for _, t, _ in everything]
    assert times == sorted(times)
    first = int(bag.start_ns)
    assert [t for _, t, _ in bag.messages(end_ns=first)] == [t for t in times if t <= first]


def test_ctrl_c_raises_keyboard_interrupt_and_leaves_the_bag_usable(data_dir):
    import signal

    path = bag_path(data_dir, SAMPLES[0][0])
    bag = robometrics.Bag(path)

    armed = [False]

    def interrupt(signum, frame):
        if armed[0]:  # one KeyboardInterrupt per call, raised inside the try below
            armed[0] = False
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    interrupted = 0
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
        for _ in range(50):
            try:
                armed[0] = True
                bag.to_dataframe("/tf")  # 5422 messages: checked for signals after 4096
                armed[0] = False
            except KeyboardInterrupt:
                interrupted += 1
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)
    assert interrupted > 0
    assert len(bag.to_dataframe("/tf")) == 5422


def test_empty_numeric_arrays_are_empty_numpy_arrays_of_the_fields_type(data_dir):
    # BatteryState's cell_voltage and cell_temperature (float32[]) are empty in this recording.
    path = bag_path(data_dir, "ros2-mcap/rerun_sensor_msgs")
    bag = robometrics.Bag(path)
    seen = list(bag.messages(topics=["/battery_state"]))
    assert len(seen) == 10
    for _, _, msg in seen:
        for field in ("cell_voltage", "cell_temperature"):
            assert isinstance(msg[field], np.ndarray), field
            assert msg[field].dtype == np.float32 and msg[field].shape == (0,), field
    frame = bag.to_dataframe("/battery_state", fields=["cell_voltage", "voltage"])
    assert [a.dtype for a in frame["cell_voltage"]] == [np.dtype(np.float32)] * 10
    assert [len(a) for a in frame["cell_voltage"]] == [0] * 10
    # The recording's battery drains 0.2 V per message from 12 V.
    assert np.allclose(frame["voltage"].to_numpy(), 12.0 - 0.2 * np.arange(10), atol=1e-5)


# Each frame of a bag and what the bag lost, read in a child python3 with ROBOMETRICS_READ_THREADS
# set (read once per process): with 1 every message is decoded on the reading thread, else also on
# a thread beside it into rows handed out in log-time order (issue 58, bag/TopicColumnsThreads).
FRAMES_IN_A_CHILD = """
import pickle, sys
import robometrics
bag = robometrics.Bag(sys.argv[1])
frames = {}
for topic in bag.topics["topic"]:
    try:
        frames[topic] = bag.to_dataframe(topic)
    except robometrics.ReadError as error:
        frames[topic] = str(error)
with open(sys.argv[2], "wb") as out:
    pickle.dump((frames, bag.damage), out)
"""


def frames_with_read_threads(path, threads, tmp_path):
    import os
    import pickle
    import subprocess
    import sys

    out = tmp_path / f"frames-{threads}.pickle"
    env = dict(os.environ, ROBOMETRICS_READ_THREADS=threads)
    subprocess.run([sys.executable, "-c", FRAMES_IN_A_CHILD, str(path), str(out)], env=env, check=True)
    with open(out, "rb") as f:
        return pickle.load(f)


CHUNKED = "ros2-mcap/derived/nav2_turtlebot_lz4.mcap"  # in chunks: a cut keeps the chunks before it


@pytest.mark.parametrize("relative,cut", [(s[0], False) for s in SAMPLES] + [(CHUNKED, False), (CHUNKED, True)])
def test_frames_are_the_same_on_one_thread_and_on_two(data_dir, tmp_path, relative, cut):
    path = bag_path(data_dir, relative)
    if cut:  # damaged: cut at two thirds
        import shutil

        shutil.copy(path, tmp_path / "cut.mcap")
        path = tmp_path / "cut.mcap"
        with open(path, "r+b") as f:
            f.truncate(path.stat().st_size * 2 // 3)
    one_frames, one_damage = frames_with_read_threads(path, "1", tmp_path)
    two_frames, two_damage = frames_with_read_threads(path, "2", tmp_path)
    assert one_damage == two_damage
    assert (one_damage is not None) == cut
    assert list(one_frames) == list(two_frames)
    for topic, one in one_frames.items():
        two = two_frames[topic]
        if isinstance(one, str):
            assert one == two, topic
            continue
        assert list(one.columns) == list(two.columns), topic
        assert one.index.equals(two.index), topic
        for name in one.columns:
            a, b = one[name].to_numpy(), two[name].to_numpy()
            assert a.dtype == b.dtype, (topic, name)
            if a.dtype == object:
                assert all(
                    np.array_equal(x, y, equal_nan=isinstance(x, np.ndarray) and x.dtype.kind == "f")
                    if isinstance(x, np.ndarray)
                    else x == y
                    for x, y in zip(a, b)
                ), (topic, name)
            else:
                assert a.tobytes() == b.tobytes(), (topic, name)
