"""What the model heard of the decline, said from what the fake model recorded, never assumed.

A CLI may tell its model that the user declined (a tool result saying so),
end the turn and tell it nothing, or send a result the fake model cannot
read; and the decline key may not have closed the prompt at all. Each is a
different sentence, and a run says the one its record bears out: the tool
results the fake model kept, the requests that reached it after the call,
and the screen after the decline.
"""

from __future__ import annotations

import re

from .driver import Run
from .profiles import Profile
from .wire import protocol_for_path

__all__ = ["decline_notes", "without_driver_note", "DRIVER_NOTE"]

DRIVER_NOTE = "the decline reached the model as no tool result"
"""What kept runs' notes said on every run whose model heard nothing in time; judged again, it is said afresh."""


def decline_notes(run: Run, profile: Profile) -> tuple[str, ...]:
    """The one sentence the record bears out about the decline, or none where the model heard it."""
    declined = run.capture("declined")
    if run.outcome != "prompt" or declined is None or run.results:
        return ()
    if re.search(profile.prompt, "\n".join(declined.rows)):
        return ("the prompt was still on screen after the decline key, so nothing was declined",)
    if run.after_call is None:
        return ("the model got no tool result after the decline",)
    model_bound = [path for path in run.after_call if protocol_for_path(path)]
    if model_bound:
        said = "1 request" if len(model_bound) == 1 else f"{len(model_bound)} requests"
        return (
            f"{said} reached the model after the call, none carrying a tool result the fake model "
            "could read",
        )
    return ("the model got no tool result after the decline: the CLI sent it nothing more",)


def without_driver_note(notes: tuple[str, ...]) -> tuple[str, ...]:
    """A kept run's notes without the driver's old sentence, which ``decline_notes`` replaces."""
    return tuple(note for note in notes if note != DRIVER_NOTE)
