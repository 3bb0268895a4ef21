"""JSON text the way the upstream's JavaScript writes it.

The preview wording is compared byte for byte against the TypeScript
upstream, so the two places where Python's ``json`` and JavaScript's
``JSON.stringify``/``String`` disagree are settled here once: integer-like
keys come first in ascending order (JavaScript's property order), ``NaN`` and
``±Infinity`` become ``null``, and numbers print without a trailing ``.0``.
Hostile structure (cycles, nesting deeper than the interpreter's stack,
values JSON cannot hold) never raises: it degrades to a visible marker.
The one value that cannot be shown at all, an integer longer than the
interpreter prints, is found up front (``find_unprintable_integer``) so the
payload builder can refuse it by its field.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

MAX_DEPTH = 200
TOO_DEEP = "[nested too deeply to preview]"
CIRCULAR = "[Circular]"

_ARRAY_INDEX_LIMIT = 2**32 - 1


def _is_array_index(key: str) -> bool:
    return (
        key.isdigit()
        and key.isascii()
        and (key == "0" or not key.startswith("0"))
        and int(key) < _ARRAY_INDEX_LIMIT
    )


def js_entries(mapping: Mapping[Any, Any]) -> Iterator[tuple[str, Any]]:
    """Yield ``(key, value)`` in JavaScript's own-property order."""
    items = [
        (key if isinstance(key, str) else js_string(key), value) for key, value in mapping.items()
    ]
    indices = sorted(
        (item for item in items if _is_array_index(item[0])), key=lambda item: int(item[0])
    )
    yield from indices
    yield from (item for item in items if not _is_array_index(item[0]))


