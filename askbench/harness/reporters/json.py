"""``askbench check --json``: the run for machines, identical for identical input.

Two runs of the same corpus give byte-identical output, so CI can diff
them: nothing depends on the clock or the machine unless ``--timings`` asks
for the render times. Row counts are ask rows (``reporters.vocabulary``);
``toolchain`` names what the verdicts rest on, the same for every run on
one machine.
"""

from __future__ import annotations

import json

from ..runners.results import FixtureResult, GateRun
from ..terms import WidthResult
from .vocabulary import shown_path

FORMAT = "askbench.check/1"


def _width(width: WidthResult, timings: bool) -> dict[str, object]:
    entry: dict[str, object] = {
        "width": width.width,
        "ask_rows": {
            "legacy": width.legacy_rows,
            "bounded": width.bounded_rows,
            "complete": width.complete_rows,
        },
        "elided": width.elided,
        "read_as_drawn": width.read_as_drawn,
        "violations": [
            {"invariant": v.invariant, "view": v.view, "terminal": v.terminal, "message": v.message}
            for v in width.violations
        ],
    }
    if timings:
        entry["render_us"] = round(width.render_us, 1)
    return entry


def _fixture(result: FixtureResult, timings: bool) -> dict[str, object]:
    return {
        "id": result.fixture.id,
        "family": result.fixture.family,
        "path": shown_path(result.fixture.path),
        "passed": result.passed,
        "error": result.error,
        "widths": [_width(width, timings) for width in result.widths],
    }


def to_json(run: GateRun, *, timings: bool = False, failures_only: bool = False) -> str:
    failed = len(run.failed)
    report = {
        "format": FORMAT,
        "exit_code": run.exit_code,
        "widths": list(run.widths),
        "terminals": list(run.terminals),
        "toolchain": dict(run.toolchain.entries()) if run.toolchain else None,
        "summary": {
            "fixtures": len(run.results),
            "passed": len(run.results) - failed,
            "failed": failed,
            "problems": len(run.problems),
        },
        "fixtures": [
            _fixture(result, timings)
            for result in run.results
            if not (failures_only and result.passed)
        ],
        "problems": [
            {
                "kind": p.kind,
                "path": shown_path(p.path),
                "line": p.line,
                "field": p.field,
                "message": p.message,
            }
            for p in run.problems
        ],
    }
    return json.dumps(report, indent=2, ensure_ascii=False)
