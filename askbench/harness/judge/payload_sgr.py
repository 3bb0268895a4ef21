"""The tool input's own SGR sequences, and whether a frame carries one of them to the terminal.

A renderer paints its frame with SGR sequences of its own, so an escape on a
frame line says nothing by itself. A sequence is the tool input's when it
stands among the characters the payload has around it; this module finds
those sequences in the payload, with their surroundings, and looks for them
in a frame's lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from askbench.impl.payload import PromptPayload

from .expected_facts import expected_facts

__all__ = ["PayloadSgr", "payload_escape", "payload_sgr"]

_PAYLOAD_SGR = re.compile(r"\x1b\[[0-9;:]*m")
_RESETS = frozenset(
    {"", "0", "22", "23", "24", "25", "27", "28", "29", "39", "49", "54", "55", "59"}
)
"""SGR parameters that only end an attribute: such a sequence can neither hide text nor bleed into the rows after it."""


@dataclass(frozen=True)
class PayloadSgr:
    """An SGR sequence the tool input carries, with the text around it there, as a screen may spell it."""

    sequence: str
    before: tuple[str, ...]
    """The characters before it on its line, back to the previous escape."""
    after: tuple[str, ...]
    """The characters after it on its line up to the next escape; ending in ``_ENDS`` where the line ends there."""
    after_escape: tuple[str, ...] = ()
    """When an escape follows it at once: what follows that escape, which a screen may show after the escape's notation."""

    @property
    def resets_only(self) -> bool:
        return all(param in _RESETS for param in re.split("[;:]", self.sequence[2:-1]))

    def found_in(self, line: str, at: int) -> bool:
        """Whether the sequence at ``at`` in a frame line stands where the payload has it: among the same characters.

        A row break may fall right beside the sequence, so a context is
        matched as far as the line goes on that side, one character at
        least; an escape right after it may be shown in any notation.
        """
        end = at + len(self.sequence)
        following = line[end : end + _CONTEXT + 1]
        notated = _ESC_NOTATION.match(line, end, end + 4 * _CONTEXT)
        after_notation = line[notated.end() : notated.end() + _CONTEXT + 1] if notated else ""
        preceding = line[max(0, at - _CONTEXT) : at]
        return (
            _continues(following, self.after)
            or _continues(after_notation, self.after_escape)
            or bool(preceding)
            and any(context.endswith(preceding[-len(context) :]) for context in self.before)
        )


def _continues(following: str, contexts: tuple[str, ...]) -> bool:
    """Whether a frame's text after a sequence goes on as one of the payload's contexts, as far as the line goes.

    A context the payload's line ends in is matched only where the frame's
    text ends there too, or an escape (the renderer's own reset) follows:
    a value ``ESC[33m[`` painted ``ESC[33m`` reads ``␛[33m[`` after the paint.
    """
    if not following:
        return False
    for context in contexts:
        body = context.removesuffix(_ENDS)
        if not body.startswith(following[: len(body)]):
            continue
        if context == body or len(following) <= len(body) or following[len(body)] == "\x1b":
            return True
    return False


_CONTEXT = 6
_ENDS = "\n"
"""Marks a context after which the payload's line ends (a frame line never holds a line break)."""
_ESC_NOTATION = re.compile(
    r"(?:\u241b|\^\[|\\x1b|\\u001b|\\e|\u27e8U\+001B\u27e9|<U\+001B>|U\+001B)", re.IGNORECASE
)
"""ESC as the notations ``askbench.harness.judge.field_match`` accepts spell it, at the start of the text after a sequence."""


def _nonempty(context: str) -> tuple[str, ...]:
    return (context,) if context and context != _ENDS else ()


def _context_after(tail: str) -> str:
    """The characters of ``tail`` (the rest of a line, at most ``4 * _CONTEXT``) up to the next escape, marked where the line ends."""
    segment = tail.split("\x1b", 1)[0]
    ends = "\x1b" not in tail and len(tail) < 4 * _CONTEXT and len(segment) <= _CONTEXT
    return segment[:_CONTEXT] + (_ENDS if ends else "")


def payload_sgr(payload: PromptPayload) -> list[PayloadSgr]:
    """Every SGR sequence the tool input carries that sets an attribute."""
    texts = [payload.legacy_message] + [
        part
        for fact in expected_facts(payload)
        for part in (fact.label, *fact.texts, fact.detail or "")
    ]
    found = []
    for text in texts:
        for match in _PAYLOAD_SGR.finditer(text):
            head = text[max(0, match.start() - 4 * _CONTEXT) : match.start()].rsplit("\n", 1)[-1]
            tail = text[match.end() : match.end() + 4 * _CONTEXT].split("\n", 1)[0]
            before = head.rsplit("\x1b", 1)[-1][-_CONTEXT:]
            after = _context_after(tail)
            after_escape = _context_after(tail[1:]) if tail.startswith("\x1b") else ""
            sgr = PayloadSgr(
                match.group(), _nonempty(before), _nonempty(after), _nonempty(after_escape)
            )
            if not sgr.resets_only:
                found.append(sgr)
    return found


def payload_escape(lines: Sequence[str], sequences: Sequence[PayloadSgr]) -> str | None:
    """The first SGR sequence of the tool input (``payload_sgr``) that frame ``lines`` carry to the terminal.

    A sequence is recognised as the tool input's by its surroundings: the
    same characters precede or follow it in the frame as in the payload
    (a bare sequence at the end of a value by the value's end). A sequence that only resets attributes is harmless
    and not looked for, so a renderer's reset after a value never reads as the payload's.
    """
    if not sequences:
        return None
    for line in lines:
        if "\x1b" not in line:
            continue
        for sgr in sequences:
            at = line.find(sgr.sequence)
            while at >= 0:
                if sgr.found_in(line, at):
                    return sgr.sequence
                at = line.find(sgr.sequence, at + 1)
    return None
