"""One variant behind the ``askbench/1`` contract: ``python -m askbench.harness.drivers.adapters.variant NAME``.

So a mutant or a style is judged exactly as any outside implementation is
(``askbench check --impl "python -m askbench.harness.drivers.adapters.variant sgr-passthrough"``,
``askbench matrix``), and a defect in time — ``quadratic-wrap`` — becomes
the ``TIMEOUT`` verdict it must. The request's fixture is rebuilt for the
variants that read the raw call (an input key posing as a core label).
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO

from askbench.impl.dialog import DialogBudget

from ...fixtures.loading import Fixture, parse_json
from ..protocol import answer_json, payload_from_json, view_of
from ..variants import Variant, variant_named


def command_for(name: str) -> str:
    """The shell command that serves the variant ``name`` with this interpreter."""
    return f"{shlex.quote(sys.executable)} -m askbench.harness.drivers.adapters.variant {shlex.quote(name)}"


def fixture_from_json(data: Mapping[str, object] | None) -> Fixture | None:
    """The request's ``fixture`` (``protocol.fixture_to_json``) as a ``Fixture``; its path is only a name."""
    if data is None:
        return None
    budget = data["budget"]
    assert isinstance(budget, Mapping)
    return Fixture(
        path=Path(f"{data['family']}/{data['name']}.json"),
        name=str(data["name"]),
        family=str(data["family"]),
        description=str(data.get("description", "")),
        source="",
        call=data["call"],  # type: ignore[arg-type]
        ask=data.get("ask") or {},  # type: ignore[arg-type]
        max_rows=budget["maxRows"],
        field_max_width=budget["fieldMaxWidth"],
    )


def answer(variant: Variant, request: Mapping[str, object]) -> str:
    """One request in, one answer line out: the variant's frame for the payload, view, width and budget asked."""
    budget = request["budget"]
    assert isinstance(budget, Mapping)
    width = request["width"]
    assert isinstance(width, int)
    payload = payload_from_json(request["payload"])  # type: ignore[arg-type]
    fixture = fixture_from_json(request.get("fixture"))  # type: ignore[arg-type]
    frame = variant.render(
        payload,
        fixture,
        view_of(request),
        width,
        DialogBudget(
            max_rows=budget["maxRows"], field_max_width=budget["fieldMaxWidth"], width=width
        ),
    )
    return answer_json(str(request["id"]), frame.lines, frame.elided)


def serve(variant: Variant, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer each request line until stdin closes: one line in a session, the only line in oneshot mode."""
    for line in stdin:
        if not line.strip():
            continue
        request = parse_json(line.decode("utf-8"))
        assert isinstance(request, Mapping)
        stdout.write(answer(variant, request).encode("ascii") + b"\n")
        stdout.flush()
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m askbench.harness.drivers.adapters.variant NAME", file=sys.stderr)
        return 2
    try:
        variant = variant_named(argv[0])
    except KeyError as error:
        print(f"askbench.harness.drivers.adapters.variant: {error.args[0]}", file=sys.stderr)
        return 2
    return serve(variant, sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
