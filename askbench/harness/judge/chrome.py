"""Where the chrome stands on the screen and what it says: the options, the title, a box around them.

An implementation answers with lines, not with where its parts are, so the
frame is read as a person reads it. The options are the one thing every
prompt has: the four keyed options ``(y) (s) (n) (r)``, or a numbered list
(``1. Allow once`` …), one option to a row or several on one row. The ask
stands above them, under a title, and the hint (which keys do what) stands
next to them — below, or above between the ask and the options. Reading
starts from the options found *last* on screen: tool input may dress itself
as options, but it always stands above the real ones. Where the ask itself
begins and ends is the reader's business (``askbench.harness.judge.ask_reading``), found from
the facts it must show.

The options are read for what they say, as a person decides by them: an
option's words must not say the opposite of what its key does (``(y) No``),
a deny must be on offer, and the option a prompt opens on must not grant more
than once. The title must not name a requester the request does not have. A
box drawn around the prompt is taken off before any of this is read
(``askbench.harness.judge.box``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .lexicon import Meaning, meanings, said

__all__ = [
    "OPTION_KEYS",
    "Chrome",
    "Option",
    "approves",
    "find_options",
    "is_blank",
    "option_key",
    "option_problems",
    "opening_option",
    "polarity",
    "reach",
    "misread",
]

OPTION_KEYS = ("y", "s", "n", "r")
Polarity = Literal["approve", "deny"]
Grant = Literal["once", "broad"]
KEY_MEANINGS: dict[str, tuple[Polarity, Grant | None]] = {
    "y": ("approve", "once"),
    "s": ("approve", "broad"),
    "n": ("deny", None),
    "r": ("deny", None),
}
"""What each key of the keyed options does (``docs/adapters.md``): allow once, allow for the session, deny, deny with a reason."""

_ITEM = re.compile(
    r"(?:^|(?<=\s))(?P<mark>[^\w\s()]\s?)?(?:\((?P<key>\w)\)\s?|(?P<number>[1-9])\.\s)(?=\S)"
)
"""One option: a selection marker or none, then ``(key)`` or ``N.``, then its words."""
OPTION_COLUMN = 2
"""An option row's first option starts here or nearer the edge (a marker and a space, or up to two spaces)."""
_ITEM_REACH = OPTION_COLUMN + 4
"""One past the farthest ``.`` of an option at the option column: a marker, a blank, then ``N.`` (or ``(`` sooner)."""


@dataclass(frozen=True)
class Option:
    """One option as the screen offers it: its key (a letter, a number, or none for a button), its words, and the
    marker before or after it."""

    key: str
    words: str
    row: int
    mark: str = ""
    paint: object = None
    """The styles its cells are drawn in from its key on (``askbench.harness.terminals.sgr.Style``), when the
    reader was given the rows' styles."""


@dataclass(frozen=True)
class Chrome:
    """Row indices of the option block (``options_start`` up to ``options_end``), its options, and a layout problem."""

    options_start: int
    options_end: int
    problem: str | None = None
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class _Item:
    key: str
    mark: str
    start: int
    words_start: int
    key_at: int


def _first_item(row: str) -> re.Match[str] | None:
    """The row's leftmost option when it stands at the option column or nearer: looked for at those columns alone,
    so a long row that offers none is not searched to its end. Its ``(`` or ``N.`` stands within the first
    ``_ITEM_REACH`` characters then (a marker, a blank, up to two columns in), or it offers none."""
    head = row[:_ITEM_REACH]
    if "(" not in head and "." not in head:
        return None
    for column in range(min(OPTION_COLUMN, len(row)) + 1):
        match = _ITEM.match(row, column)
        if match is not None:
            return match
    return None


def _items(row: str) -> list[_Item]:
    """The options a row offers, left to right: none unless the first stands at the option column or nearer."""
    if _first_item(row) is None:
        return []
    found = [
        _Item(
            match.group("key") or match.group("number"),
            (match.group("mark") or "").strip(),
            match.start(),
            match.end(),
            match.start("key") if match.group("key") else match.start("number"),
        )
        for match in _ITEM.finditer(row)
    ]
    return found if found and found[0].start <= OPTION_COLUMN else []


def option_key(row: str) -> str | None:
    """The key of the first option a row offers, or None when it offers none: the leftmost option alone is read."""
    match = _first_item(row)
    return None if match is None else match.group("key") or match.group("number")


class _RowItems(Sequence[list[_Item]]):
    """The options of each row, read the first time a row is asked for: the block is found from the bottom, so the
    rows of a long ask above it are never read."""

    def __init__(self, rows: Sequence[str]) -> None:
        self._rows = rows
        self._read: dict[int, list[_Item]] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> list[_Item]:  # type: ignore[override]
        found = self._read.get(index)
        if found is None:
            found = self._read[index] = _items(self._rows[index])
        return found


