"""GitHub Actions annotations: ``--github``, on by default when ``GITHUB_ACTIONS`` is ``true``.

Workflow commands on stdout (``::error file=…,line=…,title=…::message``) become
annotations on the run and on the pull request's files. One per failing
fixture, naming every violation, and one per unusable path: GitHub shows
only the first few annotations of a step, so one per violation would bury
the rest. ``line`` points at the fixture's JSON where that is known: an
unusable file's problem at its field, a failing fixture at its ``expect``
when only expectations failed, else at its ``call`` (what the screen shows).
Property values and messages are escaped as the runner expects (``%``, CR,
LF; and ``:`` ``,`` in properties), after the text is made inert.
"""

from __future__ import annotations

from ..fixtures.json_positions import line_of
from ..runners.results import FixtureResult, GateRun
from .escape import one_line
from .vocabulary import PROBLEM_LABELS, merged_violations, shown_path


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _command(file: str, title: str, lines: list[str], line: int | None = None) -> str:
    message = "\n".join(one_line(line) for line in lines)
    at = f",line={line}" if line is not None else ""
    return f"::error file={_property(one_line(file))}{at},title={_property(one_line(title))}::{_data(message)}"


def _fixture_line(result: FixtureResult) -> int | None:
    """The line of the part of the fixture its failure is about, or ``None`` when the file cannot be read."""
    only_expectations = result.error is None and all(
        v.invariant == "expect" for v in result.violations
    )
    try:
        text = result.fixture.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return line_of(text, ("expect",) if only_expectations else ("call",))


def workflow_commands(run: GateRun) -> list[str]:
    """One ``::error`` workflow command per unusable path and per failing fixture."""
    commands = [
        _command(
            shown_path(problem.path),
            f"askbench: {PROBLEM_LABELS[problem.kind].lower()}",
            [f"{problem.field}: {problem.message}"],
            problem.line,
        )
        for problem in run.problems
    ]
    if not run.results and not run.problems:
        commands.append(_command(".", "askbench: nothing judged", ["no fixtures were given"]))
    for result in run.failed:
        lines = [result.error] if result.error else merged_violations(result.violations)
        commands.append(
            _command(
                shown_path(result.fixture.path),
                f"askbench: {result.fixture.id}",
                lines,
                _fixture_line(result),
            )
        )
    return commands
