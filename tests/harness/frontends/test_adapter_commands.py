"""``askbench.harness.frontends.adapter_commands``: ``askbench matrix`` takes the fixtures ``check`` takes, and
its screens are the terminal's, a box kept and the terminal named."""

import shlex
import sys

from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE
from askbench.harness.frontends.cli import main

ID = "adversarial/bash-command-substitution-at-the-end"
NAIVE = f"{shlex.quote(sys.executable)} -m askbench.harness.drivers.adapters.naive"


def test_matrix_takes_a_built_in_fixture_id_as_check_does(tmp_path):
    out = tmp_path / "reports"
    assert main(
        ["matrix", "--widths", "80", "--out", str(out), "--impl", f"naive={NAIVE}", ID]
    ) == (EXIT_OK)
    markdown = (out / "matrix.md").read_text(encoding="utf-8")
    assert f"| {ID} | ok |" in markdown
    assert "terminal models `grapheme`, `codepoint`, `ambiguous-wide`" in markdown
    screen = next((out / "matrix-screens" / "naive").rglob("*.txt")).read_text(encoding="utf-8")
    assert "── the bounded screen at 80 columns on " in screen


def test_matrix_refuses_an_unknown_id_naming_the_closest_before_running_anything(tmp_path, capsys):
    out = tmp_path / "reports"
    mistyped = ID.replace("end", "ned")
    assert main(["matrix", "--out", str(out), mistyped]) == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert err.startswith(f"askbench matrix: {mistyped}: no such file")
    assert f"did you mean {ID}" in err
    assert not out.exists()


def test_matrix_writes_a_boxed_screen_with_its_box_and_the_terminal_that_showed_it(tmp_path):
    """A box the renderer drew is what the terminal showed: kept in the screen file, which names that terminal."""
    variant = f"{shlex.quote(sys.executable)} -m askbench.harness.drivers.adapters.variant"
    boxed = f"{variant} claude-no-deny"
    out = tmp_path / "reports"
    assert (
        main(["matrix", "--widths", "80", "--out", str(out), "--impl", f"boxed={boxed}", ID]) == 0
    )
    screen = next((out / "matrix-screens" / "boxed").rglob("*.txt")).read_text(encoding="utf-8")
    assert "── the bounded screen at 80 columns on grapheme, codepoint, ambiguous-wide (" in screen
    assert "\n╭" in screen and "\n│ " in screen
