"""askbench mutate's report: what no fixture, description or message can break."""

from __future__ import annotations

from pathlib import Path

from hostile_text import HOSTILE, html_survived, markdown_survived
from same_content import differences

from askbench.harness.drivers.variants import MUTANTS, STYLES
from askbench.harness.drivers.variants.definition import Variant
from askbench.harness.fixtures.loading import FixtureProblem
from askbench.harness.reporters.mutation_report import (
    MAX_LISTED,
    mutation_report,
    to_html,
    to_markdown,
    write_mutation_report,
)
from askbench.harness.runners.mutate import (
    Difference,
    FoundViolation,
    MutantResult,
    MutationRun,
    StyleResult,
)
from askbench.harness.terms import Violation


def _run(text: str) -> MutationRun:
    """A run that reaches every section: a latent mutant judged through the adapter, killed here and
    surviving there, a kill the reference shares, a failing style, a problem and an error."""
    target = f"adversarial/{text}"
    mutant = Variant(
        "m",
        text,
        "mutant",
        MUTANTS[0].render,
        ("cap", "layout"),
        (target,),
        latent=True,
        adapter_timeout=1.0,
    )
    killed = Difference(target, 80, "bounded", ("cap",), ("cap",), ("cap",), target=True)
    survived = Difference(target, 30, "complete", (), ("labels",), (), target=True)
    style = Variant("s", text, "style", STYLES[0].render)
    violation = FoundViolation(
        target, 80, Violation("layout", "bounded", 80, text), reference_too=False
    )
    return MutationRun(
        [80, 30],
        1,
        [FixtureProblem(Path(text), text, text)],
        [text],
        [violation],
        [MutantResult(mutant, {target}, [killed, survived])],
        [StyleResult(style, 1, [violation])],
    )


def test_hostile_text_stays_text_in_every_section_of_the_report() -> None:
    run = _run(HOSTILE)
    text = to_markdown(run)
    assert markdown_survived(text) == []
    assert "alert(1)" in text and "\\x1b[2J" in text  # shown, not dropped
    page = to_html(run)
    assert html_survived(page) == []
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "\\x1b[2J" in page


def test_the_html_says_what_the_markdown_says() -> None:
    run = _run("bash/a-7")
    markdown, page = to_markdown(run), to_html(run)
    assert differences(markdown, page) == []
    for heading in ("m — SURVIVED", "s — FAILED"):
        assert f"### {heading}" in markdown and heading in page
    assert (
        '<h3 id="m--survived">m — SURVIVED</h3>' in page and '<a href="#m--survived">m</a>' in page
    )
    assert "(`--targets-only`)" not in markdown and "--targets-only" not in page
    assert differences(markdown, page.replace('<h3 id="s--failed">s — FAILED</h3>', "")) != []
    assert (
        differences(markdown, page.replace('<td class="n">1</td>', '<td class="n">2</td>', 1)) != []
    )


def test_a_long_list_is_cut_at_the_same_place_in_both_formats() -> None:
    run = _run("bash/a-7")
    result = run.mutants[0]
    result.differences.extend(
        Difference(f"bash/s{i}", 80, "bounded", (), ("core",), (), target=True)
        for i in range(MAX_LISTED + 3)
    )
    markdown, page = to_markdown(run), to_html(run)
    assert "- … 4 more survivors" in markdown and "<li>… 4 more survivors</li>" in page
    assert len(mutation_report(run).mutants[0].survivors) == MAX_LISTED
    assert differences(markdown, page) == []


def test_both_formats_are_written_from_one_report(tmp_path: Path) -> None:
    run = _run("bash/a-7")
    written = write_mutation_report(run, tmp_path / "reports")
    assert [path.name for path in written] == ["mutation.md", "mutation.html"]
    assert [path.read_text(encoding="utf-8") for path in written] == [
        to_markdown(run),
        to_html(run),
    ]
