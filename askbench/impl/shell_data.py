"""Where in a parse a string is data, by ``askbench.impl.data_positions``' table: the outline collapses only there.

A string is data when what reads it only reads it: a data position of a
known program (``git commit -m``, an ``echo`` argument), a file a redirection
names, or the standard input of a program that reads its input as data
(``cat > f <<'EOF'``). Even then the text must not flow on into code: what
``echo`` prints into ``| sh``, or a program that writes to ``>(sh)``, is code
again, so a pipeline's element is data's reader only when every element
after it reads data too. Everything else — an assignment, an alias, an
option, an unknown program's argument, a substitution's text that becomes
one of those — is code or may be, and the outline shows it.

Each node the outline walks carries a ``Reading``: ``DATA`` (its strings may
collapse), ``SHOWN`` (a place where commands choose for their own words) or
``CODE`` (its text, or what its commands print, is run or may be: nothing in
it is data). ``children`` says what each child of a node carries.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

from tree_sitter import Node

from .data_positions import data_arguments, reads_data

__all__ = ["Reading", "children", "command_items", "heredoc_runs_later"]


class Reading(Enum):
    """How the outline may read the text under a node."""

    DATA = "data"
    SHOWN = "shown"
    CODE = "code"


_PLAIN_WORDS = frozenset({"word", "number", "command_parameter", "generic_token"})
_QUOTED = frozenset({"raw_string", "verbatim_string_characters"})
_ARGUMENT_SEPARATORS = frozenset({"command_argument_sep"})
_SUBSTITUTIONS = frozenset(
    {"command_substitution", "process_substitution", "sub_expression", "script_block_expression"}
)
_EVALUATED = frozenset({"arithmetic_expansion", "test_command"})
_INPUTS = frozenset({"heredoc_redirect", "herestring_redirect"})
_PIPES = frozenset({"|", "|&"})
_WRITES_TO_CODE = b">("


def children(node: Node, reading: Reading, source: bytes) -> list[tuple[Node, Reading]]:
    """Each child of ``node`` with the reading it carries, ``node`` read as ``reading``."""
    kind = node.type
    if kind == "command":
        return command_items(node, reading, source)
    if kind in ("pipeline", "pipeline_chain"):
        return _pipeline(node, reading, source)
    if kind == "redirected_statement":
        return _redirected(node, reading, source)
    if kind == "file_redirect":
        return [(child, _destination(node, child, reading)) for child in node.children]
    if kind == "heredoc_redirect":
        return [(child, _in_heredoc(child, reading)) for child in node.children]
    if kind in _SUBSTITUTIONS:
        return [(child, substitution_reading(reading)) for child in node.children]
    if kind in _EVALUATED:
        return [(child, Reading.CODE) for child in node.children]
    if kind in _NEVER_DATA:
        return [(child, Reading.CODE) for child in node.children]
    return [(child, reading) for child in node.children]


_NEVER_DATA = frozenset(
    {"variable_assignment", "variable_assignments", "assignment_expression", "declaration_command"}
)
"""A value a variable holds may be run later (``PS4``, ``BASH_ENV``, an alias, an arithmetic subscript)."""


def substitution_reading(reading: Reading) -> Reading:
    """How the commands of a substitution in text read as ``reading`` are read: its output becomes that text, so
    only in data may they choose for their own words."""
    return Reading.CODE if reading is Reading.CODE else Reading.SHOWN


def _destination(redirect: Node, child: Node, reading: Reading) -> Reading:
    """A redirection's file name is data, whatever the command; ``>(…)`` is a command that reads the output."""
    if child.type == "process_substitution":
        return Reading.CODE
    if redirect.child_by_field_name("destination") == child:
        return Reading.DATA
    return reading


def _in_heredoc(child: Node, reading: Reading) -> Reading:
    """The body reads as the command's input does; what the grammar hangs after it (``| sh``) is commands."""
    if child.type == "heredoc_body":
        return reading
    return Reading.SHOWN if reading is Reading.DATA else reading


def command_items(command: Node, reading: Reading, source: bytes) -> list[tuple[Node, Reading]]:
    """A command's children, PowerShell's one node of arguments opened into its arguments, each with its reading:
    its data positions ``DATA``, its standard input as its program reads it, its name and other arguments code."""
    items = _items(command)
    arguments = [node for node in items if _is_argument(node)]
    words = [_word(node, source, command) for node in arguments]
    data = frozenset() if reading is Reading.CODE else data_arguments(words)
    inputs = Reading.DATA if reading is not Reading.CODE and reads_data(words) else Reading.CODE
    places = {(node.start_byte, node.end_byte): index for index, node in enumerate(arguments)}
    out: list[tuple[Node, Reading]] = []
    for node in items:
        index = places.get((node.start_byte, node.end_byte))
        if index is not None:
            out.append((node, Reading.DATA if index in data else Reading.CODE))
        elif node.type in _INPUTS:
            out.append((node, inputs))
        else:  # an assignment is never data; a redirection names its file
            out.append((node, Reading.SHOWN if reading is Reading.DATA else reading))
    return out


