"""askbench mutate's report: what no fixture, description or message can break."""

from __future__ import annotations

from pathlib import Path

from hostile_text import HOSTILE, markdown_survived

from askbench.harness.drivers.variants import MUTANTS, STYLES
from askbench.harness.drivers.variants.definition import Variant
from askbench.harness.fixtures.loading import FixtureProblem
from askbench.harness.reporters.mutation_report import to_markdown
from askbench.harness.runners.mutate import (
    Difference,
    FoundViolation,
    MutantResult,
    MutationRun,
    StyleResult,
)
from askbench.harness.terms import Violation


def test_hostile_text_stays_text_in_every_section_of_the_report() -> None:
    target = f"adversarial/{HOSTILE}"
    mutant = Variant(
        "m",
        HOSTILE,
        "mutant",
        MUTANTS[0].render,
        ("cap", "layout"),
        (target,),
        latent=True,
        adapter_timeout=1.0,
    )
    killed = Difference(target, 80, "bounded", ("cap",), ("cap",), ("cap",), target=True)
    survived = Difference(target, 30, "complete", (), ("labels",), (), target=True)
    style = Variant("s", HOSTILE, "style", STYLES[0].render)
    violation = FoundViolation(
        target, 80, Violation("layout", "bounded", 80, HOSTILE), reference_too=False
    )
    run = MutationRun(
        [80, 30],
        1,
        [FixtureProblem(Path(HOSTILE), HOSTILE, HOSTILE)],
        [HOSTILE],
        [violation],
        [MutantResult(mutant, {target}, [killed, survived])],
        [StyleResult(style, 1, [violation])],
    )
    text = to_markdown(run)
    assert markdown_survived(text) == []
    assert "alert(1)" in text and "\\x1b[2J" in text  # shown, not dropped
