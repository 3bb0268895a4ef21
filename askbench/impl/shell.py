"""What a shell command does, at a glance: its outline from a real parser.

A bounded view cuts a long command, and what a command does is often what
comes last — the pipe into ``sh`` after 500 characters of ``echo``, the
``Out-File`` after a 200-line here-string. The outline keeps every command,
pipeline, list operator (``;``, ``&&``, ``||``, ``&``, a line break),
redirection, substitution and assignment of the command as tree-sitter's
bash or PowerShell grammar parses it, and collapses only what is data:
heredoc and here-string bodies and long literals become a bare ``…``
(a substitution inside a string still runs, so it stays), so do the later
plain arguments of a long command (its name and first arguments stay),
and comments and padding whitespace go. The repro's 10,236-character
command outlines to ``$report = @'…'@`` and ``$report | Out-File -FilePath
report.md``.

A command neither grammar parses without error gets no outline: the
outline is a parse, never a guess. The outline is computed once, when the
payload is built: parsing is linear in the command (``reports/bench.md``
measures it on here-strings and on chains of ``&&`` steps), a long command
is parsed a run of whole statements at a time (``askbench.impl.shell_pieces``:
a tree is several times its text), and only the outline's two ends are
walked. The
bounded render only ever reads its capped ends, so it stays flat.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import chain, islice, zip_longest
from typing import Literal, get_args

import tree_sitter_bash
import tree_sitter_powershell
from tree_sitter import Language, Node, Parser, Query, QueryCursor

from .cells import text_cells
from .command_spans import END_WINDOW, CommandSpans, hidden_marker, near_ends
from .neutralise import neutralise
from .shell_data import Reading, children, command_items, heredoc_runs_later
from .shell_doubt import PATTERNS, Doubts
from .shell_pieces import Piece, pieces
from .truncate import ELLIPSIS

Dialect = Literal["bash", "powershell"]
DIALECTS: tuple[str, ...] = get_args(Dialect)

OUTLINE_END = 2_000
"""Characters of outline from each end of a command whose outline is longer than both together: more than any view caps a field to."""
LITERAL_KEEP = 40
"""A literal of at most this many cells on one line is kept as written; a longer one is data, shown as ``…``.

Cells as the view shows them: 39 zero-width spaces are invisible in the
command and 312 cells of ``⟨U+200B⟩`` on screen, enough to fill a capped
field's tail after ``curl … | sh`` were the outline to keep them.
"""
COMMAND_KEEP = 80
"""A command whose outline shows wider than this keeps its name and ``ARGUMENTS_KEEP`` cells of arguments.

A command of many short words (``curl`` with forty ``-H`` headers) has no
long literal to collapse, and a cap that keeps a line's head and tail can
cut its name out of both: its later plain arguments are data, one ``…``.
"""
ARGUMENTS_KEEP = LITERAL_KEEP
_DATA_STATEMENTS = frozenset(
    {
        "variable_assignment",
        "variable_assignments",
        "declaration_command",
        "unset_command",
        "test_command",  # bash
        "assignment_expression",  # PowerShell
    }
)
"""Statements that set or test something and run nothing, unless a substitution inside them does."""
_TRAILING_WALK = 10_000
"""Nodes walked back from a command's end looking for its last command; past this the outline keeps what follows."""

_GRAMMARS = {"bash": tree_sitter_bash.language, "powershell": tree_sitter_powershell.language}

_DROPPED = frozenset({"comment"})
_BODIES = frozenset({"heredoc_body"})
"""Always data, whatever their length; only the substitutions inside them run."""
_LITERALS = frozenset(
    {
        # bash
        "word",
        "raw_string",
        "string",
        "ansi_c_string",
        "translated_string",
        "number",
        # PowerShell
        "generic_token",
        "verbatim_string_characters",
        "expandable_string_literal",
        "verbatim_here_string_characters",
        "expandable_here_string_literal",
    }
)
_SUBSTITUTIONS = frozenset(
    {
        "command_substitution",
        "process_substitution",
        "arithmetic_expansion",  # bash
        "sub_expression",
        "script_block_expression",  # PowerShell
    }
)
_SEPARATORS = frozenset({"command_argument_sep"})
"""PowerShell spells the blanks between arguments as nodes; the outline spaces its tokens itself."""
_BLANKS = " \t\r\n"
"""What separates words in a command. NEL, NBSP and the ideographic space are word characters to both shells:
``\x85 0`` runs a program named NEL, and an outline that read it as a blank would say ``0``."""
_BLANK_RUN = re.compile(r"[ \t\r\n]+")
_WORD = re.compile(r"[^ \t\r\n]+")
_CONTINUATION = re.compile(r"\\\r?\n|`\r?\n")
"""A bash backslash or a PowerShell backtick before a line break joins the lines: a space, not a new statement."""
_OPENING = re.compile(r"^(?:\$?@?['\"]|\$?\()")
_CLOSING = re.compile(r"(?:['\"]@?|\))$")


@dataclass(frozen=True)
class Outline:
    """A command's outline and the grammar it was parsed with."""

    dialect: Dialect
    text: str
    doubtful: bool = False
    """The grammar's reading may not be bash's (see ``askbench.impl.shell_doubt.Doubts``): ``text`` is then the command as written, nothing collapsed."""
    commands: CommandSpans | None = field(default=None, compare=False)
    """Where the outline's commands stand in ``text``, for a cut of it to count what it hides; ``None`` when doubtful."""
    source_commands: CommandSpans | None = field(default=None, compare=False)
    """Where the commands stand in the command as written, for a cut of the command itself."""


