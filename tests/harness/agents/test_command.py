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
