"""The judge's own reading of a shell command: which commands it runs, and whether the screen shows them.

The gate must not take the renderer's word for what a command does, so
this module parses the command itself, with tree-sitter's bash and
PowerShell grammars and a traversal of its own, never ``impl.shell``. The
invariant ``runs``: the first and the last command a bounded ask's command
runs are on its screen, and every command when the outline fits its cap.

A command is matched by its words in the text the screen was read back as
showing (``harness.readback``: a field's head and tail, in the payload's own
characters, whatever notation the renderer spelled them in): a short word as
written, a long or multi-line word (a body, a padding literal) by any text
with the bare ``…`` a cap or an outline leaves in its place.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import tree_sitter_bash
import tree_sitter_powershell
from tree_sitter import Language, Node, Parser

from impl.shell import scannable  # the grammar's crash workaround only: the judge's parse is its own


ELLIPSIS = "\u2026"
SHORT_WORD = 40
"""A word longer than this, or on more than one line, is data the screen may show as ``…``."""
LONG_COMMAND = 80
"""A command whose words run longer than this may be cut inside itself: the screen owes only its start."""

_GRAMMARS = {"bash": tree_sitter_bash.language, "powershell": tree_sitter_powershell.language}
_ORDER = ("bash", "powershell")
_BREAK = r"(?:\n *)?"
"""Where a hard wrap may fall: a row ends, and the next row is indented to the field column."""
_EDGE = r"[\w./\-]"
_BLANKS = " \t\r\n"
"""What separates words in a shell's source; ``\x85``, ``\xa0`` and ``\u3000`` are word characters to both shells."""
_BLANK_RUN = re.compile(r"[ \t\r\n]+")
_JOINED_LINES = re.compile(r"\\\r?\n|`\r?\n")
"""A line continuation (bash ``\\``, PowerShell backtick) is a blank between two words: an outline drops it."""
_BLANKS_OR_CONTINUATIONS = r"(?:\s|\\\r?\n|`\r?\n)+"
"""Between two words: blanks, and any continuation the command field shows as written."""


@dataclass(frozen=True)
class ShellCommand:
    """One command the shell runs: its source text and its words (name, arguments, parameters)."""

    text: str
    words: tuple[str, ...]
    start: int
    gaps: tuple[str, ...] = ()
    """What stands between each two words in the source: blanks, or a control the screen spells out (``\\r`` as ``␍``)."""


@cache
def _parser(dialect: str) -> Parser:
    return Parser(Language(_GRAMMARS[dialect]()))




def parse_commands(text: str, dialect: str | None = None) -> tuple[ShellCommand, ...] | None:
    """Every command of ``text`` in source order, nested ones (``$( … )``) included.

    ``dialect`` (``bash`` or ``powershell``) when the ask names it; else the
    first grammar that parses ``text`` without error. ``None`` when none does.
    """
    try:
        source = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    for candidate in (dialect,) if dialect else _ORDER:
        root = _parser(candidate).parse(scannable(text)).root_node
        if not root.has_error:
            found = [_command(node, source) for node in _command_nodes(root)]
            return tuple(sorted(found, key=lambda command: command.start))
    return None


def first_and_last(text: str, dialect: str | None = None) -> tuple[ShellCommand, ShellCommand] | None:
    commands = parse_commands(text, dialect)
    if not commands:
        return None
    return commands[0], commands[-1]


