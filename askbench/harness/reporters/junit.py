"""``askbench check --junit FILE``: JUnit XML, the report format CI servers read.

One ``<testsuite>`` per fixture (its path is the suite's ``file`` property,
and every suite's properties name the toolchain its verdicts rest on:
``askbench.toolchain.<tool>``, since a suite is read alone as often as the
whole document) and one ``<testcase>`` per width × view × terminal model. A testcase that
broke invariants has one ``<failure>`` carrying every violation of it, one
per line, and the screen they were read from in ``<system-out>``; an
implementation that crashed, hung or answered nonsense (``CRASH``,
``TIMEOUT``, ``BAD_ANSWER``) is one ``<error>`` (of every model's testcase:
such a verdict names no model). A fixture that could not be built is one
errored testcase, and every unusable path (not found, no fixtures,
malformed, no family) is an errored testcase of the suite
``askbench.unusable``, carrying every problem of that path, so a report never
shows green for input that was not judged. Every testcase has a ``time``:
its view's time, asked for and judged on every terminal model, shared among
that view's testcases (one per model); only here, never in ``--json``
without ``--timings``, which stays identical for identical input.

The document is valid against the Jenkins xUnit ``junit-10.xsd``, and each
``<testsuite>`` in it against Maven Surefire's ``surefire-test-report-3.0.xsd``
(whose documents are one suite each; both vendored in ``tests/harness/schemas``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..fixtures.loading import FixtureProblem
from ..runners.results import FixtureResult, GateRun
from ..runners.toolchain import Toolchain
from ..terms import FAILURE_KINDS, VIEWS, KeptScreen, Violation, WidthResult
from .escape import one_line
from .vocabulary import EVERY_TERMINAL, PROBLEM_LABELS, TERMINALS, shown_path

UNUSABLE_SUITE = "askbench.unusable"
TOOLCHAIN = "askbench.toolchain"
"""The prefix of the suite properties naming what the verdicts rest on (``askbench.toolchain.wcwidth``)."""
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Inert text XML 1.0 can hold: controls as pictures, and the few code points XML forbids as notation."""
    return _NOT_XML.sub(lambda match: f"\u27e8U+{ord(match.group()):04X}\u27e9", one_line(text))


def _testcase(parent: ET.Element, classname: str, name: str, seconds: float = 0.0) -> ET.Element:
    return ET.SubElement(
        parent,
        "testcase",
        {"classname": xml_text(classname), "name": xml_text(name), "time": f"{seconds:.3f}"},
    )


def _outcome(case: ET.Element, tag: str, violations: list[Violation]) -> None:
    """One ``<failure>`` (or ``<error>``) for all these violations: the first as its message, every one in its text."""
    if violations:
        types = dict.fromkeys(violation.invariant for violation in violations)
        first = (
            violations[0].message
            if len(violations) == 1
            else f"{len(violations)} violations: {violations[0].message}"
        )
        element = ET.SubElement(
            case, tag, {"type": xml_text(", ".join(types)), "message": xml_text(first)}
        )
        element.text = "\n".join(xml_text(str(violation)) for violation in violations)


def _screen(case: ET.Element, view: str, width: int, screen: KeptScreen | None) -> None:
    if screen is not None and screen.rows:
        rows = [
            f"{screen.heading(view, width)}:",
            *(f"\u2502{xml_text(row)}" for row in screen.rows),
        ]
        ET.SubElement(case, "system-out").text = "\n".join(rows)


def _width_cases(
    suite: ET.Element, classname: str, width: WidthResult, timings: bool, judged_on: Sequence[str]
) -> None:
    # every view and model judged, and any a violation names besides: nothing is lost
    views = dict.fromkeys([*VIEWS, *(violation.view for violation in width.violations)])
    named = (
        violation.terminal for violation in width.violations if violation.terminal != EVERY_TERMINAL
    )
    terminals = dict.fromkeys([*judged_on, *named])
    for view in views:
        seconds = width.judge_us.get(view, 0.0) / 1e6 / len(terminals) if timings else 0.0
        for terminal in terminals:
            case = _testcase(suite, classname, f"{view} @{width.width} [{terminal}]", seconds)
            mine = [
                violation
                for violation in width.violations
                if violation.view == view and violation.terminal in (terminal, EVERY_TERMINAL)
            ]
            _outcome(
                case,
                "failure",
                [violation for violation in mine if violation.invariant not in FAILURE_KINDS],
            )
            _outcome(
                case,
                "error",
                [violation for violation in mine if violation.invariant in FAILURE_KINDS],
            )
            if mine:
                _screen(case, view, width.width, width.screens.get(view))


