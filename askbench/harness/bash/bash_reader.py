"""The commands in bash's canonical text (``askbench.harness.bash.bash_oracle``), each with its words.

bash has settled every question a grammar could get wrong — comments,
continuations, where a heredoc ends, ``$'…'`` — and prints the result in
one regular form: words separated by one blank, operators spaced, each
heredoc's body after its line and ended by its quote-removed delimiter.
This reader walks that form: it splits commands at the list operators,
keeps a simple command's words (assignments and arguments, never its
redirections), steps over what is no command (``for`` lists, ``case``
patterns, a function's name, the words of ``[[ ]]`` and ``(( ))``), and
returns, as commands of their own, what a command runs inside it:

- every substitution (``$( )``, backticks, ``<( )``, ``>( )``) wherever it
  stands: in a word, in ``[[ ]]``, ``(( ))``, ``${ }``, in an unquoted heredoc's body;
- the command a wrapper runs (``env``, ``sudo``, ``xargs``, ``nice``,
  ``timeout``, ``nohup``, ``exec``, ``command``, ``time``, ``find -exec``),
  as the words it is given;
- the script a shell is handed (``sh -c``, ``bash -c``, ``eval``, a heredoc
  or here-string fed to a shell, directly or down a pipeline through
  programs that pass their input on: ``cat <<'EOF' | sh``; or written to a
  file by one of them that a later command runs: ``cat > deploy.sh <<'EOF'``
  … ``sh deploy.sh``), read again by bash: ``scripts`` lists them for the
  caller.

Backticks are the one place bash prints as written: their text, with
``\\``, ``\\``` and ``\\$`` unescaped, is a script for bash too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

__all__ = ["Found", "read_canonical"]

_ORDINARY = re.compile(r"[^ \t\n;&|<>()\\'\"`$]+")
"""Characters that stand for themselves inside a word: a run of them is stepped over at once."""
_NO_SUBSTITUTION = re.compile(r"[^\\'\"`$<>]+")
"""Characters that start no quote and no substitution: a run of them is stepped over at once."""

_MAY_SUBSTITUTE = re.compile(r"[$`<>]")
"""What every substitution begins with (``$(``, a backtick, ``<(``, ``>(``): a word with none runs nothing."""
_OPERATORS = ("&&", "||", ";;&", ";;", ";&", "|&", "|", ";", "&", "(", ")")
_OPERATOR = re.compile("|".join(re.escape(operator) for operator in _OPERATORS))
"""The operators, the longest first where one begins another, as ``_OPERATORS`` lists them."""
_MAY_START_OPERATOR = frozenset("\n0123456789{<>&;|()")
"""What a redirection (``2>``, ``{fd}>``, ``<``), an operator, ``((`` or a line's end begins with: any other
character begins a word."""
_REDIRECT = re.compile(r"(?:[0-9]+|\{\w+\})?(?:<<<|<<-|<<|&>>|&>|>>|>\||<>|<&|>&|<|>)")
_RESERVED = frozenset(
    {
        "if",
        "then",
        "else",
        "elif",
        "fi",
        "do",
        "done",
        "while",
        "until",
        "{",
        "}",
        "!",
        "time",
        "in",
        "esac",
        "coproc",
    }
)
_LISTS = frozenset({"for", "select"})
_KEYWORDS = _RESERVED | _LISTS | {"[[", "case", "function", "esac"}
"""First words that are no command's name (``first_word`` reads them), or end a ``case``."""
_PLAIN_LINE = re.compile(rf"[ \t]*({_ORDINARY.pattern})(?:[ \t]+{_ORDINARY.pattern})*[ \t]*\n")
"""A whole line of words whose characters all stand for themselves (``_ORDINARY``: no quote, substitution,
operator, redirection or group): at a line's start outside any compound, one simple command whose words are
these, unless its first word is a keyword (``_KEYWORDS``)."""
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "ash", "mksh", "busybox"})
_EVAL = frozenset({"eval"})
_PASSES_INPUT = frozenset({"cat", "tee", "pv"})
"""Programs whose output is what they read on standard input, unchanged: ``tee`` always, ``cat`` and ``pv``
unless a file operand other than ``-`` replaces it. Whether a word names a file is not plain (it may expand to
``-``), so their input is taken as passed on: text fed to one and piped into a shell is that shell's script,
and a command a file operand kept from running costs a count, never a hidden command. A program that changes
its input (``sed``, ``base64 -d``, ``grep``) prints text no reading of the input holds."""
_PIPES = frozenset({"|", "|&"})
_WRAPPERS: dict[str, frozenset[str]] = {
    # each wrapper, and its options that take a value
    "env": frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}),
    "sudo": frozenset(
        {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "--user", "--group"}
    ),
    "doas": frozenset({"-u", "-C"}),
    "xargs": frozenset(
        {
            "-I",
            "-n",
            "-P",
            "-d",
            "-E",
            "-L",
            "-s",
            "-a",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--arg-file",
        }
    ),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "-n", "-p"}),
    "nohup": frozenset(),
    "exec": frozenset({"-a"}),
    "command": frozenset(),
    "builtin": frozenset(),
    "time": frozenset({"-f", "-o"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
    "timeout": frozenset({"-s", "-k", "--signal", "--kill-after"}),
    "chroot": frozenset(),
    "setsid": frozenset(),
    "unbuffer": frozenset(),
}
_FIRST_PLAIN = {"timeout": 1, "chroot": 1}
"""Wrappers whose first plain word is theirs (a duration, a directory), not the command's."""
_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})


