"""Where tree-sitter-bash's reading of a command may not be bash's, so an outline from it would guess.

The outline collapses what it proves is data; it can only prove that from
a parse, and tree-sitter-bash is not bash. Measured against bash 5.2, the
grammar differs where bash's manual is subtle:

- *Here Documents* (bash manual 3.6.6): bash removes the quotes from the
  delimiter word (``$'EOF'``, ``EOF''``, ``"E"OF``) and ends the body at the
  first line equal to what is left; the grammar knows only a bare word or
  one quoted whole. (An unquoted body's backticks, which the grammar does
  not read, are found by ``askbench.impl.shell`` itself.)
- *Comments* (3.1.3): ``#`` starts a comment only at the start of a word; one
  right after a word character, or after a line continuation bash joins to
  the word before, is part of that word.
- *Locales* (3.1.2.1, 6.6 of the manual's *Locale Translation*): bash reads a
  command's bytes in the locale it runs in, and in GB18030, GBK, Big5 and
  Shift_JIS a backslash after a character not in ASCII may be that
  character's last byte; the grammar reads UTF-8 alone.
- Literals evaluated later: a quoted ``$( )`` runs when the text reaches
  ``[[ ]]`` or ``(( ))`` arithmetic, ``${x@P}``, ``eval``/``let``/``source``/
  ``trap``, or a shell's ``-c`` script — text is data only until then.
- *Coprocesses* and *Pipelines* (3.2.6, 3.2.3): ``coproc`` and ``time`` are
  reserved words, and a compound command may follow them
  (``coproc w { rm; }``, ``time { make; }``); the grammar knows neither word
  and reads a command named ``coproc`` whose arguments run to the ``{``'s
  first ``;``, then a command ``}``.
- Scripts a shell is handed: a long ``-c`` literal, a heredoc or here-string
  fed to it, or one that flows to it down a pipe (``cat <<'EOF' | sh``) —
  the grammar reads the text as one string, bash as commands.

``Doubts`` names the first such place, and the outline is then withheld:
the person reads the command as written, nothing collapsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tree_sitter import Node

__all__ = ["PATTERNS", "Doubts"]

_PLAIN_DELIMITER = re.compile(
    r"""[A-Za-z0-9_.-]+|'[A-Za-z0-9_.-]+'|"[A-Za-z0-9_.-]+"|\\[A-Za-z0-9_.-]+"""
)
"""Delimiters the grammar reads as bash does: a bare word, or one quoted whole."""
_WORD_END = frozenset(b" \t\n;&|()<>")
"""Bytes after which a word starts (blanks and metacharacters): only there does ``#`` start a comment."""
_EVALUATORS = frozenset(
    {"eval", "let", "source", ".", "trap", "sh", "bash", "dash", "zsh", "ksh", "ash", "mksh"}
)
_EVALUATOR_NAMED = re.compile(b"|".join(re.escape(name.encode()) for name in sorted(_EVALUATORS)))
"""Where any evaluator's name stands in a command's text: a command with none among its bytes has no word that is one."""
_RUNS_IN_TEXT = ("$(", "`", "<(", ">(")
_GRAMMAR_BLANKS = re.compile(rb"[\x0b\x0c]")
_CONTINUATION = re.compile(rb"(?<!\\)(?:\\\\)*\\\r?\n")
"""A backslash no other backslash escapes, before a line break."""
_SWALLOWED_BACKSLASH = re.compile(rb"[\x80-\xff]\\")
"""A byte a UTF-8 character ends with, then a backslash: in GB18030, GBK, Big5, Shift_JIS and their kin the two bytes
may be one character, so the backslash escapes nothing and the quote or separator after it acts."""
_JOINED_WORD = re.compile(rb"[^\s\\]\\\r?\n[^\s]")
"""``a\\`` + newline + ``b`` is one word ``ab`` to bash (3.1.2.1 Escape Character)."""
PATTERNS = """
(heredoc_start) @start
(heredoc_body) @body
(comment) @comment
(test_command) @evaluates
(arithmetic_expansion) @evaluates
(compound_statement "((") @evaluates
(expansion) @expansion
(command_name) @name
(raw_string) @literal
(ansi_c_string) @literal
(string) @string
"""
"""What ``Doubts`` reads, by capture name. ``askbench.impl.shell`` compiles them into the one query it parses
with: a tree-sitter query's compiling costs far more than its patterns add, so the outline pays for it once."""
_LONG = 40
"""A literal longer than this is one the outline collapses (``askbench.impl.shell.LITERAL_KEEP``)."""