def _properties(suite: ET.Element, toolchain: Toolchain | None, **named: str) -> None:
    """The suite's ``<properties>``: ``named`` first, then the toolchain as ``askbench.toolchain.<tool>``."""
    tools = toolchain.entries() if toolchain else ()
    pairs = [*named.items(), *((f"{TOOLCHAIN}.{tool}", value) for tool, value in tools)]
    if pairs:
        properties = ET.SubElement(suite, "properties")
        for name, value in pairs:
            ET.SubElement(properties, "property", {"name": name, "value": xml_text(value)})


def _suite(
    result: FixtureResult,
    timings: bool,
    judged_on: Sequence[str] = TERMINALS,
    toolchain: Toolchain | None = None,
) -> ET.Element:
    classname = result.fixture.id.replace("/", ".")
    suite = ET.Element("testsuite", {"name": xml_text(result.fixture.id)})
    _properties(suite, toolchain, file=shown_path(result.fixture.path))
    if result.error:
        case = _testcase(suite, classname, "build")
        ET.SubElement(
            case, "error", {"type": "unusable", "message": xml_text(result.error)}
        ).text = xml_text(result.error)
    for width in result.widths:
        _width_cases(suite, classname, width, timings, judged_on)
    return suite


def _count(suite: ET.Element) -> None:
    cases = suite.findall("testcase")
    suite.set("tests", str(len(cases)))
    suite.set(
        "failures",
        str(
            sum(
                1
                for case in cases
                if case.find("failure") is not None and case.find("error") is None
            )
        ),
    )
    suite.set("errors", str(sum(1 for case in cases if case.find("error") is not None)))
    suite.set("skipped", "0")
    suite.set("time", f"{sum(float(case.get('time', '0')) for case in cases):.3f}")


def _unusable(run: GateRun) -> ET.Element:
    """One errored testcase per unusable path, carrying every problem of it."""
    suite = ET.Element("testsuite", {"name": UNUSABLE_SUITE})
    _properties(suite, run.toolchain)
    by_path: dict[str, list[FixtureProblem]] = {}
    for problem in run.problems:
        by_path.setdefault(shown_path(problem.path), []).append(problem)
    for path, problems in by_path.items():
        case = _testcase(suite, UNUSABLE_SUITE, path)
        kinds = dict.fromkeys(PROBLEM_LABELS[problem.kind] for problem in problems)
        details = [
            problem.message
            if problem.field.startswith("(")
            else f"{problem.field}: {problem.message}"
            for problem in problems
        ]
        element = ET.SubElement(
            case, "error", {"type": ", ".join(kinds), "message": xml_text(details[0])}
        )
        element.text = "\n".join(xml_text(problem.one()) for problem in problems)
    if not run.results and not run.problems:
        case = _testcase(suite, UNUSABLE_SUITE, "(nothing)")
        ET.SubElement(case, "error", {"type": "NO FIXTURES", "message": "no fixtures were given"})
    return suite


def to_junit(run: GateRun, *, timings: bool = True) -> str:
    """The whole run as a JUnit XML document (a ``<testsuites>`` root); without ``timings`` every ``time`` is
    0.000, so identical input gives an identical document."""
    root = ET.Element("testsuites", {"name": "askbench check"})
    suites = [_suite(result, timings, run.terminals, run.toolchain) for result in run.results]
    if run.problems or not run.results:
        suites.append(_unusable(run))
    for suite in suites:
        _count(suite)
        root.append(suite)
    for total in ("tests", "failures", "errors"):
        root.set(total, str(sum(int(suite.get(total, "0")) for suite in suites)))
    root.set("time", f"{sum(float(suite.get('time', '0')) for suite in suites):.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
