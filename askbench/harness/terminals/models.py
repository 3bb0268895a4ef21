"""Virtual terminals that tell the truth about a frame — on more than one kind of terminal.

Terminals disagree about how wide text is, and a frame that fits one of them
can wrap on another: every wrapped row pushes the rows below it down, and tool
input that knows this can push forged rows into view. So the judge reads each
frame on several terminal *models*, each measuring text its own way, and
shares none of the renderer's measurements:

``grapheme``
    A grapheme cluster is one unit, its width wcwidth's (kitty, WezTerm,
    Ghostty, foot, iTerm2 with Unicode 9+ widths).
``codepoint``
    Each code point is measured alone by glibc 2.36's ``wcwidth(3)``, from
    the table shipped with askbench (``askbench.harness.terminals.cwidth``),
    never the host's C library; a zero-width code point joins the cell before it,
    and a character that does not fit the last column wraps (xterm, VTE —
    GNOME Terminal, Tilix —, tmux, screen, the Linux console). A ZWJ family
    emoji is 8 cells here, 2 on ``grapheme``.
``ambiguous-wide``
    ``codepoint``, with East Asian Ambiguous characters (``…``, ``▶``, ``·``,
    ``→``, ``①``…) 2 cells wide, as CJK-locale terminals are often set (xterm
    ``-cjk_width``, VTE's "ambiguous-width characters: wide", PuTTY, mintty).

A frame is read the way a terminal receives it: rows joined by CR LF below a
transcript. Printable text and SGR colour are laid out by the model here
(``place``); anything else — cursor moves, erases, titles, modes, bare
control characters — is a containment failure, and such a frame is also run
through pyte (``TruthScreen``) to say what it would have done to the
transcript and the cursor. The reading keeps what pyte would drop: concealed
and dim text, and every character a terminal would not print.
"""

from __future__ import annotations

import inspect
import itertools
import re
import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import overload

import pyte
from pyte import graphics
from wcwidth import iter_graphemes
from wcwidth import width as wcwidth_width

from .contrast import ANSI_NAMES, Shortfall, shortfall
from .cwidth import c_wcwidth
from .made_on_access import MadeOnAccess

TRANSCRIPT = tuple(f"transcript row {index:02d}" for index in range(1, 5))
"""Earlier session output, short enough to fit the narrowest screen the gate accepts."""

_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Every control character, after SGR sequences are removed: a frame line holds no CR or LF of its own."""


def plain_line(line: str) -> bool:
    """A line of printable ASCII alone: no escape, no control, one cell a character on every terminal."""
    return line.isascii() and line.isprintable()


def foreign_controls(line: str) -> list[str]:
    """Every control in one frame line that is not an SGR colour sequence, as visible text."""
    if plain_line(line):
        return []
    stripped = _SGR.sub("", line)
    if stripped.isascii() and stripped.isprintable():
        return []
    return [repr(match.group()) for match in _FORBIDDEN.finditer(stripped)]


# ── styles ─────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Style:
    """How a cell is drawn. Colours are pyte's names (``default``, ``red``, ``brightblue``…) or six hex digits."""

    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    dim: bool = False
    italics: bool = False
    underline: bool = False
    blink: bool = False
    reverse: bool = False
    conceal: bool = False
    strikethrough: bool = False

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, name) for name in _STYLE_FIELDS))

    def __hash__(self) -> int:
        # every row and every SGR sequence looks its style up: hashing ten fields each time is most of that
        return self._hash

    @cached_property
    def painted(self) -> bool:
        """Drawn differently from plain text in any way a person can see."""
        return self != PLAIN and not (self.conceal and replace(self, conceal=False) == PLAIN)

    @cached_property
    def shortfall(self) -> Shortfall | None:
        """Where this style's foreground stands out least from its background, if under the floor on some theme."""
        return shortfall(self.fg, self.bg, self.reverse, self.dim)

    @cached_property
    def invisible(self) -> bool:
        """Drawn so that it cannot be read on some theme: concealed, or its foreground too near its background.

        ``default`` is each theme's own colour, so black on the default
        background is lost on a dark theme and white on a light one, and a
        colour that is a popular theme's background is lost there
        (``askbench.harness.terminals.contrast``).
        """
        return self.conceal or self.shortfall is not None

    @cached_property
    def unreadable(self) -> str | None:
        """Why text in this style does not read as what it says: concealed, too faint on a theme, or struck through
        (read as deleted)."""
        if self.conceal:
            return "invisibly (concealed, SGR 8)"
        if self.shortfall is not None:
            return str(self.shortfall)
        return "struck through, as if deleted" if self.strikethrough else None


_STYLE_FIELDS = tuple(Style.__dataclass_fields__)
PLAIN = Style()


