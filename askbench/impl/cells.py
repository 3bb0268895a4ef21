"""Laying neutralised text into terminal rows, in cells, never splitting a grapheme.

Terminals disagree about widths. kitty, WezTerm and Ghostty draw a grapheme
cluster as one unit (a ZWJ family emoji is 2 cells); xterm, VTE and tmux
measure each code point alone with the C library's tables (the same family
is 8 cells, a spacing mark such as U+302E takes 1 or 2 cells where a
cluster-aware terminal adds none); CJK-locale terminals draw East Asian
Ambiguous characters — ``…``, ``▶``, ``·``, ``→`` among them — 2 cells wide.
A row that fits one of them can wrap on another, and a wrapped row moves
every row below it: tool input could then push forged rows into view. So
every width here is the *widest* any of those terminals gives a cluster
(``grapheme_cells``), and a row this module calls 80 cells is at most 80
cells on all of them. ASCII text — nearly every real command and file —
takes a path with no grapheme segmentation at all: its cells are its
characters on every terminal.

Wrapping is by cell, not by word: a permission prompt must reproduce the
request exactly, and a word wrapper drops the whitespace at each break.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from wcwidth import iter_graphemes, iter_graphemes_reverse
from wcwidth import wcwidth as _codepoint_wcwidth
from wcwidth import width as _wcwidth

from .truncate import ELLIPSIS

TAB_SIZE = 8
_MERGE_GAP = 32
"""Runs closer than this are segmented as one piece: a piece of its own costs about as much as 30 characters."""


def unsafe_runs(safe: str) -> re.Pattern[str]:
    """Runs of characters outside the class ``safe``, joined across gaps shorter than ``_MERGE_GAP``.

    The joining is done by the regex engine, so text dense with escapes is one
    match, not a Python loop over a match per control.
    """
    return re.compile(f"[^{safe}]+(?:[{safe}]{{1,{_MERGE_GAP - 2}}}[^{safe}]+)*")


_NOT_PRINTABLE_ASCII = unsafe_runs("\\x20-\\x7e")

_NOTATION = re.compile("\u27e8U\\+[0-9A-F]{4,6}\u27e9")
"""A character written as its code point (``neutralise.notation``): read as one character, so no cut falls inside
it (half of ``⟨U+1F3FB⟩`` is ``⟨U+1F3F``, a notation of nothing). A typed ``⟨`` is itself notation, so every ``⟨``
in neutralised text opens one."""
_NOTATION_LONGEST = len("\u27e8U+10FFFF\u27e9")


def _notation_cut_at(text: str, index: int) -> tuple[int, int] | None:
    """The notation ``index`` falls strictly inside, as its start and end; ``None`` when it falls inside none."""
    opening = text.rfind("\u27e8", max(0, index - _NOTATION_LONGEST + 1), index)
    if opening < 0:
        return None
    found = _NOTATION.match(text, opening)
    return (opening, found.end()) if found is not None and found.end() > index else None


def _head_end(text: str, index: int) -> int:
    """Where a head of ``text`` cut at ``index`` ends: before a notation the cut falls inside, unless that notation
    opens the text — then as much of it as fits, which says a character was cut there (``⟨U+1F3F…``), as
    nothing would not."""
    cut = _notation_cut_at(text, index)
    return index if cut is None or cut[0] == 0 else cut[0]


_PICTOGRAPH_BLOCKS = (0x1F000, 0x1FAFF)
"""The emoji blocks, Mahjong Tiles to Symbols and Pictographs Extended-A: every code point in them is
Extended_Pictographic (Unicode TR51, emoji-data.txt), and a terminal whose table makes them wide (xterm.js
with Unicode 11: U+1F93B and U+1F946 too, one cell by wcwidth) draws such a symbol in two cells."""


def _codepoint_cells(char: str) -> int:
    """The most cells one code point takes on a terminal that measures code points alone.

    wcwidth gives spacing marks (category Mc) and code points newer than its
    caller's tables no width of their own, as a cluster-aware terminal draws
    them; the C library gives a spacing mark its East Asian width, 1 or 2.
    A terminal's tables are of a Unicode version of their own — xterm.js's
    default is 6.0 — and a mark newer than them is one cell there, not part
    of the cell before it: so a mark that Unicode 3.2 (the oldest version
    ``unicodedata`` keeps) did not have counts a cell. A symbol in the emoji
    blocks counts two.
    """
    cells = _codepoint_wcwidth(char, "auto", 2)
    category = unicodedata.category(char)
    if cells <= 0 and (category in ("Mc", "Cn") or _newer_mark(char, category)):
        return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    if (
        cells == 1
        and category == "So"
        and _PICTOGRAPH_BLOCKS[0] <= ord(char) <= _PICTOGRAPH_BLOCKS[1]
    ):
        return 2
    return max(cells, 0)


def _newer_mark(char: str, category: str) -> bool:
    """A nonspacing or enclosing mark that was not one in Unicode 3.2: some terminal's tables draw it in a cell."""
    return category in ("Mn", "Me") and unicodedata.ucd_3_2_0.category(char)[0] != "M"


