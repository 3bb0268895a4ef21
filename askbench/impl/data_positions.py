"""Which of a command's arguments are data: text that neither bash nor the program runs.

The outline may collapse a long string to ``…`` only where the string can
never become code, and bash turns text into code in more places than any
list of dangerous constructs closes: a ``PS4`` under ``set -x``, an alias, a
``mapfile -C`` callback, an arithmetic subscript, ``env -S``, a ``git -c``
setting that names a program, sed's ``e`` command. So this is the other list:
for each program known here, which of its argument positions only ever hold
data (a commit message, an ``echo`` argument, a request body), and whether
what it reads on standard input is data too. A program not in the table, an
option it does not list, or a word that could expand into an option ends
what is known: every argument from there on is shown.

The table is data, read by ``data_arguments`` and ``reads_data``; the tree
walk that applies it to a parse is ``askbench.impl.shell_data``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["PROGRAMS", "Program", "data_arguments", "program_of", "reads_data"]


@dataclass(frozen=True)
class Program:
    """How one program reads its arguments, as far as telling data from code needs."""

    operands: bool = False
    """Its plain arguments (after the options, and the subcommand) are data."""
    flags: frozenset[str] = frozenset()
    """Options that take no value."""
    data_options: frozenset[str] = frozenset()
    """Options whose value is data (``-m`` of ``git commit``)."""
    value_options: frozenset[str] = frozenset()
    """Options whose value is not data, or not known to be (``printf -v`` names a variable with a subscript)."""
    stdin: bool = False
    """What it reads on standard input is data: a heredoc or here-string fed to it, a pipe into it."""
    no_options: bool = False
    """Every argument is an operand, ``-x`` too (``:`` reads no options)."""
    subcommands: Mapping[str, Program] = field(default_factory=lambda: MappingProxyType({}))
    """The program's first operand names a subcommand with its own table; one not listed is unknown."""
    runs_nothing: bool = False
    """No option makes it run any argument (``curl``, ``cat``): every argument is data, whatever comes before it,
    so a word that expands or an option not listed ends nothing."""


def _options(*names: str) -> frozenset[str]:
    return frozenset(names)


_IGNORES_ARGUMENTS = Program(operands=True, stdin=True, no_options=True, runs_nothing=True)
"""``:``, ``true``, ``false``: bash evaluates nothing of their words beyond expanding them."""
_READS_FILES = Program(operands=True, stdin=True, runs_nothing=True)
"""A filter whose operands are file names it reads and whose input is only read, never run."""

_GIT = Program(
    value_options=_options("-c", "-C", "--git-dir", "--work-tree", "--namespace", "--config-env"),
    flags=_options("--no-pager", "-p", "--paginate", "--bare", "--no-replace-objects"),
    subcommands=MappingProxyType(
        {
            "commit": Program(
                operands=True,
                stdin=True,
                data_options=_options("-m", "--message", "-F", "--file", "--author", "--date"),
                flags=_options(
                    "-a",
                    "--all",
                    "-q",
                    "--quiet",
                    "-v",
                    "--verbose",
                    "-s",
                    "--signoff",
                    "-n",
                    "--no-verify",
                    "--amend",
                    "--no-edit",
                    "--allow-empty",
                    "--allow-empty-message",
                ),
            ),
            "tag": Program(
                operands=True,
                data_options=_options("-m", "--message", "-F", "--file"),
                flags=_options("-a", "--annotate", "-f", "--force", "-s", "--sign"),
            ),
        }
    ),
)
"""``git``'s own options run nothing listed here as data: a ``-c`` setting can name a program (``core.fsmonitor``,
``core.pager``, ``alias.*``), ``-C`` and ``--git-dir`` choose the repository whose hooks and config run."""