_TEXT_ATTRIBUTES = {
    1: ("bold", True),
    2: ("dim", True),
    3: ("italics", True),
    4: ("underline", True),
    5: ("blink", True),
    7: ("reverse", True),
    8: ("conceal", True),
    9: ("strikethrough", True),
    23: ("italics", False),
    24: ("underline", False),
    25: ("blink", False),
    27: ("reverse", False),
    28: ("conceal", False),
    29: ("strikethrough", False),
}


def _number(text: str) -> int:
    """A parameter as ECMA-48 reads it: empty (or anything but digits) is the default, 0."""
    return int(text) if text.isdigit() else 0


def _indexed(index: int) -> str | None:
    """A 256-colour index: 0–15 are the theme's named colours, 16–255 xterm's cube and greys (pyte's table)."""
    if 0 <= index < len(ANSI_NAMES):
        return ANSI_NAMES[index]
    return graphics.FG_BG_256[index] if 0 <= index < 256 else None


def _hex(values: Sequence[int]) -> str:
    return "".join(f"{min(255, value):02x}" for value in values)


def _colour_of(subs: Sequence[str]) -> str | None:
    """The colour of ``38``/``48``/``58`` in the colon form of ITU-T T.416: ``38:5:N`` or ``38:2:[space]:R:G:B``.

    T.416 puts a colour-space identifier before the three components
    (``38:2::R:G:B``, usually empty); terminals also accept it left out
    (``38:2:R:G:B``), so four or more components read as that form.
    """
    mode = _number(subs[1]) if len(subs) > 1 else -1
    if mode == 5 and len(subs) > 2:
        return _indexed(_number(subs[2]))
    if mode == 2 and len(subs) >= 5:
        components = subs[3:6] if len(subs) >= 6 else subs[2:5]
        return _hex([_number(part) for part in components])
    return None


def _sgr_codes(parameters: str) -> Iterator[tuple[str, str | None]]:
    """``(attribute, colour)`` changes of one SGR sequence, in order, per ECMA-48 and T.416.

    Parameters are separated by ``;``; a parameter may hold sub-parameters
    separated by ``:`` (the colon form: ``38:2::255:255:255``, ``4:3``). The
    semicolon form of an extended colour takes the parameters after it
    (``38;5;N``, ``38;2;R;G;B``). The attribute names are ``reset``, a
    ``Style`` field (``bold``…, ``-bold`` to turn it off), ``fg``, ``bg`` or
    ``ul`` (the underline colour); a malformed extended colour ends the
    sequence, as a terminal stops reading it there.
    """
    params = parameters.split(";") if parameters else [""]
    index = 0
    while index < len(params):
        subs = params[index].split(":")
        index += 1
        code = _number(subs[0])
        target = _EXTENDED.get(code)
        if target is not None:
            if len(subs) > 1:
                colour = _colour_of(subs)
            else:
                mode = _number(params[index]) if index < len(params) else -1
                taken = 2 if mode == 5 else 4 if mode == 2 else 0
                colour = _colour_of(["", *params[index : index + taken]]) if taken else None
                index += taken
            if colour is None:
                return
            yield target, colour
        elif code == 4 and len(subs) > 1:
            yield ("-underline" if _number(subs[1]) == 0 else "underline"), None
        else:
            yield from _plain_code(code)


_EXTENDED = {38: "fg", 48: "bg", 58: "ul"}


def _plain_code(code: int) -> Iterator[tuple[str, str | None]]:
    if code == 0:
        yield "reset", None
    elif code == 22:
        yield from (("-bold", None), ("-dim", None))
    elif code in _TEXT_ATTRIBUTES:
        name, value = _TEXT_ATTRIBUTES[code]
        yield (name if value else f"-{name}"), None
    elif code in graphics.FG_ANSI or code in graphics.FG_AIXTERM:
        yield "fg", graphics.FG_ANSI.get(code) or graphics.FG_AIXTERM[code]
    elif code in graphics.BG_ANSI or code in graphics.BG_AIXTERM:
        yield "bg", graphics.BG_ANSI.get(code) or graphics.BG_AIXTERM[code]


@lru_cache(maxsize=4096)
def apply_sgr(style: Style, parameters: str) -> Style:
    """The style after one ``ESC [ parameters m``, in both the semicolon and the colon form; dim and conceal kept.

    pyte reads only the semicolon form and replaces the colon form's colour
    with another (``38:2::R:G:B`` read as ``38;2;0;R;G``), so the judge reads
    SGR itself (``_sgr_codes``), with pyte's colour tables.
    """
    changes: dict[str, object] = {}
    for name, colour in _sgr_codes(parameters):
        if name == "reset":
            style, changes = PLAIN, {}
        elif name in ("fg", "bg"):
            changes[name] = colour
        elif name != "ul":  # the underline colour changes nothing a reader needs
            changes[name.lstrip("-")] = not name.startswith("-")
    if not changes:
        return style
    changed = replace(style, **changes)  # type: ignore[arg-type]
    known = _STYLES.get(changed)
    if known is None and len(_STYLES) < _KNOWN_STYLES:
        known = _STYLES[changed] = changed
    return known or changed