def _items(command: Node) -> list[Node]:
    """A command's children with PowerShell's one node of arguments opened into its arguments."""
    out: list[Node] = []
    for child in command.children:
        if child.type == "command_elements":
            out.extend(c for c in child.children if c.type not in _ARGUMENT_SEPARATORS)
        else:
            out.append(child)
    return out


def _is_argument(node: Node) -> bool:
    """The command's name and its arguments: not its assignments or redirections."""
    return (
        node.type not in ("variable_assignment", "file_redirect", "comment")
        and node.type not in _INPUTS
        and "redirect" not in node.type
    )


def _word(node: Node, source: bytes, command: Node) -> str | None:
    """A word as the program receives it when that is plain to see (a bare word, a single-quoted string); ``None``
    for one that expands, which could be any option."""
    text = source[node.start_byte : node.end_byte].decode("utf-8", "replace")
    if node.type == "command_name":
        inner = node.children
        if not inner:
            return text.lower()
        return _word(inner[0], source, command) if len(inner) == 1 else None
    if node.type in _PLAIN_WORDS and not node.child_count:
        return text if not _folds_case(command) else text.lower()
    if node.type in _QUOTED and len(text) >= 2:
        return text[1:-1]
    if node.type in ("string", "concatenation", "array_literal_expression"):
        return text if not _expands(node) or _starts_plain(text) else None
    return None


def _starts_plain(text: str) -> bool:
    """A word whose first character is written out and no dash: whatever it expands to, it is no option."""
    first = text.lstrip("\"'")[:1]
    return bool(first) and first not in "-$`\\"


def _folds_case(command: Node) -> bool:
    """PowerShell reads names and parameters in any case: its commands hold their arguments in one node."""
    return any(child.type == "command_elements" for child in command.children)


def _expands(node: Node) -> bool:
    stack = list(node.children)
    while stack:
        child = stack.pop()
        if child.type not in _PLAIN_WORDS and child.type not in _QUOTED and child.child_count == 0:
            if child.type not in ('"', "'", "string_content"):
                return True
        if "expansion" in child.type or child.type in _SUBSTITUTIONS:
            return True
        stack.extend(child.children)
    return False


def _pipeline(pipeline: Node, reading: Reading, source: bytes) -> list[tuple[Node, Reading]]:
    """A pipeline's elements: one whose output flows into an element that may run it is code."""
    items = pipeline.children
    elements = [index for index, child in enumerate(items) if child.type not in _PIPES]
    if len(elements) == len(items):  # PowerShell's statement wrapper: no pipe in it
        return [(child, reading) for child in items]
    safe = {at: _reads_input_as_data(items[at], source) for at in elements}
    out: list[tuple[Node, Reading]] = []
    for at, child in enumerate(items):
        if at not in safe:
            out.append((child, reading))
        elif reading is Reading.CODE or not all(safe[later] for later in elements if later > at):
            out.append((child, Reading.CODE))
        elif child.type in _COMMANDS:
            out.append((child, Reading.SHOWN))
        else:
            out.append(
                (child, Reading.DATA)
            )  # a PowerShell value piped on: data, as the reader reads it
    return out


_COMMANDS = frozenset(
    {
        "command",
        "redirected_statement",
        "subshell",
        "compound_statement",
        "while_statement",
        "for_statement",
        "if_statement",
        "case_statement",
        "function_definition",
        "negated_command",
        "list",
    }
)
"""Pipeline elements that hold commands, which choose for their own words; any other is a PowerShell value."""


def _reads_input_as_data(element: Node, source: bytes) -> bool:
    """Whether a pipeline element only reads what flows into it: a known reader that writes to no ``>(…)``."""
    command = element
    if element.type == "redirected_statement":
        body = element.child_by_field_name("body")
        if body is None:
            return False
        command = body
    if command.type != "command":
        return False
    if _WRITES_TO_CODE in source[element.start_byte : element.end_byte]:
        return False
    arguments = [node for node in _items(command) if _is_argument(node)]
    return reads_data([_word(node, source, command) for node in arguments])


