"""Reading a field's text back from screen rows, whatever the renderer's wrapping style.

A renderer may hard-wrap by cell or wrap by words, continue a value under its
label column or at the margin, and spell an unprintable character in any of
the usual visible notations. What it may not do is change the text. So a
field is compared with what the payload says, character by character, with
exactly three freedoms:

- a row break where the text has none (a wrap), around which whitespace is
  free: word wrap drops the space it breaks at, and the screen never shows
  trailing spaces;
- a tab shown as one to eight spaces (a tab stop), or a notation;
- a character shown as one of its notations (``⟨U+202E⟩``, ``␛``, ``^[``,
  ``\\x1b``, ``\\u202e``, ``<U+202E>``, ``U+202E``) — and a character no
  terminal prints as itself (controls, format and bidi characters, line
  separators, lone surrogates, blank fillers) *only* as a notation.

Everything else — every character, every space inside a row, every line
break of the text — must be on screen exactly, but for the blanks after a
field's last visible character (spaces, tabs, line breaks and the space
separators drawn blank, ``SHOWS_NOTHING_AT_END``), which no screen shows. A capped field reads as a
head of the text, the bare marker ``…``, and optionally a tail of the text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache

MARKER = "\u2026"
LONE_MARKER_INDENT = 3
"""Blanks a lone marker row may begin with: where a gutter or a bullet stood before it (``│ …``), never as far in
as a value's rows, which may hold a ``…`` of their own."""


def lone_marker(row: str) -> bool:
    """Whether a row is a lone ``…`` at the labels' place: evidence left out after the fact above it."""
    return row.strip() == MARKER and len(row) - len(row.lstrip(" ")) <= LONE_MARKER_INDENT


_PLAIN = re.compile(r"[^\x20-\x7e]")
"""Ends a run of printable ASCII: both sides are compared a run at a time, not a character at a time."""

SHOWS_NOTHING_AT_END = " \t\n\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
"""Blanks, and the space separators drawn blank: after a field's last visible character a screen cannot show them."""
_BLANK_AT_A_BREAK = SHOWS_NOTHING_AT_END.replace("\n", "")
_BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
_TAGS = ("\U000e0020", "\U000e007f")