@dataclass(frozen=True, slots=True)
class Found:
    """A command bash would run: its words as bash printed them, and where it stands among the others."""

    words: tuple[str, ...]
    order: tuple[int, ...]
    """Its place: the position in its text, then within what it stands in (a substitution, a script)."""


_Fate = tuple[int, ...] | Literal["data"]
"""Where a shell reads an input as its script (the script's place), or ``"data"`` where no shell does."""


@dataclass(eq=False, slots=True)
class _Input:
    """Text a command reads on standard input from a heredoc or a here-string: the script of a shell that reads
    it — fed to the shell, or flowing to it down a pipeline through programs that pass it on (``_PASSES_INPUT``)
    — and data otherwise, whose substitutions the shell reading the command runs.

    A heredoc's body is read at its line's end, where bash's canonical form prints it before the pipeline's
    next command (``cat <<'EOF' |``, the body, then ``sh``), so its text and its fate come in either order: it
    is read once both are known, and once only (a body a shell reads has its substitutions read with the script).
    """

    heredoc: bool
    expands: bool
    """The shell reading the command expands it (an unquoted body, a here-string's word): its substitutions run."""
    written: str | None = None
    """Its text as the canonical form writes it (a body, a here-string's word); ``None`` until a body is read."""
    start: int = 0
    fate: _Fate | None = None

    def script(self) -> str:
        """What a shell reading it reads: a body as it stands, a here-string's word quote-removed."""
        written = self.written or ""
        return written if self.heredoc else _unquote(written)


@dataclass
class _Result:
    commands: list[Found] = field(default_factory=list)
    scripts: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    """Text bash must read again (a shell's ``-c`` script, a backtick body, a heredoc fed to a shell), and its place."""
    names: dict[str, str] = field(default_factory=dict)
    lines: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)

    def found(self, words: tuple[str, ...], place: tuple[int, ...]) -> None:
        """A command, held with one object for equal words and one for equal commands' words: names and flags
        repeat in every script, and a script of a hundred thousand commands often repeats whole ones."""
        names = self.names
        shared = tuple([names.setdefault(word, word) for word in words])
        self.commands.append(Found(self.lines.setdefault(shared, shared), place))


def read_canonical(
    text: str,
    order: tuple[int, ...] = (),
    *,
    evaluated: bool = False,
) -> tuple[list[Found], list[tuple[str, tuple[int, ...]]]]:
    """The commands of bash's canonical ``text`` and the scripts in it bash must read again.

    ``evaluated``: the text evaluates some of its data as code later, so a
    substitution inside single quotes is a command too.
    """
    result = _Result()
    _Reader(text, order, result, evaluated=evaluated).run()
    return result.commands, result.scripts


