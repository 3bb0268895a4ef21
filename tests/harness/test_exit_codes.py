"""The exit codes are the contract's: each code ``docs/design.md`` names, with the meaning it gives it."""

import re
from pathlib import Path

from askbench.harness import exit_codes

_DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def _documented() -> dict[int, str]:
    section = _DESIGN.read_text(encoding="utf-8").split("### Exit codes", 1)[1].split("###", 1)[0]
    return {
        int(code): meaning for code, meaning in re.findall(r"^\| `(\d)` \| (.+) \|$", section, re.M)
    }


def test_each_code_means_what_the_contract_says() -> None:
    documented = _documented()
    assert sorted(documented) == sorted(
        (exit_codes.EXIT_OK, exit_codes.EXIT_VIOLATION, exit_codes.EXIT_UNUSABLE)
    )
    assert documented[exit_codes.EXIT_OK].startswith("every invariant holds")
    assert documented[exit_codes.EXIT_VIOLATION].startswith("a violation")
    assert documented[exit_codes.EXIT_UNUSABLE].startswith("input that could not be judged")
