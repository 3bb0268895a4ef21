"""The judge's own reading of a shell command: which commands it runs, and whether the screen shows them.

The gate must not take the renderer's word for what a command does, so
this module never reads a command with ``askbench.impl.shell``: it takes from it only
``scannable``, the guard that keeps a text the tree-sitter grammar crashes on away from it,
never a reading. A bash command is read by bash
itself (``askbench.harness.bash.bash_oracle``, ``askbench.harness.bash.bash_reader``): every command it
would run, wrappers' commands and the scripts handed to a shell included,
each as its words; a PowerShell command (``ask.shell``) by tree-sitter's
PowerShell grammar, as no ``pwsh`` is at hand, and its verdicts say so. The
invariant ``runs``: the first and the last command a bounded ask's command
runs are on its screen, and every command when the outline fits its cap —
each whole (its words in order, a long one its start), or counted where the
screen says ``… N more commands …``.

A command is matched by its words in the text the screen was read back as
showing (``askbench.harness.judge.field_match``: a field's head and tail, in the payload's own
characters, whatever notation the renderer spelled them in): a short word as
written, a long or multi-line word (a body, a padding literal) by any text
with the bare ``…`` a cap or an outline leaves in its place.
"""

from __future__ import annotations

import dataclasses
import re
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import tree_sitter_bash
import tree_sitter_powershell
from tree_sitter import Language, Node, Parser
from wcwidth import wcwidth

from askbench.impl.command_reader import ReadCommand
from askbench.impl.shell import scannable

from ..bash.bash_oracle import bash_version
from ..bash.bash_reader import Found
from ..bash.reading import commands_that_run, hosts, read_all, read_of, runs_in
from ..terminals.made_on_access import MadeOnAccess
from .sandbox import TRACED_SHELLS
from .shown_commands import Alignment, CountedCut, CountedText, Occurrence, align, counted_text
from .traced_oracle import oracle_name, prefetch, trace
from .word_spellings import (
    ELLIPSIS,
    SHORT_WORD,
    UNSEEN,
    cut_pattern,
    exact,
    held_pieces,
    is_long,
    whole_spellings,
    word_pattern,
)
from .word_spellings import literal as word_literal

LONG_COMMAND = 80
"""A command whose words take more cells than this may be cut inside itself: the screen owes only its start.

Cells as a screen may show them: a wide character two, a character no terminal prints (a tab inside quotes)
the most its notation takes (``⟨U+E0001⟩``), so a renderer that spells one out and so finds the command long
is never held to more of it than fits."""
_MOST_NOTATION_CELLS = 10

_GRAMMARS = {"bash": tree_sitter_bash.language, "powershell": tree_sitter_powershell.language}
_ORDER = ("bash", "powershell")
_BREAK = r"(?:\\?\r?\n *+)?"
"""Where a hard wrap may fall: a row ends, and the next row is indented to the field column — or a line
continuation the command shows as written, which bash joined into the word."""
_EDGE = r"[\w./\-]"
_ANOTHER_WORD = r"[ \t]++(?![^\s…]*…)(?!\d*[<>])[\w/.$~+=:@%,*?^\[-]"
"""A word after a command's last on the same row: the words are another, longer command's (``rm`` is not
``rm https://x.example/i.sh``). A redirection may follow a command (``2>&1``, or cut as ``2…``), and a row's end
says nothing (a wrap)."""
_BLANKS = " \t\r\n"
"""What separates words in a shell's source; ``\x85``, ``\xa0`` and ``\u3000`` are word characters to both shells."""
_BLANK_RUN = re.compile(r"[ \t\r\n]+")
_JOINED_LINES = re.compile(r"\\\r?\n|`\r?\n")
"""A line continuation (bash ``\\``, PowerShell backtick) is a blank between two words: an outline drops it."""
_BLANKS_OR_CONTINUATIONS = r"(?:\s|\\\r?\n|`\r?\n)+"
"""Between two words: blanks, and any continuation the command field shows as written."""
_REDIRECTIONS = (
    r"(?>\s*(?:\d+|\{[A-Za-z_]\w*\})?(?:&>>|&>|>>|>\||>&|<&|<<<|<>|<|>)\s*"
    r"(?:\"[^\"]*\"|'[^']*'|[^\s\"'<>])*+)++(?:\s|\\\r?\n)+"
)
"""Redirections between two words, as the source may place them and the screen shows them: bash reads a
redirection anywhere in a simple command and prints it after the words (``sort <in -u`` is ``sort -u < in``),
so words a redirection stands between are still the command's, in order."""


@dataclass(frozen=True, slots=True)
class ShellCommand:
    """One command the shell runs: its words (name, arguments, parameters), and where it stands among the others.

    Slotted, with no text of its own where its words say it all: a command of
    a hundred thousand commands is held as that many of these at once.
    """

    words: tuple[str, ...]
    start: int
    gaps: tuple[str, ...] = ()
    """What stands between each two words in the source: blanks, or a control the screen spells out (``\\r`` as
    ``␍``); a gap not listed is one blank, as bash's canonical form has every gap."""
    outer: int | None = None
    """The index of the command this one stands in as its wrapper's (``sudo``'s ``rm``, ``sh -c``'s script): a
    view that hides the wrapper hides it too, so the two are one command to count."""
    source: str | None = None
    """Its source text, where that is more than its words joined by blanks (a PowerShell command's own)."""
    traced: bool = False
    """Found only by watching bash run the text: it has no place in the source, so a screen may show it anywhere."""

    @property
    def text(self) -> str:
        """Its source text: as written, or its words joined by blanks."""
        return self.source if self.source is not None else " ".join(self.words)