class _Reader:
    def __init__(
        self, text: str, order: tuple[int, ...], result: _Result, *, evaluated: bool = False
    ) -> None:
        self.text = text
        self.evaluated = evaluated
        self.at = 0
        self.order = order
        self.result = result
        self.heredocs: list[tuple[str, bool, _Input]] = []
        """Pending heredocs on this line: delimiter, stripped, and the input its body is."""
        self.words: list[tuple[str, int]] = []
        """The command being read: each word and where it starts."""
        self.feeds: list[tuple[str, bool, bool]] = []
        """The heredocs its redirections open: delimiter, quoted, stripped."""
        self.strings: list[_Input] = []
        """The here-strings its redirections feed it."""
        self.targets: list[str] = []
        """The files its output redirections write."""
        self.written: dict[str, list[_Input]] = {}
        """The inputs programs that pass their input on wrote to each file, by its name: a script if a later
        command runs that file, else data."""
        self.output: list[_Input] = []
        """The inputs the last command read passes on (``_PASSES_INPUT``): a shell piped after it reads them."""
        self.piped = False
        """The last operator was a pipe: the next command reads ``output``."""
        self.context = "command"
        """What a word is here: a ``command``'s, a ``list`` (after for/select), a ``case`` subject, a ``pattern``."""

    # ── words ───────────────────────────────────────────────────────────
    def run(self) -> None:
        self.plain_lines()
        while self.at < len(self.text):
            char = self.text[self.at]
            if char in " \t":
                self.at += 1
            elif char not in _MAY_START_OPERATOR:
                self.next_word()
            elif char == "\n":
                self.at += 1
                self.end_line()
                self.plain_lines()
            elif (
                self.text.startswith("((", self.at)
                and not self.words
                and self.context in ("command", "list")
            ):
                self.at += 2
                self.skip_test("((", self.at)
            elif (redirect := _REDIRECT.match(self.text, self.at)) and not self.text.startswith(
                ("<(", ">("), self.at
            ):
                self.redirect(redirect)
            elif operator := _OPERATOR.match(self.text, self.at):
                self.operator(operator.group())
            else:
                self.next_word()
        self.end_command()
        self.bodies()
        self.settle(self.output, "data")
        for inputs in self.written.values():
            self.settle(inputs, "data")

    def plain_lines(self) -> None:
        """From a line's start, the lines that are plain words (``_PLAIN_LINE``), each read as one command at once:
        most lines of a long script are, and each word of one is read as ``next_word`` reads it."""
        text = self.text
        while self.context == "command":
            line = _PLAIN_LINE.match(text, self.at)
            if line is None or line[1] in _KEYWORDS:
                return
            self.words = [
                (word.group(), word.start())
                for word in _ORDINARY.finditer(text, self.at, line.end())
            ]
            self.at = line.end()
            self.end_line()

    def end_command(self) -> None:
        self.finish(self.words, self.feeds, self.strings)
        self.words, self.feeds, self.strings, self.targets = [], [], [], []

    def end_line(self) -> None:
        self.end_command()
        self.bodies()
        if self.context == "list":
            self.context = "command"

    def redirect(self, redirect: re.Match[str]) -> None:
        """A redirection: its target is no word of the command, but a substitution in it runs; ``<<`` feeds a body."""
        self.at = redirect.end()
        kind = redirect.group().lstrip("0123456789")
        if kind.startswith("{"):
            kind = kind[kind.index("}") + 1 :]
        target_start = self.skip_blanks()
        target = self.word()
        if kind in ("<<", "<<-"):
            quoted = any(mark in target for mark in "'\"\\")
            self.feeds.append((self.unquote(target), quoted, kind == "<<-"))
        elif kind == "<<<":
            self.strings.append(
                _Input(heredoc=False, expands=True, written=target, start=target_start)
            )
        else:
            if ">" in kind and "&" not in kind.lstrip("&"):
                self.targets.append(_name(target))
            self.substitutions(target, target_start)

    def operator(self, operator: str) -> None:
        self.at += len(operator)
        if operator in (";;", ";&", ";;&") and self.context in ("case", "command"):
            self.context = "pattern"
        elif operator == ")" and self.context == "pattern":
            self.context = "command"
            self.words = []
            return
        self.end_command()
        self.piped = operator in _PIPES

    def next_word(self) -> None:
        start = self.at
        word = self.word()
        if not word:  # a character no word or operator starts with: stepped over
            self.at += 1
            return
        if not self.words and self.context == "command" and self.first_word(word, start):
            return
        if self.context in _OUTSIDE_COMMANDS:
            _OUTSIDE_COMMANDS[self.context](self, word, start)
            return
        if word == "esac" and not self.words:
            return
        self.words.append((word, start))

    def first_word(self, word: str, start: int) -> bool:
        """A command's first word that is no command's name (a keyword, a test, a function's name): read as such."""
        if word == "[[":
            self.skip_test(word, start)
        elif word == "case":
            self.skip_blanks()
            subject_start = self.at
            self.substitutions(self.word(), subject_start)
            self.context = "case"
        elif word in _LISTS:
            self.context = "list"
        elif word == "function":
            self.skip_blanks()
            self.word()
        elif word == "coproc":
            self.skip_blanks()
            self.word()  # its name: bash prints one always (``COPROC`` where the source gave none)
        elif word in _RESERVED:
            pass
        elif self.text.startswith(" ()", self.at) or self.text.startswith("()", self.at):
            self.at = self.text.index(")", self.at) + 1  # a function's name
        else:
            return False
        return True

    def case_word(self, word: str, start: int) -> None:
        if word == "in":
            self.context = "pattern"

    def pattern_word(self, word: str, start: int) -> None:
        if word == "esac":
            self.context = "command"

    def list_word(self, word: str, start: int) -> None:
        self.substitutions(word, start)
        if word == "do":
            self.context = "command"

    def skip_blanks(self) -> int:
        while self.at < len(self.text) and self.text[self.at] in " \t":
            self.at += 1
        return self.at

    def word(self) -> str:
        """One word from here: quotes, substitutions and extglob groups whole."""
        start = self.at
        text = self.text
        while self.at < len(text):
            ordinary = _ORDINARY.match(text, self.at)
            if ordinary is not None:
                self.at = ordinary.end()
                continue
            char = text[self.at]
            if char in " \t\n":
                break
            if char in ";&|<>" and not text.startswith(("<(", ">("), self.at):
                break
            if char in "()":
                if char == "(" and self.at > start and text[self.at - 1] in "!@*+?=":
                    self.at = self.balanced(self.at, "(", ")")
                    continue
                break
            self.at = self.skip_unit(self.at)
        return text[start : self.at]

    def skip_unit(self, at: int) -> int:
        """Past one quoted or substituted unit starting at ``at``, or one character."""
        text = self.text
        char = text[at]
        if char == "\\":
            return min(len(text), at + 2)
        if char == "'":
            end = text.find("'", at + 1)
            return len(text) if end < 0 else end + 1
        if text.startswith("$'", at):
            position = at + 2
            while position < len(text) and text[position] != "'":
                position += 2 if text[position] == "\\" else 1
            return min(len(text), position + 1)
        if char == '"':
            position = at + 1
            while position < len(text) and text[position] != '"':
                position = self.skip_unit(position) if text[position] in "\\$`" else position + 1
            return min(len(text), position + 1)
        if char == "`":
            position = at + 1
            while position < len(text) and text[position] != "`":
                position += 2 if text[position] == "\\" else 1
            return min(len(text), position + 1)
        if text.startswith(("$(", "<(", ">("), at):
            return self.balanced(at + 1, "(", ")")
        if text.startswith("${", at):
            return self.balanced(at + 1, "{", "}")
        return at + 1

    def balanced(self, at: int, opening: str, closing: str) -> int:
        """Past the ``closing`` that matches the ``opening`` at ``at``, quotes and substitutions skipped."""
        depth = 0
        position = at
        text = self.text
        while position < len(text):
            char = text[position]
            if char == opening:
                depth += 1
            elif char == closing:
                depth -= 1
                if depth == 0:
                    return position + 1
            elif char in "\\'\"`" or (
                char == "$" and text.startswith(("$(", "${", "$'"), position)
            ):
                if position != at:
                    position = self.skip_unit(position)
                    continue
            position += 1
        return len(text)

    def skip_test(self, word: str, start: int) -> None:
        """``[[ … ]]`` or ``(( … ))``: no command, but a substitution inside runs."""
        closing = "]]" if word == "[[" else "))"
        end = self.text.find(closing, self.at)
        end = len(self.text) if end < 0 else end + len(closing)
        body_start = self.at
        self.at = end
        self.substitutions(self.text[body_start:end], body_start, evaluated=True)

    # ── what a command runs ────────────────────────────────────────────
    def finish(
        self,
        words: list[tuple[str, int]],
        feeds: list[tuple[str, bool, bool]],
        strings: list[_Input],
    ) -> None:
        inputs = [self.heredoc(feed) for feed in feeds] + strings
        if not words:
            self.settle(inputs, "data")
            return
        place = (*self.order, words[0][1])
        plain = tuple(word for word, _ in words)
        self.result.found(plain, place)
        inner = _unwrap(plain)
        handed = _handed_on(plain, inner)
        for at, (word, start) in enumerate(words):
            if at not in handed and _MAY_SUBSTITUTE.search(word) is not None:
                self.substitutions(word, start)
        self.wrapped(plain, place, inner)
        ran = _file_run(inner or plain)
        for read in self.written.pop(ran, []) if ran is not None else []:
            # a script placed where its text stands, as a screen shows it: before the command that runs it
            self.settle([read], (*self.order, read.start))
        self.stdin(inner or plain, place, inputs)

    def heredoc(self, feed: tuple[str, bool, bool]) -> _Input:
        """The input a heredoc's body will be, pending until this line's end reads it."""
        delimiter, quoted, stripped = feed
        read = _Input(heredoc=True, expands=not quoted)
        self.heredocs.append((delimiter, stripped, read))
        return read

    def stdin(self, run: tuple[str, ...], place: tuple[int, ...], inputs: list[_Input]) -> None:
        """What the command that runs ``run`` reads on standard input: its own heredocs and here-strings, else what
        a pipe brings it. A shell reads it as its script; a program that passes it on hands it down the pipeline."""
        incoming, self.output = self.output, []
        if inputs or not self.piped:
            self.settle(incoming, "data")  # no pipe brings it, or its own input replaces the pipe's
            incoming = []
        self.piped = False
        reads = inputs or incoming
        if _shell_at(run) is not None:
            for read in reads:
                self.settle([read], (*place, 2) if read.heredoc else (*self.order, read.start))
        elif _name(run[0]) in _PASSES_INPUT:
            files = [*self.targets, *_teed(run)]
            for file in files:
                self.written.setdefault(file, []).extend(reads)
            # what a redirection sends to a file flows down no pipe; ``tee`` writes both
            self.output = reads if not self.targets else []
        else:
            self.settle(reads, "data")

    def settle(self, inputs: list[_Input], fate: _Fate) -> None:
        for read in inputs:
            read.fate = fate
            self.read_input(read)

    def read_input(self, read: _Input) -> None:
        """An input whose text and fate are both known: a shell's script, or data whose substitutions run."""
        if read.written is None or read.fate is None:
            return
        if read.fate != "data":
            self.result.scripts.append((read.script(), read.fate))
        elif read.expands:
            self.substitutions(read.written, read.start, in_body=read.heredoc)

    def wrapped(
        self, words: tuple[str, ...], place: tuple[int, ...], inner: tuple[str, ...] | None
    ) -> None:
        """Each command a wrapper runs, down to ``inner`` (``_unwrap``'s answer for ``words``), each inside the one
        before it (``env -i xargs rm``: ``xargs rm``, then ``rm``, as bash's trace sees them start), and the script
        a shell is handed, inside that shell."""
        runner = place
        if inner and inner != words:
            level = (*place, 0)
            for command in _wrapped_levels(words):
                self.result.found(command, level)
                runner, level = level, (*level, 0)
        script = _script(inner or words)
        if script is not None:
            # the script's commands stand in the shell that is handed it, not in the wrapper that starts the shell
            self.result.scripts.append((script, (*runner, 1)))

    def bodies(self) -> None:
        """The bodies of this line's heredocs, each up to the line that is its delimiter."""
        for delimiter, stripped, read in self.heredocs:
            body_start = self.at
            lines: list[str] = []
            while self.at < len(self.text):
                end = self.text.find("\n", self.at)
                end = len(self.text) if end < 0 else end
                line = self.text[self.at : end]
                self.at = min(len(self.text), end + 1)
                if (line.lstrip("\t") if stripped else line) == delimiter:
                    break
                lines.append(line)
            read.written, read.start = "\n".join(lines), body_start
            self.read_input(read)
        self.heredocs = []

    def substitutions(
        self, text: str, start: int, *, in_body: bool = False, evaluated: bool = False
    ) -> None:
        """Every substitution in ``text`` (a word, a test, a body) as commands of its own."""
        quotes_hide = not (in_body or evaluated or self.evaluated)
        for position, end in substitution_spans(text, in_body=in_body, quotes_hide=quotes_hide):
            place = (*self.order, start + position)
            if text[position] == "`":
                inner = re.sub(r"\\([\\`$])", r"\1", text[position + 1 : end - 1])
                self.result.scripts.append((inner, place))
                continue
            commands, scripts = read_canonical(
                text[position + 2 : end - 1], place, evaluated=self.evaluated
            )
            self.result.commands.extend(commands)
            self.result.scripts.extend(scripts)

    @staticmethod
    def unquote(word: str) -> str:
        return _unquote(word)


