"""The ``askbench/1`` adapter contract: what the harness asks any implementation, and what it accepts back.

The corpus and the screen checks are worth more than one renderer, so an
implementation in any language sits behind one small JSON contract (the way
toml-test drives any TOML decoder): per fixture × width × view the harness
sends one request and reads back the frame lines the implementation would
write to the terminal. This module is the contract in code — encoding
requests, decoding and schema-checking answers — and nothing else; the
processes live in ``askbench.harness.drivers.adapter_client`` and the judging in ``askbench.harness.judge.width_run``.
See ``docs/adapters.md``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from jsonschema import Draft202012Validator

from askbench.impl.command_spans import CommandSpans
from askbench.impl.dialog import core_facts
from askbench.impl.payload import Evidence, PromptPayload, Requester, RequestFacts

from ..fixtures.loading import MAX_JSON_DEPTH, Fixture, parse_json
from ..terms import VIEWS, AdapterFailure, View

PROTOCOL = "askbench/1"


@dataclass(frozen=True)
class ExternalFrame:
    """An implementation's answer: the frame lines exactly as it writes them, and its own elision claim."""

    lines: tuple[str, ...]
    elided: bool


# ── the payload as plain JSON ──────────────────────────────────────────────


def payload_to_json(payload: PromptPayload) -> dict[str, object]:
    """The payload our builders made, lossless, plus the core facts the gate will look for under their labels.

    ``core`` is derived (``askbench.impl.dialog.core_facts``) and sent so that an
    implementation need not re-derive wording such as the ``context`` line;
    the rest reconstructs the payload exactly (``payload_from_json``).
    A forwarded ask is sent with the child's own kind and
    ``requester.forwarded`` true: elsewhere (upstream's own ``forwarded``)
    that kind means a request that arrived without a payload, so an adapter
    mapping onto such a renderer would lose what the child asked.
    """
    request = payload.request
    return {
        "kind": payload.forwarded_kind or payload.kind,
        "request": {
            "requester": {
                "agentName": request.requester.agent_name,
                "forwarded": request.requester.forwarded,
                "sessionId": request.requester.session_id,
            },
            "surface": request.surface,
            "toolName": request.tool_name,
            "value": request.value,
            "valueLabel": request.value_label,
            "invokedToolName": request.invoked_tool_name,
            "matchedPattern": request.matched_pattern,
            "commandContext": request.command_context,
            "executedUnit": request.executed_unit,
            "shape": request.shape,
            "shapeCommands": _spans_to_json(request.shape_commands),
            "valueCommands": _spans_to_json(request.value_commands),
        },
        "core": [
            {"label": fact.label, "text": fact.text, "detail": fact.detail, "flagged": fact.flagged}
            for fact in core_facts(payload)
        ],
        "evidence": [
            {"label": entry.label, "text": entry.text, "detail": entry.detail, "brief": entry.brief}
            for entry in payload.evidence
        ],
        "annotations": list(payload.annotations),
        "flagged": list(payload.flagged),
        "legacyMessage": payload.legacy_message,
    }


def _spans_to_json(spans: CommandSpans | None) -> dict[str, object] | None:
    if spans is None:
        return None
    return {
        "total": spans.total,
        "spans": [list(span) for span in spans.spans],
        "own": list(spans.own),
    }


def _spans_from_json(data: object) -> CommandSpans | None:
    if not isinstance(data, Mapping):
        return None
    spans = data.get("spans", ())
    assert isinstance(spans, list | tuple)
    own = data.get("own", ())
    assert isinstance(own, list | tuple)
    return CommandSpans(
        int(data["total"]),
        tuple((int(s), int(e), int(w)) for s, e, w in spans),
        tuple(int(at) for at in own),
    )


def view_of(request: Mapping[str, object]) -> View:
    """The request's ``view``, refused unless the contract names it, so an adapter renders no view it does not know."""
    view = request["view"]
    for known in VIEWS:
        if view == known:
            return known
    raise ValueError(f"unknown view {view!r}: one of {', '.join(VIEWS)}")


def payload_from_json(data: Mapping[str, object]) -> PromptPayload:
    """The inverse of ``payload_to_json`` (``core`` is ignored: it is derived)."""
    request = data["request"]
    assert isinstance(request, Mapping)
    requester = request["requester"]
    assert isinstance(requester, Mapping)
    facts = RequestFacts(
        requester=Requester(
            agent_name=requester.get("agentName"),
            forwarded=bool(requester.get("forwarded")),
            session_id=requester.get("sessionId"),
        ),
        surface=request["surface"],
        tool_name=request.get("toolName"),
        value=request["value"],
        value_label=request["valueLabel"],
        invoked_tool_name=request.get("invokedToolName"),
        matched_pattern=request.get("matchedPattern"),
        command_context=request.get("commandContext"),
        executed_unit=request.get("executedUnit"),
        shape=request.get("shape"),
        shape_commands=_spans_from_json(request.get("shapeCommands")),
        value_commands=_spans_from_json(request.get("valueCommands")),
    )
    entries = data.get("evidence", ())
    assert isinstance(entries, list | tuple)
    evidence = tuple(
        Evidence(entry["label"], entry["text"], entry.get("detail"), entry.get("brief"))
        for entry in entries
    )
    kind = data["kind"]
    forwarded = facts.requester.forwarded and kind != "forwarded"
    return PromptPayload(
        kind="forwarded" if forwarded else kind,  # type: ignore[arg-type]
        forwarded_kind=kind if forwarded else None,  # type: ignore[arg-type]
        request=facts,
        evidence=evidence,
        annotations=tuple(data.get("annotations", ())),  # type: ignore[arg-type]
        flagged=tuple(data.get("flagged", ())),  # type: ignore[arg-type]
        legacy_message=data.get("legacyMessage", ""),  # type: ignore[arg-type]
    )