_STYLES: dict[Style, Style] = {PLAIN: PLAIN}
"""One object for each style frames are drawn in: a row's style after ``ESC[39m`` is ``PLAIN`` itself, so every
cache and table keyed by style finds it by identity, never by comparing ten fields."""
_KNOWN_STYLES = 4096
"""Styles kept as the one object for themselves; a frame of a million colours has its others as they come."""


# ── terminal models ────────────────────────────────────────────────────────

Measure = Callable[[str], Iterator[tuple[str, int]]]
"""Printable text in, ``(piece, cells)`` out; a piece of 0 cells joins the cell before it."""


@dataclass(frozen=True)
class TerminalScreen:
    """A real terminal's screen after a frame: the frame's rows as read, and whether the transcript above held."""

    rows: tuple[ScreenRow, ...]
    transcript_intact: bool


@dataclass(frozen=True)
class TerminalModel:
    name: str
    stands_for: str
    measure: Measure
    screen: Callable[[Sequence[str], int], TerminalScreen] | None = None
    """A real terminal's own screen for ``(frame lines, width)``; ``None``: the frame is laid out here (``place``)."""


def _grapheme_measure(text: str) -> Iterator[tuple[str, int]]:
    for grapheme in iter_graphemes(text):
        yield grapheme, _grapheme_width(grapheme)


@lru_cache(maxsize=65536)
def _grapheme_width(grapheme: str) -> int:
    return wcwidth_width(grapheme, control_codes="ignore")


def _codepoint_cells(char: str, ambiguous: int) -> int:
    cells = c_wcwidth(char)
    if cells < 0:
        # what glibc calls unprintable draws as nothing when it is a control or format character,
        # and as one cell (a replacement, or the glyph a newer font has) when it is merely newer than its tables
        return 0 if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") else 1
    if cells == 1 and ambiguous == 2 and unicodedata.east_asian_width(char) == "A":
        return 2
    return cells


def _codepoint_measure(ambiguous: int) -> Measure:
    def measure(text: str) -> Iterator[tuple[str, int]]:
        for char in text:
            yield char, _codepoint_cells(char, ambiguous)

    return measure


GRAPHEME = TerminalModel("grapheme", "kitty, WezTerm, Ghostty, foot, iTerm2", _grapheme_measure)
CODEPOINT = TerminalModel(
    "codepoint",
    "xterm, VTE (GNOME Terminal, Tilix), tmux, screen, Linux console",
    _codepoint_measure(1),
)
AMBIGUOUS_WIDE = TerminalModel(
    "ambiguous-wide",
    "CJK-locale terminals: xterm -cjk_width, VTE or PuTTY set to "
    "wide ambiguous characters, mintty",
    _codepoint_measure(2),
)
MODELS: dict[str, TerminalModel] = {
    model.name: model for model in (GRAPHEME, CODEPOINT, AMBIGUOUS_WIDE)
}


# ── unprintable characters, by the judge's own rules ───────────────────────

_PRINTABLE_FORMAT = frozenset("\u200d")
"""Format characters that belong inside a printable cluster: the zero-width joiner of an emoji sequence."""


_NEVER_PRINTED = frozenset({"Cc", "Cf", "Cs", "Cn", "Co", "Zl", "Zp"})


@lru_cache(maxsize=4096)
def _unprintable(text: str) -> tuple[str, ...]:
    return tuple(_unprintable_graphemes(text))


def _unprintable_graphemes(text: str) -> Iterator[str]:
    """Graphemes a terminal would not print: controls, format and bidi characters, separators, surrogates, lone marks.

    Unassigned code points (noncharacters among them) and private-use ones
    count too: terminals draw them as nothing (tmux), one cell or two
    (xterm.js's Unicode 6 table), or as whatever glyph a font has.
    A ZWJ counts as printable only between two wide pictographs (an emoji
    ZWJ sequence), and tag characters only inside a flag sequence.
    """
    for grapheme in iter_graphemes(text):
        first = grapheme[0]
        category = unicodedata.category(first)
        if category in _NEVER_PRINTED or category[0] == "M" or _grapheme_width(grapheme) <= 0:
            yield grapheme
            continue
        for index, char in enumerate(grapheme[1:], start=1):
            kind = unicodedata.category(char)
            if kind in _NEVER_PRINTED and kind != "Cf":
                yield grapheme
                break
            if kind == "Cf":
                if char in _PRINTABLE_FORMAT and index + 1 < len(grapheme):
                    continue
                if "\U000e0020" <= char <= "\U000e007f" and first == "\U0001f3f4":
                    continue
                yield grapheme
                break


