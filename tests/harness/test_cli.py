"""``askbench render`` writes the frame exactly as the terminal receives it."""

from pathlib import Path

import pytest

from harness.cli import main

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
REPRO = CORPUS / "bash" / "powershell-here-string-report-200-lines.json"


def test_render_plain_writes_one_row_per_line_within_the_width(capsys):
    assert main(["render", str(REPRO), "--width", "80", "--plain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Permission Required"
    assert all(len(line) <= 80 for line in lines)
    assert "\x1b" not in "".join(lines)
    assert any(line.startswith("command : ") for line in lines)


def test_render_complete_and_legacy_show_every_line_of_the_here_string(capsys):
    main(["render", str(REPRO), "--complete", "--plain"])
    complete = capsys.readouterr().out.splitlines()
    main(["render", str(REPRO), "--legacy", "--plain"])
    legacy = capsys.readouterr().out.splitlines()
    assert len(complete) > 200 and len(legacy) > 200
    assert "ctrl+o collapse" in complete[-1]


def test_render_paints_only_with_colour(capsys):
    main(["render", str(REPRO)])
    out = capsys.readouterr().out
    assert "\x1b[33m" in out


def test_render_of_a_missing_fixture_exits_2_naming_it(capsys, tmp_path):
    assert main(["render", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err


@pytest.mark.parametrize("widths", ["abc", "10", ""])
def test_bad_widths_are_rejected_with_a_message(widths, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "--widths", widths])
    assert exit_info.value.code == 2
    assert "width" in capsys.readouterr().err
