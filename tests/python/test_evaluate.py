"""evaluate() against the CLI's files: summary.json and every CSV of `robometrics evaluate`."""

import json

import pandas as pd
import pytest

import robometrics
from conftest import run_cli

BAG = "ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap"


def test_evaluate_equals_the_cli(data_dir, cli, tmp_path):
    bag = data_dir / "bags" / BAG
    if not bag.exists():
        pytest.skip(f"{bag} not in the sample data")
    done = run_cli(cli, "evaluate", bag, "-o", tmp_path / "cli")
    assert done.returncode == 0, done.stderr
    expected = json.loads((tmp_path / "cli" / "summary.json").read_text())
    evaluation = robometrics.evaluate(bag)
    assert evaluation.summary == expected
    assert evaluation.verdict == expected["verdict"]
    assert evaluation.anomalies == expected["anomalies"]
    assert evaluation.output_dir is None
    for csv in sorted((tmp_path / "cli").glob("*.csv")):
        pd.testing.assert_frame_equal(evaluation.tables[csv.stem], pd.read_csv(csv))
    assert set(evaluation.tables) == {csv.stem for csv in (tmp_path / "cli").glob("*.csv")}
    written = robometrics.evaluate(bag, output_dir=tmp_path / "py")
    assert written.output_dir == str(tmp_path / "py")
    assert json.loads((tmp_path / "py" / "summary.json").read_text()) == expected
