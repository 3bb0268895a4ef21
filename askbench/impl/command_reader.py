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
from dataclasses import dataclass

from .command_spans import END_WINDOW, CommandSpans, near_ends

__all__ = ["CommandReader", "CommandWatcher", "ReadCommand", "read_spans", "with_watched"]


@dataclass(frozen=True)
class ReadCommand:
    """A command bash would run, as its words, and which earlier command it stands in.

    Where it stands decides where it may be found: a command a wrapper runs
    or a substitution holds is inside that command's words, any other comes
    after the one before it ends — so ``rm rm rm`` after ``{ rm rm rm rm rm; }``
    is not the body's last three words.
    """

    words: tuple[str, ...]
    inside: int | None = None
    """The index, among the reader's commands, of the nearest command this one stands in (a wrapper, a
    substitution's command, a shell handed this script); ``None`` at the top of the text."""
    anywhere: bool = False
    """Seen running where no reading of the text places it (bash watched it start: a locale's other reading, a
    string run later): looked for wherever its words stand, and moving no other command's place."""


CommandReader = Callable[[str], Sequence[ReadCommand] | None]
"""``command -> commands``: each command bash would run of ``command`` (wrappers' commands and the scripts a
shell is handed included), in the order they stand; ``None`` when the reader cannot tell."""

CommandWatcher = Callable[[str], Sequence[tuple[str, ...]] | None]
"""``command -> commands``: the words of each command bash was watched running beyond what any reading of
``command`` places (a string run later, a locale's other reading); ``None`` when it was not watched."""

_BLANKS = r"(?:[ \t]|\\\r?\n)+"
"""Blanks, or a continuation bash joins into a blank."""
_REDIRECTIONS = (
    r"(?>[ \t]*(?:\d+|\{[A-Za-z_]\w*\})?(?:&>>|&>|>>|>\||>&|<&|<<<|<>|<|>)[ \t]*"
    r"(?:\"[^\"]*\"|'[^']*'|[^\s\"'<>;&|()])*+)++"
)
"""Redirections, which bash reads anywhere in a simple command and prints after its words (``sort <in -u`` is
``sort -u < in``): the words they stand between are still the command's, in order."""
_GAP = rf"(?:{_REDIRECTIONS}{_BLANKS}|{_BLANKS})"
"""Between two words of one command as written."""
_JOINED = r"(?:\\\r?\n)*"
"""A continuation inside a word, which bash joins away (``src\\<newline>#x`` is ``src#x``)."""
_RESPELLED = re.compile(r"\$\(|`|[<>]\(")
"""Where bash prints a word otherwise than its source may spell it — a substitution re-spaced, a backtick as
``$(``, a redirection inside it with its descriptor (``<>`` as ``0<>``) — so the source is free from there on."""
_FREE = r"[\s\S]*?"
_EDGE = r"[^\s;&|()<>'\"`]"
"""A character that would make a found word part of a longer one: ``sh`` is not in ``bash``, but is in ``'sh'``."""
_SEARCHED = 4 * END_WINDOW
"""Characters past the last placed command a command is looked for in: a command further on stands past a
cut's reach from the head, and one not found is counted as hidden, never guessed at."""


def read_spans(command: str, commands: Sequence[ReadCommand]) -> CommandSpans:
    """Where each of ``commands`` (a reader's, in order) stands in ``command`` as written, and how many there are.

    A command is placed where its words stand in order with only blanks and
    redirections between them, after the commands before it that it does not
    stand in (a command inside another is looked for from where that one
    starts). A word is found as bash prints it, a continuation joined away
    anywhere in it, and from a substitution or an ANSI-C string on in any
    spelling, since bash prints those otherwise than the source spells them —
    up to what it holds after its last substitution, which ends it.
    One not found is counted as hidden by any cut: the count may exceed what
    a person finds missing, never fall short of it.
    """
    spans: list[tuple[int, int, int]] = []
    # per command (None: the text), where the next command inside it may start
    free_from: dict[int | None, int] = {None: 0}
    for at, read in enumerate(commands):
        if read.anywhere:
            anywhere = _pattern(read.words).search(command, 0, len(command))
            if anywhere is not None:
                spans.append((anywhere.start(), anywhere.end(), 1))
            continue
        parents = _enclosing(commands, at)
        cursor = next(
            (free_from[parent] for parent in parents if parent in free_from), free_from[None]
        )
        found = _pattern(read.words).search(command, cursor, cursor + _SEARCHED)
        if found is None:
            continue
        spans.append((found.start(), found.end(), 1))
        free_from[at] = found.start() + 1
        # what comes after this one in the commands it stands in starts past its end
        for parent in (*parents, None):
            free_from[parent] = max(free_from.get(parent, 0), found.end())
    return CommandSpans(len(commands), near_ends(sorted(set(spans)), len(command)))


def with_watched(
    spans: CommandSpans, text: str, watched: Sequence[tuple[str, ...]]
) -> CommandSpans:
    """``spans`` (the outline's own, of ``text``) and each command bash was watched running beyond any reading
    of it (a ``CommandWatcher``'s): a string bash runs later, or a locale's other reading, hides among data to
    any parse, so the outline counts it where its words stand — or, where they stand nowhere in ``text`` (an
    outline that shows the string as ``'…'``), as hidden by any cut."""
    if not watched:
        return spans
    placed = [*spans.spans]
    for words in watched:
        found = _pattern(words).search(text)
        if found is not None:
            placed.append((found.start(), found.end(), 1))
    return CommandSpans(
        spans.total + len(watched), near_ends(sorted(set(placed)), len(text)), spans.own
    )


def _enclosing(commands: Sequence[ReadCommand], at: int) -> list[int]:
    """The commands ``commands[at]`` stands in, nearest first, each earlier in ``commands``."""
    parents: list[int] = []
    inside = commands[at].inside
    while inside is not None and inside < at and inside not in parents:
        parents.append(inside)
        inside = commands[inside].inside
    return parents


def _pattern(words: Sequence[str]) -> re.Pattern[str]:
    body = _GAP.join(_word(word) for word in words)
    return re.compile(rf"(?<!{_EDGE}){body}(?!{_EDGE})")


def _word(word: str) -> str:
    """Every spelling in the source of one word bash prints: as printed, a continuation joined away anywhere in
    it; from a substitution on, any spelling; an ANSI-C string (``$'\\x41'``, printed ``'A'``) any spelling."""
    special = _RESPELLED.search(word)
    if special is not None:
        head = word[: special.start()]
        return (_spelled(head) if head else r"[^\s]") + _FREE + _spelled(_literal_end(word))
    quote = word.find("'")
    if quote < 0:
        return _spelled(word)
    return rf"(?:{_spelled(word)}|{_spelled(word[:quote])}\$'{_FREE})"


def _literal_end(word: str) -> str:
    """What a word bash prints otherwise ends with after its last substitution closes: spelled as the source
    spells it, so a loose match of the word ends where the word does, not where its next word first recurs
    inside it (``bash -c '… nightly …' nightly``)."""
    end = max(word.rfind(")"), word.rfind("`"))
    tail = word[end + 1 :]
    return "" if _RESPELLED.search(tail) else tail


def _spelled(text: str) -> str:
    """``text`` as the source may spell it: a continuation anywhere, a ``$`` bash drops before a quote."""
    return _JOINED.join(
        rf"\$?{re.escape(character)}" if character in "'\"" else re.escape(character)
        for character in text
    )
