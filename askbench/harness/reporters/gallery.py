"""The screen gallery: every fixture as the virtual terminal shows it, colours included.

A reviewer should be able to look instead of read: each frame is written to
a pyte screen below the transcript, exactly as the gate does, and the cells
are read back with their attributes (foreground, background, bold, reverse)
and emitted as HTML spans. Nothing from a fixture reaches the page unescaped:
the screen holds neutralised text, and every cell and every name is
HTML-escaped on the way out besides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from askbench.impl.payload import PayloadError

from ..drivers.paint import chrome_style
from ..fixtures.loading import Fixture
from ..judge.width_run import WIDTHS
from ..terminals.frame_reading import StyledRun
from .escape import html_text
from .fixture_screens import fixture_screens
from .stylesheet import PALETTE, STYLESHEET
from .vocabulary import ASK_ROWS, FRAME_ROWS

COLLAPSE_ROWS = 80
"""A complete view longer than this is shown collapsed in a ``<details>``."""
MAX_SCREEN_ROWS = 4_000
"""Rows shown of one screen. The built-in corpus's longest complete view is about 2,900 rows (a 200 KB
body at width 80) and the whole page about 6 MB; a corpus of 10 MB payloads would make a page no
browser opens, so past this the cut is stated on the page with the command that shows all."""

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


def text_html(text: str) -> str:
    """Fixture metadata (names, descriptions, verdicts) for the page, escaped as every report escapes text."""
    return html_text(text)


@dataclass(frozen=True)
class Screen:
    """One view of one fixture at one width, as read back from the terminal, with its colours."""

    view: str
    width: int
    rows: tuple[tuple[StyledRun, ...], ...]
    ask_rows: int
    frame_rows: int
    elided: bool


def styled_screens(fixture: Fixture, widths: Sequence[int] = WIDTHS) -> list[Screen]:
    """Bounded then complete at every width, rendered with the gate's paint and the prompt's chrome colours."""
    return [
        Screen(
            screen.view,
            screen.width,
            tuple(screen.reading.styled_rows()),
            screen.ask_rows,
            screen.frame_rows,
            screen.frame.elided,
        )
        for screen in fixture_screens(fixture, widths, style=chrome_style)
    ]


def _figure(screen: Screen, fixture: Fixture) -> str:
    shown = screen.rows[:MAX_SCREEN_ROWS]
    caption = (
        f"{screen.view} @{screen.width} · {screen.ask_rows:,} {ASK_ROWS} · {screen.frame_rows:,} {FRAME_ROWS}"
        + (" · elided" if screen.elided else "")
    )
    body = f'<pre class="screen" style="width:{screen.width}ch">{screen_html(shown)}</pre>'
    if len(screen.rows) > MAX_SCREEN_ROWS:
        command = f"askbench render {fixture.path.name} --complete --width {screen.width}"
        body += (
            f'<p class="cut">{len(shown)} of {len(screen.rows):,} rows shown here; '
            f"<code>{html_text(command)}</code> shows all.</p>"
        )
    if screen.view == "complete" and screen.frame_rows > COLLAPSE_ROWS:
        return f"<figure><details><summary>{html_text(caption)} (show)</summary>{body}</details></figure>"
    return f"<figure><figcaption>{html_text(caption)}</figcaption>{body}</figure>"


def fixture_html(fixture: Fixture, verdict: str, widths: Sequence[int] = WIDTHS) -> str:
    anchor = slug(fixture.id)
    head = (
        f'<section class="fixture" id="{anchor}"><h3>{text_html(fixture.id)}</h3>'
        f'<p class="meta">{text_html(fixture.description)}<br>source: {text_html(fixture.source)}<br>'
        f'gate: <span class="{"ok" if verdict == "ok" else "fail"}">{text_html(verdict)}</span></p>'
    )
    try:
        screens = styled_screens(fixture, widths)
    except (PayloadError, RecursionError) as error:
        return head + f'<p class="fail">cannot be rendered: {text_html(str(error))}</p></section>'
    bounded = [screen for screen in screens if screen.view == "bounded"]
    complete = [screen for screen in screens if screen.view == "complete"]
    parts = [head]
    for group in (bounded, complete):
        parts.append(
            '<div class="views">' + "".join(_figure(screen, fixture) for screen in group) + "</div>"
        )
    parts.append("</section>")
    return "\n".join(parts)


FAILURES = "failing"
"""The index's first section: every fixture the gate did not pass, whatever its family."""
INDEX = "gallery.html"
PAGES = "gallery"
"""The folder beside the index holding one page per family."""

