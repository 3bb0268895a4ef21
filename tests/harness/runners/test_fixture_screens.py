"""A fixture's screens: the frames of the source handed in, read back and counted as the gate counts them."""

from __future__ import annotations

from dataclasses import replace

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_discovered
from askbench.harness.runners.fixture_screens import (
    fixture_screens,
    gallery_screens,
    styled_screens,
)
from askbench.harness.runners.gate import run_fixture
from askbench.harness.terms import RenderedFrame, View
from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Frame
from askbench.impl.payload import PromptPayload

WIDTHS = (80, 120)


def _fixture(name: str = "compound-cd-then-rm-build") -> Fixture:
    fixture = load_discovered(BUILTIN_CORPUS / "bash" / f"{name}.json")
    assert isinstance(fixture, Fixture)
    return fixture


def test_the_screens_are_bounded_then_complete_and_their_ask_rows_the_gates() -> None:
    fixture = _fixture()
    screens = list(fixture_screens(fixture, WIDTHS))
    assert [(s.view, s.width) for s in screens] == [
        ("bounded", 80),
        ("bounded", 120),
        ("complete", 80),
        ("complete", 120),
    ]
    judged = run_fixture(fixture, WIDTHS)
    by_width = {result.width: result for result in judged.widths}
    for screen in screens:
        gate = by_width[screen.width]
        counted = gate.bounded_rows if screen.view == "bounded" else gate.complete_rows
        assert screen.ask_rows == counted, screen
        assert len(screen.rows) == screen.frame_rows > screen.ask_rows


def test_the_screens_are_the_sources_frames_not_a_render_of_their_own() -> None:
    def short(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> RenderedFrame:
        frame = reference_source(payload, fixture, view, width, budget)
        assert isinstance(frame, Frame)
        return replace(frame, lines=frame.lines[:-1])

    fixture = _fixture()
    reference = list(fixture_screens(fixture, (80,)))
    mutant = list(fixture_screens(fixture, (80,), short))
    for drawn, cut in zip(reference, mutant, strict=True):
        assert list(cut.rows) == list(drawn.rows)[:-1]


def test_the_gallerys_screens_carry_the_chrome_colours_and_an_unbuildable_call_its_reason() -> None:
    shown = styled_screens(_fixture(), (80,))
    assert not shown.error and len(shown.screens) == 2
    plain = list(fixture_screens(_fixture(), (80,)))
    bold = [run.text for screen in shown.screens for row in screen.rows for run in row if run.bold]
    assert "Permission Required" in bold  # the title in the chrome's colours
    assert not any(run.bold for s in plain for row in s.reading.styled_rows() for run in row)
    for styled, drawn in zip(shown.screens, plain, strict=True):
        assert ["".join(run.text for run in row) for row in styled.rows] == list(drawn.rows)
    broken = Fixture(
        BUILTIN_CORPUS / "bash" / "x.json",
        "x",
        "bash",
        "x",
        "x",
        {"name": "bash", "input": {"command": 42}},
    )
    [unbuildable] = gallery_screens([broken], (80,))
    assert unbuildable.screens == () and "command" in unbuildable.error
