"""`robometrics check` read as CI reads it (docs/check.md, Outputs): the JUnit XML through a real
XML parser (xml.etree, as Jenkins' and GitLab's reporters parse it), the GitHub workflow commands
unescaped by GitHub's documented rules, and the JSON, on a fleet the simulator records with faults
planted by construction. Needs only the program (no sample data)."""

import json
import pathlib
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import run_cli

# The simulator's scan_gap profile (30 s): /scan silent 2.8 s from 8.8 s to 11.6 s, 137 scans,
# (137 - 1) / 29.8 s = 4.56 Hz; /imu at 100 Hz in frame imu_link, /odom at 30 Hz.
# (docs/bench.md's check: example and tests/commands/BenchCheckCommandTest.cpp measure the same.)
SPEC = (
    "topics:\n"  # 1
    "  /scan:\n"  # 2
    "    max_gap_s: 1.0\n"  # 3
    "    min_hz: {value: 4.8, severity: warning}\n"  # 4
    "  /imu:\n"  # 5
    '    frame_id: "imu,link:100%\\nx"\n'  # 6: every character GitHub escapes, and a newline
    "  /odom:\n"  # 7
    "    rate_hz: 30\n"  # 8
)
# A recording name with what a property must escape (',' ':' '%') and what XML must ('&' '<').
NAME = "a,b:c%d&<e>.mcap"


def check(cli: str, fleet: pathlib.Path, *args) -> subprocess.CompletedProcess:
    """`robometrics check ARGS` in the fleet's folder, as a CI job runs it."""
    return subprocess.run([cli, "check", *map(str, args)], capture_output=True, text=True, check=False, cwd=fleet)


def github_unescape(text: str, prop: bool) -> str:
    """GitHub's runner: %25 -> %, %0D, %0A; in a property also %3A -> :, %2C -> ,."""
    pairs = [("%0D", "\r"), ("%0A", "\n")] + ([("%3A", ":"), ("%2C", ",")] if prop else [])
    for escaped, plain in pairs:
        text = text.replace(escaped, plain)
    return text.replace("%25", "%")


@pytest.fixture(scope="module")
def fleet(tmp_path_factory, cli) -> pathlib.Path:
    root = tmp_path_factory.mktemp("check_reports")
    done = run_cli(cli, "simulate", "--scenario", "scan_gap", "--duration", "30", "-o", root / "sim")
    assert done.returncode == 0, done.stderr
    (root / "fleet").mkdir()
    shutil.copy(root / "sim" / "run.mcap", root / "fleet" / NAME)
    (root / "spec.yaml").write_text(SPEC)
    return root


def test_junit_parses_with_the_counts_names_and_failures(fleet, cli):
    xml_path = fleet / "check.xml"
    done = check(cli, fleet, "spec.yaml", f"fleet/{NAME}", "fleet/absent.mcap", "--junit", xml_path)
    assert done.returncode == 1
    root = ET.parse(xml_path).getroot()
    assert root.tag == "testsuites"
    # 7 rules (3 required, 4 limits) and the unreadable recording's one "read" case.
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("8", "2", "1")
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [f"fleet/{NAME}", "fleet/absent.mcap"]
    cases = suites[0].findall("testcase")
    assert len(cases) == int(suites[0].get("tests")) == 7
    names = [c.get("name") for c in cases]
    assert "/imu: frame_id imu,link:100%\nx" in names  # the newline survives the attribute
    assert all(c.get("classname") == f"fleet/{NAME}" and c.get("file") == "spec.yaml" for c in cases)
    failed = {c.get("name"): c.find("failure") for c in cases if c.find("failure") is not None}
    assert sorted(failed) == ["/imu: frame_id imu,link:100%\nx", "/scan: max_gap_s 1"]
    gap = failed["/scan: max_gap_s 1"]
    assert gap.get("message") == "silent 2.8 s from 8.8 s to 11.6 s"
    assert gap.get("type") == "max_gap_s"
    assert gap.text == "measured: silent 2.8 s from 8.8 s to 11.6 s\nexpected: /scan: max_gap_s 1 (spec.yaml:3, error)"
    assert failed["/imu: frame_id imu,link:100%\nx"].get("message") == (
        "3000 of 3000 messages in another frame, first 'imu_link' at 0 s")
    # A failed warning is no failure: what was seen is in its output.
    warning = next(c for c in cases if c.get("name") == "/scan: min_hz 4.8")
    assert warning.find("failure") is None
    assert warning.find("system-out").text.startswith("warning: measured: 4.56 Hz\n")
    assert suites[1].find("testcase/error").get("type") == "unreadable"
    assert "absent.mcap" in suites[1].find("testcase/error").get("message")


def test_github_commands_unescape_to_the_text_lines(fleet, cli):
    text = check(cli, fleet, "spec.yaml", f"fleet/{NAME}")
    github = check(cli, fleet, "spec.yaml", f"fleet/{NAME}", "--format", "github")
    assert text.returncode == github.returncode == 1
    commands = [line for line in github.stdout.splitlines() if line.startswith("::")]
    assert len(commands) == 3
    seen = []
    for line in commands:
        command, rest = line[2:].split(" ", 1)
        properties, message = rest.split("::", 1)
        assert "\n" not in message and "\r" not in message
        props = dict(p.split("=", 1) for p in properties.split(","))  # a raw ',' would split here
        props = {k: github_unescape(v, True) for k, v in props.items()}
        assert props["file"] == "spec.yaml"
        message = github_unescape(message, False)
        assert props["title"] == f"fleet/{NAME} " + message.split(": ", 2)[0] + ": " + message.split(": ", 2)[1]
        seen.append((command, int(props["line"]), message))
    assert seen == [
        ("warning", 4, "/scan: min_hz 4.8: 4.56 Hz"),
        ("error", 3, "/scan: max_gap_s 1: silent 2.8 s from 8.8 s to 11.6 s"),
        ("error", 6, "/imu: frame_id imu,link:100%\nx: 3000 of 3000 messages in another frame, first 'imu_link' at 0 s"),
    ]
    # The plain output says the same, one rule a line (the frame's newline as it is).
    assert f"fleet/{NAME}: error: /scan: max_gap_s 1: silent 2.8 s from 8.8 s to 11.6 s\n" in text.stdout
    assert github.stdout.splitlines()[-1] == f"fleet/{NAME}: FAIL (7 rules: 4 held, 2 errors, 1 warning)"


def test_json_has_every_rule(fleet, cli):
    done = check(cli, fleet, "spec.yaml", f"fleet/{NAME}", "--json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["passed"] is False
    [recording] = report["recordings"]
    assert (recording["rules_total"], recording["rules_held"]) == (7, 4)
    assert (recording["errors_failed"], recording["warnings_failed"]) == (2, 1)
    gap = next(r for r in recording["rules"] if r["rule"] == "max_gap_s")
    assert (gap["passed"], gap["spec_line"]) == (False, 3)
    assert (gap["value"], gap["from_s"], gap["to_s"]) == pytest.approx((2.8, 8.8, 11.6))
    rate = next(r for r in recording["rules"] if r["rule"] == "min_hz")
    assert rate["severity"] == "warning" and rate["value"] == pytest.approx(136 / 29.8)
