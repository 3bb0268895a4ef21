"""``askbench check --junit FILE``: JUnit XML, the report format CI servers read.

One ``<testsuite>`` per fixture (``file`` is its path) and one
``<testcase>`` per width × view × terminal model, carrying every violation
of it: a broken invariant is a ``<failure>``, an implementation that
crashed, hung or answered nonsense (``CRASH``, ``TIMEOUT``, ``BAD_ANSWER``)
an ``<error>`` (of every model's testcase: such a verdict names no model). A fixture that could not be built is one errored testcase,
and every unusable path (not found, no fixtures, malformed, no family) is
an errored testcase of the suite ``askbench.unusable``, so a report never
shows green for input that was not judged. Valid against the Jenkins xUnit
``junit-10.xsd`` (vendored in ``tests/harness/schemas``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..checks import Violation
from ..gate import FixtureResult, GateRun
from ..protocol import VERDICTS, VIEWS
from .vocabulary import EVERY_TERMINAL, PROBLEM_LABELS, TERMINALS, fixture_id, one_line, shown_path

UNUSABLE_SUITE = "askbench.unusable"
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Inert text XML 1.0 can hold: controls as pictures, and the few code points XML forbids as notation."""
    return _NOT_XML.sub(lambda match: f"\u27e8U+{ord(match.group()):04X}\u27e9", one_line(text))


def _testcase(parent: ET.Element, classname: str, name: str) -> ET.Element:
    return ET.SubElement(parent, "testcase", {"classname": xml_text(classname), "name": xml_text(name)})


def _violation(case: ET.Element, violation: Violation) -> None:
    tag = "error" if violation.invariant in VERDICTS else "failure"
    element = ET.SubElement(case, tag, {"type": violation.invariant, "message": xml_text(violation.message)})
    element.text = xml_text(str(violation))


def _suite(result: FixtureResult, judged_on: Sequence[str] = TERMINALS) -> ET.Element:
    classname = fixture_id(result.fixture).replace("/", ".")
    suite = ET.Element("testsuite", {"name": xml_text(fixture_id(result.fixture)),
                                     "file": xml_text(shown_path(result.fixture.path))})
    if result.error:
        case = _testcase(suite, classname, "build")
        ET.SubElement(case, "error", {"type": "unusable", "message": xml_text(result.error)}).text = xml_text(result.error)
    for width in result.widths:
        # every view and model judged, and any a violation names besides: nothing is lost
        views = dict.fromkeys([*VIEWS, *(violation.view for violation in width.violations)])
        named = (violation.terminal for violation in width.violations if violation.terminal != EVERY_TERMINAL)
        terminals = dict.fromkeys([*judged_on, *named])
        for view in views:
            for terminal in terminals:
                case = _testcase(suite, classname, f"{view} @{width.width} [{terminal}]")
                for violation in width.violations:
                    if violation.view == view and violation.terminal in (terminal, EVERY_TERMINAL):
                        _violation(case, violation)
    return suite


def _count(suite: ET.Element) -> None:
    cases = suite.findall("testcase")
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for case in cases if case.find("failure") is not None and case.find("error") is None)))
    suite.set("errors", str(sum(1 for case in cases if case.find("error") is not None)))
    suite.set("skipped", "0")


def to_junit(run: GateRun) -> str:
    """The whole run as a JUnit XML document (a ``<testsuites>`` root), deterministic for identical input."""
    root = ET.Element("testsuites", {"name": "askbench check"})
    suites = [_suite(result, run.terminals) for result in run.results]
    if run.problems or not run.results:
        unusable = ET.Element("testsuite", {"name": UNUSABLE_SUITE})
        for problem in run.problems:
            case = _testcase(unusable, UNUSABLE_SUITE, shown_path(problem.path))
            detail = f"{problem.field}: {problem.message}"
            ET.SubElement(case, "error", {"type": PROBLEM_LABELS[problem.kind], "message": xml_text(detail)}).text = (
                xml_text(f"{shown_path(problem.path)}: {detail}")
            )
        if not run.results and not run.problems:
            case = _testcase(unusable, UNUSABLE_SUITE, "(nothing)")
            ET.SubElement(case, "error", {"type": "NO FIXTURES", "message": "no fixtures were given"})
        suites.append(unusable)
    for suite in suites:
        _count(suite)
        root.append(suite)
    for total in ("tests", "failures", "errors"):
        root.set(total, str(sum(int(suite.get(total, "0")) for suite in suites)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
