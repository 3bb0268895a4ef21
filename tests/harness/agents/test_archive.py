from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from askbench.harness.agents.archive import load_run, run_path, save_run
from askbench.harness.agents.driver import Capture, Run
from askbench.harness.agents.toolcall import ToolCall


def test_a_kept_run_loads_back_as_it_was(tmp_path: Path) -> None:
    run = Run(
        "codex",
        "bash/a",
        120,
        "prompt",
        (Capture("prompt", ("row", "ünï"), 3),),
        b"\x1b[2Jx\xff",
        ToolCall("shell", {"command": ["bash", "-lc", "ls"]}),
        ("denied",),
        ("shell",),
        ("note",),
        40,
        ("/v1/responses", "/v1/responses"),
        ("/v1/responses",),
    )
    path = save_run(run, tmp_path)
    assert path == run_path(tmp_path, "codex", "bash/a", 120) and path.parent.name == "codex"
    assert load_run(path) == run
    older = replace(run, after_call=None)
    assert load_run(save_run(older, tmp_path)) == older