@cache
def _parser(dialect: str) -> Parser:
    return Parser(Language(_GRAMMARS[dialect]()))


@lru_cache(maxsize=8)
def parse_commands(text: str, dialect: str | None = None) -> Sequence[ShellCommand] | None:
    """Every command of ``text`` in the order it stands, nested ones (``$( … )``, ``sh -c``) included.

    Kept for the last few texts: the gate asks for one command's commands at
    every width and on every terminal, and reading it costs time linear in it.

    bash reads it unless ``dialect`` is ``powershell``. ``None`` when bash
    runs nothing of it (a syntax error before its first command) or no
    shell receives it (not UTF-8).
    """
    if dialect == "powershell":
        return _tree_sitter_commands(text, dialect)
    return bash_commands(text)


def bash_commands(text: str) -> Commands | None:
    """The commands bash would run of ``text``, as bash reads it: in order, each with its words."""
    return bash_commands_of([text])[0]


def bash_commands_of(texts: list[str]) -> list[Commands | None]:
    """``bash_commands`` for many texts, every round of scripts for all of them in one bash process."""
    return [_commands(listed) if listed is not None else None for listed in read_all(texts)]


class Commands(MadeOnAccess[ShellCommand]):
    """bash's commands of one text, held compactly: each command's words as an index into the distinct word
    lists, and the index of the command it stands in; a ``ShellCommand`` is made as one is asked for.

    A command of a hundred thousand commands is asked about at every width,
    so its commands are kept; as objects of their own they would cost more
    than the command's text. Equal to any sequence of the same commands.
    """

    __slots__ = ("_distinct", "_outer", "_which", "nested")

    def __init__(
        self, distinct: list[tuple[str, ...]], which: array[int], outer: array[int]
    ) -> None:
        self._distinct, self._which, self._outer = distinct, which, outer
        self.nested = [at for at, stands_in in enumerate(outer) if stands_in >= 0]
        """The commands that stand in another (a wrapper's), by index: few, however long the text."""

    def __len__(self) -> int:
        return len(self._which)

    def _item(self, at: int) -> ShellCommand:
        return ShellCommand(self._distinct[self._which[at]], at, outer=self.outer_of(at))

    def missing(self, shown: Callable[[ShellCommand], bool]) -> list[int]:
        """Where the commands ``shown`` says are not on screen stand, each distinct list of words asked about once:
        ``shown`` reads a command by its words (bash's commands have no gaps of their own)."""
        verdicts = [shown(ShellCommand(words, 0)) for words in self._distinct]
        return [at for at, which in enumerate(self._which) if not verdicts[which]]

    def word_keys(self) -> Sequence[int]:
        """Each command's distinct list of words, by number: equal words, equal numbers."""
        return self._which

    def outer_of(self, at: int) -> int | None:
        outer = self._outer[at]
        return None if outer < 0 else outer

    @property
    def distinct(self) -> list[tuple[str, ...]]:
        """Each distinct list of words its commands run, once."""
        return self._distinct


def hidden_units(
    commands: Sequence[ShellCommand], missing: list[int], ends: tuple[int, int]
) -> int:
    """How many commands of ``missing`` (indices) a screen hides besides the ``ends``: a command hidden with the
    wrapper it stands in is one command hidden with it."""
    hidden = set(missing)
    if isinstance(commands, Commands):
        nested = [at for at in commands.nested if at in hidden]
    else:
        nested = [at for at in missing if commands[at].outer is not None]
    with_wrapper = sum(1 for at in nested if at not in ends and _outer_of(commands, at) in hidden)
    return len(hidden.difference(ends)) - with_wrapper


def missing_commands(
    commands: Sequence[ShellCommand], shown: Callable[[ShellCommand], bool]
) -> list[int]:
    """Where the commands of ``commands`` that ``shown`` says are not on screen stand, in order."""
    if isinstance(commands, Commands):
        return commands.missing(shown)
    return [at for at, command in enumerate(commands) if not shown(command)]


def _outer_of(commands: Sequence[ShellCommand], at: int) -> int | None:
    """The index of the command that command ``at`` stands in, read without making it where it is kept compactly."""
    return commands.outer_of(at) if isinstance(commands, Commands) else commands[at].outer


def _commands(found: list[Found]) -> Commands | None:
    # equal words are one list, however many commands run them
    distinct: dict[tuple[str, ...], int] = {}
    which, outer = array("I"), array("i")
    run = commands_that_run(found)
    for command, host in zip(run, hosts(run, runs_in), strict=True):
        outer.append(-1 if host is None else host)
        which.append(distinct.setdefault(command.words, len(distinct)))
    return Commands(list(distinct), which, outer) if which else None


