"""Renderers whose right verdict is known: mutants the gate must reject, styles it must pass.

``VARIANTS`` names every one; ``askbench mutate`` runs them over the corpus
(``askbench.harness.runners.mutate``), ``askbench matrix --variants`` shows them as columns,
and ``python -m askbench.harness.drivers.adapters.variant NAME`` serves one through the
``askbench/1`` contract.
"""

from __future__ import annotations

from collections.abc import Mapping

from .agent_styles import AGENT_MUTANTS, AGENT_STYLES
from .chrome_variants import CHROME_MUTANTS, CHROME_STYLES
from .definition import Kind, Render, Variant
from .exact import EXACT_MUTANTS
from .extras import EXTRA_MUTANTS, EXTRA_STYLES
from .meaning import MEANING_MUTANTS, MEANING_STYLES
from .mutants import MUTANTS as REFERENCE_MUTANTS
from .reach_mutants import REACH_MUTANTS
from .styles import STYLES as REFERENCE_STYLES
from .theme_colours import THEME_COLOUR_MUTANTS, THEME_COLOUR_STYLES

MUTANTS: tuple[Variant, ...] = (
    *REFERENCE_MUTANTS,
    *REACH_MUTANTS,
    *MEANING_MUTANTS,
    *THEME_COLOUR_MUTANTS,
    *EXACT_MUTANTS,
    *EXTRA_MUTANTS,
    *AGENT_MUTANTS,
    *CHROME_MUTANTS,
)
STYLES: tuple[Variant, ...] = (
    *REFERENCE_STYLES,
    *MEANING_STYLES,
    *THEME_COLOUR_STYLES,
    *EXTRA_STYLES,
    *AGENT_STYLES,
    *CHROME_STYLES,
)

VARIANTS: Mapping[str, Variant] = {variant.name: variant for variant in (*MUTANTS, *STYLES)}


def variant_named(name: str) -> Variant:
    """The variant called ``name``; a KeyError lists the names there are."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise KeyError(f"no variant {name!r}; there are: {', '.join(VARIANTS)}") from None


__all__ = ["MUTANTS", "STYLES", "VARIANTS", "Kind", "Render", "Variant", "variant_named"]
