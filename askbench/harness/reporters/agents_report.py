"""``reports/agents.md``, ``.json`` and ``.html``: every CLI × fixture × width, a verdict with its reasons.

The matrix is ``askbench.harness.agents.matrix.AgentMatrix``; a cell the run did
not reach reads ``NOT RUN`` in every format. The Markdown and the HTML are one
``AgentsReport`` through ``templates/agents.md`` and ``templates/agents.html``:
the same versions, run context, legend, counts, findings (``agents.findings``:
one per defect, with the call, the CLI's configuration, the screens and the
bytes quoted in code blocks), matrix and reasons, the HTML with each cell's
screen besides.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..agents.findings import PLACES, AgentFinding, findings
from ..agents.matrix import NOT_RUN, AgentMatrix
from ..agents.profiles import Profile
from ..agents.verdicts import Verdict
from .templates import render_html, render_markdown

__all__ = ["agents_report", "to_html", "to_json", "to_markdown", "write_agents_report"]


def _short(verdict: Verdict | None) -> str:
    if verdict is None:
        return NOT_RUN
    if verdict.status == "FAIL":
        return "FAIL " + ", ".join(dict.fromkeys(failure.invariant for failure in verdict.failures))
    return verdict.status


def _counts(matrix: AgentMatrix, profile: Profile) -> str:
    counts = Counter(
        _status(matrix.cell(profile.name, fixture, width))
        for fixture in matrix.fixtures
        for width in matrix.widths
    )
    return ", ".join(f"{status} {count}" for status, count in sorted(counts.items()))


def _status(verdict: Verdict | None) -> str:
    return verdict.status if verdict else NOT_RUN


LEGEND: tuple[tuple[str, str], ...] = (
    (
        "PASS/FAIL <invariants>",
        "on the prompt the CLI drew (the raw stream replayed into the judge's terminal)",
    ),
    ("REFUSED", "declined before asking (recorded, not failed)"),
    ("NO PROMPT", "the call was made and the screen settled without a prompt"),
    ("TIMEOUT", "no settled screen in time"),
    ("UNSUPPORTED", "the CLI offers no tool for the call"),
    ("CRASH", "the CLI exited before it asked (its status, stderr and last screen)"),
    (
        "STUCK",
        "not driven, the CLI had shown the same screen without a prompt in several cells in a row",
    ),
    (NOT_RUN, "not reached in this run"),
)
"""What each verdict means, in both formats."""


@dataclass(frozen=True)
class Shown:
    """One cell at one width as the matrix shows it: ``80: FAIL rows``, and the screen the verdict was read on."""

    width: int
    text: str
    status: str
    screen: str = ""

    @property
    def line(self) -> str:
        return f"{self.width}: {self.text}"


@dataclass(frozen=True)
class Row:
    fixture: str
    reference: tuple[str, ...]
    cells: tuple[tuple[Shown, ...], ...]
    """Per CLI, in the order of the report's CLIs, its cell at every width."""


@dataclass(frozen=True)
class Reason:
    cli: str
    width: int
    status: str
    said: str


@dataclass(frozen=True)
class ShownFinding:
    """One finding as both formats show it; the blocks are text a code block holds as it is."""

    title: str
    paragraph: str
    fixtures: tuple[str, ...]
    widths: str
    cells: tuple[str, ...]
    call: str
    configuration: tuple[tuple[str, str], ...]
    excerpt: str
    """What the quoted bytes are and where they start; empty when none were quoted."""
    excerpt_text: str
    screens: tuple[tuple[str, str], ...]


