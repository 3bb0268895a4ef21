"""What each mutant owes the gate is data (askbench/harness/drivers/variants/mutant_targets.toml), checked when it is read."""

from __future__ import annotations

import pytest

from askbench.harness.drivers.variants import MUTANTS, STYLES
from askbench.harness.drivers.variants.definition import mutant
from askbench.harness.drivers.variants.mutant_targets import (
    MutantTargets,
    mutant_targets,
    parse_mutant_targets,
)


def test_every_mutant_is_held_to_its_entry_and_every_entry_to_a_mutant() -> None:
    shipped = mutant_targets()
    assert {variant.name for variant in MUTANTS} == set(shipped)
    for variant in MUTANTS:
        assert (
            MutantTargets(variant.invariants, variant.targets, variant.latent)
            == shipped[variant.name]
        )
    assert not set(shipped) & {style.name for style in STYLES}


def test_an_entry_reads_as_written() -> None:
    text = '[m]\nkilled-by = ["cap", "TIMEOUT"]\ntargets = ["bash/a", "mcp/b"]\nlatent = true\n'
    assert parse_mutant_targets(text) == {
        "m": MutantTargets(("cap", "TIMEOUT"), ("bash/a", "mcp/b"), True)
    }


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ('killed-by = ["containmnet"]\ntargets = ["bash/a"]', "'containmnet' is no invariant"),
        ('killed-by = ["CRASH"]\ntargets = ["bash/a"]', "'CRASH' is no invariant"),
        ('killed-by = []\ntargets = ["bash/a"]', "killed-by is a non-empty list"),
        ('killed-by = ["cap"]\ntargets = []', "targets is a non-empty list"),
        ('killed-by = ["cap"]\ntargets = ["bash/a.json"]', "not 'bash/a.json'"),
        ('killed-by = ["cap"]\ntargets = ["a"]', "not 'a'"),
        ('killed-by = ["cap"]\ntarget = ["bash/a"]', "keys killed-by, target"),
        ('killed-by = ["cap"]\ntargets = ["bash/a"]\nlatent = "yes"', "latent is true or false"),
    ],
)
def test_a_malformed_entry_is_refused_with_what_is_wrong(entry: str, said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("(", r"\(")):
        parse_mutant_targets(f"[m]\n{entry}\n")


def test_a_mutant_without_an_entry_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="'no-such-mutant' has no entry"):
        mutant("no-such-mutant", "nothing", MUTANTS[0].render)