@dataclass
class Doubts:
    """The first reason (``reason``) the grammar's reading of a command may not be bash's, read over its parse in
    pieces (``askbench.impl.shell`` parses a long command statement by statement); ``None`` while there is none.

    Each check reads one node and the bytes around it, so it holds piece by
    piece, but one: a literal is evaluated later when *anything* in the
    command evaluates, so that check keeps its two halves, each as found
    in any piece.
    """

    reason: str | None = None
    evaluates: bool = False
    quoted_substitution: bool = False

    def add(self, captures: Mapping[str, Sequence[Node]], source: bytes) -> None:
        """Read one piece: ``captures``, the ``PATTERNS``' captures over the parse of ``source``, a run of whole
        statements."""
        if self.reason is not None:
            return
        self.evaluates = self.evaluates or _evaluates(captures, source)
        self.quoted_substitution = self.quoted_substitution or _quoted_substitution(
            captures, source
        )
        for check in _CHECKS:
            reason = check(captures, source)
            if reason is not None:
                self.reason = reason
                return
        if self.evaluates and self.quoted_substitution:
            self.reason = _EVALUATED_LATER


_Captures = Mapping[str, Sequence[Node]]


def _quoted_delimiter(captures: _Captures, source: bytes) -> str | None:
    for start in captures.get("start", []):
        if not _PLAIN_DELIMITER.fullmatch(_text(source, start)):
            return f"the heredoc delimiter {_text(source, start)!r} is quoted in a form only bash reads"
    return None


def _body_ended_elsewhere(captures: _Captures, source: bytes) -> str | None:
    """A heredoc whose body the grammar ends on a line that is not its delimiter: bash ends it only on a line that
    is the delimiter, quote-removed (3.6.6), or at the end of the input, so the two read different bodies."""
    for start in captures.get("start", []):
        redirect = start.parent
        ends = [] if redirect is None else [c for c in redirect.children if c.type == "heredoc_end"]
        delimiter = _text(source, start).strip("'\"\\")
        for end in ends:
            if _text(source, end).strip("\t\r\n") != delimiter:
                return f"a heredoc body the grammar ends at {_text(source, end).strip()[:20]!r}, not at its delimiter"
    return None


def _comment_in_a_word(captures: _Captures, source: bytes) -> str | None:
    """A ``#`` inside a word (3.1.3), or a comment holding a backtick: in a backquoted substitution bash reads the
    body to the closing backtick first (3.5.4), so a comment in it ends there, where the grammar runs it to the line's end."""
    for comment in captures.get("comment", []):
        before = source[max(0, comment.start_byte - 2) : comment.start_byte]
        if before and (before[-1] not in _WORD_END or before == b"\\\n"):
            return "a '#' that bash reads as part of a word"
        if b"`" in source[comment.start_byte : comment.end_byte]:
            return "a comment holding a backtick, which may end a backquoted substitution the comment is in"
    return None


def _first_printing(source: bytes, start: int, end: int) -> int:
    """Where a node's text first holds more than blanks and line breaks (the grammar may open a word with them)."""
    at = start
    while at < end and source[at] in b" \t\n":
        at += 1
    return at