UNAVAILABLE = "outline unavailable: shown as written, and a cut may hide commands"
"""What the shape says when the parse cannot be trusted to be the shell's: the person reads the command itself, and a
cut of it counts nothing — where the commands stand is not known — so the shape says a cut may hide some."""
UNAVAILABLE_COUNTED = "outline unavailable: shown as written; a cut counts what it hides"
"""What the shape says when the outline is withheld but a reader the host passed in (``askbench.impl.command_reader``)
said which commands bash reads: a cut of the command counts them."""


@cache
def _parser(dialect: Dialect) -> Parser:
    return Parser(Language(_GRAMMARS[dialect]()))


_BRACE_DIGITS_THEN_WIDE = re.compile(r"\{[0-9]*(?:\.[0-9]*)?([^\x00-\x7f])")


def scannable(text: str) -> bytes:
    """``text`` as UTF-8 for tree-sitter-bash, byte for byte the same length, with no code point its scanner misreads.

    tree-sitter-bash (0.23–0.25.1) passes the lookahead after ``{`` and digits
    to C ``isdigit``, which is undefined past 255: glibc indexes its table
    with the code point and the process dies on some (``{9`` + U+61346).
    Such a code point becomes as many ``x`` as its UTF-8 bytes — a word
    character either way, so the tree is the same and every node's offsets
    still point into the real text.
    """

    def ascii_letters(match: re.Match[str]) -> str:
        wide = match[1]
        return match[0][: -len(wide)] + "x" * len(wide.encode("utf-8"))

    return _BRACE_DIGITS_THEN_WIDE.sub(ascii_letters, text).encode("utf-8")


def outline(command: str, dialect: Dialect | None = None) -> Outline | None:
    """The outline of ``command`` in ``dialect``, or in the first grammar (bash, then PowerShell) that parses it without error.

    ``None`` when no grammar tried parses it cleanly, or for text no shell
    receives: a lone surrogate is not UTF-8, so no byte a shell reads.
    """
    try:
        source = command.encode("utf-8")
    except UnicodeEncodeError:
        return None
    # a command no dialect names is bash's: never re-read as PowerShell
    candidate: Dialect = dialect or "bash"
    # ASCII holds no code point the scanner misreads: the one encoding serves the parser and the outliner.
    parse = _Parse(candidate, source, source if command.isascii() else scannable(command))
    if parse.doubtful:
        return Outline(candidate, command, doubtful=True)
    data = (
        parse.trailing_data() if shown_cells(command[: COMMAND_KEEP + 1]) > COMMAND_KEEP else None
    )
    text, commands = _Outliner(source, candidate).render(
        parse.tokens, data, parse.places, parse.ticks
    )
    return Outline(
        candidate,
        text,
        commands=commands,
        source_commands=_source_spans(command, source, parse.places, parse.ticks),
    )


class _Places:
    """Where a command's commands stand, as byte offsets in source order: two arrays, not a tree node each."""

    __slots__ = ("ends", "starts")

    def __init__(self) -> None:
        self.starts = array("q")
        self.ends = array("q")

    def __len__(self) -> int:
        return len(self.starts)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self.starts, self.ends, strict=True)

    def add(self, nodes: Iterable[Node], offset: int) -> None:
        """The commands of one piece, which starts at byte ``offset``: after every earlier piece's."""
        for node in sorted(nodes, key=lambda node: node.start_byte):
            self.starts.append(offset + node.start_byte)
            self.ends.append(offset + node.end_byte)

    def sort(self) -> None:
        """In source order again, after a script's commands joined among those already placed."""
        ordered = sorted(zip(self.starts, self.ends, strict=True))
        self.starts = array("q", (start for start, _ in ordered))
        self.ends = array("q", (end for _, end in ordered))


