"""What each mutant must be rejected by, and on which fixtures: read from ``mutant_targets.toml``.

A mutant's renderer is code; what the gate owes it is data a reader can argue with
on its own. The file is checked when it is read: every name it gives a mutant is an
invariant (or ``TIMEOUT``), every target a ``family/name`` id, and nothing else is
said, so a misspelt key cannot quietly drop a target.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ...terms import INVARIANTS, FailureKind, Invariant

__all__ = ["MutantTargets", "mutant_targets", "parse_mutant_targets"]

_KEYS = frozenset({"killed-by", "targets", "latent"})


@dataclass(frozen=True)
class MutantTargets:
    killed_by: tuple[Invariant | FailureKind, ...]
    """The invariants any of which may reject the mutant (``TIMEOUT`` for a defect in time)."""
    targets: tuple[str, ...]
    """``family/name`` of the fixtures where its defect must show."""
    latent: bool = False
    """Outside its targets a differing frame may pass (``askbench.harness.drivers.variants.definition.Variant.latent``)."""


def _judged_by(name: object, mutant: str) -> Invariant | FailureKind:
    if name == "TIMEOUT":
        return "TIMEOUT"
    for known in INVARIANTS:
        if name == known:
            return known
    raise ValueError(
        f"mutant {mutant!r}: {name!r} is no invariant (one of {', '.join(INVARIANTS)}) nor TIMEOUT"
    )


def _strings(value: object, key: str, mutant: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(item, str) for item in value):
        raise ValueError(f"mutant {mutant!r}: {key} is a non-empty list of strings")
    return value


def _entry(mutant: str, entry: object) -> MutantTargets:
    if not isinstance(entry, dict):
        raise ValueError(f"mutant {mutant!r}: a table of {', '.join(sorted(_KEYS))}")
    unknown = set(entry) - _KEYS
    if unknown or not {"killed-by", "targets"} <= set(entry):
        raise ValueError(
            f"mutant {mutant!r}: keys {', '.join(sorted(entry))}; it takes killed-by, targets and latent"
        )
    targets = _strings(entry["targets"], "targets", mutant)
    malformed = [target for target in targets if target.count("/") != 1 or target.endswith(".json")]
    if malformed:
        raise ValueError(
            f"mutant {mutant!r}: a target is a fixture's family/name id, not {malformed[0]!r}"
        )
    latent = entry.get("latent", False)
    if not isinstance(latent, bool):
        raise ValueError(f"mutant {mutant!r}: latent is true or false")
    killed_by = tuple(
        _judged_by(name, mutant) for name in _strings(entry["killed-by"], "killed-by", mutant)
    )
    return MutantTargets(killed_by, tuple(targets), latent)


def parse_mutant_targets(text: str) -> dict[str, MutantTargets]:
    """Every mutant's targets in ``text`` (the TOML of ``mutant_targets.toml``); a ValueError says what is wrong."""
    return {name: _entry(name, entry) for name, entry in tomllib.loads(text).items()}


@cache
def mutant_targets() -> Mapping[str, MutantTargets]:
    """The targets the harness ships, by mutant name."""
    text = (
        resources.files("askbench.harness.drivers.variants")
        .joinpath("mutant_targets.toml")
        .read_text(encoding="utf-8")
    )
    return parse_mutant_targets(text)
