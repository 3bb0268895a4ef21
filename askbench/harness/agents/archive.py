"""Runs kept on disk, so a matrix can be judged again without driving the CLIs again.

A run is what the CLI did (screens, raw bytes, what the model heard); the
verdict is the judge's reading of it. Keeping the first lets a change to
the second be applied to a whole matrix in seconds (``askbench agents
--rejudge``).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from .driver import Capture, Run
from .toolcall import ToolCall

__all__ = ["run_path", "save_run", "load_run"]


def run_path(folder: Path, profile: str, fixture: str, width: int) -> Path:
    return folder / profile / f"{fixture.replace('/', '+')}@{width}.json"


def save_run(run: Run, folder: Path) -> Path:
    path = run_path(folder, run.profile, run.fixture, run.width)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "profile": run.profile,
        "fixture": run.fixture,
        "width": run.width,
        "outcome": run.outcome,
        "captures": [
            {"step": capture.step, "rows": list(capture.rows), "offset": capture.offset}
            for capture in run.captures
        ],
        "raw": base64.b64encode(run.raw).decode(),
        "call": {"name": run.call.name, "arguments": run.call.arguments} if run.call else None,
        "results": list(run.results),
        "offered": list(run.offered),
        "notes": list(run.notes),
        "height": run.height,
        "requests": list(run.requests),
        "after_call": None if run.after_call is None else list(run.after_call),
        "exit_status": run.exit_status,
        "stderr": run.stderr,
    }
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def load_run(path: Path) -> Run:
    data = json.loads(path.read_text(encoding="utf-8"))
    call = data["call"]
    return Run(
        data["profile"],
        data["fixture"],
        data["width"],
        data["outcome"],
        tuple(
            Capture(item["step"], tuple(item["rows"]), item["offset"]) for item in data["captures"]
        ),
        base64.b64decode(data["raw"]),
        ToolCall(call["name"], call["arguments"]) if call else None,
        tuple(data["results"]),
        tuple(data["offered"]),
        tuple(data["notes"]),
        data["height"],
        tuple(data["requests"]),
        None if data.get("after_call") is None else tuple(data["after_call"]),
        data.get("exit_status"),
        data.get("stderr", ""),
    )