def _command_nodes(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            yield node
        stack.extend(node.children)


def _decode(source: bytes, node: Node) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8")


def _command(node: Node, source: bytes) -> ShellCommand:
    spans: list[Node] = []
    for child in node.named_children:
        if child.type == "command_elements":  # PowerShell: the arguments, with their separators as nodes
            spans.extend(element for element in child.named_children if element.type != "command_argument_sep")
        else:
            spans.append(child)
    spans = [span for span in spans if _decode(source, span).strip(_BLANKS)]
    words = tuple(_decode(source, span) for span in spans) or (_decode(source, node),)
    gaps = tuple(source[before.end_byte : after.start_byte].decode("utf-8") for before, after in zip(spans, spans[1:]))
    return ShellCommand(_decode(source, node), words, node.start_byte, gaps)


def _collapse(word: str) -> str:
    return _BLANK_RUN.sub(" ", word).strip(_BLANKS)


def _exact(word: str) -> str:
    """A short word as the screen may show it: blanks as any blanks, a row break allowed between any two characters."""
    parts = []
    for character in word:
        parts.append(r"\s+" if character in _BLANKS else re.escape(character))
    return _BREAK.join(parts)


def _long(word: str) -> str:
    """A long word: written out, or anything around the bare ``…`` that stands for it."""
    data = rf"(?:[^\s{ELLIPSIS}]|\n *)*?"  # a cut word may run over several rows before its marker
    return rf"(?:{_exact(_collapse(word))}|{data}{ELLIPSIS}[^\s{ELLIPSIS}]*)"


def command_pattern(command: ShellCommand) -> re.Pattern[str]:
    """The command's words in order, each whole — or its name whole and the rest cut at a bare ``…``.

    Whole: ``sh`` is not found inside ``bash`` or ``shape``. A long command
    owes its name and the words after it that fit in a short word's room;
    any command may be cut after its name (``kubectl au…``), as a narrow
    terminal's bounded field is: the program is what must show.
    """
    words = command.words
    if len(" ".join(words)) > LONG_COMMAND:  # its name, and the words after it that fit in a short word's room
        kept = 1
        while kept < len(words) and len(" ".join(words[: kept + 1])) <= SHORT_WORD:
            kept += 1
        words = words[:kept]
    parts = []
    for index, raw in enumerate(words):
        if index:
            gap = command.gaps[index - 1] if index - 1 < len(command.gaps) else " "
            joined = _JOINED_LINES.sub(" ", gap)
            if not gap:  # adjacent words (``&0``): only a row break may come between them
                parts.append(_BREAK)
            elif not joined.strip(_BLANKS):  # blanks, and continuations shown as written or joined
                parts.append(_BLANKS_OR_CONTINUATIONS)
            else:
                parts.append(rf"\s*{_exact(joined.strip(_BLANKS))}\s*")
        word = raw
        # a word with controls is spelled out in notations several cells wide, so a cap may cut it too
        long = len(word) > SHORT_WORD or "\n" in word.strip(_BLANKS) or not word.isprintable()
        parts.append(_long(word) if long else _exact(_collapse(word)))
    name, rest = parts[0], "".join(parts[1:])
    cut = rf"[^\n{ELLIPSIS}]*{ELLIPSIS}"
    # after the name: the rest, or a cut of it — or nothing, when the name itself was cut (a long word's …)
    body = rf"{name}(?:{rest}(?!{_EDGE})|{cut}|(?<={ELLIPSIS}))" if rest else rf"{name}(?:(?!{_EDGE})|{cut}|(?<={ELLIPSIS}))"
    return re.compile(rf"(?<!{_EDGE}){body}")


def on_screen(command: ShellCommand, ask_text: str) -> bool:
    return command_pattern(command).search(ask_text) is not None


def check_runs(ask_text: str, command: str, dialect: str | None, outline_fits: bool) -> list[str]:
    """Problems with the ``runs`` invariant on the text a bounded screen shows (the pieces read back, joined).

    The first and the last command must be on screen; every command when
    the outline fits its cap. A command no grammar parses has nothing to
    judge here (the renderer shows it no outline either).
    """
    commands = parse_commands(command, dialect)
    if not commands:
        return []
    required = commands if outline_fits else tuple(dict.fromkeys((commands[0], commands[-1])))
    problems = []
    for index, found in enumerate(required):
        if not on_screen(found, ask_text):
            which = "first" if found == commands[0] else "last" if found == commands[-1] else f"command {index + 1}"
            problems.append(f"the {which} command {_brief(found.text)!r} is not on the bounded screen")
    return problems


def _brief(text: str) -> str:
    flat = _collapse(text)
    return flat if len(flat) <= 60 else flat[:30] + ELLIPSIS + flat[-29:]