# ── laying a frame out ─────────────────────────────────────────────────────


class StyleRuns(Sequence[Style]):
    """A row's per-character styles, stored as runs of one style.

    A row is drawn in a handful of styles, and a reference per character
    costs eight bytes a character: on a frame of millions of characters the
    styles would outweigh the text eightfold. It reads as the tuple it stands
    for (indexing, slicing, iteration, equality with any sequence of styles).
    """

    __slots__ = ("_ends", "_styles")

    def __init__(self, runs: Iterable[tuple[Style, int]] = ()) -> None:
        ends: list[int] = []
        styles: list[Style] = []
        total = 0
        for style, count in runs:
            if count <= 0:
                continue
            total += count
            if styles and styles[-1] == style:
                ends[-1] = total
            else:
                styles.append(style)
                ends.append(total)
        self._ends, self._styles = tuple(ends), tuple(styles)

    @classmethod
    def single(cls, style: Style, count: int) -> StyleRuns:
        """``count`` characters in one style."""
        return _shared_runs(((style, count),))

    def runs(self) -> Iterator[tuple[Style, int]]:
        """``(style, characters)`` in order."""
        start = 0
        for style, end in zip(self._styles, self._ends, strict=False):
            yield style, end - start
            start = end

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Style: ...

    @overload
    def __getitem__(self, index: slice) -> StyleRuns: ...

    def __getitem__(self, index: int | slice) -> Style | StyleRuns:
        if isinstance(index, slice):
            return self._slice(index)
        length = len(self)
        at = index + length if index < 0 else index
        if not 0 <= at < length:
            raise IndexError("style index out of range")
        return self._styles[bisect_right(self._ends, at)]

    def _slice(self, index: slice) -> StyleRuns:
        start, stop, step = index.indices(len(self))
        if step == 1 and start == 0 and stop == len(self):
            return self
        if step != 1:
            return StyleRuns((style, 1) for style in tuple(self)[index])
        first = bisect_right(self._ends, start)
        clipped: list[tuple[Style, int]] = []
        begin = start
        for at in range(first, len(self._ends)):
            if begin >= stop:
                break
            end = min(self._ends[at], stop)
            clipped.append((self._styles[at], end - begin))
            begin = end
        return StyleRuns(clipped)

    def __iter__(self) -> Iterator[Style]:
        for style, count in self.runs():
            yield from itertools.repeat(style, count)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StyleRuns):
            return self._ends == other._ends and self._styles == other._styles
        if isinstance(other, Sequence):
            return len(other) == len(self) and all(
                a == b for a, b in zip(self, other, strict=False)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"StyleRuns({list(self.runs())!r})"


@dataclass(frozen=True, slots=True)
class ScreenRow:
    """One screen row as read: its text (wide-character stubs dropped, right-stripped) and, per character, how it is drawn."""

    text: str
    styles: Sequence[Style]
    kinds: frozenset[Style] = frozenset()
    """Every style the row's characters use (a row's text may be empty while its styles are not)."""


@dataclass
class _Row:
    parts: list[str] = field(default_factory=list)
    runs: list[tuple[Style, int]] = field(default_factory=list)
    kinds: set[Style] = field(default_factory=set)
    column: int = 0

    def add(self, text: str, style: Style, cells: int) -> None:
        self.parts.append(text)
        self.runs.append((style, len(text)))
        self.kinds.add(style)
        self.column += cells

    def close(self, rows: _RowsBuilder) -> None:
        text = "".join(self.parts).rstrip(" ")
        rows.add(
            text,
            _shared_runs(tuple(StyleRuns(self.runs)[: len(text)].runs())),
            style_kinds(frozenset(self.kinds)),
        )


_BLOCK = 1024
"""Rows whose texts are held as one string: a frame of a million rows is a thousand strings, not a million."""
_ROW_END = "\n"
"""What ends each row's text in its block: no row a layout makes holds one (a frame line holds no line break, and
controls are never laid out), so a block is split into its rows at once."""


class ScreenRows(MadeOnAccess[ScreenRow]):
    """A screen's rows, held compactly: each block of rows' texts as one string, a row to a line, with where each
    ends, and each row's styles as an index into the few it is drawn in.

    A row of its own (a string, a ``ScreenRow``, a list slot) costs three
    times its text on a screen of short rows; a screen as large as its
    payload is held while it is judged, so its rows are made as they are
    asked for. ``texts`` reads the rows' texts alone, without making a row.
    It equals any sequence of the same rows.
    """

    __slots__ = ("_blocks", "_ends", "_look", "_looks")

    def __init__(
        self,
        blocks: list[str],
        ends: array[int],
        look: array[int],
        looks: list[tuple[Sequence[Style], frozenset[Style]]],
    ) -> None:
        self._blocks, self._ends, self._look, self._looks = blocks, ends, look, looks

    def __len__(self) -> int:
        return len(self._ends)

    def _item(self, at: int) -> ScreenRow:
        styles, kinds = self._looks[self._look[at]]
        return ScreenRow(self._text(at), styles, kinds)

    def __iter__(self) -> Iterator[ScreenRow]:
        looks, look = self._looks, self._look
        for at, text in enumerate(self.texts):
            styles, kinds = looks[look[at]]
            yield ScreenRow(text, styles, kinds)

    def _text(self, at: int) -> str:
        start = self._ends[at - 1] + 1 if at % _BLOCK else 0
        return self._blocks[at // _BLOCK][start : self._ends[at]]

    def texts_between(self, start: int, stop: int) -> Iterator[str]:
        """The texts of rows ``start`` to ``stop`` (clipped to the rows), a block at a time."""
        start, stop = max(0, start), min(stop, len(self))
        while start < stop:
            first = start // _BLOCK * _BLOCK
            last = min(stop, first + _BLOCK)
            yield from self._blocks[start // _BLOCK].split(_ROW_END)[start - first : last - first]
            start = last

    def all_kinds(self) -> Iterator[frozenset[Style]]:
        """Every row's kinds in order, without making a row."""
        looks = self._looks
        return (looks[look][1] for look in self._look)

    @property
    def texts(self) -> RowTexts:
        return RowTexts(self)


class RowTexts(MadeOnAccess[str]):
    """The texts of ``ScreenRows``, each made as it is asked for; a slice is a list."""

    __slots__ = ("_rows",)

    def __init__(self, rows: ScreenRows) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def _item(self, at: int) -> str:
        return self._rows._text(at)

    def __iter__(self) -> Iterator[str]:
        return self._rows.texts_between(0, len(self._rows))


def row_texts(rows: Sequence[ScreenRow]) -> Sequence[str]:
    """The texts of ``rows``: read off ``ScreenRows`` without making a row, or listed from any other rows."""
    return rows.texts if isinstance(rows, ScreenRows) else [row.text for row in rows]


def texts_between(rows: Sequence[ScreenRow], start: int, stop: int) -> Iterator[str]:
    """The texts of ``rows[start:stop]`` in order, without making a row of ``ScreenRows``."""
    if isinstance(rows, ScreenRows):
        return rows.texts_between(start, stop)
    return (row.text for row in rows[start:stop])


def row_kinds(rows: Sequence[ScreenRow]) -> Iterator[frozenset[Style]]:
    """Every row's kinds in order, without making a row of ``ScreenRows``."""
    if isinstance(rows, ScreenRows):
        return rows.all_kinds()
    return (row.kinds for row in rows)


class _RowsBuilder:
    """``ScreenRows`` as they are laid out, a row at a time; each look (styles and kinds) is stored once."""

    def __init__(self) -> None:
        self._blocks: list[str] = []
        self._pending: list[str] = []
        self._ends = array(
            "I"
        )  # where each row ends in its block: a block is far shorter than 4 GiB
        self._look = array("I")
        self._looks: list[tuple[Sequence[Style], frozenset[Style]]] = []
        self._known: dict[tuple[int, int], int] = {}
        self._last: tuple[Sequence[Style] | None, frozenset[Style] | None, int] = (None, None, 0)
        self._offset = 0

    def add(self, text: str, styles: Sequence[Style], kinds: frozenset[Style]) -> None:
        """One row; ``styles`` and ``kinds`` are kept by identity, so rows drawn alike share them."""
        last_styles, last_kinds, look = self._last
        if styles is not last_styles or kinds is not last_kinds:
            key = (id(styles), id(kinds))
            known = self._known.get(key)
            if known is None:
                known = self._known[key] = len(self._looks)
                self._looks.append((styles, kinds))
            look = known
            self._last = (styles, kinds, look)
        if _ROW_END in text:
            raise ValueError(f"a screen row holds no line break: {text[:40]!r}")
        self._look.append(look)
        pending = self._pending
        pending.append(text)
        self._ends.append(self._offset + len(text))
        self._offset += len(text) + 1
        if len(pending) == _BLOCK:
            self._blocks.append(_ROW_END.join(pending))
            pending.clear()
            self._offset = 0

    def done(self) -> ScreenRows:
        if self._pending:
            self._blocks.append(_ROW_END.join(self._pending))
            self._pending.clear()
        return ScreenRows(self._blocks, self._ends, self._look, self._looks)


@lru_cache(maxsize=4096)
def _shared_runs(runs: tuple[tuple[Style, int], ...]) -> StyleRuns:
    """One object for every row drawn in the same runs: rows of a long value are nearly all alike."""
    return StyleRuns(runs)


@lru_cache(maxsize=1024)
def style_kinds(kinds: frozenset[Style]) -> frozenset[Style]:
    """One shared set for every row drawn in the same styles: most rows of a frame are."""
    return kinds


def _runs(line: str) -> Iterator[tuple[str, str | None]]:
    """``(text, None)`` and ``("", sgr_parameters)`` in order."""
    position = 0
    for match in _SGR.finditer(line):
        if match.start() > position:
            yield line[position : match.start()], None
        yield "", match.group(1)
        position = match.end()
    if position < len(line):
        yield line[position:], None


def printed_text(line: str) -> str:
    """What of a frame line a terminal prints: SGR sequences and control characters removed."""
    if plain_line(line):
        return line
    stripped = _SGR.sub("", line)
    return stripped if stripped.isprintable() else _FORBIDDEN.sub("", stripped)


def cells_on(text: str, model: TerminalModel) -> int:
    """Cells ``text`` (printable, one row's worth) advances the cursor on ``model``."""
    if text.isascii():
        return len(text)
    return _measured_cells(text, model)


@lru_cache(maxsize=8192)
def _measured_cells(text: str, model: TerminalModel) -> int:
    return sum(cells for _, cells in model.measure(text) if cells > 0)


def place(lines: Sequence[str], width: int, model: TerminalModel) -> ScreenRows:
    """The rows ``lines`` occupy on a terminal ``width`` columns wide that measures text like ``model``.

    Each line begins a row (the frame joins lines with CR LF); text reaching
    past the last column wraps onto a new row, a wide character that does not
    fit moves whole, a zero-width piece joins the cell before it (even in the
    last column: the pending-wrap state). A tab moves on to the next tab stop
    as every terminal does; other control characters are skipped here —
    ``read_frame`` reports them all.
    """
    return _placed(lines, width, model, None)


@dataclass
class _Audit:
    """What a frame's lines carry that no terminal should receive: controls other than SGR, unprintable text."""

    foreign: list[str] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)

    def line(self, line: str) -> None:
        """One line that is neither printable ASCII nor printable ASCII and SGR (those carry neither)."""
        self.foreign += foreign_controls(line)
        if not line.isascii():
            self.unprintable += [
                grapheme
                for text, sgr in _runs(line)
                if sgr is None and not text.isascii()
                for grapheme in _unprintable(_FORBIDDEN.sub("", text))
            ]


def _placed(
    lines: Sequence[str], width: int, model: TerminalModel, audit: _Audit | None
) -> ScreenRows:
    """``place``, each line that may carry a control or an unprintable character told to ``audit`` as it goes:
    a frame is walked once, however it is read."""
    rows = _RowsBuilder()
    style = PLAIN
    for line in lines:
        if plain_line(line):
            _plain_rows(rows, line, style, width)
            continue
        painted = _painted_row(rows, line, style, width)
        if painted is not None:
            style = painted
            continue
        if audit is not None:
            audit.line(line)
        row = _Row()
        for text, sgr in _runs(line):
            if sgr is not None:
                style = apply_sgr(style, sgr)
                continue
            for index, piece in enumerate(text.split("\t")):
                if index:
                    _tab(row, width)
                row = _place_text(rows, row, piece, style, width, model)
        row.close(rows)
    return rows.done()


def _plain_rows(rows: _RowsBuilder, line: str, style: Style, width: int) -> None:
    """A line of printable ASCII as the rows it fills, ``width`` characters each, in the style it starts in."""
    kinds = _one_kind(style) if line else _NO_KINDS
    if len(line) <= width:
        text = line.rstrip(" ")
        rows.add(text, StyleRuns.single(style, len(text)), kinds)
        return
    for at in range(0, len(line), width):
        text = line[at : at + width].rstrip(" ")
        rows.add(text, StyleRuns.single(style, len(text)), kinds)


_NO_KINDS: frozenset[Style] = frozenset()


@lru_cache(maxsize=256)
def _one_kind(style: Style) -> frozenset[Style]:
    return style_kinds(frozenset((style,)))


def _painted_row(rows: _RowsBuilder, line: str, style: Style, width: int) -> Style | None:
    """A line of printable ASCII and SGR sequences that fits one row, added to ``rows``, and the style it ends in;
    ``None`` for any other line, and nothing added."""
    if not line.isascii():
        return None
    parts = _SGR.split(line)  # text, parameters, text, parameters, …, text
    texts = parts[0::2]
    printed = "".join(texts)
    if len(printed) > width or not printed.isprintable():
        return None
    text = printed.rstrip(" ")
    runs, kinds, end = _painted_runs(style, tuple(parts[1::2]), tuple(map(len, texts)), len(text))
    rows.add(text, runs, kinds)
    return end


@lru_cache(maxsize=4096)
def _painted_runs(
    style: Style, parameters: tuple[str, ...], lengths: tuple[int, ...], shown: int
) -> tuple[StyleRuns, frozenset[Style], Style]:
    """A painted row's runs (its first ``shown`` characters), its kinds and the style it ends in, from the style it
    starts in, its SGR parameters and the lengths of the texts between them: rows of one value are drawn alike,
    so each such shape is worked out once. The kinds are every style a text is drawn in, blanks stripped off the
    row's end included."""
    runs: list[tuple[Style, int]] = []
    kinds: set[Style] = set()
    for index, length in enumerate(lengths):
        if index:
            style = apply_sgr(style, parameters[index - 1])
        if length:
            runs.append((style, length))
            kinds.add(style)
    return StyleRuns(runs)[:shown], style_kinds(frozenset(kinds)), style


TAB_STOP = 8


def _tab(row: _Row, width: int) -> None:
    """The cursor to the next stop, never past the last column; a tab draws nothing, so the cells it passes read blank."""
    stop = min((row.column // TAB_STOP + 1) * TAB_STOP, width - 1)
    if stop > row.column:
        row.add(" " * (stop - row.column), PLAIN, stop - row.column)


def _place_text(
    rows: _RowsBuilder, row: _Row, text: str, style: Style, width: int, model: TerminalModel
) -> _Row:
    """``text`` from the cursor on, full rows appended to ``rows``; the row the cursor ends on."""
    if _FORBIDDEN.search(text):
        text = _FORBIDDEN.sub("", text)
    if text.isascii():
        while (
            text
        ):  # printable ASCII: one cell a character on every terminal, laid out a row at a time
            if row.column >= width:
                row.close(rows)
                row = _Row()
            chunk = text[: width - row.column]
            row.add(chunk, style, len(chunk))
            text = text[len(chunk) :]
        return row
    pending: list[str] = []  # pieces for the current row, added at once
    used = 0
    for piece, cells in model.measure(text):
        if cells <= 0:
            if pending or row.parts:
                pending.append(piece)
            continue
        if row.column + used + cells > width and row.column + used:
            row.add("".join(pending), style, used)
            row.close(rows)
            row, pending, used = _Row(), [], 0
        pending.append(piece)
        used += cells
    if pending:
        row.add("".join(pending), style, used)
    return row


# ── pyte, for frames that emit controls ────────────────────────────────────

_ALLOWED_EVENTS = frozenset({"draw", "linefeed", "carriage_return", "select_graphic_rendition"})
_CONTROL_EVENTS = sorted(
    set(pyte.Stream.basic.values())
    | set(pyte.Stream.escape.values())
    | set(pyte.Stream.sharp.values())
    | set(pyte.Stream.csi.values())
    | {"set_title", "set_icon_name", "define_charset", "debug"}
)


class TruthScreen(pyte.Screen):
    """A pyte screen that measures graphemes and records every non-colour control function it executes."""

    def __init__(self, columns: int, lines: int) -> None:
        self.foreign: list[str] = []
        self._inside = 0
        super().__init__(columns, lines)

    def linefeed(self) -> None:
        # pyte implements a line feed with ``index`` and ``cursor_down``; those are not the frame's doing.
        self._inside += 1
        try:
            super().linefeed()
        finally:
            self._inside -= 1

    def draw(self, data: str) -> None:
        attrs = self.cursor.attrs
        cell_type, rest = type(attrs), tuple(attrs)[1:]
        for grapheme in iter_graphemes(data):
            width = (
                1 if grapheme.isascii() and grapheme.isprintable() else _grapheme_width(grapheme)
            )
            if width <= 0:
                continue
            if self.cursor.x + width > self.columns:
                if pyte.modes.DECAWM in self.mode:
                    self.carriage_return()
                    self.linefeed()
                else:
                    self.cursor.x = self.columns - width
            row = self.buffer[self.cursor.y]
            row[self.cursor.x] = tuple.__new__(cell_type, (grapheme, *rest))
            for stub in range(1, width):
                if self.cursor.x + stub < self.columns:
                    row[self.cursor.x + stub] = tuple.__new__(cell_type, ("", *rest))
            self.cursor.x += width
            self.dirty.add(self.cursor.y)


def _recorder(name: str):  # type: ignore[no-untyped-def]
    original = getattr(pyte.Screen, name)
    signature = inspect.signature(original)

    def record(self: TruthScreen, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._inside:
            self.foreign.append(f"{name}{args if args else ''}")
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError:
            # pyte's handler takes fewer parameters than the sequence carries (``ESC[1;2;3n``), or no private
            # marker (``ESC[?A``): a terminal ignores a sequence it does not understand, once it is recorded
            return None
        return original(self, *args, **kwargs)

    return record


for _name in _CONTROL_EVENTS:
    if _name not in _ALLOWED_EVENTS and hasattr(pyte.Screen, _name):
        setattr(TruthScreen, _name, _recorder(_name))


def _pyte_row(screen: TruthScreen, y: int) -> str:
    row = screen.buffer[y]
    return "".join(row[x].data for x in range(screen.columns)).rstrip()


@dataclass(frozen=True)
class ControlEffects:
    """What a frame's control functions did on a real terminal: events, and whether the transcript and cursor held."""

    events: tuple[str, ...]
    transcript_intact: bool
    cursor_left_frame: bool


def control_effects(frame_lines: Sequence[str], width: int) -> ControlEffects:
    """Run the frame through pyte below the transcript, as a TUI writes it, and record what its controls did."""
    height = len(TRANSCRIPT) + len(frame_lines) + 2
    screen = TruthScreen(width, height)
    stream = pyte.Stream(screen)
    stream.feed("\r\n".join(TRANSCRIPT) + "\r\n")
    before = [_pyte_row(screen, y) for y in range(len(TRANSCRIPT))]
    screen.foreign.clear()
    top = screen.cursor.y
    left = False
    for index, line in enumerate(frame_lines):
        stream.feed(line if index == 0 else "\r\n" + line)
        if screen.cursor.y < top:
            left = True
    after = [_pyte_row(screen, y) for y in range(len(TRANSCRIPT))]
    return ControlEffects(tuple(screen.foreign), before == after == list(TRANSCRIPT), left)


# ── the reading ────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class StyledRun:
    """Consecutive characters of one row drawn alike, for a gallery; ``fg``/``bg`` as in ``Style``."""

    text: str
    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    reverse: bool = False


@dataclass
class FrameReading:
    """What one terminal model shows after a frame was written below a transcript."""

    model: TerminalModel
    screen_rows: Sequence[ScreenRow]
    transcript_intact: bool = True
    cursor_left_frame: bool = False
    foreign_events: list[str] = field(default_factory=list)
    foreign_bytes: list[str] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)

    @property
    def rows(self) -> Sequence[str]:
        return row_texts(self.screen_rows)

    @property
    def frame_rows(self) -> int:
        return len(self.screen_rows)

    @property
    def painted_cells(self) -> int:
        """Characters drawn in a colour of their own."""
        return sum(1 for row in self.screen_rows for style in row.styles if style.fg != "default")

    def styled_rows(self) -> list[tuple[StyledRun, ...]]:
        """Every row as runs of one style; ``"".join(run.text ...)`` equals ``rows[i]``."""
        out = []
        for row in self.screen_rows:
            runs: list[StyledRun] = []
            start = 0
            for index in range(1, len(row.text) + 1):
                if index == len(row.text) or row.styles[index] != row.styles[start]:
                    style = row.styles[start]
                    runs.append(
                        StyledRun(
                            row.text[start:index], style.fg, style.bg, style.bold, style.reverse
                        )
                    )
                    start = index
            out.append(tuple(runs))
        return out


def read_frame(
    frame_lines: Sequence[str], width: int, model: TerminalModel = GRAPHEME
) -> FrameReading:
    """The frame as ``model`` shows it, with every control and unprintable character it carries recorded.

    A real terminal's rows, and whether its transcript held, are its own; what
    a frame's controls did to the cursor is pyte's on every terminal.
    """
    audit = _Audit()
    if model.screen is None:
        rows = _placed(frame_lines, width, model, audit)
        reading = FrameReading(
            model, rows, foreign_bytes=audit.foreign, unprintable=audit.unprintable
        )
    else:
        for line in frame_lines:
            if not plain_line(line):
                audit.line(line)
        shown = model.screen(frame_lines, width)
        reading = FrameReading(
            model,
            list(shown.rows),
            shown.transcript_intact,
            foreign_bytes=audit.foreign,
            unprintable=audit.unprintable,
        )
    foreign = audit.foreign
    if foreign:
        effects = control_effects(frame_lines, width)
        reading.foreign_events = list(effects.events)
        reading.transcript_intact = reading.transcript_intact and effects.transcript_intact
        reading.cursor_left_frame = effects.cursor_left_frame
    return reading
