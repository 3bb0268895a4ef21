"""A CLI stuck on one screen without a prompt is driven no more, and its other cells say which screen."""

from __future__ import annotations

import time

from agents_cases import fixture, needs_tmux

from askbench.harness.agents.command import run_agent_matrix
from askbench.harness.agents.driver import Timing
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.stuck import StuckWatch
from askbench.harness.agents.verdicts import Verdict

LOGIN = ("Please log in", "  visit https://example.invalid/login (12 s left)", "")


def _cell(status: str, screen: tuple[str, ...] = LOGIN, fixture: str = "f") -> Verdict:
    return Verdict("cli", fixture, 80, status, screen=screen)  # type: ignore[arg-type]


def test_three_cells_in_a_row_on_one_screen_without_a_prompt_are_stuck() -> None:
    watch = StuckWatch()
    watch.seen(_cell("TIMEOUT"))
    watch.seen(
        _cell(
            "NO PROMPT", ("Please log in", "  visit https://example.invalid/login (3 s left)", "")
        )
    )
    assert watch.stuck("cli") is None
    watch.seen(_cell("TIMEOUT"))
    stuck = watch.stuck("cli")
    assert stuck is not None and stuck.cells == 3
    verdict = stuck.verdict("cli", "g", 120)
    assert verdict.status == "STUCK" and verdict.screen == LOGIN
    assert verdict.notes == (
        "not driven: the CLI showed the same screen without a prompt in 3 cells in a row: "
        "Please log in / visit https://example.invalid/login (12 s left)",
    )
    assert watch.stuck("other") is None


def test_a_prompt_or_another_screen_between_them_starts_the_count_again() -> None:
    watch = StuckWatch()
    for status, screen in [
        ("TIMEOUT", LOGIN),
        ("TIMEOUT", LOGIN),
        ("PASS", LOGIN),
        ("TIMEOUT", LOGIN),
        ("TIMEOUT", ("Another screen",)),
        ("TIMEOUT", LOGIN),
    ]:
        watch.seen(_cell(status, screen))
    assert watch.stuck("cli") is None


@needs_tmux
def test_a_login_screen_stops_the_cli_s_cells_without_their_timeouts() -> None:
    names = [
        "bash/compound-cd-then-rm-build",
        "bash/git-commit-multiline-message",
        "bash/minified-json-kubectl-patch",
        "bash/command-substitution-gh-auth-token",
        "bash/long-pipeline-nginx-5xx-top-routes",
    ]
    timing = Timing(start=3.0, quiet=0.5, step=3.0, key_quiet=0.4, patience=1.0)
    began = time.monotonic()
    verdicts = run_agent_matrix(
        [standin("chat", "login")], [fixture(name) for name in names], [80], None, 1, timing
    )
    took = time.monotonic() - began
    assert [verdict.status for verdict in verdicts] == ["TIMEOUT"] * 3 + ["STUCK"] * 2
    assert "Select login method:" in verdicts[-1].notes[0]
    assert took < 3 * 3.0 + 8.0
