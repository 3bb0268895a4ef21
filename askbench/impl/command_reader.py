"""A reader of what a shell command runs, passed in: bash's own reading where the renderer's parse may not be bash's.

The outline is withheld where tree-sitter-bash may read a command otherwise
than bash (``askbench.impl.shell_doubt``: a heredoc delimiter only bash
unquotes, a line no grammar parses, a script handed to a shell). The command
is then shown as written, and a cut of it could not say how many commands it
hides, because the renderer cannot prove where they are. The host runs the
command with bash anyway, so it may ask bash: a ``CommandReader`` it passes
in (``build_payload(…, reader=…)``) says which commands bash reads, and the
cut counts them. The renderer stays pure — no reader, no I/O — and without
one the pure reading is all there is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .command_spans import END_WINDOW, CommandSpans, near_ends

__all__ = ["CommandReader", "read_spans"]

CommandReader = Callable[[str], Sequence[tuple[str, ...]] | None]
"""``command -> commands``: each command bash would run of ``command`` (wrappers' commands and the scripts a
shell is handed included), in the order they stand, as its words; ``None`` when the reader cannot tell."""

_GAP = r"(?:[ \t]|\\\r?\n)+"
"""Between two words of one command as written: blanks, or a continuation bash joins into a blank."""
_EDGE = r"[^\s;&|()<>'\"`]"
"""A character that would make a found word part of a longer one: ``sh`` is not in ``bash``, but is in ``'sh'``."""
_SEARCHED = 4 * END_WINDOW
"""Characters past the last placed command a command is looked for in: a command further on stands past a
cut's reach from the head, and one not found is counted as hidden, never guessed at."""


def read_spans(command: str, commands: Sequence[tuple[str, ...]]) -> CommandSpans:
    """Where each of ``commands`` (a reader's, in order) stands in ``command`` as written, and how many there are.

    A command is placed where its words stand in order with only blanks
    between them; one written otherwise than bash prints it (a quote bash
    re-spells, a word joined across a continuation) is not placed, and so is
    counted as hidden by any cut: the count may exceed what a person finds
    missing, never fall short of it.
    """
    spans: list[tuple[int, int, int]] = []
    cursor = 0
    for words in commands:
        found = _pattern(words).search(command, cursor, cursor + _SEARCHED)
        if found is None:
            continue
        spans.append((found.start(), found.end(), 1))
        cursor = found.start() + 1  # the next command may stand inside this one (a wrapper's)
    return CommandSpans(len(commands), near_ends(sorted(set(spans)), len(command)))


def _pattern(words: Sequence[str]) -> re.Pattern[str]:
    body = _GAP.join(re.escape(word) for word in words)
    return re.compile(rf"(?<!{_EDGE}){body}(?!{_EDGE})")
