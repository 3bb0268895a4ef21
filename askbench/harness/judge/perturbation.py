"""Where the payload stands on a screen, found by asking again with its text changed.

A renderer shows the request's text among its own chrome, in a layout the
judge has never seen. Rather than guess that layout, the judge asks the
renderer for the same frame once more with every text of the payload mapped
character for character to another of the same width and the same class —
a letter to a letter of its case, a digit to a digit, a punctuation mark to
another of its category, an ideograph to an ideograph — so that widths and
line breaks, and with them any layout driven by them, are unchanged. The cells that differ between the two
screens are where the payload's text is shown; the cells that stay are the
renderer's own: labels, markers, options, rules. A renderer whose screen
changes shape under the mapping (more rows, a row of another length) lays
out by content, and nothing is located on it.

Labels and kinds are the renderer's vocabulary, not the payload's
text, so they are left as they are; so are blanks, controls, marks, emoji and
every character outside the mapped classes, which show as chrome even inside
a value: a located value is where its mapped characters are, and the reader
still reads the value's whole text from the original frame.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from askbench.impl.payload import Evidence, PromptPayload, Requester

__all__ = ["LocatedPayload", "locate_payload", "perturb", "perturbed_call", "perturbed_payload"]


def _rotation(first: str, last: str, by: int) -> dict[int, int]:
    start, size = ord(first), ord(last) - ord(first) + 1
    return {start + at: start + (at + by) % size for at in range(size)}


def _cycle(characters: str) -> dict[int, int]:
    """Each character to the next, the last to the first: no character of the cycle stays itself."""
    return {
        ord(was): ord(now)
        for was, now in zip(characters, characters[1:] + characters[:1], strict=False)
    }


def _paired(*ranges: tuple[int, int], kinds: str = "LN") -> dict[int, int]:
    """Within the ranges, each code point of the general categories ``kinds`` to the next of its category and
    East Asian width (the last of an odd group stays itself): letters of one script to letters of its case and
    its width."""
    groups: dict[tuple[str, str], list[int]] = {}
    for first, last in ranges:
        for point in range(first, last + 1):
            character = chr(point)
            category = unicodedata.category(character)
            if category[0] in kinds:
                groups.setdefault((category, unicodedata.east_asian_width(character)), []).append(
                    point
                )
    table: dict[int, int] = {}
    for points in groups.values():
        for one, other in zip(points[0::2], points[1::2], strict=False):
            table[one], table[other] = other, one
    return table


_ASCII_PUNCTUATION = (
    "!\"#%'*,./:?@\\",
    ";&",
    "[{",
    "]}",
    "+=~",
    "<>|",
    "^`",
    "-\u058a",
    "$\u00a2",
    "_\u203f",
)
"""ASCII punctuation and symbols by Unicode category (Po, Ps, Pe, Sm, Sk); ``-``, ``$`` and ``_``, alone in
theirs among ASCII, each with a narrow character of its category: the Armenian hyphen, the cent sign, the undertie.
The shell's operators (``;|&()<>``, what starts a word whatever follows) are mapped only among themselves, and
``(`` and ``)``, alone of theirs in their categories, not at all: a renderer may lay a command out by them (a cut
that would hide a command's name after ``;`` reaches back to it), and the layout stays with them."""

_SCRIPTS = (
    (0x00C0, 0x00FF),  # Latin-1 letters
    (0x0100, 0x017F),  # Latin Extended-A
    (0x0391, 0x03C9),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x05D0, 0x05EA),  # Hebrew
    (0x0621, 0x064A),  # Arabic letters
    (0x0660, 0x0669),  # Arabic-Indic digits
    (0x0E01, 0x0E2E),  # Thai consonants
    (0x3041, 0x3096),  # Hiragana
    (0x30A1, 0x30FA),  # Katakana
    (0xFF10, 0xFF19),  # fullwidth digits
    (0xFF21, 0xFF3A),  # fullwidth capitals
    (0xFF41, 0xFF5A),  # fullwidth small letters
)
"""Scripts a tool's input is written in, whose letters and digits are mapped among their own kind."""


_BOX_DRAWING = (0x2500, 0x257F)
"""Lines a payload may draw (``// ── Policies ───``) as a renderer draws its rules and boxes: mapped, so the
payload's change and the renderer's stay as drawn."""


_WIDE_RANGES = ((0x4E00, 0x9FFF), (0xAC00, 0xD7A3))
"""CJK unified ideographs and Hangul syllables: wide, one class each, even-aligned, mapped to their neighbour."""


class _Map:
    """The map ``str.translate`` asks, a code point at a time: the few thousand mapped characters of the
    scripts and ASCII in a table made once, the ideographs and syllables by arithmetic."""

    def __init__(self) -> None:
        self.table: dict[int, int] = {
            **_rotation("a", "z", 13),
            **_rotation("A", "Z", 13),
            **_rotation("0", "9", 5),
            **{was: now for group in _ASCII_PUNCTUATION for was, now in _cycle(group).items()},
            **_paired(*_SCRIPTS),
            **_paired(_BOX_DRAWING, kinds="S"),
        }

    def __getitem__(self, point: int) -> int:
        mapped = self.table.get(point)
        if mapped is not None:
            return mapped
        if any(first <= point <= last for first, last in _WIDE_RANGES):
            return point ^ 1
        raise LookupError(point)