def _line_break_in_a_command(captures: _Captures, source: bytes) -> str | None:
    """A line break between two words the grammar puts in one command: bash ends a command at a newline that no
    backslash escapes (3.2.4), so there it reads two, and the outline would show the second as an argument."""
    for name in captures.get("name", []):
        command = name.parent
        if command is None or command.type != "command":
            continue
        for before, after in zip(command.children, command.children[1:], strict=False):
            gap = source[
                before.end_byte : _first_printing(source, after.start_byte, after.end_byte)
            ]
            if b"\n" in gap and b"\n" in _CONTINUATION.sub(b"", gap):
                return "a line break inside what the grammar reads as one command"
    return None


_EVALUATED_LATER = "a quoted substitution that is evaluated later"


def _quoted_substitution(captures: _Captures, source: bytes) -> bool:
    """A substitution in text bash expands nothing in: a quoted literal, a quoted heredoc body, an escaped one."""
    bodies = [body for body in captures.get("body", []) if _quoted_body(body, source)]
    texts = [_text(source, node) for node in (*captures.get("literal", []), *bodies)]
    texts += [
        _text(source, node).replace("\\", "")
        for node in captures.get("string", [])
        if "\\$(" in _text(source, node) or "\\`" in _text(source, node)
    ]
    return any(marker in text for text in texts for marker in _RUNS_IN_TEXT)


_COMPOUND_AFTER_A_PREFIX = re.compile(
    rb"[ \t]+(?:(?:-p|[^\s;&|()<>{}]+)[ \t]+)?(?:[{(]|(?:\[\[|if|for|while|until|case|select)(?![^\s;&|()]))"
)
"""After ``coproc`` or ``time``: an optional name (``coproc w``) or ``-p``, then what opens a compound command."""


def _compound_after_a_prefix(captures: _Captures, source: bytes) -> str | None:
    for name in captures.get("name", []):
        if _text(source, name) in ("coproc", "time") and _COMPOUND_AFTER_A_PREFIX.match(
            source, name.end_byte
        ):
            return f"a compound command after {_text(source, name)!r}, which the grammar reads as arguments"
    return None


def _script_handed(captures: _Captures, source: bytes) -> str | None:
    if any(_hands_a_script(name, source) for name in captures.get("name", [])):
        return "a script a shell or eval is handed, which the outline would collapse as data"
    return None


def _joined_in_body(captures: _Captures, source: bytes) -> str | None:
    """An unquoted heredoc body's ``\\`` before a line break: bash removes both (3.6.6) and reads on across the
    lines, where the grammar loses what follows (a ``$( )`` on the next line)."""
    for body in captures.get("body", []):
        if not _quoted_body(body, source) and _CONTINUATION.search(
            source, body.start_byte, body.end_byte
        ):
            return "a line continuation inside an unquoted heredoc body, which bash joins"
    return None


def _in_source(
    pattern: re.Pattern[bytes], reason: str, needles: tuple[bytes, ...]
) -> Callable[[_Captures, bytes], str | None]:
    """A check that ``pattern`` is nowhere in the source; ``needles`` are what each of its matches holds one of,
    looked for first (a bytes search, where the pattern would be tried at every byte of a long command)."""

    def check(captures: _Captures, source: bytes) -> str | None:
        if not any(needle in source for needle in needles):
            return None
        return reason if pattern.search(source) else None

    return check


_CHECKS: tuple[Callable[[_Captures, bytes], str | None], ...] = (
    _quoted_delimiter,
    _body_ended_elsewhere,
    _comment_in_a_word,
    _line_break_in_a_command,
    _script_handed,
    _compound_after_a_prefix,
    _joined_in_body,
    _in_source(
        _JOINED_WORD,
        "a line continuation inside a word, which bash joins and the grammar splits",
        (b"\\\n", b"\\\r\n"),
    ),
    _in_source(
        _SWALLOWED_BACKSLASH,
        "a backslash right after a character not in ASCII, which bash in a GB18030, GBK, Big5 or"
        " Shift_JIS locale reads as that character's last byte",
        (b"\\",),
    ),
    _in_source(
        _GRAMMAR_BLANKS,
        "a vertical tab or form feed, a word character to bash and a blank to the grammar",
        (b"\x0b", b"\x0c"),
    ),
)
"""Each place the grammar is known to read otherwise than bash in one node, in the order ``Doubts`` names them; and
last, a quoted substitution where something evaluates (``Doubts``)."""