_OUTSIDE_COMMANDS = {
    "case": _Reader.case_word,
    "pattern": _Reader.pattern_word,
    "list": _Reader.list_word,
}
"""Where a word is no command's: what it does to the reading instead."""


_QUOTING = re.compile(r"[\\'\"]")
"""What a word's quotes are made of: a word with none of them is its own text."""


def substitution_spans(
    text: str, *, in_body: bool = False, quotes_hide: bool = True
) -> Iterator[tuple[int, int]]:
    """Where each substitution of ``text`` the shell reading it runs stands (``$( … )``, ``<( … )``, a
    backtick body), as its start and its end; inside single quotes none, while ``quotes_hide``."""
    position = 0
    quoted = False
    while position < len(text):
        ordinary = _NO_SUBSTITUTION.match(text, position)
        if ordinary is not None:
            position = ordinary.end()
            continue
        char = text[position]
        if char == "\\" and not quoted:
            position += 2
        elif char == "'" and not in_body and quotes_hide and not quoted:
            end = text.find("'", position + 1)
            position = len(text) if end < 0 else end + 1
        elif char == '"' and not in_body:
            quoted = not quoted
            position += 1
        elif text.startswith("$((", position):
            position += 3
        elif text.startswith(("$(", "<(", ">("), position):
            end = _Reader(text, (), _Result()).balanced(position + 1, "(", ")")
            yield position, end
            position = end
        elif char == "`":
            end = position + 1
            while end < len(text) and text[end] != "`":
                end += 2 if text[end] == "\\" else 1
            yield position, end + 1
            position = end + 1
        else:
            position += 1


