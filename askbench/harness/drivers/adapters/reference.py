"""The reference implementation behind the ``askbench/1`` contract.

``askbench check --impl "python -m askbench.harness.drivers.adapters.reference"`` must give
the verdicts the in-process gate gives: it proves the contract carries
everything a renderer needs (the payload survives its JSON round trip) and
that the subprocess path judges exactly as the in-process one.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from typing import BinaryIO

from askbench.impl.dialog import DialogBudget

from ...fixtures.loading import parse_json
from ..frame_sources import reference_source
from ..protocol import answer_json, payload_from_json, view_of


def answer(request: Mapping[str, object]) -> str:
    """One request in, one answer line out: the reference frame for the payload, view, width and budget asked."""
    budget = request["budget"]
    assert isinstance(budget, Mapping)
    width = request["width"]
    assert isinstance(width, int)
    view = view_of(request)
    payload = payload_from_json(request["payload"])  # type: ignore[arg-type]
    start = time.perf_counter()
    frame = reference_source(
        payload,
        None,
        view,
        width,
        DialogBudget(
            max_rows=budget["maxRows"], field_max_width=budget["fieldMaxWidth"], width=width
        ),
    )
    # the render alone, without decoding the request: renderUs
    render_us = (time.perf_counter() - start) * 1e6
    return answer_json(str(request["id"]), frame.lines, frame.elided, render_us)


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer each request line until stdin closes: one line in a session, the only line in oneshot mode."""
    for line in stdin:
        if not line.strip():
            continue
        request = parse_json(line.decode("utf-8"))
        assert isinstance(request, Mapping)
        stdout.write(answer(request).encode("ascii") + b"\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer))
