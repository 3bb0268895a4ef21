"""One stylesheet for every page: each rule scoped to the page it styles, every class a page uses styled there."""

from __future__ import annotations

import re

from askbench.harness.agents.matrix import AgentMatrix
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.verdicts import Verdict
from askbench.harness.drivers.variants import MUTANTS, STYLES
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_discovered
from askbench.harness.reporters.agents_report import to_html as agents_html
from askbench.harness.reporters.corpus_report import corpus_html
from askbench.harness.reporters.gallery_pages import gallery_pages
from askbench.harness.reporters.matrix_report import to_html as matrix_html
from askbench.harness.reporters.mutation_report import to_html as mutation_html
from askbench.harness.reporters.stylesheet import STYLESHEET
from askbench.harness.runners.fixture_screens import gallery_screens
from askbench.harness.runners.matrix import Cell, Implementation, Matrix
from askbench.harness.runners.mutate import (
    Difference,
    FoundViolation,
    MutantResult,
    MutationRun,
    StyleResult,
)
from askbench.harness.runners.results import GateRun
from askbench.harness.terms import Violation

PAGES = ("gallery", "matrix", "agents", "corpus", "mutation")
_RULE = re.compile(r"([^{}]+)\{[^{}]*\}")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CLASSES = re.compile(r'class="([^"]+)"')


def selectors(sheet: str) -> list[str]:
    return [match.group(1).strip() for match in _RULE.finditer(_COMMENT.sub("", sheet))]


def _names(selector: str, name: str) -> bool:
    return re.search(rf"\.{re.escape(name)}(?![\w-])", selector) is not None


def unscoped(sheet: str) -> list[str]:
    """The rules that would style some page other than the one they were written for."""
    return [
        selector
        for selector in selectors(sheet)
        if not re.fullmatch(rf"(body)?\.({'|'.join(PAGES)})(?![\w-]).*", selector, re.S)
    ]


def unstyled(page: str, sheet: str) -> set[str]:
    """The classes ``page`` uses that no rule of its own scope names."""
    scope = re.search(r'<body class="(\w+)">', page)
    assert scope is not None
    rules = [selector for selector in selectors(sheet) if _names(selector, scope.group(1))]
    used = {name for match in _CLASSES.finditer(page) for name in match.group(1).split()}
    return {name for name in used - {scope.group(1)} if not any(_names(r, name) for r in rules)}


def _fixture() -> Fixture:
    fixture = load_discovered(BUILTIN_CORPUS / "bash" / "compound-cd-then-rm-build.json")
    assert isinstance(fixture, Fixture)
    return fixture


def _gallery() -> dict[str, str]:
    return gallery_pages(gallery_screens([_fixture()], (80,)), {}, (80,))


def _matrix() -> str:
    cells = {
        (0, "reference", 80): Cell(),
        (0, "reference", 120): Cell(("layout",), "screens/x.txt"),
        (0, "other", 80): Cell(("CRASH",), "screens/y.txt"),
    }
    columns = [Implementation("reference"), Implementation("other")]
    return matrix_html(Matrix([_fixture()], [], columns, [80, 120], cells))


def _agents() -> str:
    verdicts = (Verdict("standin-chat", "bash/a", 80, "PASS"),)
    return agents_html(AgentMatrix((standin("chat"),), ("bash/a",), (80,), verdicts))


def _mutation() -> str:
    mutant, target = MUTANTS[0], MUTANTS[0].targets[0]
    killed = Difference(target, 80, "bounded", mutant.invariants, mutant.invariants, (), True)
    survived = Difference(target, 80, "complete", (), (), (), True)
    violation = FoundViolation(target, 80, Violation("layout", "bounded", 80, "x"), False)
    mutants = [MutantResult(mutant, {target}, [killed, survived])]
    styles = [StyleResult(STYLES[0], 1, [violation]), StyleResult(STYLES[1], 1, [])]
    return mutation_html(MutationRun([80], 1, [], [], [], mutants, styles))


def test_every_page_carries_the_one_sheet_under_a_scope_of_its_own(run: GateRun) -> None:
    pages = [*_gallery().values(), _matrix(), _agents(), corpus_html(run, [80]), _mutation()]
    scopes = ("gallery", "gallery", "gallery", "matrix", "agents", "corpus", "mutation")
    for page, scope in zip(pages, scopes, strict=True):
        assert f"<style>{STYLESHEET}</style>" in page and f'<body class="{scope}">' in page
    assert {scope for scope in PAGES if f"body.{scope}{{" in STYLESHEET} == set(PAGES)


def test_every_rule_is_scoped_to_one_page() -> None:
    assert selectors(STYLESHEET) and unscoped(STYLESHEET) == []
    assert unscoped(STYLESHEET + "td.ok{color:red} .matrixx td{x:y}") == ["td.ok", ".matrixx td"]


def test_every_class_the_gallery_the_matrix_the_corpus_and_mutation_use_is_styled_on_that_page(
    run: GateRun,
) -> None:
    for page in [*_gallery().values(), _matrix(), corpus_html(run, [80]), _mutation()]:
        assert unstyled(page, STYLESHEET) == set()
    assert {"ok", "fail", "n", "scroll"} <= {
        name for match in _CLASSES.finditer(_mutation()) for name in match.group(1).split()
    }
    assert unstyled(_mutation(), STYLESHEET.replace(".mutation td.n", ".corpus td.n")) == {"n"}
    page = _matrix().replace('class="ok"', 'class="ok shiny"', 1)
    assert unstyled(page, STYLESHEET) == {"shiny"}
    assert unstyled(_matrix(), STYLESHEET.replace(".matrix td.runs", ".gallery td.runs")) == {
        "runs"
    }
