"""pyte says what a frame's controls did: to the transcript, to the cursor, and which ran."""

import pytest

from askbench.harness.terminals.frame_reading import read_frame


def test_cursor_up_and_erase_are_caught_and_the_transcript_change_is_seen():
    reading = read_frame(["ok", "\x1b[6A\x1b[2Kharmless"], 60)
    assert not reading.transcript_intact
    assert reading.cursor_left_frame
    assert any(event.startswith("cursor_up") for event in reading.foreign_events)
    assert reading.foreign_bytes


@pytest.mark.parametrize("sequence", ["\x1b[?A", "\x1b[?5B", "\x1b[?2J", "\x9b?1K", "\x1b[?1;2H"])
def test_a_private_marked_sequence_is_caught_and_never_crashes_the_reading(sequence):
    reading = read_frame(["ok", f"a{sequence}b"], 40)
    assert reading.foreign_events
    assert reading.foreign_bytes


def test_a_control_with_more_parameters_than_pyte_takes_is_recorded_not_a_crash() -> None:
    reading = read_frame(["a\x1b[1;2;3nb"], 40)
    assert reading.foreign_bytes and reading.foreign_events == ["report_device_status(1, 2, 3)"]


@pytest.mark.parametrize("sequence", ["\x1b[4J", "\x1b[9J", "\x1b[7K", "\x1b[5g", "\x9b4J"])
def test_a_parameter_pyte_does_not_implement_is_recorded_not_a_crash(sequence: str) -> None:
    """A terminal ignores a parameter it does not know; pyte's handler leaves it unbound and raises."""
    reading = read_frame(["ok", f"a{sequence}b"], 40)
    assert reading.foreign_events and reading.foreign_bytes
