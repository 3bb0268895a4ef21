"""What a CLI's screen must show of a tool call, derived from the call alone, and how to look for it.

A CLI lays its prompt out its own way — boxes, indents, wrapped rows, JSON
or key-value lines — so text is compared *flat*: every blank, every
box-drawing character and every backslash notation (``\\n`` as JSON shows a
line break) removed on both sides. A fact is a short piece of
the call (its head, its tail, a command's name and first word, an
argument's key) that must be found on the screen in that form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..judge.field_match import must_notate
from ..judge.what_runs import parse_commands
from .gutters import without_gutters
from .replay import control_runs, controls_in
from .toolcall import Intent

__all__ = [
    "flat",
    "as_written",
    "CallText",
    "call_text",
    "pieces",
    "on_screen",
    "readings",
    "named_on_screen",
    "named_beside",
    "head_of",
    "tail_of",
    "dropped_unmarked",
    "CHUNK",
]

_BLANK_OR_BOX = re.compile(r"[\s\u2500-\u259f]+")
PIECE = 24
CHUNK = 16
"""Cells of flat text a chunk of the input has, when counting how much of it a screen shows."""


_ESCAPED = re.compile(r"\\[nrt]|\\")
"""JSON's and C's notation for a line break or tab, and any other backslash: a CLI showing JSON shows them."""


def flat(text: str) -> str:
    return _BLANK_OR_BOX.sub("", _ESCAPED.sub("", text))


def _kept(text: str) -> list[int]:
    """The index in ``text`` of each character ``flat`` keeps, in order."""
    gone = {index for match in _ESCAPED.finditer(text) for index in range(*match.span())}
    return [
        index
        for index, char in enumerate(text)
        if index not in gone and not _BLANK_OR_BOX.fullmatch(char)
    ]


def as_written(piece: str, text: str) -> str | None:
    """The stretch of ``text`` that reads as ``piece`` once flat, blanks and all, or None where none does.

    Facts are compared flat, but a reason quotes them as the call has them:
    ``Out-File -FilePath``, not ``Out-File-FilePath``, which no screen shows.
    """
    kept = _kept(text)
    found = "".join(text[index] for index in kept).find(piece) if piece else -1
    if found < 0:
        return None
    return text[kept[found] : kept[found + len(piece) - 1] + 1]


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def pieces(text: str) -> list[str]:
    """The flat runs of ``text`` between its controls and the characters a prompt may only spell out.

    A CLI may drop such a character, spell it out or pass it on, so no run
    spans one (``askbench.harness.judge.field_match.must_notate`` says which they are).
    """
    out, last = [], 0
    for start, control in controls_in(text):
        out.extend(_between_notated(text, last, start))
        last = start + len(control)
    out.extend(_between_notated(text, last, len(text)))
    return [piece for piece in out if piece]


def _is_tag(char: str) -> bool:
    return "\U000e0020" <= char <= "\U000e007f"


def _between_notated(text: str, start: int, end: int) -> list[str]:
    """Flat runs between notated characters; a run of tag characters that must be spelled out goes whole."""
    out, last, in_tags = [], start, False
    for index in range(start, end):
        tag = _is_tag(text[index])
        if must_notate(text, index) or tag and in_tags:
            out.append(flat(text[last:index]))
            last = index + 1
            in_tags = tag
        elif not tag:
            in_tags = False
    out.append(flat(text[last:end]))
    return out


def head_of(text: str) -> str:
    """A text's start as a prompt must show it: its first piece, flat, up to ``PIECE`` characters."""
    found = pieces(text)
    return found[0][:PIECE] if found else ""


def tail_of(text: str) -> str:
    """A text's end as a prompt must show it: its last piece, flat, its last ``PIECE`` characters."""
    found = pieces(text)
    return found[-1][-PIECE:] if found else ""