def _tree_sitter_commands(text: str, dialect: str) -> tuple[ShellCommand, ...] | None:
    try:
        source = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    root = _parser(dialect).parse(scannable(text)).root_node
    if root.has_error:
        return None
    found = [_command(node, source) for node in _command_nodes(root)]
    return tuple(sorted(found, key=lambda command: command.start))


def first_and_last(
    text: str, dialect: str | None = None
) -> tuple[ShellCommand, ShellCommand] | None:
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
        # PowerShell: the arguments, with their separators as nodes
        if child.type == "command_elements":
            spans.extend(
                element
                for element in child.named_children
                if element.type != "command_argument_sep"
            )
        else:
            spans.append(child)
    spans = [span for span in spans if _decode(source, span).strip(_BLANKS)]
    words = tuple(_decode(source, span) for span in spans) or (_decode(source, node),)
    gaps = tuple(
        source[before.end_byte : after.start_byte].decode("utf-8")
        for before, after in zip(spans, spans[1:], strict=False)
    )
    return ShellCommand(words, node.start_byte, gaps, source=_decode(source, node))


@lru_cache(maxsize=4096)
def _most_cells(text: str) -> int:
    """Kept by word: a command's words are measured for every view, width and model it is looked for on."""
    if text.isascii() and text.isprintable():
        return len(text)
    return sum(
        max(wcwidth(char), 1) if char.isprintable() else _MOST_NOTATION_CELLS for char in text
    )


def _command_cells(words: tuple[str, ...]) -> int:
    """The cells a command takes as written, a long word at its own width: which of a program's arguments are
    data only its program knows (an awk program, a ``git -c`` setting, a ``PS4`` run their text), and a string
    that may run is shown, so a command long with it may be cut after its start."""
    return len(words) - 1 + sum(_most_cells(word) for word in words)


def _collapse(word: str) -> str:
    return _BLANK_RUN.sub(" ", word).strip(_BLANKS)


def _exact(word: str) -> str:
    """A short word as the screen may show it: blanks as any blanks, a row break allowed between any two characters."""
    return exact(word)


_CUT_WORD = rf"(?:[^\s{ELLIPSIS}]|\n *+)*{ELLIPSIS}"
"""A long command's name cut by a cap: what the row shows of it, then the bare marker."""


def command_pattern(
    command: ShellCommand,
    *,
    narrow: bool = False,
    absent: frozenset[str] = frozenset(),
    ends: bool = False,
) -> re.Pattern[str]:
    """``words_pattern`` of the command's words and gaps, kept for the next screen unless the command is long."""
    build = (
        words_pattern
        if sum(map(len, command.words)) <= _KEPT_PATTERN_CHARACTERS
        else words_pattern.__wrapped__
    )
    return build(command.words, command.gaps, narrow, absent, ends)


_KEPT_PATTERN_CHARACTERS = 4096
"""A command is looked for on every model and view at every width; its pattern is kept while it is small, since a
pattern holds dozens of characters for each of the command's."""


@lru_cache(maxsize=4096)
def words_pattern(
    words: tuple[str, ...],
    gaps: tuple[str, ...],
    narrow: bool,
    absent: frozenset[str] = frozenset(),
    ends: bool = False,
) -> re.Pattern[str]:
    """The command's words in order, each whole; a long command its name and first words, then any cut.

    Whole: ``sh`` is not found inside ``bash`` or ``shape``, and ``git push
    --force`` is not found in ``git status && …``. A command longer than
    ``LONG_COMMAND`` owes its name and the words after it that fit in a
    short word's room, and may be cut anywhere after them. On a ``narrow``
    field (a dozen cells a row) any command may be cut after its start.
    A word's whole spelling in ``absent`` is left out (``word_pattern``).
    A command that ``ends`` where its words do (one no wrapper runs) is not
    read where another word follows its last on the row (``_ANOTHER_WORD``).
    """
    long_command = _is_long_command(words, narrow)
    words = _pattern_words(words, narrow)
    between, parts = [], []
    for index, raw in enumerate(words):
        if index:
            gap = gaps[index - 1] if index - 1 < len(gaps) else " "
            joined = _JOINED_LINES.sub(" ", gap)
            if not gap:  # adjacent words (``&0``): only a row break may come between them
                between.append(_BREAK)
            elif not joined.strip(_BLANKS):  # blanks, and continuations shown as written or joined
                between.append(rf"(?:{_REDIRECTIONS}|{_BLANKS_OR_CONTINUATIONS})")
            else:
                between.append(rf"\s*{_exact(joined.strip(_BLANKS))}\s*")
        parts.append(word_pattern(raw, absent))
    rest = rf"(?!{_EDGE}|{_ANOTHER_WORD})" if ends and not long_command else rf"(?!{_EDGE})"
    for gap, part, raw in zip(
        reversed(between), reversed(parts[1:]), reversed(words[1:]), strict=False
    ):
        # the word and what follows it — or, for a command that may be cut, a cut at or inside this word
        rest = (
            rf"(?:{gap}{part}{rest}|(?:{gap})?{cut_pattern(raw)})"
            if long_command
            else gap + part + rest
        )
    if long_command and len(parts) == 1:
        rest = rf"(?:{rest}|{_CUT_WORD})"
    # a long name may itself stand as its marker (``…``): then nothing after it is owed
    body = rf"{parts[0]}(?:{rest}|(?<={ELLIPSIS}))"
    return re.compile(rf"(?<!{_EDGE}){body}")


