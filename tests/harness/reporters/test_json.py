"""``--json``: identical for identical input, timings only on request, every problem with its kind."""

from __future__ import annotations

import json
from importlib.metadata import version

from askbench.harness.reporters.json import FORMAT, to_json
from askbench.harness.reporters.vocabulary import TERMINALS
from askbench.harness.runners.results import GateRun
from askbench.harness.runners.toolchain import gather_toolchain


def test_the_report_is_deterministic_without_timings(run: GateRun) -> None:
    text = to_json(run)
    assert "render_us" not in text
    assert text == to_json(run)
    report = json.loads(text)
    assert (report["format"], report["exit_code"], report["widths"], report["terminals"]) == (
        FORMAT,
        2,
        [80],
        list(TERMINALS),
    )
    assert report["terminals"] == ["grapheme", "codepoint", "ambiguous-wide"]


def test_timings_on_request(run: GateRun) -> None:
    widths = [
        width
        for fixture in json.loads(to_json(run, timings=True))["fixtures"]
        for width in fixture["widths"]
    ]
    assert widths and all(width["render_us"] > 0 for width in widths)


def test_counts_are_ask_rows_and_violations_name_their_terminal(run: GateRun) -> None:
    fixtures = {fixture["id"]: fixture for fixture in json.loads(to_json(run))["fixtures"]}
    width = fixtures["cases/passes"]["widths"][0]
    assert set(width["ask_rows"]) == {"legacy", "bounded", "complete"}
    failing = next(fixture for name, fixture in fixtures.items() if name.startswith("cases/fails"))
    assert {violation["terminal"] for violation in failing["widths"][0]["violations"]} == set(
        TERMINALS
    )


def test_problems_carry_their_kind_and_failures_only_keeps_the_summary(run: GateRun) -> None:
    report = json.loads(to_json(run, failures_only=True))
    assert sorted(problem["kind"] for problem in report["problems"]) == [
        "family",
        "malformed",
        "no fixtures",
        "not found",
    ]
    assert [fixture["passed"] for fixture in report["fixtures"]] == [False, False]
    assert report["summary"] == {"fixtures": 3, "passed": 1, "failed": 2, "problems": 4}


def test_the_toolchain_is_one_key_with_the_installed_versions(run: GateRun) -> None:
    toolchain = json.loads(to_json(run))["toolchain"]
    assert toolchain == dict(gather_toolchain(TERMINALS).entries())
    for name in ("askbench", "wcwidth", "pyte", "jsonschema", "tree-sitter", "tree-sitter-bash"):
        assert toolchain[name] == version(name)
    assert "tmux" not in toolchain and "@xterm/headless" not in toolchain


def test_a_run_put_together_by_hand_names_no_toolchain() -> None:
    assert json.loads(to_json(GateRun([], [])))["toolchain"] is None