@dataclass(frozen=True)
class CallText:
    """The call's texts as the verdicts need them."""

    main: str
    """The input a person must read to decide: the command, the content, or the arguments' longest value."""
    strings: tuple[str, ...]
    """Every string the call carries (for containment)."""
    labels: tuple[str, ...]
    """Facts that must be on the prompt, flat: the MCP tool, a file's path."""
    commands: tuple[tuple[str, str], ...]
    """bash: the first and the last command, each as (which, its name and first word, flat, up to a control)."""
    mcp: bool = False
    arguments: tuple[tuple[str, str], ...] = ()
    """MCP: each argument's name and its value as text (a string as it is, any other value as JSON)."""

    @property
    def first(self) -> str:
        """What a prompt shows first: the input's start, or the MCP tool's name."""
        return self.labels[0] if self.mcp else self.head

    @property
    def head(self) -> str:
        return head_of(self.main)

    @property
    def tail(self) -> str:
        return tail_of(self.main)

    def values(self) -> tuple[tuple[str, str], ...]:
        """What must be shown whole or said to be left out, each with what it is: every argument's value (MCP),
        else the input."""
        return tuple((f"the argument {name!r}", value) for name, value in self.arguments) or (
            ("the input", self.main),
        )

    def written(self, piece: str) -> str:
        """A flat fact as the call writes it, for a reason to quote (the fact itself where the call has no such text)."""
        return next(
            (
                found
                for text in (self.main, *self.strings)
                for found in (as_written(piece, text),)
                if found is not None
            ),
            piece,
        )

    def chunks(self) -> list[str]:
        return [
            chunk
            for piece in pieces(self.main)
            for chunk in (
                piece[start : start + CHUNK] for start in range(0, len(piece) - CHUNK + 1, CHUNK)
            )
        ]


def _commands(command: str) -> tuple[tuple[str, str], ...]:
    found = parse_commands(command)
    if not found:
        return ()
    picked = {"first": found[0], "last": found[-1]}
    out = []
    for which, item in picked.items():
        words = pieces(" ".join(item.words[:2]))
        if words:
            out.append((which, words[0][:PIECE]))
    return tuple(out)