class _Parse:
    """What the outline reads of a command's parse, read a piece at a time (``askbench.impl.shell_pieces``).

    Each piece's tree is read once for where its commands stand, its heredoc
    bodies' backticks and the grammar's doubts, then let go; only the pieces
    the outline's two ends walk are parsed again.
    """

    def __init__(self, dialect: Dialect, source: bytes, scanned: bytes) -> None:
        self.dialect: Dialect = dialect
        self.source = source
        self.scanned = scanned
        """``source`` as the parser reads it (``scannable``): byte for byte as long, so every offset holds in both."""
        self.places = _Places()
        self.ticks: list[_Token] = []
        self.doubtful = False
        self.spans: list[tuple[int, int]] = []
        """Each piece's bytes, start and end."""
        self._exact: dict[int, Node] = {}
        """The parses of the first and the last piece alone, once made: the outline's two ends walk them."""
        doubts = Doubts()
        unsorted = False
        for piece in pieces(_parser(dialect), scanned):
            if (piece.last and piece.root.has_error) or _skipped(piece, source):
                self.doubtful = True
                return
            captures = self._captures(piece)
            piece_source = source[piece.start : piece.end]
            if dialect == "bash":
                doubts.add(captures, piece_source)
            self.places.add(captures.get("command", []), piece.start)
            bodies = captures.get("body", [])
            scripts = [body for body in bodies if heredoc_runs_later(body, piece_source)]
            for body in scripts:
                self._add_script(piece.start + body.start_byte, piece.start + body.end_byte)
            unsorted = unsorted or bool(scripts)
            ticks = _Outliner(piece_source, dialect).body_backticks(
                [body for body in bodies if body not in scripts]
            )
            self.ticks += _shifted(ticks, piece.start)
            self.spans.append((piece.start, piece.end))
            if piece.last:
                self._exact[len(self.spans) - 1] = piece.root
        if unsorted:
            self.places.sort()
        self.doubtful = doubts.reason is not None

    def _add_script(self, start: int, end: int) -> None:
        """The commands of a heredoc's body a later command runs as a script (``cat > deploy.sh <<'EOF'`` …
        ``sh deploy.sh``), among those already placed (``_Places.sort`` puts them in order once the pieces are
        read): the grammar reads the body as text, bash runs it."""
        script = _parser("bash").parse(self.scanned[start:end]).root_node
        self.places.add(_captures("bash", script).get("command", []), start)

    def _captures(self, piece: Piece) -> dict[str, list[Node]]:
        cursor = QueryCursor(_query(self.dialect))
        if not piece.last:
            cursor.set_byte_range(0, piece.end - piece.start)
        return cursor.captures(piece.root)

    def root(self, index: int) -> Node:
        """The parse of piece ``index`` alone: its top level holds its statements and nothing after them."""
        if index in self._exact:
            return self._exact[index]
        start, end = self.spans[index]
        root = _parser(self.dialect).parse(self.scanned[start:end]).root_node
        if index == 0:
            self._exact[index] = (
                root  # the head walks it, and the trailing data may walk back to it
            )
        return root

    def tokens(self, *, reverse: bool = False) -> Iterator[_Token]:
        """The outline's tokens of the whole command, piece after piece, or from the last to the first."""
        order = range(len(self.spans) - 1, -1, -1) if reverse else range(len(self.spans))
        for index in order:
            start, end = self.spans[index]
            outliner = _Outliner(self.source[start:end], self.dialect)
            yield from _shifted(outliner.tokens(self.root(index), reverse=reverse), start)

    def trailing_data(self) -> int | None:
        """``_trailing_data`` of the whole command, walked back piece by piece."""
        return _trailing_data(
            (self.spans[index][0], self.root(index)) for index in range(len(self.spans) - 1, -1, -1)
        )


_SEPARATING = b" \t\n"
"""What bash takes for nothing before a command's first word: blanks and newlines."""


def _skipped(piece: Piece, source: bytes) -> bool:
    """Whether the grammar passed over text before the first statement that a shell reads as part of it.

    tree-sitter starts its tree past a byte-order mark, while bash reads the mark as the first word's first
    character (``\ufeffrm`` is a command of that name): an outline that drops what it skipped shows a command
    other than the one that runs.
    """
    return piece.start == 0 and bool(source[: piece.root.start_byte].strip(_SEPARATING))


def _shifted(tokens: Iterable[_Token], offset: int) -> Iterator[_Token]:
    """Tokens of a piece at their places in the whole command."""
    if not offset:
        yield from tokens
        return
    for token in tokens:
        yield replace(token, start=token.start + offset, end=token.end + offset)


def differs_from(outline_text: str, command: str) -> bool:
    """Whether the outline tells a person something the command, as it reads, does not.

    It does when its words differ (a collapsed body or literal, a dropped
    comment), when the command is mostly blanks around the same words:
    3,000 spaces before ``; curl … | sh`` are padding, and the outline is
    what runs without it — when blank lines come before its first word,
    which a capped field's head spends its rows on, and when its last line
    holds no word (a lone ``\r``), which its tail would show instead of the
    last command.
    """
    head, cut, tail = outline_text.partition(f"\n{ELLIPSIS}\n")
    if cut:  # a long outline's two ends: it adds nothing when they are the command's own first and last words
        head_words, tail_words = _words(head), _words(tail)
        same = (
            list(islice(_each_word(command), len(head_words))) == head_words
            and _last_words(command, len(tail_words)) == tail_words
            and _more_words(command, len(head_words) + len(tail_words))
        )
    else:
        same = _words_are(command, _words(outline_text))
    leading = _BLANK_RUN.match(command)
    return (
        not same
        or (leading is not None and "\n" in leading[0])
        or _wordless_last_line(command)
        or _mostly_blank(command)
    )


def _wordless_last_line(command: str) -> bool:
    """Whether the command's last line, blanks and line breaks after it aside, holds no word (a lone ``\r``)."""
    end = len(command)
    while end and command[end - 1] in " \n":
        end -= 1
    start = command.rfind("\n", 0, end)
    return start >= 0 and not command[start + 1 : end].strip(_BLANKS)


def _each_word(text: str) -> Iterator[str]:
    return (match[0] for match in _WORD.finditer(text))


def _more_words(text: str, count: int) -> bool:
    """Whether ``text`` has more than ``count`` words, read no further than the one past them."""
    return next(islice(_each_word(text), count, None), None) is not None


def _words_are(text: str, words: Sequence[str]) -> bool:
    """Whether the words of ``text`` are ``words``, read no further than the first that differs."""
    return all(found == expected for found, expected in zip_longest(_each_word(text), words))


def _last_words(text: str, count: int) -> list[str]:
    """The last ``count`` words of ``text``, read from its end: a window that holds one more, or the whole text."""
    window = 64
    while True:
        words = _words(text[-window:])
        if len(words) > count or window >= len(text):
            return words[len(words) - count :] if count else []
        window *= 4