def js_number(value: float | int) -> str:
    """``String(value)`` for a JavaScript number.

    Python's ``repr`` and JavaScript agree on the shortest round-trip digits
    but not on where scientific notation starts (``1e-05`` against
    ``0.00001``), so the digits are laid out by ECMAScript's
    Number::toString rule: plain decimal for 1e-7 < |x| < 1e21.
    Python integers print exactly, even past 2**53 (JavaScript would round).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign, digit_tuple, exponent = Decimal(repr(value)).normalize().as_tuple()
    digits = "".join(map(str, digit_tuple))
    k = len(digits)
    n = int(exponent) + k  # the decimal point sits after the n-th digit
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = f"{digits[:n]}.{digits[n:]}"
    elif -6 < n <= 0:
        text = f"0.{'0' * -n}{digits}"
    else:
        e = n - 1
        mantissa = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
        text = f"{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"
    return f"-{text}" if sign else text


MAX_SAFE_INTEGER = 2**53 - 1
"""ECMA-262 ``Number.MAX_SAFE_INTEGER``: past it a JavaScript Number no longer holds every integer."""


def js_host_reading(value: int) -> str | None:
    """What a JavaScript host makes of an integer outside ±``MAX_SAFE_INTEGER`` (``String(Number(value))``), else ``None``.

    Tool input reaches an MCP server or extension through ``JSON.parse``,
    which reads every number as an IEEE 754 double: ``9007199254740993``
    becomes ``9007199254740992``, a longer one ``Infinity``. The call acts on
    that number, so a prompt that shows only the digits sent shows another
    object than the one the call reaches.
    """
    if isinstance(value, bool) or -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return None
    try:
        return js_number(float(value))
    except OverflowError:
        return "Infinity" if value > 0 else "-Infinity"


def shown_integer(value: int) -> str:
    """An integer as the prompt shows it: its digits, and what a JavaScript host reads when that differs in kind."""
    reading = js_host_reading(value)
    return str(value) if reading is None else f"{value} (a JavaScript host reads {reading})"


def js_string(value: object) -> str:
    """``String(value)`` for the scalar values JSON can carry, an unsafe integer with what JavaScript reads (``shown_integer``)."""
    if value is None:
        return "null"
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_integer(value)
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


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _js_quote(text: str) -> str:
    """``JSON.stringify`` of a string: like ``json.dumps`` but a lone surrogate is escaped."""
    return _LONE_SURROGATE.sub(
        lambda match: f"\\u{ord(match.group()):04x}", json.dumps(text, ensure_ascii=False)
    )


def _write(value: object, out: list[str], shown: bool = False) -> None:
    if value is None:
        out.append("null")
    elif isinstance(value, bool):
        out.append("true" if value else "false")
    elif shown and isinstance(value, int):
        out.append(shown_integer(value))
    elif isinstance(value, int | float):
        out.append(js_number(value))
    elif isinstance(value, str):
        out.append(_js_quote(value))
    elif isinstance(value, dict):
        out.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                out.append(",")
            out.append(_js_quote(key))
            out.append(":")
            _write(item, out, shown)
        out.append("}")
    else:  # a list: to_plain_json leaves nothing else
        out.append("[")
        for index, item in enumerate(value):  # type: ignore[arg-type]
            if index:
                out.append(",")
            _write(item, out, shown)
        out.append("]")


def stringify(value: object, *, shown: bool = False) -> str:
    """``JSON.stringify(value)`` (compact), safe for any Python value.

    Numbers print as JavaScript prints them (``1`` for ``1.0``, ``0.00001``,
    ``0`` for ``-0.0``), so a float-bearing input reads as the upstream's.
    ``shown``: text for a person, not JSON — an integer past
    ``MAX_SAFE_INTEGER`` carries what a JavaScript host reads (``shown_integer``).
    """
    out: list[str] = []
    _write(to_plain_json(value), out, shown)
    return "".join(out)


def _has_unsafe_integer(value: object) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if js_host_reading(item) is not None:
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _pretty(value: object, indent: int | None, depth: int, out: list[str]) -> None:
    """``json.dumps(value, ensure_ascii=False)`` laid out as ``shown_json`` says, integers as ``shown_integer``."""
    if isinstance(value, int) and not isinstance(value, bool):
        out.append(shown_integer(value))
        return
    if not isinstance(value, dict | list) or not value:
        out.append(json.dumps(value, ensure_ascii=False))
        return
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    inner = "" if indent is None else "\n" + " " * (indent * (depth + 1))
    out.append(opening)
    for index, (key, item) in enumerate(items):
        out.append(("," if indent is not None else ", ") if index else "")
        out.append(inner)
        if isinstance(value, dict):
            out.append(json.dumps(key, ensure_ascii=False) + ": ")
        _pretty(item, indent, depth + 1, out)
    out.append("" if indent is None else "\n" + " " * (indent * depth))
    out.append(closing)


def shown_json(plain: object, indent: int | None = None) -> str:
    """``json.dumps(plain, ensure_ascii=False)``, compact (``", "``, ``": "``) or indented, for a person to read.

    Byte for byte ``json.dumps`` unless ``plain`` (``to_plain_json``'s output)
    holds an integer past ``MAX_SAFE_INTEGER``; then each such integer reads
    ``9007199254740993 (a JavaScript host reads 9007199254740992)`` — text, no longer JSON.
    """
    if not _has_unsafe_integer(plain):
        if indent is None:
            return json.dumps(plain, ensure_ascii=False, separators=(", ", ": "))
        return json.dumps(plain, ensure_ascii=False, indent=indent)
    out: list[str] = []
    _pretty(plain, indent, 0, out)
    return "".join(out)


def json_type_name(value: object) -> str:
    """The JSON name of a decoded value's type, as an error message says it (``array``, not ``list``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    return "object" if isinstance(value, Mapping) else type(value).__name__


@dataclass(frozen=True)
class JsonObjectText:
    """JSON text read as an object: the object, or why it is not one."""

    value: dict[str, object] | None
    problem: str | None = None
    syntax_error: bool = False
    """The text is not JSON at all (a prefix of it may still be), not merely JSON of another type."""


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


class _LongIntegerLiteral(ValueError):
    """An integer literal ``int()`` refuses: longer than ``sys.get_int_max_str_digits()``."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"an integer literal of {digits:,} digits")
        self.digits = digits


def _read_integer(literal: str) -> int:
    try:
        return int(literal)
    except ValueError:  # json's scanner matched the literal, so only its length can be refused
        raise _LongIntegerLiteral(len(literal.lstrip("-"))) from None


def decode_json_object(text: str) -> JsonObjectText:
    """``JSON.parse`` of text that should hold an object, never raising.

    ``NaN`` and ``Infinity`` are refused as JavaScript's parser refuses them;
    the problem names the line and column so the person can find it.
    """
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_int=_read_integer)
    except RecursionError:
        return JsonObjectText(None, "nested too deeply to decode")
    except json.JSONDecodeError as error:
        return JsonObjectText(
            None, f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})", True
        )
    except _LongIntegerLiteral as error:
        limit = sys.get_int_max_str_digits()
        return JsonObjectText(
            None,
            f"holds an integer of {error.digits:,} digits, longer than the {limit:,} Python decodes",
        )
    except ValueError as error:
        return JsonObjectText(None, f"not valid JSON ({error})", True)
    if isinstance(value, dict):
        return JsonObjectText(value)
    return JsonObjectText(None, f"a JSON {json_type_name(value)}, not an object")


@dataclass(frozen=True)
class UnprintableInteger:
    """An integer ``str()`` refuses, where it stands (``.arguments.n``, ``[3]``) and about how long it is."""

    path: str
    digits: int
    limit: int


@cache
def _power_of_ten(exponent: int) -> int:
    power: int = 10**exponent
    return power


def _too_long_to_print(value: int, limit: int) -> bool:
    # 10**limit has about 3.32 * limit bits, so anything of at most 3 * limit bits is shorter
    return value.bit_length() > 3 * limit and abs(value) >= _power_of_ten(limit)


def _key_path(key: object) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f".{key}"
    return (
        f"[{json.dumps(key, ensure_ascii=False) if isinstance(key, str) else type(key).__name__}]"
    )


def find_unprintable_integer(value: object) -> UnprintableInteger | None:
    """The first integer in ``value`` that Python will not turn into decimal text, or ``None``.

    CPython refuses ``str()`` of an integer longer than
    ``sys.get_int_max_str_digits()`` (4,300 by default: the conversion is
    quadratic, CVE-2020-10735), so such a value cannot be shown, and a prompt
    that cannot show its request must not be built. Walked without recursion
    (tool input may nest 10,000 deep) and each container once (a Python
    value may be cyclic); linear in the number of containers and scalars.
    """
    limit = sys.get_int_max_str_digits()
    if not limit:
        return None
    stack: list[tuple[object, str]] = [(value, "")]
    seen: set[int] = set()
    while stack:
        item, path = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if _too_long_to_print(item, limit):
                digits = int(item.bit_length() * math.log10(2)) + 1
                return UnprintableInteger(path, digits, limit)
        elif isinstance(item, Mapping | list | tuple):
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, Mapping):
                children = [(child, path + _key_path(key)) for key, child in item.items()]
            else:
                children = [(child, f"{path}[{index}]") for index, child in enumerate(item)]
            stack.extend(reversed(children))
    return None
