"""``--junit``: valid against the JUnit schema CI servers read; a testcase per fixture x width x view x terminal model."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

import pytest
import xmlschema
from hypothesis import given
from hypothesis import strategies as st

from askbench.harness.reporters.junit import TOOLCHAIN, UNUSABLE_SUITE, to_junit, xml_text
from askbench.harness.reporters.vocabulary import TERMINALS
from askbench.harness.runners.results import GateRun
from askbench.harness.runners.toolchain import gather_toolchain
from askbench.harness.terms import VIEWS

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
SCHEMA = SCHEMAS / "junit-10.xsd"


@pytest.fixture(scope="module")
def junit_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(SCHEMA)


@pytest.fixture(scope="module")
def surefire_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(SCHEMAS / "surefire-test-report-3.0.xsd")


def test_the_report_validates_against_the_jenkins_junit_schema(
    run: GateRun, junit_schema: xmlschema.XMLSchema
) -> None:
    junit_schema.validate(to_junit(run))


def test_every_suite_validates_against_the_surefire_schema(
    run: GateRun, surefire_schema: xmlschema.XMLSchema
) -> None:
    suites = ET.fromstring(to_junit(run)).findall("testsuite")
    assert len(suites) == 4
    for suite in suites:  # a Surefire report is one suite per document
        surefire_schema.validate(ET.tostring(suite, encoding="unicode"))


def test_every_testcase_has_a_time_and_the_suites_add_them_up(run: GateRun) -> None:
    root = ET.fromstring(to_junit(run))
    cases = list(root.iter("testcase"))
    assert cases and all(float(case.get("time", "x")) >= 0 for case in cases)
    for suite in root.findall("testsuite"):
        total = sum(float(case.get("time", "0")) for case in suite.findall("testcase"))
        assert abs(float(suite.get("time", "x")) - total) < 0.001 * (
            len(suite.findall("testcase")) + 1
        )
    assert {
        case.get("time") for case in ET.fromstring(to_junit(run, timings=False)).iter("testcase")
    } == {"0.000"}
    assert to_junit(run, timings=False) == to_junit(run, timings=False)


def test_a_testcase_takes_its_views_judging_time_shared_among_the_models(run: GateRun) -> None:
    passes = next(result for result in run.results if result.fixture.name == "passes")
    timed = replace(
        passes.widths[0], judge_us={"bounded": 6000.0, "complete": 3000.0, "legacy": 0.0}
    )
    report = to_junit(GateRun([replace(passes, widths=[timed])], [], (80,)))
    times = {case.get("name"): case.get("time") for case in ET.fromstring(report).iter("testcase")}
    assert times["bounded @80 [grapheme]"] == times["bounded @80 [codepoint]"] == "0.002"
    assert times["complete @80 [ambiguous-wide]"] == "0.001"
    assert times["legacy @80 [grapheme]"] == "0.000"
    assert 'time="0.009"' in report  # the suite and the root add them up


def test_a_testcase_per_fixture_width_view_and_terminal_model(run: GateRun) -> None:
    root = ET.fromstring(to_junit(run))
    passes = root.find("testsuite[@name='cases/passes']")
    assert passes is not None
    names = [case.get("name") for case in passes.findall("testcase")]
    assert names == [f"{view} @80 [{terminal}]" for view in VIEWS for terminal in TERMINALS]
    file = passes.find("properties/property[@name='file']")
    assert file is not None and file.get("value", "").endswith("cases/passes.json")


def test_every_violation_of_a_testcase_is_in_its_one_failure_beside_the_screen(
    run: GateRun,
) -> None:
    root = ET.fromstring(to_junit(run))
    suite = next(
        s for s in root.findall("testsuite") if (s.get("name") or "").startswith("cases/fails")
    )
    for terminal in TERMINALS:  # the expectations fail on every model's screen
        bounded = suite.find(f"testcase[@name='bounded @80 [{terminal}]']")
        assert bounded is not None
        failures = bounded.findall("failure")
        assert len(failures) == 1 and failures[0].get("type") == "expect"
        lines = (failures[0].text or "").split("\n")
        assert len(lines) == 4 and all(line.startswith("expect") for line in lines)
        assert (failures[0].get("message") or "").startswith("4 violations: ")
        screen = (bounded.findtext("system-out") or "").split("\n")
        assert (
            screen[0] == "the bounded screen at 80 columns on grapheme, codepoint, ambiguous-wide:"
            and "\u2502Permission Required" in screen
        )
    passing = suite.find(f"testcase[@name='complete @80 [{TERMINALS[0]}]']")
    assert passing is not None and passing.find("system-out") is None
    assert suite.get("failures") == str(len(TERMINALS)) and suite.get("tests") == str(
        len(VIEWS) * len(TERMINALS)
    )


def test_unusable_input_is_an_error_never_a_pass(run: GateRun) -> None:
    root = ET.fromstring(to_junit(run))
    unusable = root.find(f"testsuite[@name='{UNUSABLE_SUITE}']")
    assert unusable is not None
    assert sorted(error.get("type", "") for error in unusable.iter("error")) == [
        "MALFORMED",
        "NO FAMILY",
        "NO FIXTURES",
        "NOT FOUND",
    ]
    build = root.find("testsuite[@name='more/command-not-text']/testcase[@name='build']/error")
    assert build is not None and "call.input.command" in (build.get("message") or "")
    assert int(root.get("errors", "0")) == 5


def test_nothing_judged_is_an_error(junit_schema: xmlschema.XMLSchema) -> None:
    document = to_junit(GateRun([], []))
    junit_schema.validate(document)
    assert ET.fromstring(document).get("errors") == "1"


@given(st.text(st.characters(codec=None), max_size=60))
def test_any_text_becomes_xml_that_parses_to_its_inert_form(text: str) -> None:
    element = ET.fromstring(
        f"<x>{ET.tostring(ET.Element('y', {'m': xml_text(text)}), encoding='unicode')}</x>"
    )
    shown = element[0].get("m") or ""
    assert shown == xml_text(text)
    assert not any(ord(char) < 0x20 for char in shown)


def test_every_suite_names_the_toolchain_in_its_properties(run: GateRun) -> None:
    expected = {
        f"{TOOLCHAIN}.{name}": value for name, value in gather_toolchain(TERMINALS).entries()
    }
    for suite in ET.fromstring(to_junit(run)).findall("testsuite"):
        properties = {
            item.get("name"): item.get("value") for item in suite.findall("properties/property")
        }
        assert {name: value for name, value in properties.items() if name != "file"} == expected
        for name in ("askbench", "wcwidth", "pyte", "tree-sitter-powershell"):
            assert properties[f"{TOOLCHAIN}.{name}"] == version(name)