def _mostly_blank(text: str) -> bool:
    """Whether ``text`` is longer than twice its words joined by single blanks: padding, not spacing."""
    blanks = sum(text.count(blank) for blank in _BLANKS)
    letters = len(text) - blanks
    if len(text) <= 2 * letters:
        return False  # the words joined are at least their letters
    words = sum(1 for _ in _WORD.finditer(text))
    return len(text) > 2 * (letters + max(0, words - 1))


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    """Byte offset in the source; the blanks before it decide how it is joined to the previous token."""
    end: int
    glued: bool = False
    """Joined to the previous token with nothing between, whatever the source had."""
    dropped: bool = False
    """A comment: it shows nothing, but it stands between its neighbours."""
    runs: int = 0
    """Commands its text runs that the tree holds no node for: a backtick substitution in a heredoc body."""


def _whole_commands(
    head: list[_Token], tail: list[_Token], nodes: _Places
) -> tuple[list[_Token], list[_Token]]:
    """A long outline's head up to the end of the last command it holds, its tail from the start of the first:
    a cut inside a command would show its rest as a command of its own (``rm rm rm;`` of ``if rm rm rm rm;``).
    An end that holds no command's edge is kept as it is."""
    head_from, tail_to = head[-1].start if head else 0, tail[-1].end if tail else 0
    starts = {start for start, _ in nodes if tail and tail[0].start <= start <= tail_to}
    ends = {end for _, end in nodes if head and head_from - OUTLINE_END <= end <= head[-1].end}
    last = next((at for at in range(len(head) - 1, -1, -1) if head[at].end in ends), None)
    first = next((at for at, token in enumerate(tail) if token.start in starts), None)
    return (
        head if last is None else head[: last + 1],
        tail if first is None else tail[first:],
    )


