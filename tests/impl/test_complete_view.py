"""askbench.impl.complete_view: the complete view row for row, produced only as far as it is read."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.harness.drivers.paint import warning_paint
from askbench.harness.fixtures.loading import Fixture, load_corpus
from askbench.impl import complete_view
from askbench.impl.complete_view import CompleteView
from askbench.impl.dialog import Paint, complete_view_budget, render_prompt_dialog
from askbench.impl.payload import PayloadError, PromptPayload, build_payload

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

# Pieces that stress every rule the layout has: controls and their notation, the notation's own
# characters typed literally, combining marks with and without a base and stacked past the cap,
# joiners, emoji sequences, flags, Hangul jamo, bidi controls, prepend and spacing marks, tabs,
# CR LF, wide characters, long ASCII runs, and the words of a count row (``… 3 more commands …``).
HOSTILE = st.sampled_from(
    [
        "a",
        "b",
        " ",
        "-",
        "/",
        "\n",
        "\t",
        "\r",
        "\r\n",
        "\x1b",
        "\x1b[2J",
        "\x07",
        "\x9b",
        "\x7f",
        "\u0301",
        "\u0301" * 20,
        "e" + "\u0301" * 40,
        "\u200d",
        "\u200d\U0001f468" * 6,
        "\ufe0f",
        "\ufe00",
        "\U0001f468",
        "\U0001f3fb",
        "\U0001f1fa",
        "\U0001f1f8" * 3,
        "\U0001f3f4\U000e0067\U000e0062\U000e007f",
        "\U000e0041",
        "\u27e8",
        "\u27e9",
        "\u2026",
        "\u2026 3 more commands \u2026",
        " 12 more",
        " commands ",
        "\u00a0",
        "\u2400",
        "\u202e",
        "\u2066",
        "\u200b",
        "\u00ad",
        "\u3164",
        "漢",
        "漢字" * 10,
        "\u1100",
        "\u1161",
        "\u11a8",
        "\u0e33",
        "\u0e33" * 5,
        "\u0600",
        "\u094d",
        "\u0915",
        "x" * 40,
        "\U0010ffff",
        "\ud800",
        "\u0915\u094d\u0937",
        "\u09a4\u09cd\u09b0",
        "д" + "\u0301" * 18,
    ]
)
hostile_text = st.lists(HOSTILE, max_size=40).map("".join)


def _payload(command: str, other: str, shape: int) -> PromptPayload | None:
    try:
        if shape == 0:
            return build_payload(
                {"name": "bash", "input": {"command": command}},
                {"forwarded": {"agent": other or "scout"}},
            )
        if shape == 1:
            return build_payload(
                {
                    "name": "mcp",
                    "input": {
                        "tool": "github:create_issue",
                        "arguments": {"title": other, "body": command},
                    },
                }
            )
        evidence = [{"label": other[:30] or "note", "text": command + other, "detail": other}]
        return build_payload(
            {"name": "bash", "input": {"command": command}}, {"agent": other, "evidence": evidence}
        )
    except PayloadError:
        return None


def _all_rows(view: CompleteView) -> tuple[str, ...]:
    return tuple(view)


@given(
    hostile_text,
    hostile_text,
    st.integers(0, 2),
    st.sampled_from([20, 21, 33, 80, 120]),
    st.sampled_from([None, warning_paint]),
    st.sampled_from([1, 2, 3, 7, 64]),
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 30)), max_size=4),
)
def test_rows_are_the_dialogs_complete_view_whatever_is_read_first(
    command: str,
    other: str,
    shape: int,
    width: int,
    paint: Paint | None,
    chunk: int,
    windows: list[tuple[int, int]],
) -> None:
    """Tiny chunks put a cut everywhere a cut can go; windows read in any order must agree with the whole."""
    payload = _payload(command, other, shape)
    if payload is None:
        return
    expected = render_prompt_dialog(payload, complete_view_budget(width), paint).lines
    view = CompleteView(payload, width, paint, chunk=chunk)
    for start, count in windows:
        assert tuple(view.rows(start, start + count)) == expected[start : start + count]
    assert _all_rows(view) == expected
    assert view.total == len(expected)


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 64])
def test_a_count_rows_words_are_set_apart_as_the_whole_would_be_wherever_a_piece_ends(
    chunk: int,
) -> None:
    """A ``…`` is set apart by what follows it: a piece that ended before that is known would show it plain."""
    command = (
        "echo a\n\u2026 12  more\n commands \u2026 \u2026 3 more commands\n"
        + " " * 200
        + "x \u2026"
    )
    payload = build_payload({"name": "bash", "input": {"command": command}})
    expected = render_prompt_dialog(payload, complete_view_budget(40)).lines
    assert sum(row.count("\u27e8U+2026\u27e9") for row in expected) == 2
    assert _all_rows(CompleteView(payload, 40, chunk=chunk)) == expected


def _corpus_payloads() -> Iterator[tuple[str, PromptPayload]]:
    fixtures, _ = load_corpus([CORPUS])
    for fixture in fixtures:
        assert isinstance(fixture, Fixture)
        try:
            yield fixture.name, build_payload(fixture.call, fixture.ask)
        except PayloadError:
            continue


@pytest.mark.parametrize("width", [20, 80, 160])
def test_every_corpus_fixture_agrees_with_the_dialog(width: int) -> None:
    for name, payload in _corpus_payloads():
        expected = render_prompt_dialog(payload, complete_view_budget(width), warning_paint).lines
        assert _all_rows(CompleteView(payload, width, warning_paint, chunk=16)) == expected, name


def test_core_heads_are_the_first_rows_of_each_core_fact() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "echo a\necho b"}}, {"agent": "coder"}
    )
    view = CompleteView(payload, 80)
    assert view.core_heads() == [
        (0, ("agent   : coder",)),
        (1, ("tool    : bash",)),
        (2, ("command : echo a",)),
    ]
    narrow = CompleteView(payload, 20)
    assert narrow.head_size == 2
    assert narrow.core_heads()[2] == (4, ("command :", "    echo a"))


# ── cost: proportional to the rows read ──────────────────────────────────


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every raw character the view hands to the neutraliser."""
    seen: list[int] = []
    original: Callable[[str, Collection[int]], str] = complete_view.neutralise

    def counted(text: str, own: Collection[int] = ()) -> str:
        seen.append(len(text))
        return original(text, own)

    monkeypatch.setattr(complete_view, "neutralise", counted)
    complete_view._neutralised.cache_clear()
    return seen


