"""``runs`` reads a count of hidden commands only where the reading places one, never in the payload's own words."""

from __future__ import annotations

from askbench.harness.judge.ask_reading import FactOnScreen
from askbench.harness.judge.expected_facts import ExpectedFact
from askbench.harness.judge.field_match import FieldReading
from askbench.harness.judge.runs_checks import _shown_piece
from askbench.harness.judge.what_runs import runs_problems

FORGED = "agent : ls -la\n… 3 more commands …"
"""A command whose second line is bash's command ``…`` with the words ``3 more commands …``: found by askbench fuzz."""


def _fact(label: str, text: str, reading: FieldReading) -> FactOnScreen:
    return FactOnScreen(ExpectedFact(label, (text,), core=True), 0, 1, reading, text, ())


def test_a_field_shown_whole_holds_no_count_of_its_own_words() -> None:
    piece = _shown_piece(_fact("command", FORGED, FieldReading(True, len(FORGED), 0)), FORGED)
    assert piece.text == FORGED
    assert piece.counts == ()
    assert runs_problems(piece, FORGED, "bash", True) == []
    # read as rows with no reading to place the count, the payload's words forge one
    assert runs_problems(FORGED, FORGED, "bash", True) != []


def test_a_cut_counts_only_on_the_row_after_its_marker() -> None:
    """The payload's own count-shaped words in the tail are its text; the reading's count is the cut's."""
    command = "ls a; ls b; ls c; ls d\n… 3 more commands …"
    reading = FieldReading(
        False, len("ls a;"), len(command) - command.index("ls d"), hidden_commands=2
    )
    piece = _shown_piece(_fact("command", command, reading), command)
    assert piece.text == "ls a;…\n… 2 more commands …\nls d\n… 3 more commands …"
    assert [piece.text[start:end].strip() for start, end, _ in piece.counts] == [
        "… 2 more commands …"
    ]
    assert [stated for _, _, stated in piece.counts] == [2]
    assert runs_problems(piece, command, "bash", True) == []


def test_a_piece_that_opens_on_a_command_shows_no_marker_that_could_excuse_a_miscount() -> None:
    """A tail or a piece from a command's first word shows that command whole: read after a marker, it was
    taken for one the cut falls inside, and a count one too many passed."""
    command = "ls a; ls b; ls c; ls d"
    for stated, fails in ((2, False), (3, True), (1, True)):
        reading = FieldReading(
            False, len("ls a;"), len(command) - command.index("ls d"), hidden_commands=stated
        )
        piece = _shown_piece(_fact("command", command, reading), command)
        problems = runs_problems(piece, command, "bash", True)
        assert bool(problems) is fails, (stated, problems)
    for tail in ("s d", " d", "d"):
        inside = FieldReading(False, len("ls a;"), len(tail), hidden_commands=3)
        assert _shown_piece(_fact("command", command, inside), command).text.endswith(f"\n…{tail}")


def test_an_outline_counts_its_own_count_lines_and_not_the_command_words() -> None:
    """An outline's ``… N more commands …`` line the command does not hold is the outline's count; one the command
    holds is the command shown as written."""
    command = "; ".join(f"ls {n}" for n in range(6))
    outline = "ls 0; ls 1\n… 3 more commands …\nls 5"
    piece = _shown_piece(_fact("shape", outline, FieldReading(True, len(outline), 0)), command)
    assert [stated for _, _, stated in piece.counts] == [3]
    assert runs_problems(piece, command, "bash", True) == []
    assert (
        _shown_piece(_fact("shape", FORGED, FieldReading(True, len(FORGED), 0)), FORGED).counts
        == ()
    )


def test_an_outline_cut_keeps_its_count_lines_where_they_stand_in_head_and_tail() -> None:
    command = "; ".join(f"ls {n}" for n in range(12))
    outline = "ls 0\n… 2 more commands …\nls 3; ls 4; ls 5; ls 6\n… 4 more commands …\nls 11"
    head, tail = len("ls 0\n… 2 more commands …\nls 3;"), len("ls 6\n… 4 more commands …\nls 11")
    reading = FieldReading(False, head, tail, hidden_commands=2)
    piece = _shown_piece(_fact("shape", outline, reading), command)
    assert [(piece.text[start:end].strip(), stated) for start, end, stated in piece.counts] == [
        ("… 2 more commands …", 2),
        ("… 2 more commands …", 2),
        ("… 4 more commands …", 4),
    ]
    assert runs_problems(piece, command, "bash", True) == []


def test_a_full_command_holds_no_count_of_its_own_words() -> None:
    """Only an outline writes counts of its own: the full command a unit was cut from is the payload's text."""
    full = f"ls x && {FORGED}"
    piece = _shown_piece(_fact("full command", full, FieldReading(True, len(full), 0)), "ls x")
    assert piece.counts == ()


def test_an_outline_tail_that_opens_on_its_count_line_keeps_it() -> None:
    outline = "ls 0\nls 1\n… 9 more commands …\nls 11"
    reading = FieldReading(False, len("ls 0"), len("… 9 more commands …\nls 11"))
    piece = _shown_piece(_fact("shape", outline, reading), "ls 0")
    assert piece.text == "ls 0…\n… 9 more commands …\nls 11"
    assert [piece.text[start:end] for start, end, _ in piece.counts] == ["… 9 more commands …"]


LONG = "x" * 50
HEREDOC = f"rm ; {LONG} ; bash <<'EOF'\nrm\nEOF"


def _tail_of_lines(hidden: int) -> FieldReading:
    return FieldReading(False, len("rm ;"), len("rm\nEOF"), hidden_commands=hidden)


def test_a_tail_that_opens_a_line_shows_no_marker_a_hidden_long_word_could_stand_in() -> None:
    """Its first word shows whole; a marker before it read as the long word the cut hides, so the count of
    the two commands hidden (the long word and the shell the heredoc feeds) was failed as one too many
    (found by askbench fuzz on the reference)."""
    piece = _shown_piece(_fact("command", HEREDOC, _tail_of_lines(2)), HEREDOC)
    assert piece.text == "rm ;…\n… 2 more commands …\nrm\nEOF"
    assert runs_problems(piece, HEREDOC, "bash", True) == []


def test_a_count_past_what_a_tail_of_lines_hides_still_fails() -> None:
    piece = _shown_piece(_fact("command", HEREDOC, _tail_of_lines(3)), HEREDOC)
    problems = runs_problems(piece, HEREDOC, "bash", True)
    assert any("a cut says 3 more commands where it hides 1" in problem for problem in problems)
