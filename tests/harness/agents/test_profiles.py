from __future__ import annotations

import json
import re

from askbench.harness.agents.profiles import PROFILES, STANDINS, fill


def test_every_real_cli_is_pinned_to_one_version_and_says_how_it_is_driven() -> None:
    assert set(PROFILES) == {
        "claude-code",
        "codex",
        "gemini-cli",
        "opencode",
        "qwen-code",
        "copilot",
    }
    for profile in PROFILES.values():
        assert re.fullmatch(r"\d+\.\d+\.\d+", profile.version) and profile.package
        assert profile.expand_key and profile.decline_key and profile.shell
        assert any(
            "{base_url}" in value for value in (*profile.env.values(), *profile.files.values())
        )


def test_seeded_json_files_are_json_once_filled() -> None:
    values = {
        "base_url": "http://127.0.0.1:1",
        "home": "/h",
        "work": "/w",
        "python": "/p",
        "mcp_server": "github",
        "mcp_record": "/r.json",
    }
    for profile in PROFILES.values():
        for name, text in profile.files.items():
            if name.endswith(".json"):
                json.loads(fill(text, values))


def test_fill_leaves_unknown_braces_alone() -> None:
    assert fill('{"a": "{home}", "b": {}}', {"home": "/h"}) == '{"a": "/h", "b": {}}'


def test_one_stand_in_per_protocol() -> None:
    assert {profile.protocol for profile in STANDINS.values()} == {
        "anthropic",
        "responses",
        "chat",
        "gemini",
    }


DENY_ROWS = {
    "claude-code": (
        "   4. No",
        "   2. Yes, and don't ask again for: git commit *\n Esc to cancel · Tab to amend",
    ),
    "codex": (
        "    3. No, and tell Codex what to do differently (esc)\n    4. Cancel                  Cancel this tool call",
        "  › 1. Yes, proceed (y)\n  Press enter to confirm or esc to cancel",
    ),
    "gemini-cli": (
        "│   3. No, suggest changes (esc)                  │",
        "│ ● 1. Allow once   │\n  no sandbox (see /docs)",
    ),
    "opencode": (
        "   Allow once   Allow always   Reject        ctrl+f fullscreen",
        "  ┃  $ git push --no-verify",
    ),
    "qwen-code": (
        "     4. No, suggest changes (esc)",
        "   › 1. Yes, allow once\n  ⠏ Waiting for user confirmation...",
    ),
    "copilot": (
        "│   3. No, and tell Copilot what to do differently (Esc to stop)              │",
        "│ │ git push --no-verify │\n│ ↑/↓ to navigate · enter to select · esc to cancel │",
    ),
}


def test_a_pre_prompt_is_told_apart_from_the_prompt_that_carries_the_call() -> None:
    pre_prompts = {
        "opencode": (
            "  ┃    ← Access external directory /srv",
            "  ┃  △ Permission required\n  ┃  $ cd /srv",
        ),
        "copilot": (
            "│ Allow path access                 │",
            "│ Run the requested command        │",
        ),
    }
    for name, (pre, call) in pre_prompts.items():
        found = PROFILES[name].pre_prompts
        assert any(re.search(p.screen, pre) for p in found), name
        assert not any(re.search(p.screen, call) for p in found), name


def test_each_deny_is_the_cli_s_deny_option_and_not_a_key_hint_or_the_payload_s_word() -> None:
    for name, profile in PROFILES.items():
        shown, not_an_option = DENY_ROWS[name]
        assert all(re.search(profile.deny, row) for row in shown.split("\n")), name
        assert not re.search(profile.deny, not_an_option), name
