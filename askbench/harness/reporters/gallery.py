"""The screen gallery's screens: every fixture as the virtual terminal shows it, colours included.

A reviewer should be able to look instead of read: each screen is handed in
as the terminal showed it, its cells read back with their attributes
(foreground, background, bold, reverse) by
``askbench.harness.runners.fixture_screens``, and is emitted here as HTML
spans. Nothing from a fixture reaches the page unescaped: the screen holds
neutralised text, and every cell and every name is HTML-escaped on the way
out besides. A fixture's screens come out in parts no larger than a page may
hold (``gallery_pages`` lays the parts out on pages).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ..fixtures.loading import Fixture
from ..runners.results import FixtureScreens, StyledScreen
from ..terminals.frame_reading import StyledRun
from ..terms import VIEWS
from .escape import html_text
from .stylesheet import PALETTE
from .templates import render_html
from .vocabulary import ASK_ROWS, FRAME_ROWS

COLLAPSE_ROWS = 80
"""A complete view longer than this is shown collapsed in a ``<details>``."""
GALLERY_SCREEN_ROWS = 4_000
"""Rows shown of one screen: a corpus of 10 MB payloads would make a screen no browser opens, so past this
the cut is stated on the page with the command that shows all."""
MAX_FIGURE_BYTES = 250_000
"""The most one screen's HTML may take, its rows cut as ``GALLERY_SCREEN_ROWS`` cuts them: a page holds at
least one whole figure (``gallery_pages.MAX_PAGE_BYTES``), however wide and colourful the screen."""

_HEX = re.compile(r"[0-9a-fA-F]{6}")
_SLUG = re.compile(r"[^a-z0-9]+")


def _css_colour(name: str) -> str | None:
    """A CSS colour for a pyte colour, or None: an unknown name never becomes CSS text."""
    if name in PALETTE:
        return PALETTE[name]
    return f"#{name.lower()}" if _HEX.fullmatch(name) else None


_C0 = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
    "FS GS RS US SP DEL"
).split()
_PICTURE_NAMES = {0x2400 + index: name for index, name in enumerate(_C0)} | {
    0x2424: "NL",
    0x2425: "DEL",
    0x2426: "SUB",
}
_PICTURES = re.compile("[\u2400-\u243f]")
_KEPT = "\n\t" + "".join(map(chr, range(0x2400, 0x2440)))
"""Unassigned code points of the control-pictures block are drawn as boxes too, not spelt out."""


def _picture(match: re.Match[str]) -> str:
    """A control picture drawn by the page itself, its abbreviation in a one-cell box: no font a stock system
    has covers U+2400–U+243F, and an empty box would hide exactly what the prompt made visible."""
    char = match.group()
    name = _PICTURE_NAMES.get(ord(char), f"{ord(char):04X}"[-3:])
    return (
        f'<span class="cp cp{min(len(name), 3)}" title="U+{ord(char):04X} {html_text(name)}" '
        f'aria-label="{html_text(name)}">{html_text(name)}</span>'
    )


def pictures_html(text: str) -> str:
    """Escaped text whose control pictures are drawn as one-cell boxes (``_picture``)."""
    return _PICTURES.sub(_picture, html_text(text, keep=_KEPT))


def run_html(run: StyledRun) -> str:
    """One run of cells as escaped text, in a span only when it has a colour or weight."""
    text = pictures_html(run.text)
    fg, bg = _css_colour(run.fg), _css_colour(run.bg)
    if run.reverse:
        fg, bg = (bg or "#0b0e14"), (fg or "#c9d1d9")
    classes = []
    styles = []
    if fg and run.fg in PALETTE and not run.reverse:
        classes.append(f"fg-{run.fg}")
    elif fg:
        styles.append(f"color:{fg}")
    if bg:
        styles.append(f"background:{bg}")
    if run.bold:
        classes.append("b")
    if not classes and not styles:
        return text
    attributes = f' class="{" ".join(classes)}"' if classes else ""
    attributes += f' style="{";".join(styles)}"' if styles else ""
    return f"<span{attributes}>{text}</span>"


def screen_html(rows: Sequence[Sequence[StyledRun]]) -> str:
    return "\n".join("".join(run_html(run) for run in row) for row in rows)


def slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-") or "x"


def _shown_rows(screen: StyledScreen) -> tuple[str, int]:
    """The screen's rows as HTML, as many as ``GALLERY_SCREEN_ROWS`` and ``MAX_FIGURE_BYTES`` allow, and how many."""
    rows: list[str] = []
    size = 0
    for row in screen.rows[:GALLERY_SCREEN_ROWS]:
        shown = "".join(run_html(run) for run in row)
        size += len(shown.encode()) + 1
        if rows and size > MAX_FIGURE_BYTES:
            break
        rows.append(shown)
    return "\n".join(rows), len(rows)


@dataclass(frozen=True)
class Figure:
    """One screen as the page shows it, and its size in bytes."""

    view: str
    html: Markup

    @property
    def size(self) -> int:
        return len(self.html.encode())


def figure(screen: StyledScreen, fixture: Fixture) -> Figure:
    rows, shown = _shown_rows(screen)
    caption = (
        f"{screen.view} @{screen.width} · {screen.ask_rows:,} {ASK_ROWS} · {screen.frame_rows:,} {FRAME_ROWS}"
        + (" · elided" if screen.elided else "")
    )
    html = render_html(
        "gallery_figure",
        caption=caption,
        collapsed=screen.view == "complete" and screen.frame_rows > COLLAPSE_ROWS,
        width=screen.width,
        rows=Markup(rows),
        shown=shown,
        total=len(screen.rows),
        command=f"askbench render {fixture.path.name} --complete --width {screen.width}",
    )
    return Figure(screen.view, Markup(html))


@dataclass(frozen=True)
class Part:
    """A fixture's section on a page, or one of its continuations: its screens, no more than one page holds."""

    fixture: Fixture
    first: bool
    html: Markup

    @property
    def size(self) -> int:
        return len(self.html.encode()) + 1


def _section(
    fixture: Fixture, verdict: str, index: int, figures: Sequence[Figure] = (), error: str = ""
) -> Part:
    groups = [[f.html for f in figures if f.view == view] for view in VIEWS]
    html = render_html(
        "gallery_fixture",
        fixture=fixture,
        anchor=slug(fixture.id),
        verdict=verdict,
        first=index == 0,
        error=error,
        groups=[group for group in groups if group],
    )
    return Part(fixture, index == 0, Markup(html))


def _chunks(figures: Sequence[Figure], room: int) -> Iterator[list[Figure]]:
    chunk: list[Figure] = []
    size = 0
    for item in figures:
        if chunk and size + item.size > room:
            yield chunk
            chunk, size = [], 0
        chunk.append(item)
        size += item.size
    yield chunk


def fixture_parts(shown: FixtureScreens, verdict: str, room: int) -> list[Part]:
    """The fixture's section: its name, description, source and verdict, then its bounded and complete screens;
    as many sections as it takes for none to pass ``room`` bytes of screens, the later ones marked continued."""
    fixture = shown.fixture
    if shown.error:
        return [_section(fixture, verdict, 0, error=shown.error)]
    figures = [figure(screen, fixture) for screen in shown.screens]
    return [
        _section(fixture, verdict, index, chunk)
        for index, chunk in enumerate(_chunks(figures, room))
    ]
