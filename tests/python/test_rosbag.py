"""ROS 1 DataFrames against an independent decoder: Debian's python3-rosbag (the ROS 1 reader
itself, which decodes each message with genpy from the definition in the bag). Every column that
`to_dataframe` gives must equal the field that rosbag decodes, message by message, with the same
log times; and every field rosbag has must be a column (or the prefix of columns)."""

import importlib

import numpy as np
import pytest

import robometrics

# The rosbag.js examples: uncompressed, bz2 and lz4 chunks, the same 10 000 messages.
BAGS = ["example.bag", "example-bz2.bag", "example-lz4.bag"]
TOPICS = ["/turtle1/pose", "/turtle2/cmd_vel", "/turtle1/color_sensor", "/rosout", "/tf_static"]


@pytest.fixture(scope="module")
def rosbag():
    try:
        return importlib.import_module("rosbag")
    except ImportError as error:
        pytest.skip(f"Debian's python3-rosbag is not installed ({error}; scripts/install-deps installs it)")


def field(message, path):
    value = message
    for part in path.split("."):
        value = value[int(part)] if part.isdigit() else getattr(value, part)
    return value


def leaves(message, prefix=""):
    """The field paths of a genpy message, down to its scalars, strings and arrays."""
    out = []
    for slot in getattr(message, "__slots__", []):
        value = getattr(message, slot)
        name = prefix + slot
        if hasattr(value, "__slots__") and not hasattr(value, "to_nsec"):
            out += leaves(value, name + ".")
        else:
            out.append(name)
    return out


def same(expected, actual) -> bool:
    if hasattr(expected, "to_nsec"):  # rospy Time and Duration: int64 ns in a column, a dict inside a list
        if isinstance(actual, dict):
            return actual["sec"] * 1_000_000_000 + actual["nanosec"] == expected.to_nsec()
        return int(actual) == expected.to_nsec()
    if hasattr(expected, "__slots__") and isinstance(actual, dict):  # a message inside an array
        return all(same(getattr(expected, slot), actual[slot]) for slot in expected.__slots__)
    if isinstance(expected, (bytes, bytearray)):
        return bytes(np.asarray(actual, dtype=np.uint8)) == bytes(expected)
    if isinstance(expected, (list, tuple)):
        actual = list(actual)
        return len(actual) == len(expected) and all(same(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, float) and np.isnan(expected):
        return bool(np.isnan(actual))
    return bool(expected == actual)


@pytest.mark.parametrize("name", BAGS)
def test_columns_equal_what_rosbag_decodes(rosbag, data_dir, name):
    path = data_dir / "bags" / "ros1" / "rosbag.js" / name
    with robometrics.Bag(str(path)) as bag:
        frames = {topic: bag.to_dataframe(topic) for topic in TOPICS}
    independent = {topic: [] for topic in TOPICS}
    with rosbag.Bag(str(path)) as reference:
        for topic, message, stamp in reference.read_messages(topics=TOPICS):
            independent[topic].append((stamp.to_nsec(), message))
    for topic in TOPICS:
        frame, expected = frames[topic], independent[topic]
        assert len(frame) == len(expected) > 0, topic
        assert list(frame.index) == [stamp for stamp, _ in expected], topic
        for column in frame.columns:
            values = frame[column].to_numpy()
            for row, (_, message) in enumerate(expected):
                assert same(field(message, column), values[row]), (topic, column, row)
        for leaf in leaves(expected[0][1]):
            assert any(c == leaf or c.startswith(leaf + ".") for c in frame.columns), (topic, leaf)