@lru_cache(maxsize=65536)
def grapheme_cells(grapheme: str) -> int:
    """The widest any terminal draws one grapheme: as a cluster, per code point, or with ambiguous characters wide."""
    clustered = _wcwidth(grapheme, control_codes="ignore", ambiguous_width=2)
    if len(grapheme) == 1:
        return max(clustered, _codepoint_cells(grapheme))
    return max(clustered, sum(_codepoint_cells(char) for char in grapheme))


def cell_width(text: str) -> int:
    """Cells ``text`` occupies on the widest terminal; ``text`` holds no control characters."""
    if text.isascii():
        return len(text)
    return sum(cells for _, cells, _ in _pieces(text))


def grapheme_pieces(text: str, unsafe: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Spans of ``text`` that need grapheme segmentation; everything between them is one grapheme per character.

    ``unsafe`` (from ``unsafe_runs``) matches runs of the characters that
    may join a grapheme: it must match every non-ASCII character, CR and
    every other ASCII control but tab and line feed. A boundary between two
    characters it does not match is always a grapheme break (UAX #29 only
    joins CR LF, marks, joiners, prepends, jamo and regional indicators,
    none of them printable ASCII, tab or line feed), and the rules that
    look back (emoji ZWJ,
    regional-indicator pairs, Indic conjuncts) look back only over non-ASCII
    characters. So each match, widened by one character on either side (a
    base before a mark, a letter after a prepend), segments exactly as it
    does in the whole text, and a line with one emoji in 10 MB of ASCII
    costs one emoji's segmentation, not ten million characters'. Runs
    closer than ``_MERGE_GAP`` come as one match (still at safe breaks at
    both ends), so text dense with escapes is not cut into a piece per control.
    """
    end = len(text)
    span_start = span_end = -1
    for match in unsafe.finditer(text):
        low, high = max(0, match.start() - 1), min(end, match.end() + 1)
        # one character between two runs: it may belong to either
        if span_end >= 0 and low < span_end:
            span_end = high
            continue
        if span_end >= 0:
            yield span_start, span_end
        span_start, span_end = low, high
    if span_end >= 0:
        yield span_start, span_end


_LOOKBACK = 64
"""How far ``is_grapheme_break`` looks back for a safe break before it gives up and says no."""


def _safe_pair(text: str, index: int) -> bool:
    """A break by UAX #29 from the two neighbours alone: both printable ASCII, or a line feed not after CR."""
    before, after = text[index - 1], text[index]
    if " " <= before <= "~" and " " <= after <= "~":
        return True
    return (before == "\n" or after == "\n") and before != "\r"


def is_grapheme_break(text: str, index: int) -> bool:
    """Whether a grapheme boundary falls just before ``text[index]``.

    Paint may only start or stop at one: a colour change between a base and
    its variation selector or mark hands the terminal a lone extender. Looks
    back at most ``_LOOKBACK`` characters for a safe break to segment from
    (see ``grapheme_pieces``); past that it answers no, which only costs a
    highlight, never a split grapheme.
    """
    if index <= 0 or index >= len(text):
        return True
    if _safe_pair(text, index):
        return True
    start = index - 1
    while start > 0 and not _safe_pair(text, start):
        start -= 1
        if index - start > _LOOKBACK:
            return False
    position = start
    for grapheme in iter_graphemes(text[start : index + 1]):
        if position >= index:
            break
        position += len(grapheme)
    return position == index


Piece = tuple[str, int, bool]

_KEPT_LINE = 512
"""Lines up to this many characters keep their pieces (``_kept_pieces``), at most ``_KEPT_LINES`` of them."""
_KEPT_LINES = 128


def _pieces(line: str) -> Iterable[Piece]:
    """``(text, cells, whole)``: printable-ASCII runs (one cell per character, ``whole`` false) and graphemes.

    A short line's pieces are segmented once and kept: the bounded view
    measures, wraps and cuts the same few lines several times a render
    (their cells, their rows, the head that fits), and redraws them at every
    width, all from one segmentation. A long line is segmented as it is read,
    so that a cut that stops early reads no further.
    """
    return _kept_pieces(line) if len(line) <= _KEPT_LINE else _scan_pieces(line)


@lru_cache(maxsize=_KEPT_LINES)
def _kept_pieces(line: str) -> tuple[Piece, ...]:
    return tuple(_scan_pieces(line))


def forget_kept_pieces() -> None:
    """Forget every kept line's pieces: the next measurement segments from nothing."""
    _kept_pieces.cache_clear()


def _scan_pieces(line: str) -> Iterator[Piece]:
    position = 0
    for start, end in grapheme_pieces(line, _NOT_PRINTABLE_ASCII):
        if start > position:
            yield line[position:start], start - position, False
        for grapheme in iter_graphemes(line[start:end]):
            yield grapheme, (1 if grapheme.isascii() else grapheme_cells(grapheme)), True
        position = end
    if position < len(line):
        yield line[position:], len(line) - position, False


def expand_tabs(line: str) -> str:
    """Tabs to spaces, stops every ``TAB_SIZE`` cells from the start of the line."""
    if "\t" not in line:
        return line
    if line.isascii():
        return line.expandtabs(TAB_SIZE)
    out: list[str] = []
    column = 0
    for piece, width, _ in _pieces(line):
        if piece == "\t":
            pad = TAB_SIZE - column % TAB_SIZE
            out.append(" " * pad)
            column += pad
        else:
            out.append(piece)
            column += width
    return "".join(out)


def expand_text_tabs(text: str) -> str:
    """``expand_tabs`` on every line of ``text``: tab stops restart at each line break."""
    if "\t" not in text:
        return text
    return "\n".join(expand_tabs(line) for line in text.split("\n"))


def wrap_line(line: str, row_width: int) -> list[str]:
    """One logical line (no newline, no tab) hard-wrapped to rows of at most ``row_width`` cells.

    A wide character that would straddle the edge moves whole to the next row.
    """
    if line.isascii():
        if len(line) <= row_width:
            return [line]
        return [line[start : start + row_width] for start in range(0, len(line), row_width)]
    rows: list[str] = []
    row: list[str] = []
    column = 0
    for piece, width, whole in _pieces(line):
        if whole:
            if column + width > row_width and row:
                rows.append("".join(row))
                row, column = [], 0
            row.append(piece)
            column += width
            continue
        position = 0
        while position < width:  # printable ASCII: as many characters as the row has cells left
            if column + 1 > row_width and row:
                rows.append("".join(row))
                row, column = [], 0
            chunk = piece[position : position + max(1, row_width - column)]
            row.append(chunk)
            column += len(chunk)
            position += len(chunk)
    rows.append("".join(row))
    return rows


def wrap_text(text: str, row_width: int) -> list[str]:
    """Every logical line of ``text`` wrapped; an empty line is one empty row."""
    rows: list[str] = []
    for line in text.split("\n"):
        rows.extend(wrap_line(expand_tabs(line), row_width))
    return rows


FIELD_ROW_CELLS = 64
"""A capped field may take one row per this many cells of its cap: about a row of an 80-column terminal beside the labels."""


def field_rows(cap: int) -> int:
    """The rows a field capped at ``cap`` cells may take, the same at every width.

    A row bound that shrinks as the terminal widens (an area count that
    charges a line break the rest of its row does) lets a wider terminal show
    fewer lines of a here-string than a narrower one. A cap over 64 cells takes two
    rows at least, one for the head and one for the tail; a smaller one (a
    terminal too small for more, where the prompt shrinks every field, or a
    fixture's tiny budget) keeps one row, its head.
    """
    return max(1, -(-cap // FIELD_ROW_CELLS))


@dataclass(frozen=True)
class Capped:
    """A field as the bounded view shows it: its head, a bare marker, and its tail.

    The tail is the field's last line, or for a long last line its last
    cells, on a row of its own and opened by its own marker as it starts
    mid-line, so nothing appended after padding can hide behind the cut.
    """

    head: str
    tail: str = ""
    """Shown on the rows after the head's: a whole last line, or a marker and the last cells of a long one."""
    cut: bool = False
    count: str = ""
    """A row of its own between head and tail that says what the cut hides (``… 19 more commands …``)."""
    middle: str = ""
    """A row between the count and the tail: where the last command starts, far from the text's end, between
    markers of its own (``cat > .env <<'EOF'…``)."""

    @property
    def shown(self) -> str:
        if not self.cut:
            return self.head
        rows = [f"{self.head}{ELLIPSIS}", self.count, self.middle, self.tail]
        return "\n".join(row for row in rows if row)


def text_cells(text: str) -> int:
    """Cells of ``text`` not counting its line breaks: what the field cap counts."""
    return (
        len(text) - text.count("\n") if text.isascii() else sum(map(cell_width, text.split("\n")))
    )


def line_rows(line: str, row_width: int) -> int:
    if line.isascii():
        return max(1, -(-len(line) // row_width))
    return len(wrap_line(line, row_width))


def text_rows(text: str, row_width: int) -> int:
    return sum(line_rows(line, row_width) for line in text.split("\n"))


def head_within(text: str, cells: int, rows: int, row_width: int) -> str:
    """The longest grapheme-aligned prefix of at most ``cells`` cells that, with the marker after it, takes at most ``rows`` rows."""
    marker = cell_width(ELLIPSIS)
    kept: list[str] = []
    used_cells = 0
    rows_before = 0  # rows of the lines already kept whole
    for index, line in enumerate(text.split("\n")):
        if index:
            rows_before += line_rows(kept[-1], row_width)
            if rows_before + 1 > rows:
                break
        if line.isascii():
            take = min(len(line), cells - used_cells, (rows - rows_before) * row_width - marker)
            if take < len(line):
                kept.append(line[: max(0, take)])
                break
            kept.append(line)
            used_cells += take
            continue
        shown, used, stopped = _line_head(
            line, cells - used_cells, rows - rows_before, row_width, marker
        )
        kept.append(shown)
        used_cells += used
        if stopped:
            break
    return "\n".join(kept)


def _line_head(
    line: str, cells: int, rows: int, row_width: int, marker: int
) -> tuple[str, int, bool]:
    """``head_within`` for one line that is not ASCII: its kept prefix, the cells it uses, and whether it stopped short.

    A grapheme that would straddle the edge moves whole to the next row, and
    on the last row the marker must still fit after what is kept.
    """
    out: list[str] = []
    used, column, row = 0, 0, 1
    for piece, width, whole in _pieces(line):
        if not whole:
            taken, used, row, column, stopped = _ascii_head(
                piece, used, row, column, cells, rows, row_width, marker
            )
            out.append(taken)
            if stopped:
                return _notation_whole_head(line, "".join(out), used)
            continue
        place_row, place_end = (
            (row + 1, width) if column + width > row_width and column else (row, column + width)
        )
        over = 1 if place_end + marker > row_width else 0
        if used + width > cells or place_row + over > rows:
            return _notation_whole_head(line, "".join(out), used)
        out.append(piece)
        used += width
        row, column = place_row, place_end
    return "".join(out), used, False


def _notation_whole_head(line: str, head: str, used: int) -> tuple[str, int, bool]:
    """A head of ``line`` that stopped short, ended where no notation is cut (``_head_end``)."""
    end = _head_end(line, len(head))
    return head[:end], used - text_cells(head[end:]), True


def _ascii_head(
    piece: str, used: int, row: int, column: int, cells: int, rows: int, row_width: int, marker: int
) -> tuple[str, int, int, int, bool]:
    """A printable-ASCII run placed from ``row``, ``column``: as much of each row as the budget allows.

    Returns what is kept, the cells used, where it ends, and whether the budget stopped it.
    """
    chunks: list[str] = []
    position, width = 0, len(piece)
    while position < width:
        if column >= row_width:
            row, column = row + 1, 0
            if row > rows:
                return "".join(chunks), used, row, column, True
        take = min(width - position, row_width - column, cells - used)
        last_row = row == rows
        if last_row:
            take = min(take, row_width - marker - column)
        take = max(0, take)
        chunks.append(piece[position : position + take])
        used += take
        column += take
        position += take
        if position < width and (
            take == 0 or used >= cells or (last_row and column + marker >= row_width)
        ):
            return "".join(chunks), used, row, column, True
    return "".join(chunks), used, row, column, False


def _suffix_within(line: str, cells: int, rows: int, row_width: int) -> tuple[str, bool]:
    """The longest grapheme-aligned suffix of ``line`` of at most ``cells`` cells that, after a marker, takes at most ``rows`` rows.

    Also whether the rows, not the cells, stopped it: then it takes all ``rows``.
    """
    marker = cell_width(ELLIPSIS)
    if line.isascii():
        take = min(len(line), cells)
        fitting = max(0, min(take, rows * row_width - marker))
        return line[len(line) - fitting :], fitting < take
    pieces: list[str] = []
    used = 0
    for grapheme in iter_graphemes_reverse(line):
        width = cell_width(grapheme)
        if used + width > cells:
            break
        pieces.append(grapheme)
        used += width
    pieces.reverse()
    low, high = 0, len(pieces)  # drop graphemes from the front until the rows fit
    while low < high:
        middle = (low + high) // 2
        if line_rows(ELLIPSIS + "".join(pieces[middle:]), row_width) <= rows:
            high = middle
        else:
            low = middle + 1
    suffix = "".join(pieces[low:])
    cut = _notation_cut_at(line, len(line) - len(suffix))
    return (suffix if cut is None else line[cut[1] :]), low > 0


_WORD_OPENERS = frozenset(";|&()<>")
"""Shell operators: what follows one starts a word, whatever it is made of."""
NAME_KEEP = 24
"""Cells a tail may reach back, past its half of the cap, to the start of a word that follows an operator: a command's name."""


def _after_an_operator(line: str, index: int) -> bool:
    """Whether ``line[index:]`` starts a command: an operator and blanks come before it."""
    while index > 0 and line[index - 1] in " \t":
        index -= 1
    return index > 0 and line[index - 1] in _WORD_OPENERS


def _owed_through_a_name(line: str, owed: int) -> int:
    """The cells a tail of ``line`` is owed: ``owed``, or enough more to start with the word it would cut after an operator.

    ``…0000:<in`` hides the command ``00000:`` that ``;`` began. Decided on
    cells alone, so the tail's share is the same at every width.
    """
    suffix, _ = _suffix_within(line, owed, 1, 1 << 30)
    cut = len(line) - len(suffix)
    word = cut
    while (
        word > 0
        and cut - word <= NAME_KEEP
        and line[word - 1] not in " \t"
        and line[word - 1] not in _WORD_OPENERS
    ):
        word -= 1
    if word in (0, cut) or cut - word > NAME_KEEP:
        return owed
    if not _after_an_operator(line, word):
        return owed
    extra = text_cells(line[word:cut])
    return owed + extra if extra <= NAME_KEEP else owed


@dataclass(frozen=True)
class LastStart:
    """Where a field's last command starts, for its tail: the text of its line before it (as shown) and the
    most cells the tail may take to show the command from its start.

    A tail of half the cap that opens past the last command's name shows no
    command at all (``…       ⟨U+0080⟩…`` of ``0\t…``). Where the head can
    spare the cells — it keeps the first command whole where that fits its
    half, else its start — the tail reaches back to the name, so the first
    and the last command both show whenever their starts fit the field together.
    """

    before: str
    most: int


def _last_at(line: str, last: LastStart | None, on_line: bool) -> int | None:
    """Where in ``line`` the last command starts, when it starts on it."""
    if last is None or not on_line or not line.startswith(last.before):
        return None
    return len(last.before)


def _owed_through_the_last(line: str, owed: int, name_at: int | None, most: int) -> int:
    """``owed``, or the cells from the last command's start (``name_at``) to the line's end when those are more
    and at most ``most``."""
    if name_at is None:
        return owed
    through = text_cells(line[name_at:])
    return through if owed < through <= most else owed


@dataclass(frozen=True)
class _Tail:
    text: str
    """As shown: the last line, or a marker and the last cells of a long one; empty when none fits."""
    start: int
    """Where the tail begins in the text it came from; nothing before it may be in the head."""
    cells: int
    """The cells the tail is owed, the same at every width, so the head's share never grows as the terminal narrows."""
    rows: int
    """The rows it takes, or all it may take when they stopped it: never more as the terminal widens."""


_SAYS_NOTHING = frozenset(("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sk", "Zs", "Zl", "Zp"))
_NOTATED_BRACKET = "\u27e8U+27E8\u27e9"


def without_blank_ends(text: str) -> str:
    """``text`` without the blank lines it opens with and the blanks it ends with: a field may leave them out,
    as they show nothing. A blank that opens the first shown line stays: it may be a cluster's base (`` ︀``)."""
    opening = len(text) - len(text.lstrip(" \n"))
    return text[text.rfind("\n", 0, opening) + 1 :].rstrip(" \n")


def says_something(text: str) -> bool:
    """Whether ``text`` holds anything but punctuation, brackets, operators and blanks: ``}`` or ``]);`` do not.

    A tail is shown so the person sees how the text ends; a tail of closing
    brackets after a marker ends a great many texts and says nothing of what
    was cut before it. A letter, a digit, a pictograph or a notation does.
    """
    # a typed ⟨ is spelled out, but is a bracket all the same
    text = text.replace(_NOTATED_BRACKET, "\u27e8")
    return any(
        not char.isspace() and unicodedata.category(char) not in _SAYS_NOTHING for char in text
    )


def _closing_lines(text: str, start: int, end: int, cells: int) -> int:
    """Where a tail of whole lines begins that says something: back from ``start`` over lines that do not.

    ``start`` itself when no such tail is within ``cells`` (counted apart
    from rows, so the choice is the same at every width), or the line before
    would be outside ``text`` (a window on a longer text begins with a line break).
    """
    begin = start
    while not says_something(text[begin:end]):
        previous = text.rfind("\n", 0, begin - 1) if begin > 0 else -1
        if previous < 0 and (begin == 0 or text.startswith("\n")):
            return start
        begin = previous + 1
        if text_cells(text[begin:end]) > cells:
            return start
    return begin


def _lines_back(text: str, start: int, lines: int) -> int:
    """Where the line ``lines`` lines before the one at ``start`` begins, never before ``text``'s first line (a
    window on a longer text begins with a line break)."""
    for _ in range(lines):
        previous = text.rfind("\n", 0, start - 1) if start > 0 else -1
        if previous < 0 and (start == 0 or text.startswith("\n")):
            return start
        start = previous + 1
    return start


def _closing_tail(text: str, begin: int, end: int, rows: int, row_width: int) -> _Tail:
    """The lines ``text[begin:end]`` as a tail: whole where they fit ``rows``, else the closing lines whole after
    a marker and the last cells of the line that says something, in the rows left; empty, its share kept, where
    even that does not fit. Its cells are the lines' at every width, so the head's share never grows as the
    terminal narrows."""
    lines = text[begin:end]
    cells = text_cells(lines)
    taken = text_rows(lines, row_width)
    if taken <= rows:
        return _Tail(lines, begin, cells, taken)
    first_end = text.find("\n", begin, end)
    closing = text[first_end + 1 : end]
    room = rows - text_rows(closing, row_width)
    if room > 0:
        line = text[begin:first_end]
        suffix, _ = _suffix_within(line, cells - text_cells(closing), room, row_width)
        if not _after_an_operator(line, len(line) - len(suffix)):
            suffix = suffix.lstrip("0123456789")  # "…485" would read as a count of what was cut
        if says_something(suffix):
            return _Tail(f"{ELLIPSIS}{suffix}\n{closing}", first_end - len(suffix), cells, rows)
    return _Tail("", end, cells, rows)


def _tail_of(
    text: str,
    cap: int,
    rows: int,
    row_width: int,
    whole_text: bool = True,
    lines: int = 0,
    last: LastStart | None = None,
    owed_rows: int = 0,
) -> _Tail | None:
    """The tail of ``text`` (or of the last part of a longer text, when not ``whole_text``); ``None`` when it has none.

    A tail that would say nothing (``says_something``) reaches back over whole
    lines to one that does, within its share; where none fits it is left out.
    A tail owed ``lines`` lines before the last (where the last command
    starts) takes them as it takes closing lines, within its share — or
    within ``last.most`` cells, as it reaches back to the last command's start.
    """
    # trailing blanks show nothing; the last thing that does is the tail
    end = len(text.rstrip(" \n"))
    start = text.rfind("\n", 0, end) + 1
    begin = _lines_back(text, start, lines)
    share = cap // 2 if last is None else max(cap // 2, last.most)
    line = text[start:end]
    name_at = _last_at(line, last, begin == start)
    # reaching back for a name never takes the tail past the whole cap
    owed = min(_owed_through_a_name(line, cap // 2), cap)
    owed = _owed_through_the_last(line, owed, name_at, share)
    closing = _tail_of_lines(
        text, (begin, start, end), cap, share, (rows, max(rows, owed_rows)), row_width
    )
    if closing is not None:
        return closing
    found_line_start = start > 0 or whole_text
    cells = min(text_cells(line), owed) if found_line_start else owed
    # a tail that says nothing shows nothing of what was cut, but the last command's own start is owed whatever it is
    if end == 0 or rows <= 0 or cells <= 0:
        return None
    if name_at is None and not says_something(line[-owed:]):
        return None
    if found_line_start and text_cells(line) <= owed and line_rows(line, row_width) <= rows:
        return _Tail(line, start, cells, line_rows(line, row_width))
    return _marked_tail(line, end, (owed, cells), rows, row_width, name_at)


def _tail_of_lines(
    text: str,
    where: tuple[int, int, int],
    cap: int,
    share: int,
    rows: tuple[int, int],
    row_width: int,
) -> _Tail | None:
    """A tail of whole lines (``where`` is where they may begin, where the last begins, where the text ends):
    the lines from where the last command starts within ``share``, or closing lines back to one that says
    something within half the cap; ``None`` when the tail is the last line's.

    ``rows`` is the tail's share of the field's rows and the rows it is
    owed: in a text of commands the lines take the rows they need up to
    the field's own (the head keeps its first row), since they hold the
    last command — it starts on an earlier line, or its line says nothing
    (``:``) — and leaving them out would hide what runs last.
    """
    begin, start, end = where
    share_rows = rows[0]
    row_width = max(1, row_width)
    if share_rows > 0 and begin < start and text_cells(text[begin:end]) <= share:
        return _closing_tail(
            text, begin, end, _rows_for(text[begin:end], rows, row_width), row_width
        )
    if share_rows > 0 and end and not says_something(text[start:end]):
        begin = _closing_lines(text, start, end, cap // 2)
        if begin < start:
            return _closing_tail(
                text, begin, end, _rows_for(text[begin:end], rows, row_width), row_width
            )
    return None


def _rows_for(lines: str, rows: tuple[int, int], row_width: int) -> int:
    """The rows a tail of ``lines`` may take: its share, or as many as they need within the rows it is owed."""
    share_rows, owed_rows = rows
    return max(share_rows, min(owed_rows, text_rows(lines, row_width)))


def _marked_tail(
    line: str, end: int, owed: tuple[int, int], rows: int, row_width: int, name_at: int | None
) -> _Tail:
    """The last cells of a ``line`` too long to show whole after its own marker: ``owed`` is the cells it may
    show and the cells it keeps from the head; ``name_at`` where the last command starts, if on this line."""
    owed_cells, cells = owed
    suffix, stopped_by_rows = _suffix_within(line, owed_cells, rows, row_width)
    # opened by its own marker: the two ends read apart whether or not a line break was cut
    reserved = rows if stopped_by_rows else line_rows(ELLIPSIS + suffix, row_width)
    # "…485" would read as a count of what was cut; digits an operator began are a command's name
    opens = len(line) - len(suffix)
    shown = (
        suffix
        if opens == name_at or _after_an_operator(line, opens)
        else suffix.lstrip("0123456789")
    )
    if not says_something(shown) and opens != name_at:
        return _Tail("", end, cells, reserved)
    return _Tail(ELLIPSIS + shown, end - len(shown), cells, reserved)


def cap_ends(
    prefix: str,
    suffix: str,
    cap: int,
    max_rows: int,
    row_width: int,
    *,
    whole: bool,
    tail_lines: int = 0,
    last: LastStart | None = None,
    runs: bool = False,
) -> Capped:
    """Head from ``prefix``, tail from ``suffix``: both the whole text when ``whole``, else its two far ends.

    When not ``whole`` the two ends are disjoint and far apart, so the text
    is known not to fit and nothing lies between them that the head could reach.
    A text that ``runs`` (commands) owes its tail the rows of the lines where
    the last command stands, past the tail's share (``_tail_of_lines``).
    """
    row_width = max(1, row_width)
    if whole and text_cells(prefix) <= cap and text_rows(prefix, row_width) <= max_rows:
        return Capped(prefix)
    shown = prefix.rstrip(" \n")  # the blanks after the last thing shown show nothing, cut or not
    if whole and text_cells(shown) <= cap and text_rows(shown, row_width) <= max_rows:
        return Capped(shown)
    # the tail takes at most half the rows and half the cells (or what ``last`` allows it to show the last
    # command from its start): the head (what runs first) keeps the rest
    tail = _tail_of(
        suffix,
        cap,
        max_rows // 2,
        row_width,
        whole_text=whole,
        lines=tail_lines,
        last=last,
        owed_rows=max_rows if runs else 0,
    )
    if tail is None:
        return Capped(head_within(prefix, cap, max_rows, row_width), cut=True)
    # a tail owed more rows than its share (the last command's closing lines) leaves the head its first row
    head = head_within(prefix, cap - tail.cells, max(1, max_rows - tail.rows), row_width)
    if whole and len(head) >= tail.start:
        # nothing but blanks after what the head shows: the head alone, with the whole budget
        return Capped(head_within(prefix, cap, max_rows, row_width), cut=True)
    if (
        whole
        and prefix[len(head) : tail.start] == "\n"
        and prefix[tail.start :].rstrip(" \n") == tail.text
    ):
        # the tail's lines follow the head's: the two ends are the whole, and a marker would hide nothing
        return Capped(prefix[: tail.start] + tail.text)
    return Capped(head, tail.text, cut=True)


def cap_text(
    text: str,
    cap: int,
    max_rows: int,
    row_width: int,
    tail_lines: int = 0,
    last: LastStart | None = None,
    runs: bool = False,
) -> Capped:
    """``text`` bounded to ``cap`` cells of text and ``max_rows`` rows of ``row_width``, head and tail kept.

    Cells and rows are counted apart, so a thousand short lines are bounded
    by rows and one long line by cells, and neither bound depends on the
    width in a way that lets a wider terminal show less. The result never
    exceeds the cap by more than its markers.
    """
    return cap_ends(
        text,
        text,
        cap,
        max_rows,
        row_width,
        whole=True,
        tail_lines=tail_lines,
        last=last,
        runs=runs,
    )


def clip_to_width(text: str, max_width: int) -> str:
    """The longest grapheme-aligned prefix of a single row that fits ``max_width`` cells."""
    if text.isascii():
        return text[:max_width]
    out: list[str] = []
    used = 0
    for piece, width, whole in _pieces(text):
        if used + width > max_width:
            if not whole:  # a run of printable ASCII: the characters that still fit
                out.append(piece[: max(0, max_width - used)])
            break
        out.append(piece)
        used += width
    clipped = "".join(out)
    return clipped[: _head_end(text, len(clipped))]
