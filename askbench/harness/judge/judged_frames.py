"""A frame read on the terminal models: models that show it alike grouped, each group's screen read once.

A frame is held only while its readings are made, and the readings are made
one at a time, as they are judged: a frame as large as its payload is held as
one screen, never as one per model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from ..terminals.frame_reading import FrameReading, read_frame
from ..terminals.models import TerminalModel, cells_on
from ..terminals.rows import ScreenRow, ScreenRows
from ..terminals.sgr import Style
from ..terminals.unprintables import printed_text
from ..terms import RenderedFrame
from .ask_reading import AskReading
from .box import unbox, unbox_under_header
from .chrome import Chrome, find_options
from .located_rows import common_margin, without_margin
from .misfit import Misfit, find_misfit
from .payload_sgr import PayloadSgr, payload_escape
from .perturbation import LocatedPayload

__all__ = ["HeldFrame", "Judged", "RowStyles", "judged_on", "read_on"]


def _nowhere() -> LocatedPayload | None:
    return None


@dataclass
class Judged:
    """A frame as read on a group of terminal models that show it identically."""

    models: list[TerminalModel]
    reading: FrameReading
    chrome: Chrome
    ask: AskReading | None = None
    boxed_by: int = 0
    """The columns a box drawn around the prompt, or a margin every row has, takes from each row."""
    drawn: ScreenRows | None = None
    """The rows as the terminal shows them, a box and a margin kept: what a person is shown of the reading
    (``reading`` holds them with the box taken off, as the checks read them)."""
    misfit: Misfit | None = None
    """The first line wider than the terminal, when the frame takes more rows than it has lines
    (``read_on`` finds it while the lines are held)."""
    locate: Callable[[], LocatedPayload | None] = _nowhere
    """Where the payload's text stands on these rows, found (once) by asking the renderer again
    (``perturbation``) only when a check needs it; ``None`` when it cannot be found."""

    @property
    def rows(self) -> ScreenRows:
        return self.reading.screen_rows

    def chrome_text(self) -> str:
        """Every non-blank row that is neither title, ask nor option: the hint, wherever it stands."""
        assert self.ask is not None
        texts = self.reading.rows
        rows = [*texts[self.ask.end : self.chrome.options_start], *texts[self.chrome.options_end :]]
        return " ".join(row.strip() for row in rows if row.strip())


@dataclass
class HeldFrame:
    """A frame while its readings are made, and what the checks need of its lines once they are let go.

    A complete or legacy frame is as large as its payload, and its lines
    are needed only to be read: the checks that would look at them again
    (how many there are, whether a payload's escape reached the terminal)
    are worked out before, once for every terminal model, and the lines are
    let go as soon as the last reading is made.
    """

    lines: Sequence[str]
    elided: bool
    count: int
    escape: str | None
    """An SGR sequence of the tool input that reached the terminal (``payload_escape``), or ``None``."""

    @classmethod
    def of(cls, frame: RenderedFrame, sequences: Sequence[PayloadSgr] = ()) -> HeldFrame:
        lines = frame.lines
        return cls(lines, bool(frame.elided), len(lines), payload_escape(lines, sequences))


def read_on(held: HeldFrame, width: int, models: Sequence[TerminalModel]) -> Iterator[Judged]:
    """One reading per model, models that show the frame alike grouped so each screen is judged once.

    Models lay a line out alike where it fits each of their rows (the rows
    hold exactly its printed characters whatever the model measures; their
    cells differ, and ``check_cap`` measures those per model) and where it
    prints only ASCII, which every model measures alike, wrapped or not;
    models that lay every line out alike share one reading. A model
    that wraps a line its own way gets a reading of its own, and so does a
    real terminal: its screen is its own. The readings are made one at a time, as
    they are judged: a frame as large as its payload is held as one screen,
    never as one per model; and its lines are let go once the last is made.
    """
    fitting = _laid_out_alike(
        held.lines, width, [model for model in models if model.screen is None]
    )
    groups: list[list[TerminalModel]] = []
    shared: list[TerminalModel] | None = None
    for model in models:
        if model.name in fitting:
            if shared is not None:
                shared.append(model)
                continue
            shared = [model]
            groups.append(shared)
        else:
            groups.append([model])
    for number, group in enumerate(groups, 1):
        judged = judged_on(held.lines, width, group[0])
        if judged.reading.frame_rows != held.count:
            judged.misfit = find_misfit(held.lines, width, group[0])
        if number == len(groups):
            held.lines = ()
        judged.models = group
        yield judged
        del judged


def _laid_out_alike(lines: Sequence[str], width: int, models: Sequence[TerminalModel]) -> set[str]:
    """The names of the models (of ``models``) that lay every line out alike, found in one pass over the lines.

    Every model measures an ASCII character alike (a cell, or none for a control), so only the other lines are
    measured, and on each model only until one of them does not fit there.
    """
    fitting = {model.name for model in models}
    for line in lines:
        if line.isascii():
            continue
        text = printed_text(line)
        if text.isascii():
            continue
        fitting -= {
            model.name
            for model in models
            if model.name in fitting and cells_on(text, model) > width
        }
    return fitting


class RowStyles(Sequence[Sequence[Style]]):
    """Each row's styles, looked up as asked for: the options read the styles of a few rows, not of every row."""

    def __init__(self, rows: Sequence[ScreenRow]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> Sequence[Style]:  # type: ignore[override]
        return self._rows[index].styles


def judged_on(lines: Sequence[str], width: int, model: TerminalModel) -> Judged:
    """The frame read on one model, a box drawn around the prompt taken off (``askbench.harness.judge.box.unbox``),
    then one around the command under the header (``unbox_under_header``), then a margin every row has."""
    reading = read_frame(lines, width, model)
    inside = unbox(reading.screen_rows)
    # the columns the box takes: its sides and padding, as its widest row shows them (a shorter row's
    # blanks before the right side are room the box leaves, not columns it takes)
    boxed_by = (
        0
        if inside is reading.screen_rows
        else min(
            (
                len(row.text) - len(kept.text)
                for row, kept in zip(reading.screen_rows, inside, strict=False)
                if row.text != kept.text and kept.text.strip()
            ),
            default=0,
        )
    )
    rows = unbox_under_header(inside)
    margin = common_margin(rows.texts)
    if margin:
        rows = ScreenRows.of(without_margin(rows, margin))
        boxed_by += margin
    return Judged(
        [model],
        replace(reading, screen_rows=rows),
        find_options(rows.texts, styles=RowStyles(rows)),
        boxed_by=boxed_by,
        drawn=reading.screen_rows,
    )
