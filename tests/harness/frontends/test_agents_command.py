"""``askbench agents`` end to end on the stand-in: the report, the skipped CLIs, the reference beside them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agents_cases import CORPUS, needs_tmux

from askbench.harness.frontends.cli import main


@needs_tmux
def test_a_run_writes_every_report_and_skips_a_cli_that_is_not_installed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reports" / "agents.md"
    code = main(
        [
            "agents",
            "--cli",
            "standin-anthropic",
            "--cli",
            "codex",
            "--cache",
            str(tmp_path / "none"),
            "--widths",
            "80",
            "--jobs",
            "2",
            "--timeout",
            "15",
            "--out",
            str(out),
            str(CORPUS / "bash" / "compound-cd-then-rm-build.json"),
        ]
    )
    assert code == 0
    assert "skipping Codex CLI" in capsys.readouterr().err
    data = json.loads(out.with_suffix(".json").read_text())
    statuses = {cell["cli"]: cell["status"] for cell in data["cells"]}
    assert statuses == {"standin-anthropic": "PASS", "codex": "NOT RUN"}
    assert data["reference"] == [
        {"fixture": "bash/compound-cd-then-rm-build", "width": 80, "verdict": "PASS"}
    ]
    assert "not run: Codex CLI" in out.read_text() and out.with_suffix(".html").exists()


def test_rejudging_reads_the_kept_runs_and_drives_nothing(tmp_path: Path) -> None:
    from askbench.harness.agents.archive import save_run
    from askbench.harness.agents.driver import Capture, Run
    from askbench.harness.agents.toolcall import ToolCall

    rows = (
        "> Run the tool call you were asked for.",
        "Permission required",
        "  cd /srv/app && rm -rf build",
        "  Deny (n)",
    )
    raw = ("\x1b[H\x1b[2J" + "\r\n".join(rows)).encode()
    kept = Run(
        "standin-chat",
        "bash/compound-cd-then-rm-build",
        80,
        "prompt",
        (Capture("prompt", rows, len(raw)),),
        raw,
        ToolCall("bash", {"command": "cd /srv/app && rm -rf build"}),
    )
    save_run(kept, tmp_path / "runs")
    out = tmp_path / "agents.md"
    assert (
        main(
            [
                "agents",
                "--cli",
                "standin-chat",
                "--widths",
                "80,120",
                "--rejudge",
                "--runs",
                str(tmp_path / "runs"),
                "--out",
                str(out),
                str(CORPUS / "bash" / "compound-cd-then-rm-build.json"),
            ]
        )
        == 0
    )
    cells = json.loads(out.with_suffix(".json").read_text())["cells"]
    assert [(cell["width"], cell["status"]) for cell in cells] == [(80, "PASS"), (120, "NOT RUN")]


def _kept(folder: Path) -> Path:
    """A kept prompt run of the stand-in on one fixture at 80, so a rejudge has a cell and drives nothing."""
    from askbench.harness.agents.archive import save_run
    from askbench.harness.agents.driver import Capture, Run
    from askbench.harness.agents.toolcall import ToolCall

    rows = ("Permission required", "  cd /srv/app && rm -rf build", "  Deny (n)")
    raw = ("\x1b[H\x1b[2J" + "\r\n".join(rows)).encode()
    run = Run(
        "standin-chat",
        "bash/compound-cd-then-rm-build",
        80,
        "prompt",
        (Capture("prompt", rows, len(raw)),),
        raw,
        ToolCall("bash", {"command": "cd /srv/app && rm -rf build"}),
    )
    save_run(run, folder)
    return folder


def _partial(runs: Path, *more: str) -> int:
    return main(
        [
            "agents",
            "--cli",
            "standin-chat",
            "--widths",
            "80",
            "--rejudge",
            "--runs",
            str(runs),
            *more,
            str(CORPUS / "bash" / "compound-cd-then-rm-build.json"),
        ]
    )


def test_a_partial_run_leaves_the_published_report_alone_unless_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    runs = _kept(tmp_path / "runs")
    published = tmp_path / "reports" / "agents.md"
    published.parent.mkdir()
    published.write_text("the whole matrix\n")
    assert _partial(runs) == 0
    assert published.read_text() == "the whole matrix\n"
    assert (tmp_path / "reports" / "agents-partial" / "agents.json").is_file()
    err = capsys.readouterr().err
    assert "a partial run (not every pinned CLI (--cli);" in err and "--publish writes it" in err
    assert _partial(runs, "--publish") == 0
    assert "stand-in (chat, sound)" in published.read_text()


def test_no_cell_run_exits_non_zero_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _partial(tmp_path / "no-runs") == 1
    assert "no cell ran" in capsys.readouterr().err
    code = main(["agents", "--cli", "codex", "--cache", str(tmp_path / "none"), "--widths", "80"])
    assert code == 1 and not (tmp_path / "reports").exists()


def test_only_the_whole_matrix_goes_to_the_published_report() -> None:
    from askbench.harness.agents.destination import (
        PARTIAL,
        PUBLISHED,
        partial_reasons,
        report_path,
    )
    from askbench.harness.agents.profiles import PROFILES

    whole = partial_reasons(list(PROFILES), False, [120, 80, 160], 0, False)
    assert whole == () and report_path(None, False, whole) == PUBLISHED
    cut = partial_reasons(list(PROFILES), False, [80, 120, 160], 5, True)
    assert cut == ("5 cells not run", "interrupted") and report_path(None, False, cut) == PARTIAL
    assert report_path(None, True, cut) == PUBLISHED
    assert report_path(Path("x.md"), False, cut) == Path("x.md")
