"""The stand-in's styles in real tmux, each a way a real CLI draws, judged: a sound drawing passes, a defect fails
the invariant that names it, with the reason that says it.

Each style is one behaviour seen in a real CLI (Gemini CLI's erase-lines
redraw, OpenCode's cell-by-cell drawing, Codex dropping control bytes, a
diff gutter, Claude Code's "value cannot be shown in full"); the judge must
tell the CLI's own bytes and words from the input's.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from agents_cases import constructed, fixture, needs_tmux

from askbench.harness.agents.driver import Timing, drive
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.verdicts import Verdict, judge

pytestmark = needs_tmux
QUICK = Timing(start=15.0, quiet=0.6, step=6.0, key_quiet=0.4, patience=1.0)
CASES = {
    "cursor-up": "adversarial/bash-csi-cursor-up-erase-line-fake-ls",
    "conceal": "adversarial/bash-sgr-conceal-hidden-exfil",
    "lines": "bash/powershell-here-string-report-200-lines",
    "workflow": "bash/heredoc-github-actions-workflow",
    "mcp": "mcp/github-create-issue-long-markdown-body",
}
JOBS = [
    ("sound", "cursor-up"),
    ("redraw", "cursor-up"),
    ("leak", "cursor-up"),
    ("strip", "cursor-up"),
    ("lone", "conceal"),
    ("gutter", "lines"),
    ("withheld", "workflow"),
    ("cut", "dots"),
    ("sound", "mcp"),
    ("unnamed", "mcp"),
    ("longest", "mcp"),
]


DOTS = "\n".join(
    [*(f"echo 'loading more rows ... step {step}'" for step in range(8)), "rm -rf ./build"]
)
"""A command whose first rows hold words a marker uses (``more``, ``...``): the input's own, not a marker."""


@pytest.fixture(scope="module")
def verdicts(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[tuple[str, str], Verdict]]:
    cases = {name: fixture(path) for name, path in CASES.items()}
    cases["dots"] = constructed(
        tmp_path_factory.mktemp("dots"), {"name": "bash", "input": {"command": DOTS}}
    )

    def one(job: tuple[str, str]) -> Verdict:
        style, case = job
        profile = standin("chat", style)
        return judge(drive(profile, cases[case], 80, timing=QUICK), cases[case], profile)

    with ThreadPoolExecutor(4) as pool:
        yield dict(zip(JOBS, pool.map(one, JOBS), strict=True))


def _reasons(verdict: Verdict) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for failure in verdict.failures:
        found.setdefault(failure.invariant, []).append(failure.message)
    return found


@pytest.mark.parametrize(
    "job",
    [
        ("sound", "cursor-up"),
        ("redraw", "cursor-up"),
        ("gutter", "lines"),
        ("withheld", "workflow"),
        ("sound", "mcp"),
    ],
)
def test_a_sound_drawing_passes_whatever_the_cli_s_own_bytes_and_words(
    verdicts: dict[tuple[str, str], Verdict], job: tuple[str, str]
) -> None:
    """The redraw's ESC[1A ESC[2K are the CLI's, a gutter's numbers are not the input's, and Claude Code's
    words say the value is cut."""
    verdict = verdicts[job]
    assert (verdict.status, verdict.failures) == ("PASS", ()), job


def test_the_input_s_controls_written_fail_containment_quoted_with_their_context(
    verdicts: dict[tuple[str, str], Verdict],
) -> None:
    (said,) = _reasons(verdicts[("leak", "cursor-up")])["containment"]
    assert "'\\x1b[1A' in 'xample/i.sh | sh\\x1b[1A\\x1b[2K" in said and "'\\x1b[2K' in" in said


def test_an_escape_written_alone_is_named_a_lone_escape(
    verdicts: dict[tuple[str, str], Verdict],
) -> None:
    (said,) = _reasons(verdicts[("lone", "conceal")])["containment"]
    assert said.startswith("the input's controls reached the terminal: a lone ESC (of '\\x1b[8m'")
    assert "'\\x1b[8m' in" not in said and "\\x1b\\x1b[" in said


def test_controls_dropped_back_to_back_with_nothing_in_their_place_fail_core(
    verdicts: dict[tuple[str, str], Verdict],
) -> None:
    reasons = _reasons(verdicts[("strip", "cursor-up")])
    assert "containment" not in reasons
    assert any("left out with no mark in their place: '\\x1b'" in said for said in reasons["core"])


def test_the_input_s_own_words_are_no_marker(verdicts: dict[tuple[str, str], Verdict]) -> None:
    assert "part of the input is not on the prompt and nothing says so" in _reasons(
        verdicts[("cut", "dots")]
    ).get("elision", [])


def test_mcp_arguments_are_read_by_name_and_value(
    verdicts: dict[tuple[str, str], Verdict],
) -> None:
    """A name inside another word (``owners``) is no name; a name shown without its value fails as well."""
    unnamed = _reasons(verdicts[("unnamed", "mcp")])["core"]
    assert "'owner' is not on the prompt as a name" in unnamed
    assert "'repo' is not on the prompt as a name" in unnamed
    longest = _reasons(verdicts[("longest", "mcp")])["core"]
    assert any(said.startswith("'owner' is on the prompt without its value") for said in longest)
    assert not any(said.startswith("'body'") for said in longest)