def _pictograph(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk") or char == "\ufe0f"


def must_notate(text: str, index: int) -> bool:
    """Whether ``text[index]`` may only appear on screen as a notation: it would act, hide or join otherwise."""
    char = text[index]
    category = unicodedata.category(char)
    if category in ("Cc", "Cs", "Zl", "Zp"):
        return char not in "\n\t"
    if char in _BLANK_FILLERS:
        return True
    if category == "Cf":
        if char == "\u200d":
            return not (
                0 < index < len(text) - 1
                and _pictograph(text[index - 1])
                and _pictograph(text[index + 1])
            )
        if _TAGS[0] <= char <= _TAGS[1]:
            return not (
                index > 0
                and (text[index - 1] == "\U0001f3f4" or _TAGS[0] <= text[index - 1] <= _TAGS[1])
            )
        return True
    if category[0] == "M":
        # a mark with nothing of the text's own to combine with
        return index == 0 or text[index - 1] == "\n"
    return False


@lru_cache(maxsize=4096)
def spellings(char: str, notated: bool) -> tuple[str, ...]:
    """Every way one character may read on screen; only notations when ``notated``."""
    code = ord(char)
    hexes = {f"{code:04X}", f"{code:04x}"}
    out = [
        f"{open_}U+{digits}{close}"
        for digits in hexes
        for open_, close in (("\u27e8", "\u27e9"), ("<", ">"), ("[", "]"))
    ]
    out += [f"U+{digits}" for digits in hexes]
    if code < 0x20:
        out += [chr(0x2400 + code), "^" + chr(code + 0x40)]
    if code == 0x7F:
        out += ["\u2421", "^?"]
    if code < 0x100:
        out += [f"\\x{code:02x}", f"\\x{code:02X}"]
    if code < 0x10000:
        out += [f"\\u{code:04x}", f"\\u{code:04X}"]
    out += [f"\\u{{{code:x}}}", f"\\u{{{code:X}}}", f"\\U{code:08x}", f"\\U{code:08X}"]
    if char == "\u2192":
        out.append("->")
    if not notated:
        out.insert(0, char)
    return tuple(sorted(set(out), key=lambda spelling: -len(spelling)))


@dataclass(frozen=True)
class Progress:
    """How far a comparison got: ``done`` characters of the text, ``read`` characters of the screen stream."""

    done: int
    read: int
    ok: bool
    """The screen stream was read to its end without a difference."""
    partial: bool = False
    """The stream ended inside the notation of text character ``done`` (only with ``partial_end``)."""


def _is_space_or_break(char: str) -> bool:
    return char == " " or char == "\n"


def compare(
    text: str, stream: str, *, partial_end: bool = False, reverse: bool = False
) -> Progress:
    """Match the screen ``stream`` (rows joined by ``\\n``) against the start of ``text``.

    ``ok`` when the whole stream reads as a prefix of ``text`` under the
    freedoms of this module; the text need not be used up (the caller asks
    for that when it wants the whole field). ``partial_end``: the stream may
    stop inside a character's notation (a cap that cut ``⟨U+20``).
    ``reverse``: both are read backwards (for a tail) — the caller passes
    them reversed; notations are then matched reversed too, and a row's
    indentation comes before its row break.
    """
    return _Comparison(text, stream, partial_end, reverse).run()


class _Comparison:
    """One reading of a stream against a text: ``i`` characters of the text read, ``p`` of the stream."""

    def __init__(self, text: str, stream: str, partial_end: bool, reverse: bool) -> None:
        self.text, self.stream = text, stream
        self.partial_end, self.reverse = partial_end, reverse
        self.i = self.p = 0

    def run(self) -> Progress:
        text, stream = self.text, self.stream
        n, m = len(text), len(stream)
        while self.p < m:
            if self.i >= n:
                return Progress(
                    self.i, self.p, all(_is_space_or_break(char) for char in stream[self.p :])
                )
            char, here = text[self.i], stream[self.p]
            if " " <= char <= "~" and char != " " and here == char:
                self._plain_run()
                continue
            elif here == "\n":
                found = self._row_break()
            elif (
                self.reverse
                and here == " "
                and char not in " \t\n"
                and _indent_end(stream, self.p) > self.p
            ):
                # a wrapped row's indentation, read before its break
                self.p = _indent_end(stream, self.p)
                found = None
            elif char in " \t":
                found = self._blanks()
            elif char == "\n":
                found = Progress(self.i, self.p, False)
            else:
                found = self._notated()
            if found is not None:
                return found
        return Progress(self.i, self.p, True)

    def _plain_run(self) -> None:
        """A run of printable ASCII on both sides, compared at once as far as the two agree."""
        text, stream, i, p = self.text, self.stream, self.i, self.p
        n, m = len(text), len(stream)
        block_stream = _PLAIN.search(stream, p)
        stream_end = block_stream.start() if block_stream else m
        # no further: the block cannot be longer
        block_text = _PLAIN.search(text, i, i + (stream_end - p))
        length = min(
            (block_text.start() if block_text else min(n, i + (stream_end - p))) - i, stream_end - p
        )
        if text[i : i + length] != stream[p : p + length]:
            while text[i] == stream[p]:  # up to the difference, which the other readings judge
                i += 1
                p += 1
            self.i, self.p = i, p
            return None
        self.i, self.p = i + length, p + length
        return None

    def _row_break(self) -> Progress | None:
        """A row break: the text's own line break (after blanks the screen does not show), or a wrap."""
        text, stream, i = self.text, self.stream, self.i
        n, m = len(text), len(stream)
        j = i
        while j < n and text[j] in _BLANK_AT_A_BREAK:
            j += 1
        spaces = i
        while spaces < n and text[spaces] in " \t":
            spaces += 1
        p = self.p + 1
        while p < m and stream[p] == " ":
            p += 1
        # at a wrap an NBSP may hang at the end of the row (read as nothing) or start the next one,
        # as itself or as any of its notations, and so may one that ends a line
        starts_next = spaces < j and stream.startswith(spellings(text[spaces], False), p)
        if j < n and text[j] == "\n" and not starts_next:
            self.i, self.p = j + 1, self.p + 1
            return None
        self.i = spaces if spaces == j or starts_next else j
        self.p = p
        return None

    def _blanks(self) -> Progress | None:
        """Spaces and tabs of the text: a tab is one to eight spaces, and blanks at a row's end are free."""
        text, stream, i, p = self.text, self.stream, self.i, self.p
        n, m = len(text), len(stream)
        j = i
        tabs = 0
        while j < n and text[j] in " \t":
            tabs += text[j] == "\t"
            j += 1
        spaces = (j - i) - tabs
        q = p
        while q < m and stream[q] == " ":
            q += 1
        shown = q - p
        tab = text.find("\t", i, j)
        notation = _tab_notation(stream, q) if tab >= 0 and tab - i == shown else ""
        if notation:  # the spaces before the run's first tab as they are, the tab spelled out
            self.i, self.p = tab + 1, q + len(notation)
            return None
        free = q == m or stream[q] == "\n" or j == n or text[j] == "\n"
        if free or spaces + tabs <= shown <= spaces + 8 * tabs:
            self.i, self.p = j, q
            return None
        return Progress(i, p, False)

    def _notated(self) -> Progress | None:
        """One character as itself or as one of its notations (only those, for one that must be spelled out)."""
        text, i = self.text, self.i
        notated = _must_notate_reversed(text, i) if self.reverse else must_notate(text, i)
        matched = _spelled(
            self.stream,
            self.p,
            spellings(text[i], notated),
            self.reverse,
            self.partial_end,
            text,
            i + 1,
        )
        if matched < 0:
            return Progress(i, self.p, False)
        if matched > len(self.stream):  # the stream ended inside a notation
            return Progress(i, len(self.stream), True, partial=True)
        self.i, self.p = i + 1, matched
        return None


_TAB_NOTATIONS = (*spellings("\t", True), "\\t")


def _tab_notation(stream: str, position: int) -> str:
    """The notation of a tab that ``stream`` holds at ``position`` (``⟨U+0009⟩``, ``␉``, ``^I``, ``\\t``…), or ""."""
    return next((n for n in _TAB_NOTATIONS if stream.startswith(n, position)), "")


def _indent_end(stream: str, position: int) -> int:
    """Reading backwards: where the blanks at ``position`` end when a row break follows them (a row's
    indentation, which a reversed stream reads before the break); ``position`` when they are not that."""
    q = position
    while q < len(stream) and stream[q] == " ":
        q += 1
    return q if q < len(stream) and stream[q] == "\n" else position


def _past_row_break(stream: str, position: int, reverse: bool) -> int:
    """Past a row break and the next row's indentation, inside a notation: ``⟨U+30`` at a row's end, ``2E⟩`` indented below."""
    p = _indent_end(stream, position) if reverse else position
    if p >= len(stream) or stream[p] != "\n":
        return position
    while p < len(stream) and stream[p] == "\n":
        p += 1
    while not reverse and p < len(stream) and stream[p] == " ":
        p += 1
    return p


def _must_notate_reversed(reversed_text: str, index: int) -> bool:
    """``must_notate`` on the original text, for a character of the reversed text (neighbours swap)."""
    start = max(0, index - 2)
    window = reversed_text[start : index + 2][::-1]
    return must_notate(window, len(window) - 1 - (index - start))


def _spelled(
    stream: str,
    position: int,
    options: tuple[str, ...],
    reverse: bool,
    partial_end: bool,
    text: str,
    following: int,
) -> int:
    """Where the stream continues after one of ``options`` read at ``position`` (row breaks inside allowed), or -1.

    Returns ``len(stream) + 1`` when ``partial_end`` and the stream stops
    inside an option. Where more than one option reads (``⟨`` is a character
    and the start of ``⟨U+27E8⟩``), the one after which the text's next
    character can follow wins.
    """
    m = len(stream)
    found: list[int] = []
    for option in options:
        spelled = option[::-1] if reverse else option
        p = position
        for char in spelled:
            if char not in "\n ":
                p = _past_row_break(stream, p, reverse)
            if p >= m:
                if partial_end:
                    found.append(m + 1)
                break
            if stream[p] != char:
                break
            p += 1
        else:
            found.append(p)
    if len(found) > 1:
        for end in found:
            if _can_follow(stream, end, text, following, partial_end):
                return end
    return found[0] if found else -1


def _can_follow(stream: str, position: int, text: str, index: int, partial_end: bool) -> bool:
    """Whether ``text[index]`` (or the end of the text) can be read at ``stream[position]``."""
    rest = stream[position:]
    if index >= len(text):
        return not rest.strip(" \n")
    if position > len(stream):
        return True
    char = text[index]
    if not rest:
        return partial_end
    if char in " \t\n" or rest[0] in " \n":
        return char in " \t\n" or rest[0] == "\n"
    return any(rest.startswith(option) for option in spellings(char, False))


@dataclass(frozen=True)
class FieldReading:
    """A field as the screen shows it: whole, or a head and a tail of the text around the marker."""

    whole: bool
    head: int
    """Characters of the text shown before the marker (all of them when ``whole``)."""
    tail: int
    """Characters of the text shown after the marker."""
    problem: str | None = None
    cut_inside: bool = False
    """The head ends inside a character's notation (``⟨U+20…``): something of the text shows beyond ``head``."""
    hidden_commands: int = 0
    """How many commands the cut says it hides, on a row of its own after the head's marker (``… 19 more commands …``)."""
    middles: tuple[Middle, ...] = ()
    """Pieces of the text shown between the head and the tail, each between cuts of its own, in order."""

    @property
    def shown(self) -> int:
        return self.head + self.tail + sum(middle.length for middle in self.middles)


@dataclass(frozen=True)
class Middle:
    """A piece of a capped field's text shown between two cuts: ``length`` characters from ``start``, and how
    many commands the cut after it says it hides."""

    start: int
    length: int
    hidden_commands: int = 0
    placed_once: bool = True
    """Whether the piece reads as the text only there: a short piece (``rm``) may read at several places, and
    the screen does not say which it shows."""


def _context(text: str, index: int) -> str:
    return repr(text[max(0, index - 12) : index + 12])


def read_field(text: str, stream: str, *, allow_cap: bool, pieces: bool = True) -> FieldReading:
    """Whether ``stream`` shows ``text`` whole, or (``allow_cap``) capped as head ``…`` tail, and how much of it;
    with ``pieces``, pieces of the text between the head and the tail too (``_read_rest``).

    As the blanks after the last visible character, the blank lines before
    the first line that shows something show nothing: a screen may leave
    them out (the reading then counts them as shown).
    """
    reading = _read_field(text, stream, allow_cap, pieces)
    opening = opening_blank_lines(text)
    if reading.problem is None or not opening:
        return reading
    later = _read_field(text[opening:], stream, allow_cap, pieces)
    if later.problem is not None:
        return reading
    shifted = tuple(replace(middle, start=middle.start + opening) for middle in later.middles)
    return replace(later, head=later.head + opening, middles=shifted)


def opening_blank_lines(text: str) -> int:
    """Where the first line that shows something begins, after lines of nothing but blanks (``SHOWS_NOTHING_AT_END``)."""
    first = len(text) - len(text.lstrip(SHOWS_NOTHING_AT_END))
    return text.rfind("\n", 0, first) + 1


def _read_field(text: str, stream: str, allow_cap: bool, pieces: bool) -> FieldReading:
    stream = stream.rstrip(" \n")
    whole = compare(text, stream)
    if whole.ok and (whole.done == len(text) or not text[whole.done :].strip(SHOWS_NOTHING_AT_END)):
        return FieldReading(True, len(text), 0)
    # a head and a tail read first: a piece between them is read only where no such reading is true
    for middles in ((0, _MIDDLES) if pieces else (0,)) if allow_cap else ():
        start = stream.find(MARKER)
        while start >= 0:
            capped = _read_capped(text, stream, start, middles)
            if capped is not None:
                return capped
            start = stream.find(MARKER, start + 1)
    return _difference(text, stream, whole)


COUNTED_CUT = re.compile(rf"\s*{MARKER}\s*(\d+)\s+more\s+commands?\s*{MARKER}")
"""How many commands a screen says it hides (a row may break between any two words): on a row right after a
cut's marker, or as an outline's own line."""


def _read_capped(text: str, stream: str, start: int, middles: int) -> FieldReading | None:
    """The field as a head before the marker at ``start`` and a tail after it (and its blanks), if it reads so.

    A count of hidden commands right after the marker is the cut's own, or
    else the first line of the text's tail: a text may end in a line that
    reads ``… 3 more commands …``, and shown whole after the cut it is that
    text, which no renderer may be failed for showing as it is.
    """
    count = COUNTED_CUT.match(stream, start + 1)
    if count is not None:
        counted = _read_head_and_tail(text, stream, start, count, middles)
        if counted is not None:
            return counted
    return _read_head_and_tail(text, stream, start, None, middles)


def _read_head_and_tail(
    text: str, stream: str, start: int, count: re.Match[str] | None, middles: int
) -> FieldReading | None:
    """The field as a head before the marker at ``start``, the cut's ``count`` if any, and after them a tail,
    or up to ``middles`` pieces of the text each ended by a cut of its own and then a tail (``_read_rest``)."""
    end = _after_the_cut(stream, start, count)
    head = compare(text, stream[:start].rstrip(" \n"), partial_end=True)
    if not head.ok:
        return None
    done = head.done
    rest = _own_marker_tail(text, stream, count) or _read_rest(
        text, stream[end:], head.done, middles
    )
    if rest is None:
        return None
    tail, pieces, tail_stream = rest
    if done + tail >= len(text) and done and _opens_notation(text[done - 1]) and not pieces:
        done -= 1  # "⟨…": not the character ⟨ whole, the start of its notation ⟨U+27E8⟩, cut
    if done + tail < len(text) and _honest_tail(text, tail, tail_stream, done):
        return FieldReading(
            False,
            done,
            tail,
            cut_inside=head.partial or done < head.done,
            hidden_commands=int(count[1]) if count is not None else 0,
            middles=pieces,
        )
    return None


def _own_marker_tail(
    text: str, stream: str, count: re.Match[str] | None
) -> tuple[int, tuple[Middle, ...], str] | None:
    """A tail that opens with a ``…`` of the text's own, on the row after the cut's count: the text's line ``…``
    shown where a tail's marker could stand reads as the text it is, so the command it is is not hidden."""
    if count is None:
        return None
    begin = count.end()
    while begin < len(stream) and _is_space_or_break(stream[begin]):
        begin += 1
    if not stream.startswith(MARKER, begin):
        return None
    tail = _read_tail(text, stream[begin:])
    return None if not tail else (tail, (), stream[begin:])


def _after_the_cut(stream: str, start: int, count: re.Match[str] | None) -> int:
    """Where what follows the cut at ``start`` begins: after its marker, its count, and the markers and blanks
    that open the next piece."""
    end = start + 1 if count is None else count.end()
    while end < len(stream) and (stream[end] == MARKER or _is_space_or_break(stream[end])):
        end += 1
    return end


_MIDDLES = 2
"""Pieces a capped field may show between its head and its tail (the last command's start, say, far from the
text's end): each is read at every marker that could end it, so their number bounds the reading's cost."""
_MIDDLE_ENDS = 32
"""Markers tried as the end of one piece: the text's own ``…`` may stand in it too."""


def _read_rest(
    text: str, rest: str, low: int, middles: int
) -> tuple[int, tuple[Middle, ...], str] | None:
    """What follows a cut read as a tail, or as up to ``middles`` pieces of the text after character ``low``, in
    order, each ended by a cut (its marker, and a count if any), and then a tail: the tail's characters, the
    pieces, and the tail's stream."""
    tail = _read_tail(text, rest)
    if tail is not None:
        return tail, (), rest
    if not middles:
        return None
    marker = rest.find(MARKER)
    for _ in range(_MIDDLE_ENDS):
        if marker < 0:
            return None
        piece = rest[:marker].rstrip(" \n")
        count = COUNTED_CUT.match(rest, marker + 1)
        if piece:
            later = _read_rest(text, rest[_after_the_cut(rest, marker, count) :], low, middles - 1)
            if later is not None:
                tail, after, tail_stream = later
                high = min([len(text) - tail, *(middle.start for middle in after)])
                found = _find_piece(text, piece, low, high)
                if found is not None:
                    stated = int(count[1]) if count is not None else 0
                    again = _find_piece(text, piece, found[0] + 1, high)
                    middle = Middle(*found, stated, placed_once=again is None)
                    return tail, (middle, *after), tail_stream
        marker = rest.find(MARKER, marker + 1)
    return None


_NOTATION_OPENERS = "U\\^<"
"""Where a piece may begin with a character's notation (``U+202E``, ``\\x1b``, ``^[``, ``<U+202E>``), not itself."""


def _find_piece(text: str, piece: str, low: int, high: int) -> tuple[int, int] | None:
    """Where ``piece`` (rows of a screen) first reads as the text, from character ``low`` on, ending by ``high``,
    and how many characters of the text it shows."""
    first = piece[0]
    literal = " " < first <= "~" and first not in _NOTATION_OPENERS
    position = low
    while position < high:
        if literal:
            position = text.find(first, position, high)
            if position < 0:
                return None
        progress = _compare_at(text, piece, position, high)
        if progress.ok and progress.read >= len(piece):
            return position, progress.done
        position += 1
    return None


_PIECE_WINDOW = 4096
"""Characters of the text a piece is first compared with past those it could show one for one: a piece a row or
two long is read without copying the text up to the tail for every place it is tried."""


def _compare_at(
    text: str, piece: str, position: int, high: int, window: int = _PIECE_WINDOW
) -> Progress:
    """``compare`` of ``piece`` with the text from ``position`` up to ``high``, reading a window of it first: a
    comparison reads one character past the one it judges (a joiner is judged by what follows it), so only one
    that comes within two characters of the window's end (blanks the screen leaves out at a row break run past
    it) reads the text up to ``high`` again, and the result is the same."""
    reach = min(high, position + 8 * len(piece) + window)
    progress = compare(text[position:reach], piece, partial_end=True)
    if reach < high and progress.done + 2 >= reach - position:
        return compare(text[position:high], piece, partial_end=True)
    return progress


def _difference(text: str, stream: str, whole: Progress) -> FieldReading:
    """Why the stream does not read as the text: where it first differs, or a character shown raw."""
    where = whole.done
    if (
        where < len(text)
        and whole.read < len(stream)
        and stream[whole.read] == text[where]
        and must_notate(text, where)
    ):
        raw = f"U+{ord(text[where]):04X}"
        return FieldReading(
            False,
            where,
            0,
            f"shows {raw} raw where it must be spelled out, in {_context(text, where)}",
        )
    shown = stream[max(0, whole.read - 12) : whole.read + 12]
    expected = "the end of the field" if where >= len(text) else _context(text, where)
    return FieldReading(False, whole.done, 0, f"reads {shown!r} where the text has {expected}")


_SAYS_NOTHING = frozenset(("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sk", "Zs", "Zl", "Zp"))
"""Punctuation, brackets, operators and blanks: a tail of nothing else ends a great many texts."""


def _honest_tail(text: str, tail: int, shown: str, head: int) -> bool:
    """Whether a tail of ``tail`` characters, ``shown`` so, says which text ends there: none, or one holding more
    than punctuation, or one after a cut that hides nothing more (the text from ``head`` on says nothing either).

    ``}``, ``>``, ``]`` or ``⟩`` alone ends a great many texts, so after a
    marker it proves nothing of what was cut before it: a value that lost
    its last word would read as capped. A letter, a digit, a pictograph or a
    character the screen spells out (its notation names it) says something.
    Where the cut hides no such word either (``=`` on eight lines, a command
    bash runs on each), no word was lost, and the tail is the text's end.
    """
    start = len(text) - tail
    return (
        tail == 0
        or _says_something(text, start, len(text))
        or _spells_out_any(text[start:], shown)
        or start - head <= _HIDDEN_READ
        and not _says_something(text, head, start)
    )


_HIDDEN_READ = 65_536
"""Characters of a cut's hidden text read for a word when its tail says nothing: more, and the tail is not honest."""


def says_something(text: str) -> bool:
    """Whether ``text`` holds a letter, a digit, a pictograph or a character the screen must spell out."""
    return _says_something(text, 0, len(text))


def _says_something(text: str, start: int, end: int) -> bool:
    return any(
        must_notate(text, index)
        or not text[index].isspace()
        and unicodedata.category(text[index]) not in _SAYS_NOTHING
        for index in range(start, end)
    )


def _spells_out_any(text: str, shown: str) -> bool:
    """Whether ``shown`` holds a notation of one of ``text``'s characters."""
    return any(spelling in shown for char in set(text) for spelling in spellings(char, True))


def _opens_notation(char: str) -> bool:
    return any(spelling.startswith(char) for spelling in spellings(char, True))


def _read_tail(text: str, tail_stream: str) -> int | None:
    """Characters of the end of ``text`` that ``tail_stream`` shows, or None when it is not an end of the text.

    The end is the last character a person sees: blanks after it show nothing,
    so a tail need not show them, and they count as shown — ``'\n00\n'`` whose
    tail reads ``0`` shows its last three characters, not two. A tail that
    draws them (an NBSP after the last letter) is read the same way, and one
    that spells them out (``⟨U+00A0⟩``) as written.
    """
    if not tail_stream:
        return 0
    shown_end = len(text.rstrip(SHOWS_NOTHING_AT_END))
    blanks_after = len(text) - shown_end  # counted as shown: the tail reaches the text's end
    drawn = tail_stream.rstrip(SHOWS_NOTHING_AT_END)
    if not drawn:
        return blanks_after
    if blanks_after:
        found = _read_end(text[:shown_end], drawn, blanks_after)
        if found is not None:
            return found
    return _read_end(text, tail_stream, 0)


def _read_end(text: str, tail_stream: str, blanks_after: int) -> int | None:
    reversed_stream = tail_stream[::-1]
    window = max(64, 9 * len(tail_stream))
    while True:
        piece = text[-window:] if window < len(text) else text
        progress = compare(piece[::-1], reversed_stream, partial_end=True, reverse=True)
        if progress.ok and progress.read >= len(reversed_stream):
            return progress.done + blanks_after
        if window >= len(text) or progress.done < len(piece):
            return None
        window *= 4
