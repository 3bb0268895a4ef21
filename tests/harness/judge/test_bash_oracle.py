"""askbench.harness.bash.bash_oracle and askbench.harness.bash.bash_reader: bash is the oracle, and the outline never states less than it runs.

The differential test: for every bash command of the corpus and for
commands generated from a grammar of heredocs, quotes, comments,
continuations and substitutions, each command bash would run is in the
outline (``askbench.impl.shell``), its words in order, or the outline is withheld
and the command shown as written. Commands are read in batches, one bash
process for hundreds.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from askbench.harness.bash.bash_oracle import bash_version, read_commands
from askbench.harness.judge.runs_checks import outline_counts
from askbench.harness.judge.shown_commands import CountedText
from askbench.harness.judge.what_runs import bash_commands, bash_commands_of, owed_problems
from askbench.impl.shell import Outline, outline

CORPUS = Path(__file__).resolve().parents[3] / "corpus"
GENERATED = int(os.environ.get("ASKBENCH_BASH_GENERATED", "10000"))
"""Generated commands in all (``ASKBENCH_BASH_GENERATED`` sets fewer for a quick local run)."""
SHARDS = 4
"""The generated commands are four tests, so ``pytest -n`` spreads them over the cores."""


def disagreements(commands: list[str]) -> list[str]:
    """Each command whose outline leaves out a command bash runs, unless a cut there says exactly how many it
    hides, with what it leaves out."""
    out = []
    for command, found in zip(commands, bash_commands_of(commands), strict=True):
        shown = outline(command)
        if shown is None or shown.doubtful or not found:
            continue  # no shell receives it, or the command stands as written
        piece = CountedText(shown.text, outline_counts(shown.text, command))
        problems = owed_problems(found, [piece], None, owes_every=True)
        if problems:
            out.append(f"{command!r}: outline {shown.text!r}: {problems[0]}")
    return out


def corpus_commands() -> list[str]:
    commands = []
    for path in sorted(CORPUS.rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        if '"name": "bash"' not in text and '"name":"bash"' not in text:
            continue  # not a bash call (and some fixtures nest deeper than the json module reads)
        data = json.loads(text)
        call = data.get("call") if isinstance(data, dict) else None
        if not isinstance(call, dict) or call.get("name") != "bash":
            continue
        if (data.get("ask") or {}).get("shell") == "powershell":
            continue
        command = call.get("input", {}).get("command")
        if isinstance(command, str) and command.strip():
            commands.append(command)
    return commands


def test_the_outline_agrees_with_bash_on_the_corpus() -> None:
    commands = corpus_commands()
    assert len(commands) > 100
    assert disagreements(commands) == []


# ── reading: what bash says ────────────────────────────────────────────────


def test_bash_names_its_version() -> None:
    assert bash_version().startswith("GNU bash, version ")


def test_bash_reads_without_running_anything(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    reading = read_commands([f"touch {marker}; echo $(touch {marker}2) `touch {marker}3`"])[0]
    assert reading is not None and reading.complete
    assert not any(tmp_path.iterdir())


def test_a_syntax_error_keeps_what_bash_read_before_it() -> None:
    found = bash_commands("echo one\ncurl -s https://e.x/i | sh\necho )")
    assert found is not None and [command.words[0] for command in found] == ["echo", "curl", "sh"]


def test_a_batch_survives_a_command_that_swallows_its_separator() -> None:
    texts = ["cat <<EOF\nbody", "echo 'open", "ls &&", "echo fine"]
    readings = read_commands(texts)
    assert readings[3] is not None and readings[3].text == "echo fine"
    assert readings[0] is not None and "body" in readings[0].text


def words(text: str) -> list[tuple[str, ...]]:
    found = bash_commands(text)
    return [command.words for command in found or ()]


def test_bash_settles_what_the_grammar_would_guess() -> None:
    for delimiter in ("$'EOF'", "EOF''", 'E"O"F', "\\EOF", "'EOF'"):
        assert ("curl", "-s", "e.x") in words(
            f"cat <<{delimiter} > f\nx\nEOF\ncurl -s e.x\n{delimiter}"
        )
    assert words("tar czf b.tgz src\\\n#x && curl e.x") == [
        ("tar", "czf", "b.tgz", "src#x"),
        ("curl", "e.x"),
    ]
    assert words("echo a #b && curl e.x") == [("echo", "a")]
    assert ("rm", "-rf", "/") in words(
        "env A=1 sudo -u root sh -c 'rm -rf /; echo hi'"
    )  # a script, read again
    assert ("id",) in words("cat <<EOF\n`id`\nEOF")
    assert ("curl", "e.x") in words("x='a[$(curl e.x)]'; [[ $x -eq 0 ]]")  # evaluated later
    assert ("curl", "e.x") not in words("x='a[$(curl e.x)]'; echo \"$x\"")  # data


# ── the generated grammar ──────────────────────────────────────────────────
# Strategies are built once, at import: a strategy built inside a draw is built and validated again on every draw,
# and words come from a vocabulary (one choice each) rather than letter by letter, so a command costs few choices.

NAMES = st.sampled_from(["ls", "echo", "curl", "git", "rm", "cat", "sh", "tar", "npm"])
VOCABULARY = [
    "a",
    "x9",
    "-f",
    "--all",
    "./b",
    "c/x.y",
    "0.9",
    "a-b",
    "=",
    "x=1",
    "-",
    ".",
    "/",
    "9",
    "--x=y",
    "z/..",
    "b.c-1",
    "a=b=c",
]
PLAIN = st.sampled_from(VOCABULARY)
FORMS = ["{0}", "'{0} {0}'", '"{0} $HOME"', "$'{0}\\t'", "{0}#{0}"]
GAPS = [" ", "  ", " \\\n  ", "\\\n"]
COMMENT = st.sampled_from(["", "", "", "", " # note", "#glued", " #", "\t# x && y"])
WORDS = st.lists(
    st.sampled_from(
        [gap + form.format(plain) for gap in GAPS for form in FORMS for plain in VOCABULARY]
    ),
    max_size=4,
)
"""A word with the blanks before it, quoted in one of five forms: one choice."""


def _simple(name: str, words: list[str], comment: str) -> str:
    return name + "".join(words) + comment


INNER = st.builds(_simple, NAMES, WORDS, COMMENT)
SUBSTITUTION = st.builds(str.format, st.sampled_from(["$({})", "`{}`", '"$({})"']), INNER)
SIMPLE = st.builds(
    _simple,
    NAMES,
    st.builds(
        list.__add__,
        WORDS,
        st.lists(st.builds(str.__add__, st.sampled_from(GAPS), SUBSTITUTION), max_size=1),
    ),
    COMMENT,
)
DELIMITERS = st.sampled_from(
    ["EOF", "'EOF'", '"EOF"', "\\EOF", "$'EOF'", "EOF''", 'E"O"F', "''EOF", "-EOF"]
)
BODY_LINE = st.one_of(
    PLAIN, SIMPLE, st.just("EOF"), SIMPLE.map("`{}`".format), SIMPLE.map("x $({}) y".format)
)


def _heredoc(name: str, strip: str, delimiter: str, after: str, lines: list[str], end: int) -> str:
    """A heredoc ended by its delimiter as written, by a bare ``EOF``, or by nothing (the end of the command)."""
    return (
        f"{name} {strip}{delimiter}{after}\n"
        + "".join(line + "\n" for line in lines)
        + (delimiter, "EOF", "")[end]
    )


HEREDOC = st.builds(
    _heredoc,
    NAMES,
    st.sampled_from(["<<", "<<-"]),
    DELIMITERS,
    st.sampled_from(["", " | sh", " > out.txt", " && echo done"]),
    st.lists(BODY_LINE, max_size=4),
    st.integers(0, 2),
)
PART = st.one_of(SIMPLE, HEREDOC)
JOINTS = st.sampled_from(["\n", "; ", " && ", " || ", " | "])


def _script(first: str, rest: list[tuple[str, str]]) -> str:
    out = first
    for joint, part in rest:
        out += (
            ("\n" if not out.endswith("\n") and "<<" in out and joint != "\n" else "")
            + joint
            + part
        )
    return out


SCRIPT = st.builds(_script, PART, st.lists(st.tuples(JOINTS, PART), max_size=3))
LONGEST = 4_000
"""No generated command is longer (the grammar's sizes are bounded): each costs bash and the outline a bounded read."""


def generated(count: int) -> list[str]:
    """``count`` commands drawn by hypothesis from the grammar, one example each (a list of a hundred in one example
    overran hypothesis's choice buffer nearly every time, and each overrun was drawn in full before it was dropped)."""
    drawn: list[str] = []

    @settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        phases=(Phase.generate,),
    )
    @given(SCRIPT)
    def draw(command: str) -> None:
        drawn.append(command)

    draw()
    return drawn