def _expected(last: str, keys: Sequence[str]) -> list[str] | None:
    """The keys a block ending in ``last`` must offer, last first: every one of ``keys`` (in any order), or ``1.``
    up to ``last``, in order (a number is a place)."""
    if last in keys:
        return list(keys)
    if last.isdigit() and int(last) >= 2:
        return [str(number) for number in range(int(last), 0, -1)]
    return None


def _takes(wanted: list[str], taken: int, key: str) -> bool:
    """Whether ``key`` may be the next one read upward: a number its place, a letter any not yet taken."""
    if wanted[0].isdigit():
        return key == wanted[taken]
    return key in wanted[taken:]


def _block(
    rows: Sequence[str], items: Sequence[list[_Item]], end: int, keys: Sequence[str]
) -> int | None:
    """The first row of the block whose last option is the last one on row ``end``, if the block is whole and in order."""
    wanted = _expected(items[end][-1].key, keys)
    if wanted is None:
        return None
    taken = 0
    for index in range(end, -1, -1):
        if not items[index]:
            if is_blank(rows[index]):
                return None  # a blank row before the block is complete
            continue  # an option's wrapped words
        for item in reversed(items[index]):
            if taken == len(wanted) or not _takes(wanted, taken, item.key):
                return None  # another option, or one out of order
            if not wanted[0].isdigit():
                wanted.remove(item.key)
                wanted.insert(taken, item.key)
            taken += 1
        if taken == len(wanted):
            return index
    return None


def trailing_mark(words: str) -> tuple[str, str]:
    """The words without a selection marker drawn after them (``Allow once ◀``), and that marker: one symbol
    standing apart at their end."""
    head, _, last = words.rpartition(" ")
    if head and len(last) == 1 and unicodedata.category(last).startswith("S"):
        return head.rstrip(), last
    return words, ""


def span_paint(styles: Sequence[object], start: int, stop: int) -> frozenset[object] | None:
    """Every style an option's cells are drawn in from its key to its end: a selection painted over the key,
    the words or the whole row sets that option apart."""
    return frozenset(styles[start:stop]) if start < len(styles) else None


def _options(
    rows: Sequence[str],
    items: Sequence[list[_Item]],
    start: int,
    stop: int,
    styles: Sequence[Sequence[object]] | None,
) -> tuple[Option, ...]:
    """Every option of ``rows[start:stop]`` with its words, the rows its words wrap onto included."""
    out: list[Option] = []
    for index in range(start, stop):
        row = rows[index]
        if not items[index]:
            if out and row.strip():
                last = out[-1]
                out[-1] = Option(
                    last.key, f"{last.words} {row.strip()}", last.row, last.mark, last.paint
                )
            continue
        for item, following in zip(items[index], [*items[index][1:], None], strict=True):
            stop_at = following.start if following else len(row)
            words = row[item.words_start : stop_at].strip()
            paint = span_paint(styles[index], item.key_at, stop_at) if styles is not None else None
            out.append(Option(item.key, words, index, item.mark, paint))
    return tuple(map(_marked_after, out))


def _marked_after(option: Option) -> Option:
    """The option with a marker after its words (wrapped onto a row of its own or not) taken as its marker."""
    words, after = trailing_mark(option.words)
    return replace(option, words=words, mark=option.mark or after) if after else option


def find_options(
    rows: Sequence[str],
    keys: Sequence[str] = OPTION_KEYS,
    styles: Sequence[Sequence[object]] | None = None,
) -> Chrome:
    """The last block of rows that offers every option in order: ``(y) (s) (n) (r)``, or ``1.`` to ``N.``.

    Options may stand one to a row or several on a row; wrapped option words
    may sit between them. ``keys`` names the keyed options a block must offer;
    ``styles``, each row's per-character styles, let the opening selection be
    read from paint as well as from a marker.
    """
    count = len(rows)
    items = _RowItems(rows)
    for end in range(count - 1, -1, -1):
        if not items[end]:
            continue
        start = _block(rows, items, end, keys)
        if start is None:
            continue
        stop = end + 1
        while stop < count and rows[stop] != "" and not items[stop] and rows[stop].startswith(" "):
            stop += 1  # the last option's wrapped words
        return Chrome(start, stop, None, _options(rows, items, start, stop, styles))
    return Chrome(
        count,
        count,
        f"no rows offer the options {' '.join(f'({key})' for key in keys)} in order, "
        "nor a numbered list of them",
    )


# ── what the options say ───────────────────────────────────────────────────


def polarity(words: str) -> Polarity | None:
    """What an option's words say it does, by the first phrase of the lexicon that approves or denies
    (``No, and tell it why``, ``Nein, mit Begründung``); ``don't ask again`` widens a grant, it does not deny."""
    for item in said(words):
        if item.meaning in ("approve", "deny"):
            return "approve" if item.meaning == "approve" else "deny"
    return None