_INTRO = (
    "<p>Every fixture at widths {widths}, bounded and complete, as the pyte virtual terminal shows it after the "
    "frame is written below a transcript: the gate's paint (the flagged value in SGR 33) and the prompt's chrome "
    "colours (title bold cyan, selected option cyan). pyte keeps no dim attribute, so the hint and labels (SGR 2) "
    "show in the default colour. Control pictures (what the prompt shows for a control character) are drawn as a "
    "one-cell box holding the control's name. <em>Ask rows</em> are the rows the ask occupies between the title and "
    "the options (what the gate's table counts), <em>frame rows</em> the whole frame. Generated by "
    "<code>askbench report</code>.</p>"
)


def family_page(family: str) -> str:
    """The family page's path relative to the index."""
    return f"{PAGES}/{slug(family)}.html"


def _page(title: str, body: Sequence[str]) -> str:
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{text_html(title)}</title>'
        f'<style>{STYLESHEET}</style></head><body class="gallery">\n'
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _failing_first(members: Sequence[Fixture], verdicts: Mapping[str, str]) -> list[Fixture]:
    return sorted(members, key=lambda fixture: verdicts.get(fixture.id) == "ok")


def gallery_pages(
    fixtures: Iterable[Fixture], verdicts: Mapping[str, str], widths: Sequence[int] = WIDTHS
) -> dict[str, str]:
    """The index (``gallery.html``: the failing fixtures' screens first, then every family with its counts and
    fixtures) and one page per family (``gallery/<family>.html``, its failing fixtures first), by path.

    A page holds one family's screens, so none grows with the corpus. ``verdicts`` maps ``family/name`` to the
    gate's verdict; a fixture the gate did not judge counts as failing, so nothing unjudged hides among the passes.
    """
    families: dict[str, list[Fixture]] = {}
    for fixture in fixtures:
        families.setdefault(fixture.family, []).append(fixture)
    failing = [f for members in families.values() for f in members if verdicts.get(f.id) != "ok"]
    shown_widths = ", ".join(str(width) for width in widths)
    index = ["<h1>askbench screen gallery</h1>", _INTRO.format(widths=shown_widths)]
    if failing:
        index.append(
            f'<h2 id="section-{FAILURES}" class="fail">Failing fixtures ({len(failing)})</h2>'
        )
        index.extend(fixture_html(f, verdicts.get(f.id, "not judged"), widths) for f in failing)
    index.append(
        '<h2 id="section-families">Families</h2><table class="families"><tr><th>family</th>'
        "<th>fixtures</th><th>failing</th></tr>"
    )
    for family, members in families.items():
        bad = sum(1 for f in members if verdicts.get(f.id) != "ok")
        index.append(
            f'<tr><td><a href="{family_page(family)}">{text_html(family)}</a></td><td>{len(members)}</td>'
            f'<td class="{"fail" if bad else "ok"}">{bad}</td></tr>'
        )
    index.append("</table><nav><h2>Contents</h2>")
    pages = {}
    for family, members in families.items():
        ordered = _failing_first(members, verdicts)
        index.append(
            f'<h3><a href="{family_page(family)}">{text_html(family)}</a> ({len(members)})</h3><ul>'
        )
        index.extend(
            f'<li><a href="{family_page(family)}#{slug(f.id)}">{text_html(f.id)}</a></li>'
            for f in ordered
        )
        index.append("</ul>")
        body = [
            f'<p><a href="../{INDEX}">← every family</a></p>',
            f"<h1>{text_html(family)}</h1>",
            _INTRO.format(widths=shown_widths),
        ]
        body.extend(fixture_html(f, verdicts.get(f.id, "not judged"), widths) for f in ordered)
        pages[family_page(family)] = _page(f"askbench gallery: {family}", body)
    index.append("</nav>")
    return {INDEX: _page("askbench screen gallery", index), **pages}