def _shown_finding(number: int, finding: AgentFinding) -> ShownFinding:
    exhibit = finding.example.exhibit
    excerpt = exhibit.excerpt if exhibit else None
    return ShownFinding(
        f"{number}. {finding.label} {finding.spec}: {finding.invariant}, {finding.reason}",
        finding.paragraph,
        finding.fixtures,
        ", ".join(map(str, finding.widths)),
        tuple(f"{cell.fixture} @{cell.width}: {cell.message}" for cell in finding.cells),
        exhibit.call if exhibit else "",
        finding.configuration,
        f"{excerpt.what}, from character {excerpt.start} of the stream" if excerpt else "",
        excerpt.text if excerpt else "",
        tuple(
            (step, "\n".join(row.rstrip() for row in rows).rstrip())
            for step, rows in (exhibit.screens if exhibit else ())
        ),
    )


@dataclass(frozen=True)
class AgentsReport:
    """What ``agents.md`` and ``agents.html`` say, both from this alone."""

    versions: tuple[tuple[str, str], ...]
    """Each CLI's label and its package at its version."""
    context: tuple[tuple[str, str], ...]
    missing: tuple[tuple[str, str], ...]
    counts: tuple[tuple[str, str], ...]
    """Each CLI's label and how many of its cells had each status."""
    rows: tuple[Row, ...]
    reasons: tuple[tuple[str, tuple[Reason, ...]], ...]
    """Per fixture with any, every cell that did not pass, with what the judge said."""
    findings: tuple[ShownFinding, ...] = ()
    places: tuple[tuple[str, str], ...] = PLACES
    legend: tuple[tuple[str, str], ...] = LEGEND


def _shown(verdict: Verdict | None, width: int) -> Shown:
    if verdict is None:
        return Shown(width, NOT_RUN, NOT_RUN)
    screen = "\n".join(row.rstrip() for row in verdict.screen)
    return Shown(width, _short(verdict), verdict.status, screen)


def _reasons(matrix: AgentMatrix, fixture: str) -> tuple[Reason, ...]:
    return tuple(
        Reason(
            profile.label,
            width,
            verdict.status,
            "; ".join([str(failure) for failure in verdict.failures] + list(verdict.notes)),
        )
        for profile in matrix.profiles
        for width in matrix.widths
        for verdict in (matrix.cell(profile.name, fixture, width),)
        if verdict is not None and verdict.status != "PASS"
    )


def _row(matrix: AgentMatrix, fixture: str) -> Row:
    return Row(
        fixture,
        tuple(
            f"{width}: {matrix.reference.get((fixture, width), NOT_RUN)}" for width in matrix.widths
        ),
        tuple(
            tuple(
                _shown(matrix.cell(profile.name, fixture, width), width) for width in matrix.widths
            )
            for profile in matrix.profiles
        ),
    )


def agents_report(matrix: AgentMatrix) -> AgentsReport:
    reasons = ((fixture, _reasons(matrix, fixture)) for fixture in matrix.fixtures)
    return AgentsReport(
        versions=tuple((profile.label, profile.spec) for profile in matrix.profiles),
        context=tuple(matrix.context.items()),
        missing=tuple(matrix.missing.items()),
        counts=tuple((profile.label, _counts(matrix, profile)) for profile in matrix.profiles),
        rows=tuple(_row(matrix, fixture) for fixture in matrix.fixtures),
        reasons=tuple((fixture, found) for fixture, found in reasons if found),
        findings=tuple(
            _shown_finding(number, finding)
            for number, finding in enumerate(findings(matrix), start=1)
        ),
    )


def to_markdown(matrix: AgentMatrix) -> str:
    return render_markdown("agents", report=agents_report(matrix))


def to_html(matrix: AgentMatrix) -> str:
    return render_html("agents", report=agents_report(matrix))


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


def write_agents_report(matrix: AgentMatrix, out: Path) -> None:
    """``out`` with the suffixes ``.md``, ``.json`` and ``.html``, its folder made first."""
    out.parent.mkdir(parents=True, exist_ok=True)
    report = agents_report(matrix)
    out.with_suffix(".md").write_text(render_markdown("agents", report=report), encoding="utf-8")
    out.with_suffix(".json").write_text(to_json(matrix), encoding="utf-8")
    out.with_suffix(".html").write_text(render_html("agents", report=report), encoding="utf-8")