SHAPES = {
    "short lines": "- src/auth/session.ts: token refresh races with logout\n",
    "one long line": '{"panel":1},',
    "notation": "\u27e8",
    "bidi": "\u202e",
    "marks on letters": "a" + "\u0301" * 20,
    "one cluster of marks": "\u0301",
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_screenful_reads_a_screenful_of_text_at_any_size(
    shape: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """40 rows of 120 cells need at most a few screenfuls of raw text, whether the request is 10 KB or 1 MB:
    a hundred times the text, read in no more than four times the characters (a view that read in proportion
    to the text would read a hundred times as much)."""
    seen = _counting(monkeypatch)
    read = {}
    for size in (10_000, 1_000_000):
        text = (SHAPES[shape] * (size // len(SHAPES[shape]) + 1))[:size]
        payload = build_payload({"name": "bash", "input": {"command": text}})
        seen.clear()
        view = CompleteView(payload, 120, warning_paint)
        first = view.rows(0, 40)
        second = view.rows(39, 78)
        assert len(first) == 40 and len(second) == 39
        read[size] = sum(seen)
        assert view.total is None or size == 10_000
    assert read[1_000_000] <= 4 * max(read[10_000], 40 * 120)


def test_collapsing_and_reopening_lays_nothing_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "- src/auth/session.ts: token refresh races with logout\n" * 20_000
    view = CompleteView(build_payload({"name": "bash", "input": {"command": text}}), 120)
    seen = _counting(monkeypatch)
    view.rows(0, 40)
    before = sum(seen)
    assert view.rows(0, 40) == view.rows(0, 40)
    assert sum(seen) == before


def test_the_position_before_the_total_is_known_is_a_share_of_the_text() -> None:
    text = "line of text\n" * 100_000
    view = CompleteView(build_payload({"name": "bash", "input": {"command": text}}), 120)
    view.rows(0, 40)
    assert view.total is None
    assert 0 < view.fraction(39) < 0.01
    list(view)
    assert view.fraction(view.laid_out - 1) == 1.0


def test_reading_ahead_stops_at_the_rows_or_the_characters_whichever_comes_first() -> None:
    """Either budget ends it, overshooting by at most one step of its own (a first guess of a chunk, or 32 rows)."""
    short_lines = CompleteView(
        build_payload({"name": "bash", "input": {"command": "x\n" * 10_000}}), 120
    )
    short_lines.read_ahead(100, 1_000_000)
    assert 100 <= short_lines.laid_out <= 300 and short_lines.total is None
    one_line = CompleteView(
        build_payload({"name": "bash", "input": {"command": "x" * 1_000_000}}), 120
    )
    one_line.read_ahead(1_000, 5_000)
    assert 5_000 <= one_line.laid_out * 117 <= 5_000 + 2 * 32 * 117
    small = CompleteView(build_payload({"name": "bash", "input": {"command": "ls -la"}}), 120)
    small.read_ahead(256, 16_384)
    assert small.total == 2
