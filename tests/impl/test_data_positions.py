"""askbench.impl.data_positions: which arguments of a known program are data, and nothing else is."""

from __future__ import annotations

import pytest

from askbench.impl.data_positions import PROGRAMS, data_arguments, program_of, reads_data


@pytest.mark.parametrize(
    ("words", "data"),
    [
        (["echo", "-n", "text", "more"], {1, 2, 3}),  # echo runs nothing: every word is data
        (["git", "commit", "-m", "message"], {3}),
        (["git", "commit", "--message=message"], {2}),
        (["git", "commit", "-am", "message"], {3}),
        (["git", "commit", "-mmessage"], {2}),
        (["curl", "-fsSL", "-d", "body", "https://x.example"], {1, 2, 3, 4}),
        (["curl", None, "-d", "body"], {1, 2, 3}),  # whatever "$opt" is, curl runs none of it
        (["kubectl", "patch", "deploy", "api", "-n", "prod", "-p={}"], {2, 3, 6}),
        (["printf", "-v", "x[0]", "%s", "v"], {3, 4}),
        ([":", "-c", "text"], {1, 2}),
        (["/usr/bin/echo", "text"], {1}),
        (["Write-Host", "text"], {1}),
    ],
)
def test_data_positions_of_known_programs(words: list[str], data: set[int]) -> None:
    assert data_arguments(words) == frozenset(data)


@pytest.mark.parametrize(
    ("words", "code"),
    [
        (["sed", "1e id", "f"], 1),  # sed's ``e`` runs its text
        (["awk", 'BEGIN { system("id") }'], 1),
        (["env", "-S", "sh -c id"], 2),
        (["mapfile", "-C", "id #", "-c", "1", "lines"], 2),
        (["alias", "x=id"], 1),
        (["git", "-c", "core.fsmonitor=id", "status"], 2),
        (["git", "-c", "core.pager=sh", "commit", "-m", "m"], 2),
        (["git", "log", "--format=%s"], 2),
        (["tar", "--to-command=sh", "-xf", "a.tar"], 1),
        (["rsync", "-e", "sh -c id", "a", "b"], 2),
        (["rsync", "--rsync-path=sh -c id", "a", "b"], 1),
        (["printf", "-v", "x[$(id)]", "%s"], 2),  # the variable's name: a subscript evaluated
        (["git", "commit", "-X", "x", "-m", "m"], 5),  # after an option not known, nothing is
    ],
)
def test_nothing_is_data_where_a_program_may_run_it(words: list[str], code: int) -> None:
    assert code not in data_arguments(words)


def test_a_word_that_expands_ends_what_is_known() -> None:
    """``printf "$opt" …`` may be ``printf -v …``: nothing after it is known."""
    assert data_arguments(["printf", None, "x[$(id)]", "%s"]) == frozenset()


def test_after_a_double_dash_every_word_is_an_operand() -> None:
    assert data_arguments(["rsync", "-a", "--", "-e", "b"]) == frozenset({3, 4})


def test_unknown_programs_have_no_data() -> None:
    assert data_arguments(["python3", "-c", "print(1)"]) == frozenset()
    assert data_arguments([]) == frozenset()
    assert program_of("python3") is None
    assert program_of(None) is None


def test_standard_input_is_data_only_for_readers_that_only_read_it() -> None:
    assert reads_data(["cat"])
    assert reads_data(["git", "commit", "-F", "-"])
    assert not reads_data(["sh"])
    assert not reads_data(["python3", "-"])
    assert not reads_data(["git", "status"])
    assert not reads_data([None])


def test_the_table_names_no_program_that_runs_text() -> None:
    """A mutant table that lists a shell, ``eval`` or an interpreter as a data reader must fail here."""
    runs_text = {
        "sh",
        "bash",
        "eval",
        "source",
        ".",
        "env",
        "xargs",
        "sed",
        "awk",
        "python3",
        "node",
        "alias",
    }
    assert not runs_text & set(PROGRAMS)