_CURL = Program(
    operands=True,
    stdin=True,
    runs_nothing=True,
    data_options=_options(
        "-d",
        "--data",
        "--data-raw",
        "--data-binary",
        "--data-ascii",
        "--data-urlencode",
        "--json",
        "-H",
        "--header",
        "-A",
        "--user-agent",
        "-e",
        "--referer",
        "-X",
        "--request",
        "-o",
        "--output",
        "-F",
        "--form",
        "--url",
        "-m",
        "--max-time",
        "--connect-timeout",
        "--retry",
    ),
    flags=_options(
        "-s",
        "--silent",
        "-S",
        "--show-error",
        "-f",
        "--fail",
        "-L",
        "--location",
        "-k",
        "--insecure",
        "-i",
        "--include",
        "-v",
        "--verbose",
        "-O",
        "--remote-name",
        "-I",
        "--head",
        "--compressed",
        "-g",
        "--globoff",
    ),
)
"""A request body, a header, a URL: sent, never run (``-K`` reads a config file of options: unknown here)."""

_GH_BODY = Program(
    data_options=_options("-t", "--title", "-b", "--body", "-B", "--base", "-H", "--head"),
    flags=_options("-d", "--draft", "-w", "--web", "--fill"),
)
_GH = Program(
    subcommands=MappingProxyType(
        {
            "pr": Program(subcommands=MappingProxyType({"create": _GH_BODY, "comment": _GH_BODY})),
            "issue": Program(
                subcommands=MappingProxyType({"create": _GH_BODY, "comment": _GH_BODY})
            ),
        }
    )
)

_KUBECTL_WRITES = Program(
    operands=True,
    stdin=True,
    data_options=_options("-p", "--patch", "-f", "--filename"),
    value_options=_options("-n", "--namespace", "--type", "--context", "-o", "--output"),
)
"""A manifest or a patch: sent to the API server, run by nothing on this machine."""

_RSYNC = Program(
    operands=True,
    data_options=_options("--exclude", "--include"),
    value_options=_options("-e", "--rsh", "--rsync-path"),
    flags=_options(
        "-a",
        "-v",
        "-z",
        "-h",
        "-i",
        "-r",
        "-n",
        "-P",
        "--progress",
        "--delete",
        "--dry-run",
        "--archive",
        "--verbose",
        "--compress",
    ),
)
"""``-e`` and ``--rsync-path`` name commands rsync runs: shown."""

_JQ = Program(stdin=True)
"""jq reads its input as JSON, never as code (it runs no program); its filter is shown."""

PROGRAMS: Mapping[str, Program] = MappingProxyType(
    {
        ":": _IGNORES_ARGUMENTS,
        "true": _IGNORES_ARGUMENTS,
        "false": _IGNORES_ARGUMENTS,
        "echo": Program(
            operands=True, stdin=True, runs_nothing=True, flags=_options("-n", "-e", "-E")
        ),
        "printf": Program(operands=True, stdin=True, value_options=_options("-v")),
        "cat": Program(
            operands=True,
            stdin=True,
            runs_nothing=True,
            flags=_options("-A", "-b", "-e", "-E", "-n", "-s", "-t", "-T"),
        ),
        "tee": Program(
            operands=True,
            stdin=True,
            runs_nothing=True,
            flags=_options("-a", "--append", "-i", "-p"),
        ),
        "base64": Program(
            operands=True,
            stdin=True,
            runs_nothing=True,
            flags=_options("-d", "--decode", "-i", "-w0"),
        ),
        "wc": Program(
            operands=True, stdin=True, runs_nothing=True, flags=_options("-l", "-c", "-w", "-m")
        ),
        "head": _READS_FILES,
        "tail": _READS_FILES,
        "sort": _READS_FILES,
        "uniq": _READS_FILES,
        "git": _GIT,
        "jq": _JQ,
        "curl": _CURL,
        "gh": _GH,
        "kubectl": Program(
            subcommands=MappingProxyType(
                {"apply": _KUBECTL_WRITES, "create": _KUBECTL_WRITES, "patch": _KUBECTL_WRITES}
            )
        ),
        "rsync": _RSYNC,
        # PowerShell: names fold case
        "write-host": Program(operands=True, stdin=True),
        "write-output": Program(operands=True, stdin=True),
        "out-file": Program(stdin=True, data_options=_options("-filepath", "-encoding")),
    }
)
"""Every program whose data positions are known. Unknown programs show every argument."""