def on_screen(command: ShellCommand, ask_text: str, *, narrow: bool = False) -> bool:
    return command_pattern(command, narrow=narrow).search(ask_text) is not None


class ScreenSearch:
    """Whether commands are on one screen's text, each distinct command looked for once.

    A command's pattern is built and searched only when every word it
    cannot do without stands in the screen's text with blanks and row
    breaks left out of both: the pattern matches each such word character
    by character, with nothing but those between, so a command failing this
    test is not on screen, and a command of a hundred thousand commands
    costs a lookup for each word no screen could hold, not a pattern.
    """

    def __init__(self, text: str, *, narrow: bool = False) -> None:
        self.text = text
        self.narrow = narrow
        self.squeezed = UNSEEN.sub("", text)
        self.cut = ELLIPSIS in text
        """A marker on screen lets a long word stand as it, and a long command end at it."""
        self.literals: dict[str, bool] = {}
        self.verdicts: dict[tuple[tuple[str, ...], tuple[str, ...]], bool] = {}
        self.absences: dict[tuple[str, ...], frozenset[str]] = {}

    def __call__(self, command: ShellCommand) -> bool:
        key = (command.words, command.gaps)
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = (
                all(self.holds(literal) for literal in self.owed(command))
                and self.pattern(command).search(self.text) is not None
            )
            self.verdicts[key] = verdict
        return verdict

    def pattern(self, command: ShellCommand, *, ends: bool = False) -> re.Pattern[str]:
        """The command's pattern without the whole spellings of its long words that this screen cannot hold:
        what it matches here is what the full pattern matches, and its size is bounded by the screen's."""
        return command_pattern(
            command, narrow=self.narrow, absent=self.absent(command.words), ends=ends
        )

    def absent(self, words: tuple[str, ...]) -> frozenset[str]:
        """The whole spellings of the long words a pattern of ``words`` holds that lack a piece on this screen."""
        absent = self.absences.get(words)
        if absent is None:
            absent = self.absences[words] = frozenset(
                form
                for raw in _pattern_words(words, self.narrow)
                if is_long(raw)
                for form in whole_spellings(raw)
                if not all(self.holds(piece) for piece in held_pieces(form))
            )
        return absent

    def holds(self, literal: str) -> bool:
        found = self.literals.get(literal)
        if found is None:
            found = self.literals[literal] = literal in self.squeezed
        return found

    def owed(self, command: ShellCommand) -> Iterator[str]:
        """The text of each word the command's pattern must match as written, blanks and breaks left out."""
        words = command.words
        if _is_long_command(words, self.narrow):
            words = words[:1] if self.cut else words[: _kept(words)]
        for raw in words:
            literal = word_literal(raw, cut=self.cut)
            if literal is not None:
                yield UNSEEN.sub("", literal)


def _is_long_command(words: tuple[str, ...], narrow: bool) -> bool:
    return narrow or _command_cells(words) > LONG_COMMAND


def _pattern_words(words: tuple[str, ...], narrow: bool) -> tuple[str, ...]:
    """The words a pattern of ``words`` matches: all of a short command's, a long command's name and first words."""
    return words[: _kept(words)] if _is_long_command(words, narrow) else words


def _kept(words: tuple[str, ...]) -> int:
    """How many words a long command owes: its name and those after it that fit in a short word's room."""
    kept = 1
    while kept < len(words) and _command_cells(words[: kept + 1]) <= SHORT_WORD:
        kept += 1
    return kept


def reader_name(dialect: str | None) -> str:
    """Who read the command, as a verdict names it: bash's version and the oracle that watched it run, or the
    grammar that stands in for PowerShell."""
    if dialect == "powershell":
        return "tree-sitter-powershell (no pwsh here)"
    return f"{bash_version()}; {oracle_name()}"


