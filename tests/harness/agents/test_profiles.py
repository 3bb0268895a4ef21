from __future__ import annotations

import json
import re

from askbench.harness.agents.profiles import PROFILES, STANDINS, fill


def test_every_real_cli_is_pinned_to_one_version_and_says_how_it_is_driven() -> None:
    assert set(PROFILES) == {"claude-code", "codex", "gemini-cli", "opencode"}
    for profile in PROFILES.values():
        assert re.fullmatch(r"\d+\.\d+\.\d+", profile.version) and profile.package
        assert profile.expand_key and profile.decline_key and profile.shell
        assert any("{base_url}" in value for value in (*profile.env.values(), *profile.files.values()))


def test_seeded_json_files_are_json_once_filled() -> None:
    values = {"base_url": "http://127.0.0.1:1", "home": "/h", "work": "/w", "python": "/p", "mcp_server": "github",
              "mcp_record": "/r.json"}
    for profile in PROFILES.values():
        for name, text in profile.files.items():
            if name.endswith(".json"):
                json.loads(fill(text, values))


def test_fill_leaves_unknown_braces_alone() -> None:
    assert fill('{"a": "{home}", "b": {}}', {"home": "/h"}) == '{"a": "/h", "b": {}}'


def test_one_stand_in_per_protocol() -> None:
    assert {profile.protocol for profile in STANDINS.values()} == {"anthropic", "responses", "chat", "gemini"}