@lru_cache(maxsize=1)
def _table() -> _Map:
    """Every mapped character to another of its width, its general category and its ambiguity; made once, when
    a payload is first perturbed.

    Punctuation is mapped too, so a value's first and last cells are found where they begin with a path's ``/`` or
    a quote; a renderer that breaks lines at punctuation may then lay the frame out otherwise, and is read as it is.
    """
    return _Map()


_COUNT_FORM = re.compile(r"\u2026\s*\d+\s+more\s+commands?\s*\u2026")
"""The contract's own words for a count of hidden commands (``… 3 more commands …``): a renderer must set them
apart wherever a payload's text holds them (``⟨U+2026⟩ 3 more commands …``), so they keep their words and only
their digits are mapped — still a count to the renderer, and still the payload's cells where it shows them."""
_DIGITS = re.compile(r"\d+")


def perturb(text: str) -> str:
    """``text`` with every mapped character changed, every other one (blanks, punctuation, marks, controls) kept;
    in a count's words, only the digits."""
    table = _table()
    if "\u2026" not in text:
        return text.translate(table)
    kept, start = [], 0
    for found in _COUNT_FORM.finditer(text):
        kept.append(text[start : found.start()].translate(table))
        kept.append(_DIGITS.sub(lambda digits: digits[0].translate(table), found[0]))
        start = found.end()
    kept.append(text[start:].translate(table))
    return "".join(kept)


def _optional(text: str | None) -> str | None:
    return None if text is None else perturb(text)


def perturbed_payload(payload: PromptPayload) -> PromptPayload:
    """The payload with every text the request carries mapped; labels, kinds and the command spans kept.

    The spans count characters, so a character-for-character map leaves them true.
    """
    request = payload.request
    requester = request.requester
    return replace(
        payload,
        request=replace(
            request,
            requester=Requester(
                _optional(requester.agent_name),
                requester.forwarded,
                _optional(requester.session_id),
            ),
            surface=perturb(request.surface),
            tool_name=_optional(request.tool_name),
            value=perturb(request.value),
            invoked_tool_name=_optional(request.invoked_tool_name),
            matched_pattern=_optional(request.matched_pattern),
            command_context=_optional(request.command_context),
            executed_unit=_optional(request.executed_unit),
            shape=_optional(request.shape),
        ),
        evidence=tuple(
            Evidence(
                entry.label, perturb(entry.text), _optional(entry.detail), _optional(entry.brief)
            )
            for entry in payload.evidence
        ),
        annotations=tuple(perturb(text) for text in payload.annotations),
        flagged=tuple(perturb(text) for text in payload.flagged),
        legacy_message=perturb(payload.legacy_message),
    )


def _perturbed_value(value: object) -> object:
    """``value`` with every string in it mapped, however deep its nesting: a walk with a stack of its own."""
    made: list[object] = [None]
    pending: list[tuple[Callable[[object], None], object]] = [(partial(made.__setitem__, 0), value)]
    while pending:
        place, item = pending.pop()
        if isinstance(item, str):
            place(perturb(item))
        elif isinstance(item, Mapping):
            mapping: dict[object, object] = dict(item)
            place(mapping)
            pending.extend(
                (partial(mapping.__setitem__, key), inner) for key, inner in item.items()
            )
        elif isinstance(item, list):
            listed: list[object] = list(item)
            place(listed)
            pending.extend(
                (partial(listed.__setitem__, at), inner) for at, inner in enumerate(item)
            )
        else:
            place(item)
    return made[0]


def perturbed_call(call: Mapping[str, object]) -> dict[str, object]:
    """A tool call with the strings of its input mapped, its name and its input's keys kept.

    A key names a field; a renderer may choose its layout by it, as it may by the tool's name.
    """
    return {
        key: _perturbed_value(value) if key == "input" else value for key, value in call.items()
    }


@dataclass(frozen=True)
class LocatedPayload:
    """Which cells of each screen row show the payload's mapped text: ``columns[row]`` are text indices into the row."""

    columns: tuple[frozenset[int], ...]
    perturbed: tuple[str, ...] = ()
    """The perturbed screen's rows: what each located cell shows there."""

    def rows(self) -> tuple[int, ...]:
        """The rows that show any of the payload's text."""
        return tuple(index for index, changed in enumerate(self.columns) if changed)


def locate_payload(original: Sequence[str], perturbed: Sequence[str]) -> LocatedPayload | None:
    """The cells where two screens' rows differ, or None when the screen changed shape (rows or a row's length).

    Rows are compared as text, one character a cell position; a mapped
    character keeps its width, so a row of the same layout has the same length.
    """
    if len(original) != len(perturbed):
        return None
    columns: list[frozenset[int]] = []
    for before, after in zip(original, perturbed, strict=True):
        if len(before) != len(after):
            return None
        if before == after:
            columns.append(frozenset())
            continue
        columns.append(
            frozenset(
                at for at, (was, now) in enumerate(zip(before, after, strict=True)) if was != now
            )
        )
    return LocatedPayload(tuple(columns), tuple(perturbed))
