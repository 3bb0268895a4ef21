"""``matrix.md`` and ``matrix.html``: the results matrix as tables, each failing cell linked to its screen file.

The matrix is ``askbench.harness.runners.matrix.Matrix``; both pages are one
``MatrixReport`` through ``templates/matrix.md`` and ``templates/matrix.html``,
so they hold the same counts, sections and cells, every name, command and
message escaped on the way out by the templates' filters (``templates``).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..runners.matrix import SCREENS_DIR, Cell, Implementation, Matrix
from .corpus_report import ProblemRow
from .templates import render_html, render_markdown

__all__ = ["MatrixReport", "matrix_report", "to_html", "to_markdown", "write_matrix"]

_VERDICTS = frozenset({"CRASH", "TIMEOUT", "BAD_ANSWER", "ERROR"})
"""Failures that are no invariant's: the renderer gave no frame to judge, a cell the HTML marks apart."""


@dataclass(frozen=True)
class ImplementationRow:
    """A column of the matrix in the summary: how it runs, and how many fixtures it passed at each width."""

    name: str
    command: str
    """The command it runs as; empty for the reference and a variant, which run in process."""
    how: str
    passed: tuple[int, ...]

    @property
    def runs_as(self) -> str:
        """How it runs as one line of text, the command in backticks (the Markdown escapes them as text)."""
        return f"`{self.command}` ({self.how})" if self.command else self.how


@dataclass(frozen=True)
class ShownCell:
    """One fixture × implementation × width: ``ok``, or what failed, linked to its screen."""

    text: str
    screen: str
    kind: Literal["ok", "fail", "verdict"]


@dataclass(frozen=True)
class FixtureRow:
    fixture: str
    description: str
    cells: tuple[tuple[ShownCell, ...], ...]
    """Per width, in the report's order, the cell of each implementation."""


@dataclass(frozen=True)
class MatrixReport:
    """What ``matrix.md`` and ``matrix.html`` say, both from this alone."""

    fixtures: int
    widths: tuple[int, ...]
    terminals: tuple[str, ...]
    toolchain: str | None
    implementations: tuple[ImplementationRow, ...]
    problems: tuple[ProblemRow, ...]
    rows: tuple[FixtureRow, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self.implementations)


def _runs_as(implementation: Implementation) -> tuple[str, str]:
    """The command an implementation runs as (empty in process) and how: each report marks the command up its own way."""
    if implementation.command is None:
        return "", "in process" if implementation.source is None else "variant, in process"
    return implementation.command.command, implementation.command.mode


def _shown(cell: Cell) -> ShownCell:
    if cell.ok:
        return ShownCell(cell.text, "", "ok")
    return ShownCell(
        cell.text, cell.screen or "", "verdict" if _VERDICTS & set(cell.failures) else "fail"
    )


def matrix_report(matrix: Matrix) -> MatrixReport:
    names = [item.name for item in matrix.implementations]
    return MatrixReport(
        fixtures=len(matrix.fixtures),
        widths=tuple(matrix.widths),
        terminals=tuple(matrix.terminals),
        toolchain=matrix.toolchain.line() if matrix.toolchain else None,
        implementations=tuple(
            ImplementationRow(
                item.name,
                *_runs_as(item),
                tuple(matrix.passed(item.name, width) for width in matrix.widths),
            )
            for item in matrix.implementations
        ),
        problems=tuple(
            ProblemRow(str(p.path), p.kind, p.field, p.message) for p in matrix.problems
        ),
        rows=tuple(
            FixtureRow(
                fixture.id,
                fixture.description,
                tuple(
                    tuple(_shown(matrix.cell(index, name, width)) for name in names)
                    for width in matrix.widths
                ),
            )
            for index, fixture in enumerate(matrix.fixtures)
        ),
    )


def to_markdown(matrix: Matrix) -> str:
    return render_markdown("matrix", report=matrix_report(matrix))


def to_html(matrix: Matrix) -> str:
    return render_html("matrix", report=matrix_report(matrix))


def write_matrix(matrix: Matrix, screens: dict[str, str], out: Path) -> list[Path]:
    """``matrix.md``, ``matrix.html`` and the failing screens under ``out``; stale screens are removed first."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / SCREENS_DIR, ignore_errors=True)
    for relative, text in screens.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    report = matrix_report(matrix)
    written = [out / "matrix.md", out / "matrix.html"]
    written[0].write_text(
        render_markdown("matrix", report=report), encoding="utf-8", errors="backslashreplace"
    )
    written[1].write_text(
        render_html("matrix", report=report), encoding="utf-8", errors="backslashreplace"
    )
    return written
