"""``reports/agents.md``, ``.json`` and ``.html``: every CLI × fixture × width, a verdict with its reasons.

A cell the run did not reach (the CLI is not installed, the run was cut
short) says ``NOT RUN``: the matrix never leaves a cell blank and never
passes one it did not judge.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from .profiles import Profile
from .verdicts import Verdict

__all__ = ["AgentMatrix", "to_markdown", "to_json", "to_html", "NOT_RUN"]

NOT_RUN = "NOT RUN"


@dataclass(frozen=True)
class AgentMatrix:
    """The agent CLIs' verdicts, profile × fixture × width, beside the reference's: what the reports show."""

    profiles: tuple[Profile, ...]
    fixtures: tuple[str, ...]
    widths: tuple[int, ...]
    verdicts: tuple[Verdict, ...]
    reference: Mapping[tuple[str, int], str] = field(default_factory=dict)
    """The askbench reference judged by the gate on the same fixtures: ``PASS`` or ``FAIL: invariants``."""
    missing: Mapping[str, str] = field(default_factory=dict)
    """Profiles not run, with why."""
    context: Mapping[str, str] = field(default_factory=dict)
    """How the run was made: the command, tmux and node versions, the date."""

    def cell(self, profile: str, fixture: str, width: int) -> Verdict | None:
        return self._index.get((profile, fixture, width))

    @property
    def _index(self) -> dict[tuple[str, str, int], Verdict]:
        return {
            (verdict.profile, verdict.fixture, verdict.width): verdict for verdict in self.verdicts
        }


def _short(verdict: Verdict | None) -> str:
    if verdict is None:
        return NOT_RUN
    if verdict.status == "FAIL":
        return "FAIL " + ", ".join(dict.fromkeys(failure.invariant for failure in verdict.failures))
    return verdict.status


def _row_cells(matrix: AgentMatrix, fixture: str) -> list[str]:
    cells = [
        "<br>".join(
            f"{width}: {matrix.reference.get((fixture, width), NOT_RUN)}" for width in matrix.widths
        )
    ]
    for profile in matrix.profiles:
        cells.append(
            "<br>".join(
                f"{width}: {_short(matrix.cell(profile.name, fixture, width))}"
                for width in matrix.widths
            )
        )
    return cells


def _counts(matrix: AgentMatrix, profile: Profile) -> str:
    counts = Counter(
        _status(matrix.cell(profile.name, fixture, width))
        for fixture in matrix.fixtures
        for width in matrix.widths
    )
    return ", ".join(f"{status} {count}" for status, count in sorted(counts.items()))


def _status(verdict: Verdict | None) -> str:
    return verdict.status if verdict else NOT_RUN


def to_markdown(matrix: AgentMatrix) -> str:
    lines = ["# askbench agents: the agent CLIs' own permission prompts, judged", ""]
    lines.append(
        "Versions: "
        + "; ".join(f"**{profile.label}** `{profile.spec}`" for profile in matrix.profiles)
        + "."
    )
    lines.extend(["", *(f"- {key}: {value}" for key, value in matrix.context.items()), ""])
    for name, why in matrix.missing.items():
        lines.append(f"- **not run: {name}** — {why}")
    lines.extend(
        [
            "",
            "Verdicts: `PASS`/`FAIL <invariants>` on the prompt the CLI drew (the raw stream replayed into the judge's "
            "terminal); `REFUSED`: declined before asking (recorded, not failed); `NO PROMPT`: the call was made and "
            "the screen settled without a prompt; `TIMEOUT`: no settled screen in time; `UNSUPPORTED`: the CLI offers no "
            "tool for the call; `CRASH`: the CLI exited before it asked (its status, stderr and last screen); "
            "`STUCK`: not driven, the CLI had shown the same screen without a prompt in several cells in a row; "
            "`NOT RUN`: not reached in this run. The reference column is askbench's own renderer "
            "judged by `askbench check` on the same fixture.",
            "",
        ]
    )
    lines.extend(["| CLI | cells |", "| --- | --- |"])
    lines.extend(f"| {profile.label} | {_counts(matrix, profile)} |" for profile in matrix.profiles)
    header = ["fixture", "askbench reference", *(profile.label for profile in matrix.profiles)]
    lines.extend(["", "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)])
    for fixture in matrix.fixtures:
        lines.append("| `" + fixture + "` | " + " | ".join(_row_cells(matrix, fixture)) + " |")
    lines.extend(["", "## Reasons", ""])
    for fixture in matrix.fixtures:
        reasons = _reasons(matrix, fixture)
        if reasons:
            lines.extend([f"### `{fixture}`", "", *reasons, ""])
    return "\n".join(lines).rstrip() + "\n"


def _reasons(matrix: AgentMatrix, fixture: str) -> list[str]:
    out = []
    for profile in matrix.profiles:
        for width in matrix.widths:
            verdict = matrix.cell(profile.name, fixture, width)
            if verdict is None or verdict.status == "PASS":
                continue
            said = [str(failure) for failure in verdict.failures] + list(verdict.notes)
            out.append(
                f"- {profile.label} @{width} **{verdict.status}**: "
                + "; ".join(said).replace("|", "\\|")
            )
    return out


def to_json(matrix: AgentMatrix) -> str:
    data = {
        "versions": {profile.name: profile.spec for profile in matrix.profiles},
        "context": dict(matrix.context),
        "missing": dict(matrix.missing),
        "widths": list(matrix.widths),
        "fixtures": list(matrix.fixtures),
        "reference": [
            {"fixture": fixture, "width": width, "verdict": verdict}
            for (fixture, width), verdict in sorted(matrix.reference.items())
        ],
        "cells": [
            {
                "cli": profile.name,
                "fixture": fixture,
                "width": width,
                "status": _status(verdict),
                "failures": [
                    {"invariant": failure.invariant, "message": failure.message}
                    for failure in verdict.failures
                ]
                if verdict
                else [],
                "notes": list(verdict.notes) if verdict else [],
            }
            for profile in matrix.profiles
            for fixture in matrix.fixtures
            for width in matrix.widths
            for verdict in (matrix.cell(profile.name, fixture, width),)
        ],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


_STYLE = (
    "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
    "padding:4px;vertical-align:top;font-size:13px}pre{background:#111;color:#ddd;padding:6px;font-size:11px;"
    "line-height:1.15;overflow-x:auto}.PASS{color:#070}.FAIL{color:#b00}.REFUSED{color:#a60}"
)


def _screen(verdict: Verdict | None) -> str:
    if verdict is None:
        return NOT_RUN
    reasons = "".join(f"<li>{html.escape(str(failure))}</li>" for failure in verdict.failures)
    notes = "".join(f"<li><i>{html.escape(note)}</i></li>" for note in verdict.notes)
    screen = html.escape("\n".join(row.rstrip() for row in verdict.screen))
    return (
        f'<span class="{verdict.status.split()[0]}">{verdict.width}: {html.escape(verdict.status)}</span>'
        f"<ul>{reasons}{notes}</ul><details><summary>screen</summary><pre>{screen}</pre></details>"
    )


def to_html(matrix: AgentMatrix) -> str:
    head = "".join(
        f"<th>{html.escape(profile.label)}<br><code>{html.escape(profile.spec)}</code></th>"
        for profile in matrix.profiles
    )
    rows = []
    for fixture in matrix.fixtures:
        reference = "<br>".join(
            f"{width}: {html.escape(matrix.reference.get((fixture, width), NOT_RUN))}"
            for width in matrix.widths
        )
        cells = "".join(
            "<td>"
            + "".join(_screen(matrix.cell(profile.name, fixture, width)) for width in matrix.widths)
            + "</td>"
            for profile in matrix.profiles
        )
        rows.append(
            f"<tr><td><code>{html.escape(fixture)}</code></td><td>{reference}</td>{cells}</tr>"
        )
    context = "".join(
        f"<li>{html.escape(key)}: {html.escape(value)}</li>"
        for key, value in matrix.context.items()
    )
    missing = "".join(
        f"<li>not run: {html.escape(name)} — {html.escape(why)}</li>"
        for name, why in matrix.missing.items()
    )
    return (
        f"<!doctype html><meta charset=utf-8><title>askbench agents</title><style>{_STYLE}</style>"
        f"<h1>askbench agents</h1><ul>{context}{missing}</ul><table><tr><th>fixture</th><th>askbench reference</th>"
        f"{head}</tr>{''.join(rows)}</table>\n"
    )