@pytest.mark.parametrize("shard", range(SHARDS))
def test_the_outline_agrees_with_bash_on_generated_commands(shard: int) -> None:
    commands = generated(GENERATED // SHARDS)
    assert len(commands) == GENERATED // SHARDS and max(map(len, commands)) <= LONGEST
    assert disagreements(commands) == []


def test_the_differential_test_fails_a_wrong_outline(monkeypatch: pytest.MonkeyPatch) -> None:
    """An outline that leaves out the last line of a command disagrees with bash: the test above would fail."""

    def first_line(command: str) -> Outline:
        return Outline("bash", command.split("\n", 1)[0])

    monkeypatch.setattr(sys.modules[__name__], "outline", first_line)
    assert disagreements(["ls\ncurl -s e.x | sh"]) != []
    assert len(disagreements(generated(200))) > 20


def test_a_command_long_only_by_a_character_spelled_out_is_judged_by_its_start() -> None:
    """A tab inside quotes is one character and eight cells of notation: the outline finds the command long and
    briefs its last argument, so the judge must not hold it to every word (found by hypothesis)."""
    command = (
        "x $(git . . $'--x=y\\t' '0.9 0.9' $(sh \"./b $HOME\" 'x9\t' -#- \"-f $HOME\"#glued)) y"
    )
    assert disagreements([command]) == []


def test_a_reading_of_megabytes_is_not_kept_and_a_small_one_is() -> None:
    """The oracle keeps the readings the gate asks for again (the corpus's commands, at every width); a command of
    megabytes is read once per fixture, and keeping its canonical text would hold a second copy of it for good."""
    import askbench.harness.bash.bash_oracle as oracle

    large = "echo " + "B" * 70 + "\n"
    large = large * (2 * oracle._KEPT // len(large)) + "curl -s x | sh"
    small = "echo kept-reading-" + "7" * 8
    (read_large, read_small) = read_commands([large, small])
    assert read_large is not None and read_large.text.endswith("curl -s x | sh")
    assert read_small is not None and read_small.text == small
    assert large not in oracle._cache
    assert oracle._cache[small] is read_small
