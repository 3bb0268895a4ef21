"""Every scenario in ``corpus/scenarios`` passes, and the runner catches what it claims to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from askbench.harness.corpus import BUILTIN_CORPUS, load_corpus
from askbench.harness.scenarios import ScenarioError, discover_scenarios, load_scenario, run_scenario

SCENARIOS = discover_scenarios()
REQUIRED = {
    "expand-toggle-twice-then-yy-approves",
    "forwarded-scope-step-toggle-then-enter",
    "printable-expand-key-is-text-in-reason-step",
    "pager-scrolls-within-the-terminal",
    "pager-esc-returns-to-compact-prompt",
    "resize-re-renders-within-budget",
    # issue 14: only deliberate input decides
    "typeahead-enter-within-the-guard-is-ignored",
    "paste-yy-burst-never-approves",
    "bracketed-paste-yy-never-approves",
    "pasted-shell-line-never-approves",
    "typed-shell-line-never-approves",
    "unterminated-paste-ends-when-input-goes-quiet",
    "enter-on-the-opening-highlight-arms-first",
    # issue 14: the request outranks the chrome
    "small-80x8-keeps-the-core-and-compact-options",
    "small-80x10-shows-more-than-an-ellipsis",
    "small-40x12-mcp-shows-the-target",
    "small-20x12-shows-tool-and-command",
    "too-small-offers-only-denial-until-resized",
    "resize-down-keeps-the-core-in-the-pager",
}


def test_required_scenarios_exist() -> None:
    assert REQUIRED <= {path.stem for path in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_scenario_passes(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.passed, "\n".join(result.failures)


def _write(tmp_path: Path, **data: object) -> Path:
    base = {
        "description": "test",
        "fixture": "bash/powershell-here-string-report-200-lines.json",
        "steps": [],
        "decision": None,
    }
    path = tmp_path / "case.json"
    path.write_text(json.dumps({**base, **data}), encoding="utf-8")
    return path


def test_a_decision_before_the_script_ends_fails(tmp_path: Path) -> None:
    path = _write(tmp_path, doublePress=False, steps=[{"keys": ["y", "<ctrl+o>"]}], decision="approved")
    result = run_scenario(load_scenario(path))
    assert any("before the script ended" in failure for failure in result.failures)


def test_screen_and_decision_mismatches_fail(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        steps=[{"keys": ["<ctrl+o>"], "screen_contains": ["not on screen"], "screen_excludes": ["Permission Required"], "max_rows": 10}],
        decision="approved",
        hostExpand=[False],
    )
    failures = run_scenario(load_scenario(path)).failures
    assert any("lacks 'not on screen'" in failure for failure in failures)
    assert any("shows 'Permission Required'" in failure for failure in failures)
    assert any("over 10" in failure for failure in failures)
    assert any(failure.startswith("decision:") for failure in failures)
    assert any(failure.startswith("host expand") for failure in failures)


def test_a_pending_scenario_can_end_undecided(tmp_path: Path) -> None:
    path = _write(tmp_path, steps=[{"keys": ["<ctrl+o>", "<ctrl+o>"], "expanded": False}])
    assert run_scenario(load_scenario(path)).passed


def test_an_approval_option_without_the_core_fails_every_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A short terminal drawn as chrome only — the title, the options and the hint, no request — fails every scenario."""
    from askbench.impl.prompt import PermissionPrompt

    def chrome_only(self: PermissionPrompt, width: int, height: int) -> list[str]:
        self.request_visible = True
        return ["Permission Required", "", "▶ (y) Yes", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"]

    monkeypatch.setattr(PermissionPrompt, "render", chrome_only)
    failures = run_scenario(load_scenario(_write(tmp_path, steps=[{"keys": ["n"]}]))).failures
    assert any("without the core facts ['tool', 'command', 'shape', 'runs']" in failure for failure in failures)


def test_keys_are_reads_and_time_passes(tmp_path: Path) -> None:
    """``yy`` in one entry is a paste; the same keys as two entries, after the guard, are two presses."""
    pasted = _write(tmp_path, doublePress=False, steps=[{"keys": ["nn"]}])
    assert run_scenario(load_scenario(pasted)).decision is None
    typed = _write(tmp_path, doublePress=False, steps=[{"keys": ["n"]}], decision="denied")
    assert run_scenario(load_scenario(typed)).passed
    early = _write(tmp_path, doublePress=False, steps=[{"wait": 0.2, "keys": ["n"]}])
    assert run_scenario(load_scenario(early)).decision is None


def test_malformed_scenarios_name_the_field(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="steps\\[0\\].keys"):
        load_scenario(_write(tmp_path, steps=[{"keys": "y"}]))
    with pytest.raises(ScenarioError, match="unknown fields"):
        load_scenario(_write(tmp_path, steps=[{"press": ["y"]}]))
    with pytest.raises(ScenarioError, match="steps\\[0\\].wait"):
        load_scenario(_write(tmp_path, steps=[{"wait": -1}]))
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(ScenarioError, match="bad.json"):
        load_scenario(tmp_path / "bad.json")


def test_scenarios_are_not_reported_as_fixtures() -> None:
    fixtures, problems = load_corpus([BUILTIN_CORPUS])
    assert not [problem for problem in problems if "scenarios" in problem.path.parts]
    assert not [fixture for fixture in fixtures if "scenarios" in fixture.path.parts]
