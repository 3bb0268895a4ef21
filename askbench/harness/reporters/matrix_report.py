"""``matrix.md`` and ``matrix.html``: the results matrix as tables, each failing cell linked to its screen file.

The matrix is ``askbench.harness.runners.matrix.Matrix``; every name,
command and message in it is escaped on the way out (``escape``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ..runners.matrix import SCREENS_DIR, Implementation, Matrix
from .escape import html_text, md_cell, md_code, md_link
from .stylesheet import STYLESHEET

__all__ = ["to_html", "to_markdown", "write_matrix"]


def _runs_as(implementation: Implementation) -> tuple[str, str]:
    """The command an implementation runs as (empty in process) and how: each report marks the command up its own way."""
    if implementation.command is None:
        return "", "in process" if implementation.source is None else "variant, in process"
    return implementation.command.command, implementation.command.mode


def _describe(implementation: Implementation) -> str:
    command, how = _runs_as(implementation)
    return f"`{command}` ({how})" if command else how


def to_markdown(matrix: Matrix) -> str:
    names = [item.name for item in matrix.implementations]
    out = [
        "# askbench matrix",
        "",
        f"{len(matrix.fixtures)} fixtures × {len(names)} implementations at widths "
        f"{', '.join(map(str, matrix.widths))}, every invariant judged on the terminal models "
        f"{', '.join(map(md_code, matrix.terminals))} (`askbench matrix`). A cell is `ok`, or the invariants "
        "that failed — or `CRASH`, `TIMEOUT`, `BAD_ANSWER` — linked to the screen the gate judged, as the "
        "terminal model named above it showed it.",
        "",
        *([f"Toolchain: {md_cell(matrix.toolchain.line())}.", ""] if matrix.toolchain else []),
        "| implementation | runs as | " + " | ".join(f"@{width}" for width in matrix.widths) + " |",
        "| --- | --- | " + " | ".join("---:" for _ in matrix.widths) + " |",
    ]
    for item in matrix.implementations:
        counts = " | ".join(
            f"{matrix.passed(item.name, width)}/{len(matrix.fixtures)}" for width in matrix.widths
        )
        out.append(f"| {md_cell(item.name)} | {md_cell(_describe(item))} | {counts} |")
    if matrix.problems:
        out += ["", "Malformed fixtures (not judged):", ""]
        out += [
            f"- {md_code(problem.path)}: {md_cell(problem.field)}: {md_cell(problem.message)}"
            for problem in matrix.problems
        ]
    for width in matrix.widths:
        out += [
            "",
            f"## Width {width}",
            "",
            "| fixture | " + " | ".join(map(md_cell, names)) + " |",
            "| --- | " + " | ".join("---" for _ in names) + " |",
        ]
        for index, fixture in enumerate(matrix.fixtures):
            cells = []
            for name in names:
                cell = matrix.cell(index, name, width)
                cells.append("ok" if cell.ok else md_link(cell.text, cell.screen or ""))
            out.append(f"| {md_cell(f'{fixture.id}')} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def to_html(matrix: Matrix) -> str:
    escape = html_text
    names = [item.name for item in matrix.implementations]
    rows = []
    for item in matrix.implementations:
        counts = "".join(
            f"<td>{matrix.passed(item.name, width)}/{len(matrix.fixtures)}</td>"
            for width in matrix.widths
        )
        command, how = _runs_as(item)
        runs = f"<code>{escape(command)}</code> ({escape(how)})" if command else escape(how)
        rows.append(f'<tr><th>{escape(item.name)}</th><td class="runs">{runs}</td>{counts}</tr>')
    summary = (
        "<table><thead><tr><th>implementation</th><th>runs as</th>"
        + "".join(f"<th>@{width}</th>" for width in matrix.widths)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    head = (
        "<tr><th rowspan=2>fixture</th>"
        + "".join(f"<th colspan={len(names)}>@{width}</th>" for width in matrix.widths)
        + "</tr><tr>"
        + "".join(f"<th>{escape(name)}</th>" for _ in matrix.widths for name in names)
        + "</tr>"
    )
    body = []
    for index, fixture in enumerate(matrix.fixtures):
        cells = []
        for width in matrix.widths:
            for name in names:
                cell = matrix.cell(index, name, width)
                if cell.ok:
                    cells.append('<td class="ok">ok</td>')
                    continue
                kind = (
                    "verdict"
                    if set(cell.failures) & {"CRASH", "TIMEOUT", "BAD_ANSWER", "ERROR"}
                    else "fail"
                )
                link = f'<a href="{escape(cell.screen or "")}">{escape(cell.text)}</a>'
                cells.append(f'<td class="{kind}">{link}</td>')
        label = escape(fixture.id)
        body.append(
            f'<tr id="f{index}"><th title="{escape(fixture.description)}">{label}</th>{"".join(cells)}</tr>'
        )
    problems = ""
    if matrix.problems:
        problems = (
            "<h2>Malformed fixtures (not judged)</h2><ul>"
            + "".join(
                f"<li><code>{escape(str(problem.path))}</code>: {escape(problem.field)}: {escape(problem.message)}</li>"
                for problem in matrix.problems
            )
            + "</ul>"
        )
    toolchain = f"<p>Toolchain: {escape(matrix.toolchain.line())}.</p>" if matrix.toolchain else ""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>askbench matrix</title>"
        f'<style>{STYLESHEET}</style></head><body class="matrix"><h1>askbench matrix</h1>'
        f"<p>{len(matrix.fixtures)} fixtures × {len(names)} implementations at widths "
        f"{', '.join(map(str, matrix.widths))}; every invariant judged on the terminal models "
        f"{', '.join(f'<code>{escape(name)}</code>' for name in matrix.terminals)}. A cell is "
        "<b>ok</b>, or the invariants that failed (or CRASH, TIMEOUT, BAD_ANSWER), linked to the screen the gate "
        f"judged, as the terminal model named above it showed it.</p>{toolchain}"
        f'<div class="scroll">{summary}</div>{problems}'
        f"<div class=\"scroll\"><table><thead>{head}</thead><tbody>{''.join(body)}</tbody></table></div>"
        "</body></html>\n"
    )


def write_matrix(matrix: Matrix, screens: dict[str, str], out: Path) -> list[Path]:
    """``matrix.md``, ``matrix.html`` and the failing screens under ``out``; stale screens are removed first."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / SCREENS_DIR, ignore_errors=True)
    for relative, text in screens.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    written = [out / "matrix.md", out / "matrix.html"]
    written[0].write_text(to_markdown(matrix), encoding="utf-8", errors="backslashreplace")
    written[1].write_text(to_html(matrix), encoding="utf-8", errors="backslashreplace")
    return written