def fixture_to_json(fixture: Fixture | None) -> dict[str, object] | None:
    """The fixture as loaded, for implementations that build their own payload from the raw call."""
    if fixture is None:
        return None
    return {
        "name": fixture.name,
        "family": fixture.family,
        "description": fixture.description,
        "call": fixture.call,
        "ask": fixture.ask,
        "budget": {"maxRows": fixture.max_rows, "fieldMaxWidth": fixture.field_max_width},
    }


# ── encoding ───────────────────────────────────────────────────────────────

_NON_FINITE = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')
_FINITE_SPELLING = {"Infinity": "1e400", "-Infinity": "-1e400", "NaN": "null"}


def dump_json(value: object) -> str:
    """Strict, ASCII-only JSON text on one line, whatever the value holds.

    ASCII because tool input may hold lone surrogates, which only survive a
    UTF-8 pipe as ``\\uXXXX`` escapes. Strict because a fixture's ``1e400``
    loads as ``inf``, which Python would write as ``Infinity`` — not JSON —
    so it is written back as ``1e400`` (what the fixture said). Nesting as
    deep as the corpus loader accepts is encoded, not a crash.
    """
    try:
        text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    except RecursionError:
        previous = sys.getrecursionlimit()
        sys.setrecursionlimit(max(previous, MAX_JSON_DEPTH + 100))
        try:
            text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
        finally:
            sys.setrecursionlimit(previous)
    if "Infinity" in text or "NaN" in text:
        text = _NON_FINITE.sub(
            lambda match: _FINITE_SPELLING.get(match.group(1) or "", match.group(0)), text
        )
    return text


def encode_request(
    request_id: str,
    view: View,
    width: int,
    max_rows: int | None,
    field_max_width: int | None,
    fixture_json: str,
    payload_json: str,
) -> str:
    """One request line; the fixture and payload arrive already encoded, since nine requests share them."""
    head = dump_json(
        {
            "protocol": PROTOCOL,
            "id": request_id,
            "view": view,
            "width": width,
            "budget": {"maxRows": max_rows, "fieldMaxWidth": field_max_width},
        }
    )
    return f'{head[:-1]},"fixture":{fixture_json},"payload":{payload_json}}}'


# ── decoding ───────────────────────────────────────────────────────────────


@cache
def schema(name: Literal["request", "answer"]) -> Mapping[str, object]:
    text = (
        resources.files("askbench.harness.drivers")
        .joinpath(f"adapter-{name}.schema.json")
        .read_text(encoding="utf-8")
    )
    loaded: Mapping[str, object] = json.loads(text)
    return loaded


@cache
def _answer_validator() -> Draft202012Validator:
    return Draft202012Validator(schema("answer"))


def _snippet(text: str | bytes, limit: int = 120) -> str:
    shown = repr(text[:limit])
    return shown + ("…" if len(text) > limit else "")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def conforms_to_answer_schema(data: object) -> bool:
    """Exactly what ``adapter-answer.schema.json`` accepts, checked in one pass over the answer.

    The schema validator walks every line through its keyword machinery,
    several times the cost of the frame's own render, on every request; this
    decides the same question with a type test per member, and the validator
    runs only on an answer this refuses, to say where it breaks the schema.
    As in JSON Schema, a boolean is not a number, and ``minimum`` lets a NaN
    through (no comparison with it is true).
    """
    if not isinstance(data, dict):
        return False
    lines = data.get("lines")
    if not (
        isinstance(data.get("id"), str)
        and isinstance(lines, list)
        and isinstance(data.get("elided"), bool)
    ):
        return False
    if not all(isinstance(line, str) for line in lines):
        return False
    if "renderUs" not in data:
        return True
    render = data["renderUs"]
    return _is_number(render) and not render < 0


def decode_answer(raw: bytes, request_id: str) -> ExternalFrame | AdapterFailure:
    """An answer's bytes as a frame, or ``BAD_ANSWER`` saying exactly what is wrong with them."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return AdapterFailure(
            "BAD_ANSWER", f"the answer is not UTF-8 ({error.reason} at byte {error.start})"
        )
    if not text.strip():
        return AdapterFailure("BAD_ANSWER", "the answer is empty")
    try:
        data = parse_json(text)
    except (json.JSONDecodeError, RecursionError) as error:
        return AdapterFailure("BAD_ANSWER", f"the answer is not JSON ({error}): {_snippet(text)}")
    except ValueError as error:
        return AdapterFailure("BAD_ANSWER", f"the answer is not usable JSON ({error})")
    errors = (
        []
        if conforms_to_answer_schema(data)
        else sorted(
            _answer_validator().iter_errors(data), key=lambda error: list(error.absolute_path)
        )
    )
    if errors:
        where = "/".join(str(part) for part in errors[0].absolute_path) or "(root)"
        return AdapterFailure(
            "BAD_ANSWER", f"the answer breaks the schema at {where}: {errors[0].message[:160]}"
        )
    assert isinstance(data, dict)
    if data["id"] != request_id:
        return AdapterFailure(
            "BAD_ANSWER", f"the answer's id is {data['id']!r}, the request's {request_id!r}"
        )
    return ExternalFrame(tuple(data["lines"]), data["elided"])


def answer_json(
    request_id: str, lines: Sequence[str], elided: bool, render_us: float | None = None
) -> str:
    """One answer line, as an adapter written in Python sends it; ``render_us``, when given, is its ``renderUs``."""
    answer: dict[str, object] = {"id": request_id, "lines": list(lines), "elided": elided}
    if render_us is not None:
        answer["renderUs"] = round(render_us, 1)
    return dump_json(answer)
