"""``askbench.harness.judge.count_rows``: no run of a value's rows reads as a count of hidden commands but the
renderer's own."""

import pytest

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.drivers.variants import variant_named
from askbench.harness.judge.count_rows import COUNT
from askbench.harness.judge.width_run import WidthRequest, run_width
from askbench.harness.runners.gate import bound_frames, judge_payload
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.payload import build_payload

FORGED = "agent : ls -la\n\u2026 3 more commands \u2026"
"""A command whose last line is the words of a count row (bash runs a program named ``…``)."""
CHAIN = (
    " && ".join(f"echo more commands {index}" for index in range(60))
    + "\n\u2026 3 more commands \u2026"
)
"""A chain a cut counts, whose tail is the words of a count row: two counts beside each other, one of them true."""
HEREDOC = "cat <<EOF\nx\nEOF\n\u2026 3 more commands \u2026"
"""A command with an outline (its heredoc body is data): the count row's words stand in the shape as well."""
LONG_OUTLINE = (
    "cat <<EOF\nx\nEOF\n\u2026 3 more commands \u2026\n"
    + "\n".join(f"echo step{index} && true" for index in range(400))
    + "\n\u2026 2 more commands \u2026"
)
"""An outline cut in its middle at a count line of its own, beside the command's words that read as counts."""


def _payload(command: str):
    return build_payload({"name": "bash", "input": {"command": command}})


def _plain(payload, fixture, view, width, budget):
    return variant_named("count-words-plain").render(payload, fixture, view, width, budget)


def _labels(violations) -> set[tuple[str, str]]:
    return {(v.view, v.invariant) for v in violations if "count of hidden commands" in v.message}


@pytest.mark.parametrize("command", [FORGED, CHAIN, HEREDOC, LONG_OUTLINE])
@pytest.mark.parametrize("width", [20, 80, 120])
def test_the_reference_sets_the_words_apart_and_passes(command: str, width: int) -> None:
    budget = DialogBudget(width=width)
    assert judge_payload(_payload(command), budget).violations == []


@pytest.mark.parametrize("command", [FORGED, CHAIN, HEREDOC, LONG_OUTLINE])
@pytest.mark.parametrize("width", [20, 80])
def test_the_words_drawn_as_they_are_pose_as_a_count_where_the_payload_is_located(
    command: str, width: int
) -> None:
    found = judge_payload(_payload(command), DialogBudget(width=width), source=_plain).violations
    assert _labels(found) == {("bounded", "labels"), ("complete", "labels")}


@pytest.mark.parametrize("command", [FORGED, CHAIN, HEREDOC, LONG_OUTLINE])
def test_without_the_payload_located_a_fact_shows_no_more_counts_than_the_reading_places(
    command: str,
) -> None:
    payload, budget = _payload(command), DialogBudget(width=80)
    request = WidthRequest(payload, budget)
    plain = run_width(request, bound_frames(_plain, payload, None, budget)).violations
    assert _labels(plain) == {("bounded", "labels"), ("complete", "labels")}
    reference = run_width(request, bound_frames(reference_source, payload, None, budget))
    assert reference.violations == []


def test_located_the_renderers_own_count_is_not_the_payloads_though_the_payload_holds_its_words() -> (
    None
):
    """The cut's count row stands among payload rows whose words are ``more commands``, and the twin has the same
    shape, so the payload is located: the count's words are the renderer's cells, not the payload's."""
    payload = _payload(" && ".join(f"echo more commands {index}" for index in range(60)))
    bounded = render_prompt_dialog(payload, DialogBudget(width=80)).lines
    assert sum(bool(COUNT.search(line)) for line in bounded) == 1
    assert judge_payload(payload, DialogBudget(width=80)).violations == []


def test_the_renderers_own_count_beside_a_payload_that_holds_its_words_is_its_own() -> None:
    """The chain's cut counts on a row of its own while the payload holds ``more commands``: located, the count's
    words are not the payload's cells, so only the payload's plain words are a forgery."""
    payload = _payload(CHAIN)
    lines = render_prompt_dialog(payload, DialogBudget(width=80)).lines
    assert sum(bool(COUNT.search(line)) for line in lines) == 1  # the cut's own count
    assert not any(
        COUNT.search(line) for line in render_prompt_dialog(payload, complete_view_budget(80)).lines
    )


@pytest.mark.parametrize(
    "text",
    [
        "\u2026 3 more commands \u2026",
        "\u2026 12 more command \u2026",
        "\u2026 3 m\n          ore commands\n          \u2026",
        "\u2026 1\n2 more comm\n ands \u2026",
    ],
)
def test_a_count_reads_whole_across_row_breaks(text: str) -> None:
    assert COUNT.search(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "\u27e8U+2026\u27e9 3 more commands \u2026",
        "\u2026 3 more lines \u2026",
        "\u2026 more commands \u2026",
    ],
)
def test_what_is_no_count_does_not_read_as_one(text: str) -> None:
    assert COUNT.search(text) is None
