"""``askbench agents --shard K/N`` on the stand-ins, merged: the report an unsharded run writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))
from agents_cases import CORPUS, needs_tmux  # noqa: E402

from askbench.harness.agents.merge import RUN_TIME  # noqa: E402
from askbench.harness.agents.shard_file import SHARD_FILE  # noqa: E402
from askbench.harness.frontends.cli import main  # noqa: E402

FIXTURES = [
    str(CORPUS / "bash" / "compound-cd-then-rm-build.json"),
    str(CORPUS / "adversarial" / "bash-sgr-conceal-hidden-exfil.json"),
]
CLIS = ["--cli", "standin-chat", "--cli", "standin-gemini"]


def _run(out: Path, *more: str) -> int:
    return main(
        ["agents", *CLIS, "--widths", "80,120", "--jobs", "4", "--timeout", "15"]
        + ["--runs", str(out.parent / "runs"), "--out", str(out), *more, *FIXTURES]
    )


def _found(report: Path) -> str:
    """The JSON report with the context fields of how the run went (``RUN_TIME``) left out."""
    data = json.loads(report.with_suffix(".json").read_text())
    data["context"] = {key: value for key, value in data["context"].items() if key not in RUN_TIME}
    return json.dumps(data, indent=1, ensure_ascii=False)


def _without_run_time(report: Path) -> list[str]:
    lines = report.read_text().splitlines()
    said = tuple(f"{start}{key}:" for start in ("- ", "<li>") for key in RUN_TIME)
    return [line for line in lines if not line.startswith(said)]


@needs_tmux
def test_a_sharded_run_merged_is_the_unsharded_run(tmp_path: Path) -> None:
    whole, first, second = (tmp_path / name / "agents.md" for name in ("whole", "1", "2"))
    assert _run(whole) == 0
    assert _run(first, "--shard", "1/2") == 0 and _run(second, "--shard", "2/2") == 0
    assert (first.parent / SHARD_FILE).is_file() and not (whole.parent / SHARD_FILE).exists()
    one = json.loads(first.with_suffix(".json").read_text())
    assert {cell["status"] for cell in one["cells"]} >= {"NOT RUN"}  # half of it
    merged = tmp_path / "merged" / "agents.md"
    assert (
        main(["agents", "merge", str(first.parent), str(second.parent), "--out", str(merged)]) == 0
    )
    assert _found(merged) == _found(whole)
    cells = json.loads(merged.with_suffix(".json").read_text())["cells"]
    assert len(cells) == 8 and "NOT RUN" not in {cell["status"] for cell in cells}
    assert _without_run_time(merged) == _without_run_time(whole)
    assert _without_run_time(merged.with_suffix(".html")) == _without_run_time(
        whole.with_suffix(".html")
    )
    context = json.loads(merged.with_suffix(".json").read_text())["context"]
    assert context["shards"].startswith("2 of 2 merged: 1/2 took ")


def _shard_of(tmp_path: Path, index: int, count: int) -> Path:
    """A shard of the stand-in judged again from a kept run (driving nothing)."""
    from askbench.harness.agents.archive import save_run
    from askbench.harness.agents.driver import Capture, Run
    from askbench.harness.agents.toolcall import ToolCall

    rows = ("Permission required", "  cd /srv/app && rm -rf build", "  Deny (n)")
    raw = ("\x1b[H\x1b[2J" + "\r\n".join(rows)).encode()
    call = ToolCall("bash", {"command": "cd /srv/app && rm -rf build"})
    for cli in ("standin-chat", "standin-gemini"):
        run = Run(
            cli,
            "bash/compound-cd-then-rm-build",
            80,
            "prompt",
            (Capture("prompt", rows, len(raw)),),
            raw,
            call,
        )
        save_run(run, tmp_path / "runs")
    out = tmp_path / f"{index}" / "agents.md"
    code = main(
        ["agents", *CLIS, "--widths", "80", "--rejudge", "--runs", str(tmp_path / "runs")]
        + ["--shard", f"{index}/{count}", "--out", str(out), FIXTURES[0]]
    )
    assert code == 0
    return out.parent


def test_a_missing_shard_makes_the_merged_run_partial(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    first = _shard_of(tmp_path, 1, 2)
    assert main(["agents", "merge", str(first)]) == 0
    err = capsys.readouterr().err
    assert "shard 2/2 not given" in err and not (tmp_path / "reports" / "agents.md").exists()
    data = json.loads((tmp_path / "reports" / "agents-partial" / "agents.json").read_text())
    assert [cell["status"] for cell in data["cells"]] == ["PASS", "NOT RUN"]


def test_shards_that_do_not_belong_together_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _shard_of(tmp_path / "a", 1, 2)
    other = _shard_of(tmp_path / "b", 1, 3)
    assert main(["agents", "merge", str(first), str(other)]) == 2
    assert "not a slice of the run" in capsys.readouterr().err
    assert main(["agents", "merge", str(tmp_path / "nowhere")]) == 2


def test_an_empty_slice_writes_an_empty_shard_and_succeeds(tmp_path: Path) -> None:
    folder = _shard_of(tmp_path, 3, 3)
    data = json.loads((folder / SHARD_FILE).read_text())
    assert data["pairs"] == [] and data["verdicts"] == []


def test_the_merge_command_has_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["agents", "merge", "--help"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.startswith("usage: askbench agents merge")


WORKFLOW = Path(__file__).resolve().parents[3] / ".github" / "workflows" / "agents.yml"


def _workflow_commands() -> list[list[str]]:
    """The askbench command lines the workflow runs, its expressions filled with a shard's values."""
    import re
    import shlex

    text = WORKFLOW.read_text()
    for expression, value in (
        (r"\$\{\{ matrix\.shard \}\}", "2"),
        (r"\$SHARDS|\$\{\{ env\.SHARDS \}\}", "4"),
        (r"\$\(nproc\)", "8"),
    ):
        text = re.sub(expression, value, text)
    arguments = re.search(r'AGENTS_ARGS="([^"]*)"', text)
    merge = re.search(r"askbench (agents merge .*)", text)
    assert arguments is not None and merge is not None
    return [["agents", "--install", *shlex.split(arguments.group(1))], shlex.split(merge.group(1))]


def test_the_workflow_s_commands_are_commands_askbench_takes() -> None:
    from askbench.harness.frontends.agents_command import cmd_agents
    from askbench.harness.frontends.agents_merge_command import cmd_agents_merge
    from askbench.harness.frontends.cli import _parse

    shard, merge = (_parse(command) for command in _workflow_commands())
    assert shard.run is cmd_agents and str(shard.shard) == "2/4" and shard.jobs == 8
    assert merge.run is cmd_agents_merge and merge.shards == [Path("shards/agents-shard-*")]
    makefile = (WORKFLOW.parents[2] / "Makefile").read_text()
    assert "\nagents: " in makefile and "/.installed-gate\n" in makefile


def test_the_workflow_s_matrix_is_every_shard_once() -> None:
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load(WORKFLOW.read_text())
    count = int(workflow["env"]["SHARDS"])
    shards = workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"]
    assert shards == list(range(1, count + 1))
    assert workflow["jobs"]["merge"]["needs"] == "shard"
