"""The type stubs: mypy --strict accepts the package and a user's script, and stubtest finds the
extension module as its .pyi says."""

import os
import pathlib
import subprocess
import sys
import textwrap

import robometrics

USAGE = textwrap.dedent(
    """
    import numpy as np
    import robometrics

    def rmse(ref: str, est: str) -> float:
        result = robometrics.ape(ref, est, align=True, correct_scale=True)
        value: float = result.stats["rmse"]
        return value

    def count(path: str) -> int:
        with robometrics.Bag(path) as bag:
            arrays = bag.to_numpy("/odom", fields=["pose.pose.position.x"])
        x: np.ndarray = arrays["pose.pose.position.x"]  # type: ignore[type-arg]
        return len(x) + int(bag.topics["count"].sum()) + bag.end_ns - bag.start_ns

    def first(path: str) -> int:
        for topic, log_time_ns, msg in robometrics.Bag(path).messages(topics=["/odom"]):
            return log_time_ns + len(topic) + len(msg)
        return 0

    def per_second(path: str) -> float:
        table = robometrics.traversal(path, params={"collision_threshold": 0.3}, topics={"odom": "/odom"})
        stats = robometrics.topic_stats(robometrics.Bag(path), window_s=2.0, topics=["/odom"])
        return float(table["Distance Traveled"].iloc[-1]) + float(stats["average"].sum())

    version: str = robometrics.__version__
    traj: robometrics.Trajectory = robometrics.Trajectory.read("x.txt")
    n: int = len(traj)
    """
)


def mypy(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, MYPY_CACHE_DIR=os.devnull)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", *args], capture_output=True, text=True, env=env, check=False
    )


def test_mypy_strict_accepts_the_package_and_a_users_script(tmp_path):
    script = tmp_path / "usage.py"
    script.write_text(USAGE)
    package = pathlib.Path(robometrics.__file__).parent
    done = mypy("--strict", str(package), str(script))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_stubs_match_the_extension_module(tmp_path):
    # pybind11's classes have a metaclass of their own, which a stub does not spell.
    allowlist = tmp_path / "allowlist"
    allowlist.write_text("robometrics._robometrics.MessageIterator\nrobometrics._robometrics.Trajectory\n")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--allowlist", str(allowlist), "robometrics._robometrics"],
        capture_output=True,
        text=True,
        env=dict(os.environ, MYPY_CACHE_DIR=os.devnull),
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
