"""Real terminals against the models: the frame as written, the screen as read back, and every disagreement that moves a row.

The differential tests read the reference's frames of the whole corpus and
hypothesis's text on each real terminal and on each model (``grapheme``,
``codepoint``, ``ambiguous-wide``). The reference lays out for the widest of
all, so on every one of them each frame line stays one row and the rows read
alike; a grapheme a real terminal draws wider than the reference counts is a
disagreement that would move a row, and is listed. They skip, saying what to
install, where a real terminal is absent.
"""

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from real_terminals import REAL, real_terminal
from wcwidth import iter_graphemes

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, load_corpus
from askbench.harness.runners.gate import fixture_payload
from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.models import MODELS
from askbench.harness.terminals.real_screen import frame_data, frame_height, screen_rows
from askbench.harness.terminals.truth import TRANSCRIPT
from askbench.harness.terminals.unprintables import printed_text
from askbench.impl.cells import grapheme_cells, wrap_line
from askbench.impl.neutralise import neutralise

WIDTH = 80


def test_a_frame_is_written_below_the_transcript_after_a_full_reset() -> None:
    assert frame_data(["a", "b"]) == "\x1bc" + "\r\n".join([*TRANSCRIPT, "a", "b"])


def test_the_screen_is_tall_enough_that_nothing_scrolls() -> None:
    assert frame_height(["x" * 200, "", "界" * 50], 40) >= len(TRANSCRIPT) + 6 + 1 + 3


def test_rows_read_back_keep_the_style_carried_from_row_to_row() -> None:
    first, second = screen_rows(["\x1b[33mflag", "still\x1b[0m plain"])
    assert first.text == "flag" and {style.fg for style in first.styles} == {"brown"}
    assert [style.fg for style in second.styles] == ["brown"] * 5 + ["default"] * 6


@cache
def _corpus_frames() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    fixtures, _ = load_corpus([BUILTIN_CORPUS])
    frames = []
    for fixture in fixtures:
        payload = fixture_payload(fixture)
        if isinstance(payload, str):
            continue
        for view in ("bounded", "complete"):
            frame = reference_source(payload, fixture, view, WIDTH, fixture.budget(WIDTH))
            frames.append((fixture.name, view, tuple(frame.lines)))
    return tuple(frames)


def _graphemes(frames: tuple[tuple[str, str, tuple[str, ...]], ...]) -> list[str]:
    seen = {
        grapheme
        for _, _, lines in frames
        for line in lines
        for grapheme in iter_graphemes(printed_text(line))
        if not grapheme.isascii()
    }
    return sorted(seen)


@pytest.mark.parametrize("name", REAL)
def test_every_corpus_frame_reads_alike_on_the_real_terminal_and_every_model(name: str) -> None:
    terminal = real_terminal(name)
    moved = []
    for fixture, view, lines in _corpus_frames():
        real = read_frame(lines, WIDTH, terminal).rows
        for model in MODELS.values():
            rows = read_frame(lines, WIDTH, model).rows
            if rows != real:
                first = next(
                    (index for index, (a, b) in enumerate(zip(rows, real, strict=False)) if a != b),
                    min(len(rows), len(real)),
                )
                moved.append(
                    f"{fixture} {view} @{WIDTH}: {model.name} {len(rows)} rows, {name} {len(real)}; "
                    f"row {first}: {rows[first:first + 1]} vs {real[first:first + 1]}"
                )
    assert moved == [], "\n".join(moved[:20])


@pytest.mark.parametrize("name", REAL)
def test_no_grapheme_of_the_corpus_is_wider_on_a_real_terminal_than_the_reference_counts(
    name: str,
) -> None:
    terminal = real_terminal(name)
    wider = []
    for grapheme in _graphemes(_corpus_frames()):
        real = sum(cells for _, cells in terminal.measure(grapheme))
        models = {
            model.name: sum(cells for _, cells in model.measure(grapheme))
            for model in MODELS.values()
        }
        if real > grapheme_cells(grapheme):
            wider.append(
                f"{grapheme!r}: {name} {real}, reference {grapheme_cells(grapheme)}, models {models}"
            )
    assert wider == [], "\n".join(wider[:20])


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60) | st.text(
    st.sampled_from(
        "a e\u0301\u0898\u1abe界👍🏽\u200d👨👩👧👦🏳️\ufe0f🌈🇯🇵\U0001f93b\u2764\u0378\ue000\ufdd0…▶·→①\u302e"
    ),
    max_size=60,
)


@pytest.mark.parametrize("name", REAL)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=_TEXT)
def test_generated_text_laid_out_by_the_reference_holds_its_rows_on_every_terminal(
    name: str, text: str
) -> None:
    terminal = real_terminal(name)
    width = 24
    lines = [
        row
        for line in neutralise(text).split("\n")
        for row in wrap_line(line.replace("\t", " "), width)
    ]
    real = read_frame(lines, width, terminal)
    assert real.rows == [line.rstrip(" ") for line in lines], f"{name} moved a row of {text!r}"
    for model in MODELS.values():
        assert (
            read_frame(lines, width, model).rows == real.rows
        ), f"{model.name} and {name} disagree on {text!r}"
