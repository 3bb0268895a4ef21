from __future__ import annotations

from askbench.harness.agents.selection import CURATED, curated
from askbench.harness.agents.toolcall import intent_of


def test_at_least_thirty_fixtures_every_one_loads_and_every_one_is_a_call_a_cli_can_make() -> None:
    fixtures = curated()
    assert len(CURATED) >= 30 and len(fixtures) == len(CURATED) == len(set(CURATED))
    assert all(intent_of(fixture) is not None for fixture in fixtures)
    assert {fixture.family for fixture in fixtures} >= {
        "bash",
        "adversarial",
        "mcp",
        "forwarded",
        "files",
        "unicode",
    }