def program_of(name: str | None) -> Program | None:
    """The table's entry for a command named ``name`` (a path's last part, case folded), or ``None``."""
    if name is None:
        return None
    return PROGRAMS.get(name.rsplit("/", 1)[-1].lower())


def reads_data(words: Sequence[str | None]) -> bool:
    """Whether the command ``words`` (its name first; ``None`` for a word that expands) reads its standard input
    as data, never as code."""
    program, _ = _subcommand(words)
    return program is not None and program.stdin


def data_arguments(words: Sequence[str | None]) -> frozenset[int]:
    """The indices in ``words`` (the name at 0) of the arguments that are data; ``None`` stands for a word that
    expands, which could be any option, so nothing after it is known."""
    program, start = _subcommand(words)
    if program is None:
        return frozenset()
    if program.no_options or program.runs_nothing:
        return frozenset(range(start, len(words))) if program.operands else frozenset()
    return _read_options(program, words, start)


def _subcommand(words: Sequence[str | None]) -> tuple[Program | None, int]:
    """The program that reads the arguments from index ``start`` on: a subcommand's, past the options before it."""
    program = program_of(words[0]) if words else None
    at = 1
    while program is not None and program.subcommands:
        at = _past_options(program, words, at)
        if at >= len(words) or words[at] is None:
            return None, at
        program = program.subcommands.get(words[at] or "")
        at += 1
    return program, at


def _past_options(program: Program, words: Sequence[str | None], at: int) -> int:
    """The index of the first operand at or after ``at``, or ``len(words)`` when an unknown word comes first."""
    while at < len(words):
        word = words[at]
        if word is None or not word.startswith("-"):
            return at
        takes = _takes_value(program, word)
        if takes is None:
            return len(words)
        at += 2 if takes else 1
    return at


def _takes_value(program: Program, word: str) -> bool | None:
    """Whether option ``word`` takes the next word as its value; ``None`` when it is unknown."""
    if word in program.flags:
        return False
    if word in program.data_options or word in program.value_options:
        return True
    if "=" in word and word.split("=", 1)[0] in program.data_options | program.value_options:
        return False
    return None


def _read_options(program: Program, words: Sequence[str | None], start: int) -> frozenset[int]:
    data: set[int] = set()
    at = start
    options_end = False
    while at < len(words):
        word = words[at]
        if word is None:
            break
        if options_end or not word.startswith("-") or word == "-":
            if program.operands:
                data.add(at)
            at += 1
            continue
        if word == "--":
            options_end = True
            at += 1
            continue
        step = _option(program, word, at, data)
        if step is None:
            break
        at += step
    return frozenset(data)


def _option(program: Program, word: str, at: int, data: set[int]) -> int | None:
    """Read the option at ``at``: mark its data value, return how many words it takes; ``None`` when unknown."""
    if word in program.flags:
        return 1
    name, equals, _ = word.partition("=")
    if name in program.data_options:
        if not equals:
            data.add(at + 1)
            return 2
        data.add(at)
        return 1
    if name in program.value_options:
        return 1 if equals else 2
    return _cluster(program, word, at, data) if not word.startswith("--") else None


def _cluster(program: Program, word: str, at: int, data: set[int]) -> int | None:
    """Short options run together (``-fsSL``), the last may take a value attached (``-mfix``) or the next word."""
    for index in range(1, len(word)):
        option = "-" + word[index]
        if option in program.flags:
            continue
        rest = index + 1 < len(word)
        if option in program.data_options:
            data.add(at if rest else at + 1)
            return 1 if rest else 2
        if option in program.value_options:
            return 1 if rest else 2
        return None
    return 1
