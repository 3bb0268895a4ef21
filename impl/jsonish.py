"""JSON text the way the upstream's JavaScript writes it.

The preview wording is compared byte for byte against the TypeScript
upstream, so the two places where Python's ``json`` and JavaScript's
``JSON.stringify``/``String`` disagree are settled here once: integer-like
keys come first in ascending order (JavaScript's property order), ``NaN`` and
``±Infinity`` become ``null``, and numbers print without a trailing ``.0``.
Hostile structure (cycles, nesting deeper than the interpreter's stack,
values JSON cannot hold) never raises: it degrades to a visible marker.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

MAX_DEPTH = 200
TOO_DEEP = "[nested too deeply to preview]"
CIRCULAR = "[Circular]"

_ARRAY_INDEX_LIMIT = 2**32 - 1


def _is_array_index(key: str) -> bool:
    return key.isdigit() and key.isascii() and (key == "0" or not key.startswith("0")) and int(key) < _ARRAY_INDEX_LIMIT


def js_entries(mapping: Mapping[Any, Any]) -> Iterator[tuple[str, Any]]:
    """Yield ``(key, value)`` in JavaScript's own-property order."""
    items = [(key if isinstance(key, str) else js_string(key), value) for key, value in mapping.items()]
    indices = sorted((item for item in items if _is_array_index(item[0])), key=lambda item: int(item[0]))
    yield from indices
    yield from (item for item in items if not _is_array_index(item[0]))


def js_number(value: float | int) -> str:
    """``String(value)`` for a JavaScript number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        text = f"{mantissa.removesuffix('.0')}e{sign}{exponent.lstrip('+-').lstrip('0') or '0'}"
    return text


def js_string(value: object) -> str:
    """``String(value)`` for the scalar values JSON can carry."""
    if value is None:
        return "null"
    if isinstance(value, bool | int | float):
        return js_number(value)
    return str(value)


def to_plain_json(value: object) -> object:
    """A JSON-safe copy of ``value`` in JavaScript key order, never raising."""
    return _plain(value, 0, set())


def _plain(value: object, depth: int, active: set[int]) -> object:
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if depth >= MAX_DEPTH:
        return TOO_DEEP
    if isinstance(value, Mapping | list | tuple):
        if id(value) in active:
            return CIRCULAR
        active.add(id(value))
        try:
            if isinstance(value, Mapping):
                return {key: _plain(item, depth + 1, active) for key, item in js_entries(value)}
            return [_plain(item, depth + 1, active) for item in value]
        finally:
            active.discard(id(value))
    return str(value)


def stringify(value: object) -> str:
    """``JSON.stringify(value)`` (compact), safe for any Python value."""
    return json.dumps(to_plain_json(value), ensure_ascii=False, separators=(",", ":"))