def _unquote(word: str) -> str:
    """A word's text with its quotes removed (what a heredoc delimiter or a ``-c`` script is)."""
    if _QUOTING.search(word) is None:
        return word
    out: list[str] = []
    position = 0
    while position < len(word):
        char = word[position]
        if char == "\\":
            out.append(word[position + 1 : position + 2])
            position += 2
        elif char == "'":
            end = word.find("'", position + 1)
            end = len(word) if end < 0 else end
            out.append(word[position + 1 : end])
            position = end + 1
        elif char == '"':
            position += 1
            while position < len(word) and word[position] != '"':
                if word[position] == "\\" and word[position + 1 : position + 2] in (
                    '"',
                    "\\",
                    "$",
                    "`",
                ):
                    position += 1
                out.append(word[position : position + 1])
                position += 1
            position += 1
        else:
            out.append(char)
            position += 1
    return "".join(out)


@lru_cache(maxsize=4096)
def _name(word: str) -> str:
    """The name a word runs as: unquoted, its directory dropped. Kept per word: a script runs a few names, each
    asked about three times a command (``_unwrap``, ``_script``, ``_shell_at``)."""
    return _unquote(word).rsplit("/", 1)[-1]


def _unwrap(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command a wrapper runs at last (the words its innermost wrapper is given), or ``None`` when ``words``
    is no wrapper."""
    levels = _wrapped_levels(words)
    return levels[-1] if levels else None


def _wrapped_levels(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every command a chain of wrappers runs, outermost first (``sudo env X=1 rm``: ``env X=1 rm``, ``rm``)."""
    levels: list[tuple[str, ...]] = []
    level = _unwrap_once(words)
    while level:
        levels.append(level)
        level = _unwrap_once(level)
    return levels


def _unwrap_once(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command a wrapper runs (the words it is given), or ``None`` when ``words`` is no wrapper."""
    index = 0
    while index < len(words) and _ASSIGNMENT.match(words[index]):
        index += 1  # assignments before the name
    if index >= len(words):
        return None
    name = _name(words[index])
    if name == "find":
        return _find_exec(words)
    if name not in _WRAPPERS:
        return words[index:] if index else None
    return words[_wrapped_start(words, index, name) :] or None


_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=")


def _find_exec(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command ``find`` runs through its first ``-exec`` (up to its ``;`` or ``+``), or ``None``."""
    for position, word in enumerate(words):
        if _unquote(word) in _FIND_EXEC and position + 1 < len(words):
            end = next(
                (
                    later
                    for later in range(position + 1, len(words))
                    if _unquote(words[later]) in (";", "+")
                ),
                len(words),
            )
            return words[position + 1 : end] or None
    return None


def _wrapped_start(words: tuple[str, ...], index: int, name: str) -> int:
    """Where the command of the wrapper ``name`` at ``index`` begins: past its options, their values, ``env``'s
    assignments and the plain words that are the wrapper's own (``timeout``'s duration)."""
    takes_value = _WRAPPERS[name]
    position = index + 1
    plain = _FIRST_PLAIN.get(name, 0)
    while position < len(words):
        word = _unquote(words[position])
        if word == "--":
            return position + 1
        if word.startswith("-") and len(word) > 1:
            position += 2 if word in takes_value else 1
        elif name == "env" and "=" in word:
            position += 1
        elif plain:
            plain -= 1
            position += 1
        else:
            break
    return position


def _shell_at(inner: tuple[str, ...]) -> str | None:
    """The shell that reads its script on standard input, given the words a command runs (a wrapper's command,
    or its own words): a shell handed no ``-c`` script and no script file, or one told ``-s`` to read it there
    (bash manual 6.1, *Invoking Bash*); ``None`` where stdin is only data."""
    if not inner or _name(inner[0]) not in _SHELLS:
        return None
    takes_value = False
    for word in inner[1:]:
        plain = _unquote(word)
        if takes_value:
            takes_value = False
        elif plain in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            takes_value = True
        elif plain[:1] in "-+" and len(plain) > 1 and not plain.startswith("--"):
            if "s" in plain[1:]:
                break
            if "c" in plain[1:]:
                return None
        elif not plain.startswith("--"):
            return None  # a script file: the shell reads that
    return _name(inner[0])


def _teed(run: tuple[str, ...]) -> list[str]:
    """The files ``tee`` writes what it reads to, by name: its words after its name that are no option."""
    if _name(run[0]) != "tee":
        return []
    return [_name(word) for word in run[1:] if not _unquote(word).startswith("-")]


_SOURCES = frozenset({"source", "."})


def _file_run(run: tuple[str, ...]) -> str | None:
    """The name of the file a command runs as a script, if it runs one: a shell's script file (``sh deploy.sh``),
    what ``source`` or ``.`` reads, or the command itself by its path (``./deploy.sh``, after any assignments)."""
    index = 0
    while index < len(run) and _ASSIGNMENT.match(run[index]):
        index += 1
    if index >= len(run):
        return None
    first = _unquote(run[index])
    if "/" in first:
        return _name(first)
    rest = [_unquote(word) for word in run[index + 1 :]]
    if first in _SOURCES:
        return _name(rest[0]) if rest else None
    if first in _SHELLS and _shell_at(run[index:]) is None and not _script_words(run[index:]):
        operands = [word for word in rest if not word.startswith(("-", "+"))]
        return _name(operands[0]) if operands else None
    return None


def _script(words: tuple[str, ...]) -> str | None:
    """The script a shell is handed with ``-c`` (or ``eval``'s words), or ``None``."""
    handed = _script_words(words)
    return " ".join(_unquote(words[at]) for at in handed) or None


def _script_words(words: tuple[str, ...]) -> range:
    """Which of ``words`` a shell is handed as its script: the word after ``-c``, or all of ``eval``'s."""
    if not words:
        return range(0)
    name = _name(words[0])
    if name in _EVAL:
        return range(1, len(words))
    if name not in _SHELLS:
        return range(0)
    for position, word in enumerate(words[1:], start=1):
        plain = _unquote(word)
        if plain.startswith("-") and not plain.startswith("--") and "c" in plain[1:]:
            return range(position + 1, min(position + 2, len(words)))
        if not plain.startswith("-"):
            return range(0)
    return range(0)


def _handed_on(words: tuple[str, ...], inner: tuple[str, ...] | None) -> range:
    """Which of a command's ``words`` it hands a shell as a script, its wrapper's ``inner`` command's included:
    their substitutions are that script's to read, where they stand in it."""
    run = inner or words
    handed = _script_words(run)
    if not handed:
        return handed
    offset = next(
        at for at in range(len(words) - len(run), -1, -1) if words[at : at + len(run)] == run
    )
    return range(handed.start + offset, handed.stop + offset)