def grant(words: str) -> Grant:
    """How far an approving option's words say it grants: beyond this request (``for this session``) or once."""
    return "broad" if meanings(words) & _BROAD else "once"


def reach(words: str) -> Grant | None:
    """How far the words say a grant reaches: broad when they name the session or always; once when they say
    once, or approve and name no reach (an unqualified ``Yes`` is a yes to this request); else they do not say."""
    said_here = meanings(words)
    if said_here & _BROAD:
        return "broad"
    if "once" in said_here or polarity(words) == "approve":
        return "once"
    return None


_BROAD: frozenset[Meaning] = frozenset({"session", "always"})
"""Meanings that grant beyond this one request: for the session, always, don't ask again."""


def _means(option: Option) -> tuple[Polarity | None, Grant | None]:
    """What choosing the option does: its key's meaning for a keyed option, else what its words say."""
    if option.key in KEY_MEANINGS:
        return KEY_MEANINGS[option.key]
    does = polarity(option.words)
    return does, grant(option.words) if does == "approve" else None


def approves(option: Option) -> bool:
    """Whether choosing the option grants: by its key's meaning for a keyed option, else by its words."""
    return _means(option)[0] == "approve"


def _singled_out(options: Sequence[Option], sign: Callable[[Option], object]) -> Option | None:
    """The one option whose ``sign`` differs from that of all the others, which share one."""
    for option in options:
        others = {sign(other) for other in options if other is not option}
        if len(others) == 1 and sign(option) not in others:
            return option
    return None


def opening_option(options: Sequence[Option]) -> Option | None:
    """The option the prompt opens on: the one marked when only it is, or the one its marker or its paint sets apart.

    Paint decides only among three options or more: of two drawn apart,
    either may be the one set off.
    """
    marked = [option for option in options if option.mark]
    if len(marked) == 1:
        return marked[0]
    by_mark = _singled_out(options, lambda option: option.mark)
    if by_mark is not None or len(options) < 3:
        return by_mark
    return _singled_out(options, lambda option: option.paint)


_SHORTCUT = re.compile(r"\((?P<key>[a-z]|esc)\)\s*$", re.IGNORECASE)
"""A key shortcut an option names after its words, as Codex does: ``Yes, proceed (y)``, ``No, … (esc)``."""
_ESC: tuple[Polarity, Grant | None] = ("deny", None)
"""What esc does in a prompt: it dismisses, so it denies."""
_FIRST_NUMBERED: tuple[Polarity, Grant | None] = KEY_MEANINGS["y"]
"""What ``1.`` does in a numbered list: what ``(y)`` does, as Claude Code, Codex and Gemini CLI number theirs."""


def _claims(option: Option) -> list[tuple[str, tuple[Polarity, Grant | None]]]:
    """What the option does by its key, its number's place, and the shortcut it names: ``(y)``, ``1.``, ``(esc)``."""
    claims = [(f"({option.key})", KEY_MEANINGS[option.key])] if option.key in KEY_MEANINGS else []
    if option.key == "1":
        claims.append(("1.", _FIRST_NUMBERED))
    if option.key == "esc":
        claims.append(("esc", _ESC))
    shortcut = _SHORTCUT.search(option.words)
    key = shortcut.group("key").lower() if shortcut else None
    if key == "esc":
        claims.append(("(esc)", _ESC))
    elif key in KEY_MEANINGS:
        claims.append((f"({key})", KEY_MEANINGS[key]))
    return claims


def misread(option: Option) -> str | None:
    """How a key's words contradict what it does: the opposite decision, a once-grant read as broad, or a broad
    grant read as narrower (``(s) Yes``, ``(s) only this time``: a person granting the session would not know)."""
    said_here, reached = polarity(option.words), reach(option.words)
    for name, (does, grants) in _claims(option):
        if said_here is not None and said_here != does:
            return f"option {name} would {does} but reads {option.words[:40]!r}"
        if does == "approve" and grants != reached and reached is not None:
            wider = "once" if grants == "once" else "beyond this request"
            return f"option {name} grants {wider} but reads {option.words[:40]!r}"
    return None


def option_problems(options: Sequence[Option]) -> list[str]:
    """What the options say that a person would be misled by: words against their key, no deny, a broad opening."""
    problems = [problem for problem in map(misread, options) if problem]
    if options and not any(polarity(option.words) == "deny" for option in options):
        problems.append("no option on screen reads as a deny")
    opening = opening_option(options)
    if opening is not None:
        does, grants = _means(opening)
        if does == "approve" and grants == "broad":
            problems.append(
                f"the prompt opens on {opening.words[:40]!r}, a grant beyond this request"
            )
    return problems


def is_blank(row: str) -> bool:
    return not row.strip()
