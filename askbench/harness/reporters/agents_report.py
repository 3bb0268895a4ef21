"""``reports/agents.md``, ``.json`` and ``.html``: every CLI × fixture × width, a verdict with its reasons.

The matrix is ``askbench.harness.agents.matrix.AgentMatrix``; a cell the run did
not reach reads ``NOT RUN`` in every format.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ..agents.matrix import NOT_RUN, AgentMatrix
from ..agents.profiles import Profile
from ..agents.verdicts import Verdict
from .escape import html_text
from .stylesheet import STYLESHEET

__all__ = ["to_html", "to_json", "to_markdown", "write_agents_report"]


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


def _screen(verdict: Verdict | None) -> str:
    if verdict is None:
        return NOT_RUN
    reasons = "".join(f"<li>{html_text(str(failure))}</li>" for failure in verdict.failures)
    notes = "".join(f"<li><i>{html_text(note)}</i></li>" for note in verdict.notes)
    screen = html_text("\n".join(row.rstrip() for row in verdict.screen))
    return (
        f'<span class="{verdict.status.split()[0]}">{verdict.width}: {html_text(verdict.status)}</span>'
        f"<ul>{reasons}{notes}</ul><details><summary>screen</summary><pre>{screen}</pre></details>"
    )


def to_html(matrix: AgentMatrix) -> str:
    head = "".join(
        f"<th>{html_text(profile.label)}<br><code>{html_text(profile.spec)}</code></th>"
        for profile in matrix.profiles
    )
    rows = []
    for fixture in matrix.fixtures:
        reference = "<br>".join(
            f"{width}: {html_text(matrix.reference.get((fixture, width), NOT_RUN))}"
            for width in matrix.widths
        )
        cells = "".join(
            "<td>"
            + "".join(_screen(matrix.cell(profile.name, fixture, width)) for width in matrix.widths)
            + "</td>"
            for profile in matrix.profiles
        )
        rows.append(
            f"<tr><td><code>{html_text(fixture)}</code></td><td>{reference}</td>{cells}</tr>"
        )
    context = "".join(
        f"<li>{html_text(key)}: {html_text(value)}</li>" for key, value in matrix.context.items()
    )
    missing = "".join(
        f"<li>not run: {html_text(name)} — {html_text(why)}</li>"
        for name, why in matrix.missing.items()
    )
    return (
        "<!doctype html><meta charset=utf-8><title>askbench agents</title>"
        f'<style>{STYLESHEET}</style><body class="agents">'
        f"<h1>askbench agents</h1><ul>{context}{missing}</ul><table><tr><th>fixture</th><th>askbench reference</th>"
        f"{head}</tr>{''.join(rows)}</table>\n"
    )


def write_agents_report(matrix: AgentMatrix, out: Path) -> None:
    """``out`` with the suffixes ``.md``, ``.json`` and ``.html``, its folder made first."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(to_markdown(matrix), encoding="utf-8")
    out.with_suffix(".json").write_text(to_json(matrix), encoding="utf-8")
    out.with_suffix(".html").write_text(to_html(matrix), encoding="utf-8")
