"""Shared fixtures of the Python module's tests: the sample data, the CLI beside the module."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    """../shared/data (or ROBOMETRICS_TEST_DATA); the test is skipped with the reason without it."""
    path = pathlib.Path(os.environ.get("ROBOMETRICS_TEST_DATA") or ROOT.parent / "shared" / "data")  # empty = unset, as in C++
    if not path.is_dir():
        pytest.skip(f"sample data not found at {path} (set ROBOMETRICS_TEST_DATA)")
    return path


@pytest.fixture(scope="session")
def cli() -> str:
    """The robometrics program of the same build (ROBOMETRICS_BINARY)."""
    binary = os.environ.get("ROBOMETRICS_BINARY", str(ROOT / "build" / "apps" / "robometrics" / "robometrics"))
    if not os.access(binary, os.X_OK):
        pytest.skip(f"the robometrics program is not built at {binary}")
    return binary


def run_cli(binary: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *map(str, args)], capture_output=True, text=True, check=False)


def cli_json(binary: str, *args: str):
    done = run_cli(binary, *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def echo_messages(binary: str, bag, topic: str):
    """`robometrics echo --json`: one dict per message (the text decoder, independent of the columns)."""
    done = run_cli(binary, "echo", bag, "--topic", topic, "--json")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]
