"""``askbench agents``: the agent CLIs people use, driven offline and judged on their own screens.

Each run starts one CLI (``profiles``) in a tmux server of its own with a
fresh HOME (``driver``), against a fake model server on 127.0.0.1
(``fake_model``, speaking the four wire protocols of ``wire``) that answers
the first turn with one tool call built from a fixture (``toolcall``). The
permission prompt the CLI draws is read from the raw byte stream replayed
into a terminal (``replay``) and judged (``verdicts``); ``publish`` writes the
reports. ``standin`` is a scripted CLI that lets CI exercise all of it
without the real ones.
"""

__all__: list[str] = []