def _name(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def traced_beyond(command: str, static: Sequence[ShellCommand] | None) -> list[tuple[str, ...]]:
    """The words of each command bash executed running ``command`` in the sandbox that the static reading
    does not hold, in the order first seen (``askbench.harness.judge.traced_oracle``).

    A traced command's text is read as any command is (``bash_commands_of``), so it is compared word for
    word, unexpanded, with what the static reading found. A program's arguments, recorded by its stub
    expanded, are owed only when no command of either reading runs a program of that name: ``touch "$f"``
    accounts for ``touch pwned``, while a program only ``env -S`` or ``git``'s hook started is owed as the
    words it was started with. A shell a program starts is traced inside (what it runs is owed, not its
    arguments), and words only the starting program added are not owed (``_without_last``), nor a program
    the command names nowhere (``xargs`` with no command runs ``echo``): no screen of the command can show it.
    """
    known = _known(static)
    names = _names(known)
    run = trace(command, (name for name in names if _PROGRAM_NAME.fullmatch(name)))
    if run is None:
        return []
    # a function's command run with the words it was passed, read the same way on both sides
    passed_on = {_without_last(words, _passes_arguments) for words in known}
    beyond: dict[tuple[str, ...], None] = {}
    for text, reading in zip(run.traced, bash_commands_of(list(run.traced)), strict=True):
        for found in reading or ():
            names.add(_name(found.words[0]))
            words = _without_last(found.words, _passes_arguments)
            if words not in known and words not in passed_on and not _does_nothing(words, text):
                beyond.setdefault(words)
    accounted = names | TRACED_SHELLS
    scripts = {words[0] for words in known if words and "/" in words[0]}
    for argv in run.executed:
        if _interprets(argv, scripts):
            continue
        if argv and _name(argv[0]) not in accounted and argv not in known:
            words = _without_last(argv, lambda word: word not in command)
            if _name(words[0]) in command:
                beyond.setdefault(words)
    return list(beyond)


def _interprets(argv: tuple[str, ...], scripts: set[str]) -> bool:
    """Whether a program was started by the kernel for a script the command runs by its path (``./deploy.sh``):
    its words are the script's ``#!`` line and the path, which the screen shows as the file's text and the
    command that runs it; what it runs is traced inside."""
    return len(argv) > 1 and argv[-1] in scripts


_PASSED_ARGUMENTS = re.compile(r'"?\$(?:[@*]|\{[@*]\}|[1-9])"?')
"""A word that is the arguments a shell was started with (``"$@"``, ``$1``)."""


def _passes_arguments(word: str) -> bool:
    return _PASSED_ARGUMENTS.fullmatch(word) is not None


def _without_last(words: tuple[str, ...], added: Callable[[str], bool]) -> tuple[str, ...]:
    """``words`` without the last ones a program that ran them ``added`` (the name always kept): git's hook
    runner runs ``touch pwned "$@"``, a program that starts another may give it words the source never
    holds, and no screen of the command can show what only that program wrote."""
    end = len(words)
    while end > 1 and added(words[end - 1]):
        end -= 1
    return words[:end]


_NO_OPS = frozenset({":", "true", "false"})
"""Builtins that do nothing beyond expanding their words (bash manual 4.1, ``:``): what those expansions run
is traced on its own."""


def _does_nothing(words: tuple[str, ...], text: str) -> bool:
    """A traced no-op whose text holds no redirection: nothing to owe (a ``mapfile -C`` callback's ``:`` with
    the index and line bash appended to it), while ``: > ~/.bashrc`` truncates a file and is owed."""
    return words[0] in _NO_OPS and "<" not in text and ">" not in text


def _known(static: Sequence[ShellCommand] | None) -> set[tuple[str, ...]]:
    if static is None:
        return set()
    if isinstance(static, Commands):
        return set(static.distinct)
    return {found.words for found in static}


def _names(known: set[tuple[str, ...]]) -> set[str]:
    return {_name(words[0]) for words in known if words}


def prefetch_runs(commands: Iterable[str]) -> None:
    """Start the traced runs of many bash commands at once, each read by bash first (many to a bash
    process) for the names of the programs it runs."""
    texts = list(dict.fromkeys(commands))
    prefetch(
        (text, [name for name in _names(_known(static)) if _PROGRAM_NAME.fullmatch(name)])
        for text, static in zip(texts, bash_commands_of(texts), strict=True)
    )


_PROGRAM_NAME = re.compile(r"[\w.+-]+")
"""A name a stub can be made for: a static command whose name is an expansion or a path gets none."""


def what_runs(command: str, dialect: str | None) -> Sequence[ShellCommand] | None:
    """What ``command`` runs: the static reading, and for bash every command the traced run executed beyond
    it, each owed as any command between the ends is (``_with_traced``)."""
    static = parse_commands(command, dialect)
    if dialect == "powershell":
        return static
    beyond = traced_beyond(command, static)
    if not beyond:
        return static
    return _with_traced(list(static or ()), beyond, command)


_BEFORE, _STATIC, _AFTER = range(3)
"""Where a traced command goes among static commands placed at the same place: a reading of the same bytes
another way (a locale's) before the static one, as it starts there; one standing before the first static
command after that one, which stays the first."""


def _with_traced(
    static: list[ShellCommand], beyond: list[tuple[str, ...]], command: str
) -> list[ShellCommand]:
    """The static reading with each traced command put where its words first stand in the source, among the
    static commands placed where theirs do — so a cut over that text hides it, as a cut hides the commands
    between two shown ones — but never before the first static command's place; one whose words stand
    nowhere in the source goes just before the static reading's last command.

    A locale's other reading runs text that the static reading keeps inside a longer command (``git commit -m
    "…中\\" ; curl … #"``), and a string run later stands inside an assignment or an argument: the command
    the words stand in is shown from its start, and the cut that hides them falls inside it.
    """
    if not static:
        return [ShellCommand(words, at, traced=True) for at, words in enumerate(beyond)]
    places = dict(_aligned(static, command, narrow=False).places)
    order: list[tuple[int, int, int, ShellCommand | tuple[str, ...]]] = []
    place = 0
    for at, read in enumerate(static):
        place = places.get(at, place)
        order.append((place, _STATIC, at, read))
    first, last = order[0][0], order[-1][0]
    search = ScreenSearch(command)
    for at, words in enumerate(beyond):
        traced = ShellCommand(words, 0, traced=True)
        where = next(_starts(search.pattern(traced), command, 0, len(command)), None)
        if where is None:
            order.append((last, _BEFORE, at, words))
        else:
            order.append(
                (where, _BEFORE, at, words) if where >= first else (first, _AFTER, at, words)
            )
    order.sort(key=lambda entry: entry[:3])
    moved = {entry[2]: index for index, entry in enumerate(order) if entry[1] == _STATIC}
    listed = []
    for index, (_, _, _, entry) in enumerate(order):
        if isinstance(entry, ShellCommand):
            outer = None if entry.outer is None else moved.get(entry.outer)
            listed.append(dataclasses.replace(entry, start=index, outer=outer))
        else:
            listed.append(ShellCommand(entry, index, traced=True))
    return listed


def watched_reading(command: str) -> tuple[ReadCommand, ...] | None:
    """What the judge owes of ``command`` as a renderer's reader (``askbench.impl.command_reader``): bash's
    reading, and each command its traced run executed beyond it, looked for wherever its words stand — so a
    cut that hides ``touch pwned``, run only where GB18030 reads the quote before it closed, counts it."""
    found = read_all([command])[0]
    if found is None:
        return None
    beyond = traced_beyond(command, _commands(found))
    return (*read_of(found), *(ReadCommand(words, anywhere=True) for words in beyond))


def watched_beyond(command: str) -> list[tuple[str, ...]]:
    """The words of each command bash was watched running beyond its reading of ``command`` (``traced_beyond``),
    as a renderer's watcher (``askbench.impl.command_reader.CommandWatcher``): a proved outline's cut counts
    them where their words stand."""
    return traced_beyond(command, parse_commands(command, None))


def runs_problems(
    ask_text: str | CountedText | Sequence[str | CountedText],
    command: str,
    dialect: str | None,
    owes_every: bool,
    *,
    narrow: bool = False,
    counted: int = 0,
) -> list[str]:
    """Problems with the ``runs`` invariant on the text a bounded screen shows (each fact's pieces read back, joined).

    What runs is ``what_runs``: bash's reading, and what the traced run executed beyond it. The first and
    the last command must be on screen; when ``owes_every``, every other one is too, each occurrence on an
    occurrence of its own (``askbench.harness.judge.shown_commands``), or hidden by a cut that says exactly
    how many it hides (``… N more commands …``); ``counted`` is a count whose place is not known, owed the
    same exactness. A wrapper hidden with the command it runs may be counted as one command or apart, as the
    commands bash runs are the wrapper's and its own: a count between the two is true, one below the fewer
    hides commands. A command that runs nothing has nothing to judge.
    """
    commands = what_runs(command, dialect)
    if not commands:
        return []
    pieces = [ask_text] if isinstance(ask_text, str | CountedText) else ask_text
    return owed_problems(commands, pieces, dialect, owes_every, narrow=narrow, counted=counted)


def owed_problems(
    commands: Sequence[ShellCommand],
    pieces: Sequence[str | CountedText],
    dialect: str | None,
    owes_every: bool,
    *,
    narrow: bool = False,
    counted: int = 0,
) -> list[str]:
    """``runs_problems`` for commands already read: each owed command shown, or hidden by an exact count."""
    last = _last_static(commands)
    ends = (0, last)
    shown: set[int] = set()
    excused: set[int] = set()
    problems = []
    for piece in pieces:
        alignment = _aligned(commands, piece, narrow)
        shown |= alignment.shown
        for cut in alignment.cuts:
            true = _true_reading(commands, cut, alignment.shown)
            if true is not None:
                excused.update(at for at in true if at not in ends)
            else:
                hidden = _hidden_by(commands, cut, cut.after, alignment.shown)
                units = hidden_units(commands, hidden, (-1, -1))
                apart = (
                    f", {len(hidden)} counting wrappers' commands apart"
                    if len(hidden) > units
                    else ""
                )
                problems.append(
                    f"a cut says {cut.stated} more commands where it hides {units}{apart}"
                    f" (read by {reader_name(dialect)})"
                )
    missing = [
        at
        for at in (range(len(commands)) if owes_every else sorted(set(ends)))
        if at not in shown and at not in excused
    ]
    if counted and hidden_units(commands, missing, ends) <= counted <= len(
        set(missing) - set(ends)
    ):
        missing = [at for at in missing if at in ends]
    for at in missing:
        found = commands[at]
        which = "first" if at == 0 else "last" if at == last else f"#{found.start + 1}"
        problems.append(
            f"the {which} command {_brief(found.text)!r} is not on the bounded screen"
            f" (read by {reader_name(dialect)})"
        )
    return problems


def _last_static(commands: Sequence[ShellCommand]) -> int:
    """The index of the static reading's last command: the last command owed always, as a traced command may
    stand after it in the source."""
    if isinstance(commands, Commands):
        return len(commands) - 1
    return next(
        (at for at in range(len(commands) - 1, -1, -1) if not commands[at].traced),
        len(commands) - 1,
    )


def _true_reading(
    commands: Sequence[ShellCommand], cut: CountedCut, shown: frozenset[int]
) -> list[int] | None:
    """The commands ``cut`` hides on a reading of the screen its count is true to, or None when it is true to none:
    the words after its marker read as the command they match, or as the end of the one before the next shown."""
    afters = [cut.after] if cut.fragment_of is None else [cut.after, cut.fragment_of]
    for after in afters:
        hidden = _hidden_by(commands, cut, after, shown)
        if hidden_units(commands, hidden, (-1, -1)) <= cut.stated <= len(hidden) + cut.loose:
            # on the second reading the command the words end is shown from the cut on
            return hidden if after == cut.after else [*hidden, after]
    return None


def _hidden_by(
    commands: Sequence[ShellCommand], cut: CountedCut, after: int, shown: frozenset[int]
) -> list[int]:
    """The commands ``cut`` hides when command ``after`` is the first shown after it: those between, and those
    it cuts short."""
    return sorted({*_between(commands, cut.before, after, shown), *cut.cut_short})


def _between(
    commands: Sequence[ShellCommand], before: int, after: int, shown: frozenset[int]
) -> list[int]:
    """The commands a cut between command ``before`` and command ``after`` hides: those between them, but a
    command only the traced run found that the screen shows elsewhere (it has no place of its own to be cut
    from)."""
    return [at for at in range(before + 1, after) if not (at in shown and commands[at].traced)]


def _aligned(commands: Sequence[ShellCommand], piece: str | CountedText, narrow: bool) -> Alignment:
    """The commands ``text`` shows, each on an occurrence of its own words, and what its counted cuts hide.

    A command bash runs as another's (``sudo``'s ``rm``, ``sh -c``'s script) stands in its wrapper's words,
    not where a command begins, so it may be read anywhere its words are; any other only where a command
    begins (``echo rm`` shows no ``rm``) and, short enough to be owed whole, where no other word follows it
    on its row (``rm https://x.example/i.sh`` shows no ``rm``). A command only the traced run found has no place in the source and
    is read wherever its words are, as a nested one is. Its key says which, as a nested and a free ``rm`` are looked for apart.
    A command stands within another when that one runs it, or when its words stand in the other's (a
    substitution in an assignment: ``T=$(gh auth token) goreleaser``).
    """
    shown = counted_text(piece) if isinstance(piece, str) else piece
    text = shown.text
    search = ScreenSearch(text, narrow=narrow)
    words: Sequence[Hashable] = (
        commands.word_keys()
        if isinstance(commands, Commands)
        else [(found.words, found.gaps) for found in commands]
    )
    floating = frozenset(at for at, found in enumerate(commands) if found.traced)
    keys = [
        (key, at in floating or _outer_of(commands, at) is not None) for at, key in enumerate(words)
    ]

    def find(at: int, start: int, end: int) -> list[Occurrence]:
        found = commands[at]
        if not search(found):
            return []
        anywhere = keys[at][1]
        places = _starts(search.pattern(found, ends=not anywhere), text, start, end)
        least = _least_length(found, narrow)
        return [
            Occurrence(place, place + least)
            for place in places
            if anywhere or _opens_a_command(text, place)
        ]

    def within(at: int, host: int) -> bool:
        outer = _outer_of(commands, at)
        if outer is not None:
            while outer is not None and outer > host:
                outer = _outer_of(commands, outer)
            return outer == host
        inner, hosting = " ".join(commands[at].words), " ".join(commands[host].words)
        return inner != hosting and inner in hosting

    def find_cut(at: int, after: int, before: int) -> Occurrence | None:
        marker = text.rfind(ELLIPSIS, max(after + 1, before - _CUT_REACH), before)
        if marker < 0 or text[marker + 1 : before].strip(" \n"):
            return None
        pattern = command_pattern(commands[at], narrow=True)
        for place in _starts(pattern, text, max(after + 1, marker - _CUT_REACH), marker + 1):
            if pattern.fullmatch(text, place, marker + 1) and _opens_a_command(text, place):
                return Occurrence(place, marker + 1)
        return None

    nested = frozenset(at for at, (_, anywhere) in enumerate(keys) if anywhere) - floating
    return align(shown, keys, find, within, floating, nested, find_cut)


def _least_length(command: ShellCommand, narrow: bool) -> int:
    """The fewest characters the command's words span where they are shown whole: each word's, and a blank for
    each gap between two (notation and row breaks only lengthen them). A match says less: it may stop short on a
    word's other spelling or run on to a cut's marker. A command that may be cut after its start spans none for
    sure."""
    if _is_long_command(command.words, narrow):
        return 0
    words, gaps = command.words, command.gaps
    blanks = sum(1 for at in range(1, len(words)) if at > len(gaps) or gaps[at - 1])
    return sum(map(len, words)) + blanks


_CUT_REACH = 4096
"""How far before a stretch's last marker a command cut there is looked for: its start, shown, is on the rows
before the cut."""


_COMMAND_OPENERS = frozenset(":;&|(){}`'\"\n…")
"""What stands before a command's first word where it opens a command: a label's colon, a separator, a bracket or quote a
substitution or script opens with, a row's start, or a cut's marker."""


_RESERVED_BEFORE_A_NAME = ("if", "then", "else", "elif", "do", "while", "until", "time", "coproc")
"""The reserved words (and ``time``, ``coproc``) after which a command's name may stand."""

_BEFORE_A_NAME = re.compile(
    rf"!|\{{|{'|'.join(_RESERVED_BEFORE_A_NAME)}|-p|\d*[<>]{{1,2}}&?\S*|&>>?\S*"
)
"""A word that may stand before a command's name in bash's grammar, the command still opening after it: a
reserved word that opens a list (``until``, ``then``, ``!``), ``time`` and its ``-p``, ``coproc``, or a redirection
(``>>audit.txt echo``)."""


def _opens_a_command(text: str, place: int) -> bool:
    """Whether a match at ``place`` begins a command rather than a run of another's words (``rm rm rm`` holds
    ``rm rm`` twice, ``echo rm`` names ``rm``): a command is read where it begins — after a separator, a
    bracket or quote a script opens with, what bash's grammar lets stand before a name, or at a row's start
    after the row's own bullet or number."""
    at = place - 1
    while True:
        blanks_end = at
        while at >= 0 and text[at] in _SKIPPED_BEFORE:
            at -= 1
        if at < 0 or at == blanks_end:
            break
        word_start = _word_start(text, at)
        if not (
            _BEFORE_A_NAME.fullmatch(text, word_start, at + 1)
            or _reserved_word_cut(text, word_start, at + 1)
        ):
            word_start = _defining(text, word_start)
            if word_start < 0:
                break
        at = word_start - 1
    if at < 0 or text[at] in _COMMAND_OPENERS:
        return True
    row_start = text.rfind("\n", 0, at) + 1
    return _ROW_MARKS.fullmatch(text, row_start, at + 1) is not None


def _reserved_word_cut(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start`` follows a cut's marker and may be the end of a reserved word the cut began
    (``…hen rm``: ``then``'s end, so ``rm`` opens a command)."""
    word = text[start:end]
    return (
        start > 0
        and text[start - 1] == ELLIPSIS
        and any(reserved.endswith(word) for reserved in _RESERVED_BEFORE_A_NAME)
    )


def _defining(text: str, name_start: int) -> int:
    """Where ``function`` or ``coproc`` begins when it stands before the word at ``name_start`` as that word's
    name, else -1: the name a function or a coprocess is given is no command, and the body after it opens one
    (``function g { rm; }``, ``coproc w { rm; }``: the body's ``{`` opens a command as it does after ``g()``).
    A coprocess is named only before a compound command: in ``coproc w rm`` the command is ``w``."""
    end = name_start - 1
    while end >= 0 and text[end] in _SKIPPED_BEFORE:
        end -= 1
    if end == name_start - 1:
        return -1
    start = _word_start(text, end)
    naming = text[start : end + 1]
    if naming == "function" or (
        naming == "coproc" and _COMPOUND_AFTER_A_NAME.match(text, name_start)
    ):
        return start
    return -1


_COMPOUND_AFTER_A_NAME = re.compile(
    r"\S+[ \t]+(?:[{(]|(?:if|for|while|until|case|select|\[\[)(?![^\s;&|()]))"
)
"""A word, then a compound command: what a coprocess's name stands before."""


def _word_start(text: str, end: int) -> int:
    """Where the word ending at ``end`` begins as bash reads it: after a blank, or after a separator with no
    blank after it (``x;1<@ 0``: the redirection ``1<@`` is a word of its own) — an ``&`` that is part of a
    redirection (``2>&1``, ``&>log``) included in the word. A cut's marker ends a word too: a tail that opens
    ``…if rm`` shows the reserved word ``if``, not a word ``…if``."""
    edge = max(text.rfind(character, 0, end) for character in " \t\n;|()\u2026")
    ampersand = text.rfind("&", edge + 1, end)
    while ampersand > edge and (
        text[ampersand - 1 : ampersand] in ("<", ">") or text[ampersand + 1 : ampersand + 2] == ">"
    ):
        ampersand = text.rfind("&", edge + 1, ampersand)
    return max(edge, ampersand) + 1


_SKIPPED_BEFORE = " \t\u240d"
"""Blanks, and ``␍``: a carriage return the word reading takes for a blank, spelled out on screen."""
_ROW_MARKS = re.compile(r"\s*[^\w\s]*\d*[.)]?[^\w\s]*")
"""What a row may carry before the command it opens with: a bullet, a gutter, a number (``•``, ``│``, ``2.``)."""


def _starts(pattern: re.Pattern[str], text: str, start: int, end: int) -> Iterator[int]:
    """Every place a match of ``pattern`` begins, overlapping ones too: a command's words may begin inside
    another match of the same words (``ls <<-EOF…$(ls -)…`` holds ``ls`` twice, the first match running over
    the second)."""
    match = pattern.search(text, start, end)
    while match is not None:
        yield match.start()
        match = pattern.search(text, match.start() + 1, end)


def _brief(text: str) -> str:
    flat = _collapse(text)
    return flat if len(flat) <= 60 else flat[:30] + ELLIPSIS + flat[-29:]