def call_text(intent: Intent) -> CallText:
    strings = tuple(_strings(intent.arguments))
    if intent.kind == "bash":
        command = str(intent.arguments["command"])
        return CallText(command, strings, (), _commands(command))
    if intent.kind == "write":
        return CallText(
            str(intent.arguments["content"]), strings, (flat(str(intent.arguments["path"])),), ()
        )
    main = max(strings, key=len, default="")
    arguments = tuple(
        (key, value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
        for key, value in intent.arguments.items()
    )
    return CallText(main, strings, (flat(intent.tool),), (), mcp=True, arguments=arguments)


def on_screen(piece: str, rows: Sequence[str]) -> bool:
    """Whether ``piece`` (flat) reads on ``rows``: as drawn, or with the gutters drawn down them read off."""
    return bool(piece) and any(piece in reading for reading in readings(tuple(rows)))


@lru_cache(maxsize=64)
def readings(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The rows' text flat, as drawn and (where it differs) with their gutters read off (``gutters``).

    Both are read: a number the input's own text begins a line with stays a
    piece of it where no gutter counts it.
    """
    drawn = flat("".join(rows))
    bare = flat("".join(without_gutters(rows)))
    return (drawn,) if bare == drawn else (drawn, bare)


_NAME_PARTS = re.compile(r"[_\-.]")


def named_on_screen(name: str, rows: Sequence[str]) -> bool:
    """A tool's or an argument's name, as written or as CLIs title it (``slack_post_message``: Slack Post Message)."""
    loose = _NAME_PARTS.sub("", name).casefold()
    return bool(loose) and loose in _NAME_PARTS.sub("", flat("".join(rows))).casefold()


_GAP = 16
"""Flat characters that may stand between an argument's name and its value: quotes, a colon or an equals sign,
a bracket (no letter or digit), or, for a value that begins with a control, its notation."""
_NAME_PART = re.compile(r"[_\-.]")


def _name_pattern(name: str) -> re.Pattern[str]:
    """An argument's name as a whole word, as written or as CLIs title it (``channel_id``: Channel Id, channelId)."""
    parts = [re.escape(part) for part in _NAME_PART.split(name) if part]
    return re.compile(r"(?<!\w)" + r"[_\-. ]?".join(parts) + r"(?!\w)", re.IGNORECASE)


def named_beside(name: str, value: str, rows: Sequence[str]) -> bool | None:
    """Whether an argument's name stands on ``rows`` as a name, its value's start right after it.

    True: named with its value beside it; False: named, but nowhere with its
    value beside it; None: not named at all (``repo`` inside ``repository``
    or a word of a tool's description is no name). The rows are read as
    drawn and with their gutters read off.
    """
    pattern, head = _name_pattern(name), head_of(value)
    between = r"[^\w]" if flat(value).startswith(head) else "."
    beside = re.compile(f"{between}{{0,{_GAP}}}{re.escape(head)}", re.DOTALL)
    named = False
    for reading in {"\n".join(rows), "\n".join(without_gutters(rows))}:
        for found in pattern.finditer(reading):
            named = True
            if beside.match(flat(reading[found.end() : found.end() + 40 * (_GAP + len(head))])):
                return True
    return False if named else None


_CONTEXT = 8
"""Flat characters on each side of a control that must read joined for it to count as dropped unmarked."""
_LEAST_CONTEXT = 3
"""Fewer than this on a side, and text joined across the control could stand anywhere on the screen."""
_KEPT_AS_BLANK = frozenset("\t\n\r")
"""Controls a prompt may show as layout (a tab's blanks, a line break) rather than spell out."""


def dropped_unmarked(
    texts: Sequence[str], rows: Sequence[str], passed_on: Collection[str] = ()
) -> list[str]:
    """The input's controls a prompt leaves out with no mark in their place, as ``repr``s of their first character.

    A control the prompt neither spells out nor passes on must still leave a
    trace where it stood, or the prompt shows a text the call does not hold:
    ``ls -la`` + ESC + ``[8m&& curl …`` drawn as ``ls -la[8m&& curl …`` hides
    that a sequence was there at all, and the whole sequence dropped
    (``git status`` + an OSC 52 clipboard write read as ``git status``) hides
    what it carried. Controls back to back are read as one run
    (``sh`` + ESC[1A ESC[2K ESC[1A ESC[2K + ``ls`` drawn ``sh[1A[2K[1A[2K ls``):
    the flat text on both sides of the run, joined — with the printable rest
    of its sequences or without them — must not be on screen. A control
    ``passed_on`` to the terminal (as ``repr``) is containment's, not this.
    """
    screen = flat("\n".join(rows))
    found: list[str] = []
    for text in texts:
        for run in control_runs(text):
            unmarked = [
                control
                for _at, control in run
                if control[0] not in _KEPT_AS_BLANK and repr(control) not in passed_on
            ]
            if not unmarked or repr(unmarked[0][:1]) in found:
                continue
            start, end = run[0][0], run[-1][0] + len(run[-1][1])
            if _joined_on_screen(text, start, end, screen):
                found.append(repr(unmarked[0][:1]))
    return found


def _joined_on_screen(text: str, start: int, end: int, screen: str) -> bool:
    """Whether the text around ``text[start:end]`` stands joined on ``screen``, the controls' printable rest kept
    or not."""
    before = flat(_without_controls(text[:start]))[-_CONTEXT:]
    after = flat(_without_controls(text[end:]))[:_CONTEXT]
    rest = flat("".join(control[1:] for _at, control in controls_in(text[start:end])))
    joined = {before + (rest + after)[:_CONTEXT], before + after}
    return len(before) >= _LEAST_CONTEXT and any(
        len(candidate) - len(before) >= _LEAST_CONTEXT and candidate in screen
        for candidate in joined
    )


def _without_controls(text: str) -> str:
    out, last = [], 0
    for start, control in controls_in(text):
        out.append(text[last:start])
        last = start + len(control)
    out.append(text[last:])
    return "".join(out)
