"""What a verdict says of the decline follows what the fake model recorded, and only that."""

from __future__ import annotations

from pathlib import Path

from agents_cases import constructed

from askbench.harness.agents.decline import DRIVER_NOTE, decline_notes
from askbench.harness.agents.driver import Capture, Run
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.verdicts import judge

PROFILE = standin("chat")
PROMPT = ("Permission required", "  ls -la", "  Deny (n)")


def _run(
    declined: tuple[str, ...] = ("stand-in agent: done",),
    results: tuple[str, ...] = (),
    after_call: tuple[str, ...] | None = (),
    notes: tuple[str, ...] = (),
) -> Run:
    raw = ("\x1b[H\x1b[2J" + "\r\n".join(PROMPT)).encode()
    return Run(
        PROFILE.name,
        "cases/constructed",
        80,
        "prompt",
        (Capture("prompt", PROMPT, len(raw)), Capture("declined", declined, len(raw))),
        raw,
        results=results,
        notes=notes,
        height=10,
        after_call=after_call,
    )


def test_a_decline_the_model_heard_is_not_remarked_on() -> None:
    assert decline_notes(_run(results=("denied by the user",)), PROFILE) == ()


def test_a_cli_that_sent_nothing_after_the_call_is_said_to_have() -> None:
    (said,) = decline_notes(_run(), PROFILE)
    assert "no tool result" in said and "sent it nothing more" in said


def test_requests_after_the_call_without_a_readable_result_are_counted() -> None:
    (said,) = decline_notes(_run(after_call=("/v1/chat/completions", "/v1/models")), PROFILE)
    assert said.startswith("1 request reached the model after the call")


def test_a_prompt_still_on_screen_was_not_declined() -> None:
    (said,) = decline_notes(_run(declined=PROMPT), PROFILE)
    assert "still on screen" in said


def test_a_kept_run_s_old_sentence_is_replaced_by_what_its_record_bears_out(
    tmp_path: Path,
) -> None:
    case = constructed(tmp_path, {"name": "bash", "input": {"command": "ls -la"}})
    heard = judge(_run(results=("denied",), notes=(DRIVER_NOTE,)), case, PROFILE)
    assert heard.status == "PASS" and heard.notes == ()
    older = judge(_run(after_call=None, notes=(DRIVER_NOTE,)), case, PROFILE)
    assert older.notes == ("the model got no tool result after the decline",)