def _redirected(statement: Node, reading: Reading, source: bytes) -> list[tuple[Node, Reading]]:
    """A redirected statement: its input (a heredoc, a here-string) is data when its command reads data and what
    it prints flows into no code (``cat <<'EOF' | sh`` hangs ``| sh`` on the heredoc), nor into a file a later
    command runs (``cat > deploy.sh <<'EOF'`` … ``sh deploy.sh``)."""
    body = statement.child_by_field_name("body")
    downstream = _downstream(statement, source)
    flows = (
        reading is not Reading.CODE
        and all(downstream)
        and b">(" not in _redirect_text(statement, source)
        and not _run_later(_written_files(statement, source), source, statement.end_byte)
    )
    own = reading if flows else Reading.CODE
    reads = _reading_command(body)
    reader = reads is not None and flows and _reads_input_as_data(reads, source)
    out: list[tuple[Node, Reading]] = []
    for child in statement.children:
        if body is not None and child.id == body.id:
            out.append((child, own))
        elif child.type in _INPUTS:
            out.append((child, Reading.DATA if reader else Reading.CODE))
        else:
            out.append((child, own if own is not Reading.DATA else Reading.SHOWN))
    return out


def heredoc_runs_later(body: Node, source: bytes) -> bool:
    """Whether a heredoc's body is written to a file a later command runs (``cat > deploy.sh <<'EOF'`` …
    ``sh deploy.sh``): a script, whose commands are the command's too."""
    statement = body.parent
    while statement is not None and statement.type != "redirected_statement":
        statement = statement.parent
    if statement is None:
        return False
    return _run_later(_written_files(statement, source), source, statement.end_byte)


def _written_files(statement: Node, source: bytes) -> list[bytes]:
    """The files a statement's output goes to, by the names its redirections give (the grammar may hang one
    inside the heredoc's redirection: ``cat <<'EOF' > run.sh``), and the files ``tee`` is given to write."""
    found = []
    for child in statement.children:
        redirects = [child, *child.children] if child.type == "heredoc_redirect" else [child]
        for redirect in redirects:
            if redirect.type != "file_redirect":
                continue
            destination = redirect.child_by_field_name("destination")
            operator = source[redirect.start_byte : destination.start_byte] if destination else b""
            if destination is not None and b">" in operator:
                name = source[destination.start_byte : destination.end_byte].strip(b"'\"")
                found.append(name.rsplit(b"/", 1)[-1])
    return found + _teed_files(_reading_command(statement.child_by_field_name("body")), source)


def _teed_files(command: Node | None, source: bytes) -> list[bytes]:
    """The files ``tee`` writes what it reads to: its words after its name that are no option."""
    if command is None:
        return []
    words = [_word(node, source, command) for node in _items(command) if _is_argument(node)]
    if not words or words[0] != "tee":
        return []
    return [
        word.encode("utf-8").rsplit(b"/", 1)[-1]
        for word in words[1:]
        if word and not word.startswith("-")
    ]


def _run_later(files: Sequence[bytes], source: bytes, after: int) -> bool:
    """Whether a later command runs a file the statement writes — a shell given it as its script, ``source``
    or ``.``, or the file itself by its path (``sh deploy.sh``, ``. ./.env``, ``./run``): what is written
    there is code."""
    last_run = _files_run(source)
    return any(name and last_run.get(name, -1) >= after for name in files)


_TOKEN = rb"[^\s'\";&|()`]"
_RUNS_A_FILE = re.compile(
    rb"(?:^|(?<=[\s;&|(`]))(?:"
    rb"(?:(?:ba|da|z|k|mk)?sh|source|\.)\s+(?:-\S+\s+)*['\"]?(?P<named>" + _TOKEN + rb"+)"
    rb"|['\"]?(?P<path>" + _TOKEN + rb"*/" + _TOKEN + rb"+))",
    re.MULTILINE,
)
"""A command that runs a file: a shell, ``source`` or ``.`` given it, or a word with a folder in it run by
its path."""


@lru_cache(maxsize=8)
def _files_run(source: bytes) -> dict[bytes, int]:
    """Each file name the command runs, and the last place it does: read once for a command, however many
    of its statements write files."""
    last_run: dict[bytes, int] = {}
    for found in _RUNS_A_FILE.finditer(source):
        path = found["named"] or found["path"]
        last_run[path.rsplit(b"/", 1)[-1]] = found.start()
    return last_run


def _reading_command(body: Node | None) -> Node | None:
    """The command a statement's heredoc feeds: the statement's own, or the last of a list the grammar hangs the
    heredoc on (``mkdir -p d && cat <<'EOF' > f``)."""
    while body is not None and body.type == "list":
        body = body.children[-1] if body.children else None
    return body if body is not None and body.type == "command" else None


def _redirect_text(statement: Node, source: bytes) -> bytes:
    return b"".join(
        source[child.start_byte : child.end_byte]
        for child in statement.children
        if "redirect" in child.type
    )


def _downstream(statement: Node, source: bytes) -> Sequence[bool]:
    """Whether each command the grammar hangs inside the statement's heredoc after ``|`` reads its input as data."""
    found: list[bool] = []
    for child in statement.children:
        if child.type != "heredoc_redirect":
            continue
        for inner in child.children:
            if inner.type == "pipeline":
                found.extend(
                    _reads_input_as_data(element, source)
                    for element in inner.children
                    if element.type not in _PIPES
                )
    return found
