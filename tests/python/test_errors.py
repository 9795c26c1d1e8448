"""Errors raise robometrics exceptions with the CLI's message: a missing, a damaged and a non-bag
file, a topic or field the bag does not have, wrong arguments."""

import shutil

import pytest

import robometrics
from conftest import run_cli

MCAP = "ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap"
CHUNKED = "ros2-mcap/derived/nav2_turtlebot_lz4.mcap"  # in chunks: a cut keeps the chunks before it


def cli_error(cli, *args) -> str:
    done = run_cli(cli, *args)
    assert done.returncode == 1
    prefix = f"robometrics {args[0]}: error: "
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith(prefix), line
    return line[len(prefix):]


def test_the_hierarchy():
    assert issubclass(robometrics.ReadError, robometrics.Error)
    assert issubclass(robometrics.NotFoundError, robometrics.ReadError)
    assert issubclass(robometrics.NotFoundError, FileNotFoundError)
    assert issubclass(robometrics.ArgumentError, robometrics.Error)
    assert issubclass(robometrics.ArgumentError, ValueError)


def test_a_missing_file(tmp_path, cli):
    missing = tmp_path / "nope.mcap"
    with pytest.raises(robometrics.NotFoundError) as raised:
        robometrics.Bag(missing)
    assert str(raised.value) == cli_error(cli, "info", missing)
    with pytest.raises(FileNotFoundError):
        robometrics.Trajectory.read(str(tmp_path / "nope.txt"))
    with pytest.raises(FileNotFoundError):
        robometrics.ape(str(tmp_path / "nope.txt"), str(tmp_path / "nope.txt"))


def test_a_file_that_is_not_a_bag(tmp_path, cli):
    text = tmp_path / "notes.mcap"
    text.write_text("not a bag at all\n")
    with pytest.raises(robometrics.ReadError) as raised:
        robometrics.Bag(text)
    assert not isinstance(raised.value, FileNotFoundError)
    assert str(raised.value) == cli_error(cli, "info", text)


def test_a_damaged_bag(tmp_path, data_dir, cli):
    source = data_dir / "bags" / CHUNKED
    if not source.exists():
        pytest.skip(f"{source} not in the sample data")
    cut = tmp_path / "cut.mcap"
    shutil.copy(source, cut)
    with open(cut, "r+b") as f:
        f.truncate(source.stat().st_size * 2 // 3)
    # strict: the damage is an error, with the CLI's message
    with pytest.raises(robometrics.ReadError) as raised:
        robometrics.Bag(cut, strict=True).to_dataframe("/odom")
    # the CLI's message, without its hint about --strict
    assert cli_error(cli, "echo", cut, "--topic", "/odom", "--strict").startswith(str(raised.value) + ". Run without --strict")
    # not strict: what is readable, and what was lost
    bag = robometrics.Bag(cut)
    odom = bag.to_dataframe("/odom")
    full = robometrics.Bag(source).to_dataframe("/odom")
    assert 0 < len(odom) < len(full)
    assert bag.damage is not None and bag.damage["truncated"]
    info = run_cli(cli, "info", cut)
    assert bag.damage["warning"] in info.stderr


def test_wrong_topics_fields_and_arguments(data_dir, cli):
    path = data_dir / "bags" / MCAP
    if not path.exists():
        pytest.skip(f"{path} not in the sample data")
    bag = robometrics.Bag(path)
    with pytest.raises(robometrics.ArgumentError) as raised:
        bag.to_dataframe("/nope")
    assert "no topic '/nope'" in str(raised.value) and "/odom" in str(raised.value)
    with pytest.raises(ValueError, match="no field 'pose.nope' in nav_msgs/Odometry"):
        bag.to_dataframe("/odom", fields=["pose.nope"])
    # The read's own open finds them (no second open first), on either path of the read.
    with pytest.raises(robometrics.ArgumentError, match="no field 'pose.nope' in nav_msgs/Odometry"):
        bag.to_numpy("/odom", fields=["pose.nope"], start_ns=0)
    with pytest.raises(robometrics.ArgumentError, match="no topic '/nope'"):
        bag.to_numpy("/nope", end_ns=0)
    with pytest.raises(robometrics.ArgumentError):
        list(bag.messages(topics=["/nope"]))
    tum = str(data_dir / "trajectories" / "fr2_desk_ORB.txt")
    with pytest.raises(robometrics.ArgumentError, match="unknown pose relation"):
        robometrics.ape(tum, tum, pose_relation="sideways")
    with pytest.raises(robometrics.ArgumentError, match="unknown delta unit"):
        robometrics.rpe(tum, tum, delta_unit="parsecs")
