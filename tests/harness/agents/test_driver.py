"""The driver on the stand-in CLI in real tmux: every protocol, every way a CLI can behave, in parallel."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from agents_cases import fixture, needs_tmux

from askbench.harness.agents.driver import Run, Timing, drive
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.standin import CRASH_ERROR
from askbench.harness.agents.verdicts import judge
from askbench.harness.agents.wire import PROTOCOLS

pytestmark = needs_tmux
QUICK = Timing(start=15.0, quiet=0.6, step=6.0, key_quiet=0.4, patience=1.0)
CASES = {
    "bash": "bash/powershell-here-string-report-200-lines",
    "conceal": "adversarial/bash-sgr-conceal-hidden-exfil",
    "mcp": "mcp/github-create-issue-long-markdown-body",
}
JOBS = [
    *((protocol, "sound", "bash") for protocol in PROTOCOLS),
    ("chat", "sound", "mcp"),
    ("anthropic", "sound", "conceal"),
    ("responses", "leak", "conceal"),
    ("gemini", "leak", "bash"),
    ("chat", "cut", "bash"),
    ("chat", "cut", "mcp"),
    ("anthropic", "refuse", "bash"),
    ("responses", "silent", "bash"),
    ("gemini", "busy", "bash"),
    ("chat", "spill", "bash"),
]


@pytest.fixture(scope="module")
def runs() -> Iterator[dict[tuple[str, str, str], Run]]:
    def one(job: tuple[str, str, str]) -> Run:
        protocol, style, case = job
        return drive(standin(protocol, style), fixture(CASES[case]), 80, timing=QUICK)  # type: ignore[arg-type]

    with ThreadPoolExecutor(len(JOBS)) as pool:
        yield dict(zip(JOBS, pool.map(one, JOBS), strict=True))


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_each_protocol_reaches_the_prompt_expands_pages_and_declines(
    runs: dict[tuple[str, str, str], Run], protocol: str
) -> None:
    run = runs[(protocol, "sound", "bash")]
    assert run.outcome == "prompt" and run.call is not None and run.call.name == "bash"
    steps = [capture.step for capture in run.captures]
    assert steps[:2] == ["prompt", "expanded"] and steps[-1] == "declined" and "page 1" in steps
    assert any("Permission required" in row for row in run.captures[0].rows)
    assert any("denied by the user" in row for row in run.captures[-1].rows)
    assert len(run.results) == 1 and "denied by the user" in run.results[0]
    assert run.after_call and run.after_call[0] == run.requests[-1]
    offsets = [capture.offset for capture in run.captures]
    assert offsets == sorted(offsets) and offsets[-1] <= len(run.raw)
    assert len(run.captures[0].rows) == run.height == 40


def test_the_mcp_call_is_made_with_the_name_the_cli_offers(
    runs: dict[tuple[str, str, str], Run],
) -> None:
    run = runs[("chat", "sound", "mcp")]
    assert run.call is not None and run.call.name == "mcp__github__create_issue"
    assert run.call.arguments["owner"] == "northwind-labs"


def test_a_refusal_a_silence_and_a_busy_screen_are_told_apart(
    runs: dict[tuple[str, str, str], Run],
) -> None:
    assert runs[("anthropic", "refuse", "bash")].outcome == "refused"
    assert runs[("responses", "silent", "bash")].outcome == "no prompt"
    assert runs[("gemini", "busy", "bash")].outcome == "timeout"


def _verdict(
    runs: dict[tuple[str, str, str], Run], job: tuple[str, str, str]
) -> tuple[str, set[str]]:
    run = runs[job]
    verdict = judge(run, fixture(CASES[job[2]]), standin(job[0], job[1]))  # type: ignore[arg-type]
    return verdict.status, {failure.invariant for failure in verdict.failures}


def test_a_sound_prompt_passes_every_verdict(runs: dict[tuple[str, str, str], Run]) -> None:
    for job in [
        *((protocol, "sound", "bash") for protocol in PROTOCOLS),
        ("chat", "sound", "mcp"),
        ("anthropic", "sound", "conceal"),
    ]:
        assert _verdict(runs, job) == ("PASS", set()), job


def test_each_defect_fails_the_invariant_that_names_it(
    runs: dict[tuple[str, str, str], Run],
) -> None:
    assert _verdict(runs, ("responses", "leak", "conceal")) == ("FAIL", {"containment"})
    status, failed = _verdict(runs, ("gemini", "leak", "bash"))
    assert status == "FAIL" and {"rows", "core", "runs", "elision"} <= failed
    assert _verdict(runs, ("chat", "cut", "bash")) == ("FAIL", {"runs", "expect", "elision"})
    status, failed = _verdict(runs, ("chat", "cut", "mcp"))
    assert status == "FAIL" and {"core", "elision"} <= failed
    assert _verdict(runs, ("anthropic", "refuse", "bash"))[0] == "REFUSED"
    assert _verdict(runs, ("responses", "silent", "bash"))[0] == "NO PROMPT"
    assert _verdict(runs, ("gemini", "busy", "bash"))[0] == "TIMEOUT"
    assert _verdict(runs, ("chat", "spill", "bash")) == ("FAIL", {"fit"})


def test_a_cli_that_exits_before_asking_is_a_crash_with_its_status_and_stderr() -> None:
    run = drive(standin("chat", "crash"), fixture(CASES["bash"]), 80, timing=QUICK)
    assert run.outcome == "crashed" and run.exit_status == 3 and CRASH_ERROR in run.stderr
    verdict = judge(run, fixture(CASES["bash"]), standin("chat", "crash"))
    assert verdict.status == "CRASH"
    said = " ".join(verdict.notes)
    assert "exited with status 3 before it asked" in said and "no credentials found" in said


def test_a_verdict_keeps_the_call_the_screens_and_the_bytes_it_rests_on(
    runs: dict[tuple[str, str, str], Run],
) -> None:
    leaked = judge(
        runs[("responses", "leak", "conceal")],
        fixture(CASES["conceal"]),
        standin("responses", "leak"),
    )
    exhibit = leaked.exhibit
    assert exhibit is not None and exhibit.excerpt is not None
    assert exhibit.excerpt.what.startswith("the input's control")
    assert "\\x1b[8m" in exhibit.excerpt.text and "\x1b" not in exhibit.excerpt.text
    assert [step for step, _ in exhibit.screens][:2] == ["prompt", "expanded"]
    assert '"name": "bash"' in exhibit.call
    sound = judge(runs[("chat", "sound", "bash")], fixture(CASES["bash"]), standin("chat"))
    assert sound.exhibit is not None and sound.exhibit.excerpt is not None
    assert sound.exhibit.excerpt.what == "where the prompt drew the input's start"


def test_a_pre_prompt_is_allowed_kept_and_the_prompt_that_carries_the_call_judged() -> None:
    profile = standin("chat", "preprompt")
    case = fixture("bash/compound-cd-then-rm-build")
    run = drive(profile, case, 80, timing=QUICK)
    steps = [capture.step for capture in run.captures]
    assert steps[:2] == ["pre-prompt 1", "prompt"] and steps[-1] == "declined"
    assert any("Access external directory" in row for row in run.captures[0].rows)
    assert any("rm -rf build" in row for row in run.capture("prompt").rows)  # type: ignore[union-attr]
    assert run.notes == (
        "a pre-prompt came first (access to an external directory); the driver allowed it (Enter)",
    )
    verdict = judge(run, case, profile)
    assert verdict.status == "PASS" and verdict.notes[0] == run.notes[0]


def test_without_the_profile_s_pre_prompts_the_pre_prompt_is_judged_and_fails() -> None:
    import dataclasses

    profile = dataclasses.replace(standin("chat", "preprompt"), pre_prompts=())
    case = fixture("bash/compound-cd-then-rm-build")
    run = drive(profile, case, 80, timing=QUICK)
    assert run.captures[0].step == "prompt"
    verdict = judge(run, case, profile)
    assert verdict.status == "FAIL" and "core" in {
        failure.invariant for failure in verdict.failures
    }