def _hands_a_script(name: Node, source: bytes) -> bool:
    """A shell or ``eval`` — run by name or through a wrapper (``sudo bash -c``, ``xargs sh -c``) — given a long
    or multi-line literal, as an argument or a here-string, or a heredoc, or reading a pipe a heredoc or
    here-string flows down: code the outline would read as data."""
    command = name.parent
    if command is None:
        return False
    if _EVALUATOR_NAMED.search(source, command.start_byte, command.end_byte) is None:
        return False  # no word of it can be one: its children are not read
    words = [
        _text(source, child).rsplit("/", 1)[-1]
        for child in command.children
        if child.type in ("command_name", "word")
    ]
    if not set(words) & _EVALUATORS:
        return False
    return (
        _fed_a_heredoc(command)
        or _given_long_text(command, source)
        or _piped_an_input(command, source)
    )


def _fed_a_heredoc(command: Node) -> bool:
    statement = command.parent
    # the grammar may hang it on the list
    while statement is not None and statement.type in ("list", "pipeline"):
        statement = statement.parent
    return (
        statement is not None
        and statement.type == "redirected_statement"
        and any(child.type == "heredoc_redirect" for child in statement.children)
    )


def _given_long_text(command: Node, source: bytes) -> bool:
    """A literal argument or here-string too long or too many lines to show whole: the outline would cut it."""
    texts = [
        child
        for argument in command.children
        for child in (argument.children if argument.type == "herestring_redirect" else [argument])
    ]
    for argument in texts:
        if argument.type in ("raw_string", "string", "ansi_c_string", "concatenation"):
            text = _text(source, argument)
            if len(text) > _LONG or "\n" in text:
                return True
    return False


def _piped_an_input(command: Node, source: bytes) -> bool:
    """A pipeline that may bring the command a heredoc's body or a here-string (``cat <<'EOF' | sh``, ``cat <<<
    '…' | bash``): a ``<<`` in an element before it, or a heredoc the grammar hangs the pipeline on. The
    programs that pass their input on to it are not told apart from those that change it: either way the text
    reaches a shell, so the outline is withheld and bash's reading counts what it runs."""
    node, piped = command, False
    while node.parent is not None and node.parent.type in ("list", "pipeline"):
        parent = node.parent
        if parent.type == "pipeline":
            piped = True
            if b"<<" in source[parent.start_byte : node.start_byte]:
                return True
        node = parent
    return piped and node.parent is not None and node.parent.type == "heredoc_redirect"


def _quoted_body(body: Node, source: bytes) -> bool:
    """A body bash expands nothing in (its delimiter quoted): a ``$( )`` in it is text until something evaluates it."""
    redirect = body.parent
    starts = (
        [child for child in redirect.children if child.type == "heredoc_start"]
        if redirect is not None
        else []
    )
    return any(_text(source, start)[:1] in "'\"\\" for start in starts)


def _evaluates(captures: _Captures, source: bytes) -> bool:
    if captures.get("evaluates"):
        return True
    if any("@" in _text(source, node) for node in captures.get("expansion", [])):
        return True
    return bool(_names(captures, source) & _EVALUATORS)


def _names(captures: _Captures, source: bytes) -> set[str]:
    return {_text(source, name).rsplit("/", 1)[-1] for name in captures.get("name", [])}


def _text(source: bytes, node: Node) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8", "replace")