class _Outliner:
    """Walks the tree iteratively (a 3,000-deep ``$( … )`` must not exhaust Python's stack) into tokens."""

    def __init__(self, source: bytes, dialect: Dialect = "bash") -> None:
        self.source = source
        self.dialect = dialect

    def text(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8")

    def render(
        self,
        tokens: Callable[..., Iterator[_Token]],
        data: int | None,
        nodes: _Places,
        ticks: Sequence[_Token] = (),
    ) -> tuple[str, CommandSpans]:
        """The outline, or when it would be longer than ``OUTLINE_END`` twice, its two ends around a line ``…``;
        and where each of ``nodes`` (the tree's commands) and of ``ticks`` (the commands of its heredoc bodies'
        backticks) stands in it. ``tokens(reverse=…)`` walks the tree's tokens from either end.

        Only the ends are walked: a 10 MB chain of 450,000 commands costs its
        parse and two short walks, not a Python step per command. From byte
        ``data`` on, the statements after the last command are one ``…``.
        """
        total = len(nodes) + sum(tick.runs for tick in ticks)
        head: list[_Token] = []
        size = 0
        for token in self.shown_tokens(tokens, data):
            head.append(token)
            size += len(token.text) + 1
            if size > OUTLINE_END:
                break
        else:
            return self._placed(head, nodes, total)
        seen = {(token.start, token.end, token.text) for token in head}
        tail: list[_Token] = []
        size = 0
        for token in self.shown_tokens(tokens, data, reverse=True):
            if (token.start, token.end, token.text) in seen:
                return self._placed(head + tail[::-1], nodes, total)
            tail.append(token)
            size += len(token.text) + 1
            if size > OUTLINE_END:
                break
        tail.reverse()
        return self._two_ends(*_whole_commands(head, tail, nodes), nodes, ticks, total)

    def _two_ends(
        self,
        head: list[_Token],
        tail: list[_Token],
        nodes: _Places,
        ticks: Sequence[_Token],
        total: int,
    ) -> tuple[str, CommandSpans]:
        """A long outline's head and tail around the line that counts the commands between them."""
        head_end, tail_start = max(token.end for token in head), min(token.start for token in tail)
        hidden = sum(1 for start, end in nodes if end > head_end and start < tail_start) + sum(
            tick.runs for tick in ticks if tick.end > head_end and tick.start < tail_start
        )
        head_text, head_spans = self._placed(head, [n for n in nodes if n[1] <= head_end], 0)
        tail_text, tail_spans = self._placed(tail, [n for n in nodes if n[0] >= tail_start], 0)
        marker = hidden_marker(hidden)
        tail_at = len(head_text) + len(marker) + 2
        spans = (
            *head_spans.spans,
            (len(head_text) + 1, len(head_text) + 1 + len(marker), hidden),
            *((start + tail_at, end + tail_at, weight) for start, end, weight in tail_spans.spans),
        )
        return f"{head_text}\n{marker}\n{tail_text}", CommandSpans(
            total, spans, (len(head_text) + 1,)
        )

    def _placed(
        self, tokens: list[_Token], nodes: Iterable[tuple[int, int]], total: int
    ) -> tuple[str, CommandSpans]:
        """The tokens joined, and the span in that text of each node (its bytes' start and end) whose tokens all
        stand there."""
        text, places = self.join_placed(tokens)
        shown = sorted(
            (token.start, index)
            for index, token in enumerate(tokens)
            if places[index] >= 0 and token.text
        )
        starts = [start for start, _ in shown]
        spans = []
        for node_start, node_end in nodes:
            found = bisect_left(starts, node_start)
            if found == len(shown):
                continue
            first = last = shown[found][1]
            # a node's tokens stand together in the outline, in order
            while (
                last + 1 < len(tokens)
                and node_start <= tokens[last + 1].start
                and tokens[last + 1].end <= node_end
            ):
                last += 1
            while last > first and places[last] < 0:
                last -= 1
            if tokens[first].end <= node_end:
                spans.append((places[first], places[last] + len(tokens[last].text), 1))
        spans.extend(
            (place, place + len(token.text), token.runs)
            for token, place in zip(tokens, places, strict=True)
            if token.runs and place >= 0
        )
        spans.sort()
        return text, CommandSpans(total or sum(span[2] for span in spans), tuple(spans))

    def join(self, tokens: list[_Token]) -> str:
        return self.join_placed(tokens)[0]

    def body_backticks(self, bodies: Sequence[Node]) -> list[_Token]:
        """The backtick substitutions of every unquoted heredoc body in ``bodies``, each with the commands it runs."""
        if self.dialect != "bash":
            return []
        return [
            tick for body in bodies for tick in self.backticks(body, list(_substitutions(body)))
        ]

    def join_placed(self, tokens: list[_Token]) -> tuple[str, list[int]]:
        """Tokens spaced as the source spaces them: a line break, a blank, or nothing.

        Text between two tokens that no node holds (tree-sitter's bash
        grammar leaves the ``-`` of ``-f - <<EOF`` outside every node) is kept
        as written: the outline may drop comments and blanks, never a word.
        """
        out: list[str] = []
        places: list[int] = []  # where each token's text starts in the joined text; -1 when dropped
        length = 0
        previous_end: int | None = None
        pending = ""
        for token in tokens:
            separator = ""
            if previous_end is not None and not token.glued and token.start > previous_end:
                gap = _CONTINUATION.sub(" ", self.text(previous_end, token.start))
                if gap.strip(_BLANKS):
                    kept = _stronger(
                        pending, _blank(gap[: len(gap) - len(gap.lstrip(_BLANKS))])
                    ) + _one_line(gap)
                    out.append(kept)
                    length += len(kept)
                    pending = ""
                    gap = gap[len(gap.rstrip(_BLANKS)) :]
                separator = _blank(gap)
            previous_end = token.end
            if token.dropped:
                pending = _stronger(pending, separator)
                places.append(-1)
                continue
            before = _stronger(pending, separator)
            places.append(length + len(before))
            out.append(before + token.text)
            length += len(before) + len(token.text)
            pending = ""
        joined = "".join(out)
        leading = len(joined) - len(joined.lstrip(_BLANKS))
        return joined.strip(_BLANKS), [place - leading if place >= 0 else -1 for place in places]

    def shown_tokens(
        self, tokens: Callable[..., Iterator[_Token]], data: int | None, *, reverse: bool = False
    ) -> Iterator[_Token]:
        """The outline's tokens, those from byte ``data`` on as one ``…``."""
        if data is None:
            yield from tokens(reverse=reverse)
            return
        marker = _Token(ELLIPSIS, data, len(self.source))
        if reverse:
            yield marker
        for token in tokens(reverse=reverse):
            if token.start < data:
                yield token
            elif not reverse:
                yield marker
                return

    def tokens(
        self, root: Node, *, reverse: bool = False, reading: Reading = Reading.SHOWN
    ) -> Iterator[_Token]:
        """The outline's tokens in order, or from the last to the first; ``root`` read as ``reading``."""
        stack: list[_Token | tuple[Node, Reading]] = [(root, reading)]
        while stack:
            item = stack.pop()
            if isinstance(item, _Token):
                yield item
                continue
            node, reading = item
            kind = node.type
            if kind in _SEPARATORS:
                continue
            if kind in _DROPPED:  # no text, but its line break still separates what is around it
                yield _Token("", node.start_byte, node.end_byte, dropped=True)
                continue
            if kind in _BODIES or kind in _LITERALS:
                items = self.literal(node, reading, body=kind in _BODIES)
            # its literal runs (found here: node.parent is O(depth))
            elif kind == "command_name" and node.child_count:
                items = [
                    piece
                    for child in node.children
                    for piece in (
                        self.literal(child, Reading.CODE, name=True)
                        if child.type in _LITERALS
                        else [
                            (child, Reading.DATA)
                        ]  # a name is cut for its length, as a literal name is
                    )
                ]
            elif node.child_count == 0:
                if node.end_byte > node.start_byte and self.text(
                    node.start_byte, node.end_byte
                ).strip(_BLANKS):
                    yield _Token(
                        self.text(node.start_byte, node.end_byte), node.start_byte, node.end_byte
                    )
                continue
            elif kind == "command":
                items = self.brief_arguments(node, command_items(node, reading, self.source))
            else:
                items = self.ordered_children(node, children(node, reading, self.source))
            stack.extend(items if reverse else reversed(items))

    def brief_arguments(
        self, command: Node, items: list[tuple[Node, Reading]]
    ) -> list[_Token | tuple[Node, Reading]]:
        """A long command's name and first ``ARGUMENTS_KEEP`` cells of arguments; its later plain ones as ``…``.

        Only data collapses: an argument holding a substitution, a
        redirection, and a string in no data position run or may run
        something, so each stays where it is and the plain arguments around
        it collapse on either side. Only the arguments up to
        ``COMMAND_KEEP`` cells are measured to decide.
        """
        kept: list[_Token | tuple[Node, Reading]] = list(items)
        name = next(
            (index for index, (node, _) in enumerate(items) if node.type == "command_name"), None
        )
        if name is None:
            return kept
        name_node = items[name][0]
        if command.end_byte - name_node.start_byte <= COMMAND_KEEP // _MOST_CELLS_A_BYTE_SHOWS:
            return kept
        if self.text(name_node.start_byte, name_node.end_byte).rsplit("/", 1)[-1] in WRAPPERS:
            return kept  # the words after a wrapper's options are the command it runs, not data
        arguments = items[name + 1 :]
        lengths = self.measured(name_node, arguments)
        if lengths is None:
            return kept
        return kept[: name + 1] + _collapsed(arguments, lengths, self.source)

    def measured(self, name: Node, arguments: list[tuple[Node, Reading]]) -> list[int] | None:
        """The outlined cells of the arguments up to the one that takes the command past ``COMMAND_KEEP``, or
        ``None`` when what a brief could fold fits."""
        lengths: list[int] = []
        size = shown_cells(self.text(name.start_byte, name.end_byte))
        for argument, reading in arguments:
            lengths.append(self.outlined_length(argument, reading))
            if _collapsible(
                argument, reading, self.source
            ):  # what no brief folds shows whatever the size
                size += lengths[-1] + 1
            if size > COMMAND_KEEP:
                return lengths
        return None

    def outlined_length(self, argument: Node, reading: Reading) -> int:
        """Cells ``argument`` shows in the outline; its source's for one that runs something (measuring it would nest)."""
        source = self.text(argument.start_byte, argument.end_byte)
        if not _is_data(argument):
            return shown_cells(source)
        outlined = self.join(list(self.tokens(argument, reading=reading)))
        # an ASCII character shows as one cell at most (a control as its picture), and the outline's own ``…`` counts one
        return len(outlined) if source.isascii() else shown_cells(outlined)

    def ordered_children(
        self, node: Node, items: list[tuple[Node, Reading]]
    ) -> list[_Token | tuple[Node, Reading]]:
        """Children in source order, but a heredoc's body and terminator right after its ``<<EOF``.

        In the source the body starts on the next line, after whatever
        follows ``<<EOF`` on its own (``| sh``); the outline reads like a
        here-string, ``cat <<'EOF'…EOF | sh``, so nothing after it on the
        line is lost behind the body; a body shown whole stands on the lines
        between them.
        """
        if node.type != "heredoc_redirect":
            return list(items)
        moved = [item for item in items if item[0].type in ("heredoc_body", "heredoc_end")]
        rest = [item for item in items if item[0].type not in ("heredoc_body", "heredoc_end")]
        position = next(
            (index + 1 for index, (child, _) in enumerate(rest) if child.type == "heredoc_start"), 0
        )
        anchor = rest[position - 1][0].end_byte if position else node.start_byte
        glued: list[_Token | tuple[Node, Reading]] = []
        for child, reading in moved:
            if child.type == "heredoc_body":
                if reading is not Reading.DATA:
                    glued.append(_Token("\n", child.start_byte, child.start_byte, glued=True))
                glued.extend(self.literal(child, reading, body=True))
            else:
                ending = self.text(child.start_byte, child.end_byte)
                glued.append(_Token(_one_line(ending), anchor, anchor, glued=True))
        # what follows on the line is spaced from ``<<EOF``
        glued.append(_Token("", anchor, anchor, glued=True))
        # the body and terminator are shown already
        consumed = _Token("", node.end_byte, node.end_byte, glued=True)
        return [*rest[:position], *glued, *rest[position:], consumed]

    def literal(
        self, node: Node, reading: Reading, *, body: bool = False, name: bool = False
    ) -> list[_Token | tuple[Node, Reading]]:
        """A literal: as written, or where it is data, its delimiters and ``…`` for long text; and every
        substitution inside it as it runs.

        A command's name is what runs, not data: it is cut for its length, never for the notation it shows as.
        """
        inner = list(_substitutions(node))
        if body:
            return self.body(node, inner, reading)
        out: list[_Token | tuple[Node, Reading]] = []
        shown = (
            self.shortened
            if reading is Reading.DATA or name or self.bare(node)
            else self.as_written
        )
        position = node.start_byte
        first = True
        for substitution in inner:
            if substitution.start_byte > position:
                out.append(
                    _Token(
                        shown(position, substitution.start_byte, name=name),
                        position,
                        substitution.start_byte,
                        glued=not first,
                    )
                )
            first = False
            out.append((substitution, reading))
            position = substitution.end_byte
        if node.end_byte > position or not inner:
            out.append(
                _Token(
                    shown(position, node.end_byte, name=name),
                    position,
                    node.end_byte,
                    glued=not first,
                )
            )
        return out

    def body(
        self, node: Node, inner: list[Node], reading: Reading
    ) -> list[_Token | tuple[Node, Reading]]:
        """A heredoc body: ``…`` where it is data, else as written; its substitutions and backticks as they run."""
        ticks = list(self.backticks(node, inner))
        inside = [
            sub for sub in inner if any(tick.start <= sub.start_byte < tick.end for tick in ticks)
        ]
        runs: list[_Token | Node] = sorted(
            [*[sub for sub in inner if sub not in inside], *ticks], key=_start
        )
        data = reading is Reading.DATA
        out: list[_Token | tuple[Node, Reading]] = []
        position = node.start_byte
        for substitution in runs:
            start = _start(substitution)
            text = ELLIPSIS if data else self.text(position, start)
            out.append(_Token(text, node.start_byte if data else position, start, glued=True))
            out.append(
                substitution if isinstance(substitution, _Token) else (substitution, reading)
            )
            position = (
                substitution.end if isinstance(substitution, _Token) else substitution.end_byte
            )
        text = ELLIPSIS if data else self.text(position, node.end_byte)
        out.append(_Token(text, node.start_byte if data else position, node.end_byte, glued=True))
        return out

    def bare(self, node: Node) -> bool:
        """A word that quotes, escapes and expands nothing: one run of text, which the outline may cut for its
        length anywhere (a long path); a quoted string only in a data position."""
        return (
            node.type in _BARE_WORDS
            and not node.child_count
            and not _QUOTING & set(self.source[node.start_byte : node.end_byte])
        )

    def as_written(self, start: int, end: int, *, name: bool = False) -> str:
        """Literal text where it is not data: as written, whatever its length."""
        return self.text(start, end)

    def backticks(self, body: Node, inner: list[Node]) -> Iterator[_Token]:
        """The backtick substitutions of an unquoted heredoc body, which the grammar reads as text (bash manual 3.6.6).

        Each is kept as written, on one line, a ``$( )`` inside it with it.
        """
        redirect = body.parent
        starts = (
            [child for child in redirect.children if child.type == "heredoc_start"]
            if redirect
            else []
        )
        if any(self.text(start.start_byte, start.end_byte)[:1] in "'\"\\" for start in starts):
            return
        text = self.source[body.start_byte : body.end_byte]
        position = 0
        while (opening := _next_backtick(text, position)) >= 0:
            closing = _next_backtick(text, opening + 1)
            if closing < 0:
                return
            start, end = body.start_byte + opening, body.start_byte + closing + 1
            if not any(node.start_byte <= start < node.end_byte for node in inner):
                runs = _commands_in(text[opening + 1 : closing])
                yield _Token(_one_line(self.text(start, end)), start, end, glued=True, runs=runs)
            position = closing + 1

    def shortened(self, start: int, end: int, *, name: bool = False) -> str:
        """Literal text as written when short and on one line; else its quotes around a bare ``…``."""
        text = self.text(start, end)
        if (
            len(text) <= LITERAL_KEEP
            and "\n" not in text
            and (name or shown_cells(text) <= LITERAL_KEEP)
        ):
            return text
        opening = _OPENING.match(text)
        closing = _CLOSING.search(text)
        head = opening.group() if opening else ""
        tail = closing.group() if closing and closing.start() >= len(head) else ""
        return f"{head}{ELLIPSIS}{tail}"


def _collapsed(
    arguments: list[tuple[Node, Reading]], lengths: list[int], source: bytes
) -> list[_Token | tuple[Node, Reading]]:
    """The arguments that fit ``ARGUMENTS_KEEP`` cells kept, every later run of plain ones one ``…``; an argument
    that runs or redirects something, or a string in no data position, stays where it is."""
    out: list[_Token | tuple[Node, Reading]] = []
    room = ARGUMENTS_KEEP
    run: list[Node] = []  # plain arguments past the room, not yet collapsed
    for index, (argument, reading) in enumerate(arguments):
        if not _collapsible(argument, reading, source):
            out.extend(_one_marker(run))
            run = []
            out.append((argument, reading))
        elif room >= 0 and index < len(lengths) and lengths[index] <= room:
            out.append((argument, reading))
            room -= lengths[index] + 1
        else:
            room = -1
            run.append(argument)
    return out + _one_marker(run)


_BARE_WORDS = frozenset({"word", "number", "generic_token", "command_parameter"})
_QUOTING = frozenset(b"\\'\"`$")


def _collapsible(argument: Node, reading: Reading, source: bytes) -> bool:
    """An argument a long command's brief may fold into ``…``: data by its position, or a bare word that quotes
    nothing, which no program reads as more than one word of text."""
    if not _is_data(argument):
        return False
    if reading is Reading.DATA:
        return True
    text = source[argument.start_byte : argument.end_byte]
    return argument.type in _BARE_WORDS and not argument.child_count and not _QUOTING & set(text)


def _one_marker(run: list[Node]) -> list[_Token | tuple[Node, Reading]]:
    return [_Token(ELLIPSIS, run[0].start_byte, run[-1].end_byte)] if run else []


def _start(item: Node | _Token) -> int:
    return item.start_byte if isinstance(item, Node) else item.start


def _next_backtick(text: bytes, position: int) -> int:
    """The next backtick in ``text`` from ``position`` that no backslash escapes, or -1."""
    while (found := text.find(b"`", position)) >= 0:
        escapes = 0
        while found - escapes > 0 and text[found - escapes - 1] == 0x5C:  # backslashes before it
            escapes += 1
        if escapes % 2 == 0:
            return found
        position = found + 1
    return -1


def _source_spans(
    command: str, source: bytes, nodes: _Places, ticks: Sequence[_Token]
) -> CommandSpans:
    """Where each command near an end of ``command`` stands in it, in characters; how many there are in all."""
    reach = END_WINDOW * 4  # a character is at most four bytes of UTF-8
    places = chain(
        ((start, end, 1) for start, end in nodes),
        ((tick.start, tick.end, tick.runs) for tick in ticks if tick.runs),
    )
    near = [place for place in places if place[0] < reach or place[1] > len(source) - reach]
    if command.isascii():
        spans = near
    else:
        offsets = sorted({offset for start, end, _ in near for offset in (start, end)})
        chars = dict(zip(offsets, _character_offsets(source, offsets), strict=True))
        spans = [(chars[start], chars[end], weight) for start, end, weight in near]
    total = len(nodes) + sum(tick.runs for tick in ticks)
    return CommandSpans(total, near_ends(sorted(spans), len(command)))


_CONTINUATION_BYTES = bytes(range(0x80, 0xC0))


def _character_offsets(source: bytes, offsets: Sequence[int]) -> list[int]:
    """Each byte offset (ascending) as a character offset: the bytes before it that begin a character."""
    out, characters, previous = [], 0, 0
    for offset in offsets:
        characters += len(source[previous:offset].translate(None, _CONTINUATION_BYTES))
        out.append(characters)
        previous = offset
    return out


@lru_cache(maxsize=256)
def _commands_in(script: bytes) -> int:
    """How many commands bash's grammar finds in a backtick body: the payload's walk and the outline's both ask."""
    return len(_captures("bash", _parser("bash").parse(script).root_node).get("command", []))


@cache
def _query(dialect: Dialect) -> Query:
    """Every capture the outline reads, in one query: compiling one costs far more than its patterns add.

    ``command`` and, in bash, ``body`` (heredoc bodies) and the captures
    ``askbench.impl.shell_doubt`` reads.
    """
    patterns = "(command) @command\n" + (PATTERNS if dialect == "bash" else "")
    return Query(Language(_GRAMMARS[dialect]()), patterns)


def _captures(dialect: Dialect, root: Node) -> dict[str, list[Node]]:
    return QueryCursor(_query(dialect)).captures(root)


WRAPPERS = frozenset(
    {
        "env",
        "sudo",
        "doas",
        "xargs",
        "nice",
        "ionice",
        "nohup",
        "exec",
        "command",
        "builtin",
        "time",
        "stdbuf",
        "timeout",
        "chroot",
        "setsid",
        "unbuffer",
        "find",
    }
)
"""Commands whose later words are another command they run (``find`` through ``-exec``): never briefed as data."""

_MOST_CELLS_A_BYTE_SHOWS = 5
"""A two-byte C1 control shows as the eight cells of ``⟨U+0080⟩``, four a byte; no UTF-8 byte shows wider, so five bounds them all."""


def shown_cells(text: str) -> int:
    """Cells ``text`` takes on screen, every character that could act on the terminal as its notation."""
    return len(text) if _is_plain(text) else text_cells(neutralise(text))


def _is_plain(text: str) -> bool:
    return text.isascii() and text.isprintable()


def _blank(gap: str) -> str:
    return "\n" if "\n" in gap else " " if gap else ""


def _stronger(first: str, second: str) -> str:
    """Of two separators, the one that separates more: a line break over a blank over nothing."""
    return "\n" if "\n" in (first, second) else " " if " " in (first, second) else ""


def _trailing_data(roots: Iterable[tuple[int, Node]]) -> int | None:
    """Where the statements after a command's last command begin, when all they do is set or test something.

    ``curl … | sh; A=…; B=…; …`` ends in assignments the shell runs nothing
    for, and enough of them fill a capped field's tail: the person would
    see the data and not what it follows. A command longer than a command
    line shows them as one ``…`` after its last command. ``None`` when
    nothing but a command, a redirection or a substitution ends it (or no
    command is found within ``_TRAILING_WALK`` nodes of its end). ``roots``
    are the command's pieces from the last, each with its byte offset.
    """
    start: int | None = None
    walked = 0
    for offset, root in roots:
        stack = [root]
        while stack:
            walked += 1
            if walked > _TRAILING_WALK:
                return None
            # the last child first: statements from the end, each before what it holds
            node = stack.pop()
            if node.type in _DATA_STATEMENTS and _runs_nothing(node):
                start = offset + node.start_byte
                continue
            if _acts(node):
                return start
            stack.extend(node.children)
    return None


def _runs_nothing(node: Node) -> bool:
    """No node inside acts (a PowerShell ``$a = Get-Item x`` holds a command with no substitution around it)."""
    stack = [node]
    for _ in range(_TRAILING_WALK):
        if not stack:
            return True
        child = stack.pop()
        if _acts(child):
            return False
        stack.extend(child.children)
    return False


def _acts(node: Node) -> bool:
    """A node that runs or writes something: a command, a substitution, a redirection."""
    return node.type == "command" or node.type in _SUBSTITUTIONS or "redirect" in node.type


def _is_data(node: Node) -> bool:
    """An argument that runs nothing and redirects nothing: text a command reads."""
    if _acts(node):
        return False
    return next(_substitutions(node), None) is None


def _substitutions(node: Node) -> Iterator[Node]:
    """The outermost substitutions inside a literal, in source order."""
    stack = list(reversed(node.children))
    while stack:
        child = stack.pop()
        if child.type in _SUBSTITUTIONS:
            yield child
        else:
            stack.extend(reversed(child.children))


def _words(text: str) -> list[str]:
    return [word for word in _BLANK_RUN.split(text) if word]


def _one_line(text: str) -> str:
    return " ".join(_words(text))
