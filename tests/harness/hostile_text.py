"""Text that breaks a report written without escaping, and the check that a report survived it."""

from __future__ import annotations

import re
import unicodedata

HOSTILE = "x | y `z` <script>alert(1)</script>\n| a | b |\n\x1b[2J\x1b]0;pwned\x07\u202e*[l](javascript:0)*"
"""A pipe and a row of cells, backticks, a script, line breaks, escape sequences, a bidi override, a link."""

_PIPE = re.compile(r"(?<!\\)(?:\\\\)*\|")
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)")
_FENCED = re.compile(r"(?ms)^(`{3,})[^\n`]*\n.*?^\1[ \t]*$")
"""A fenced code block: its lines are text, whatever they hold, up to a fence as long as its own."""


def _cells(row: str) -> int:
    return len(_PIPE.findall(row))


def markdown_survived(text: str) -> list[str]:
    """What in ``text`` the hostile text broke: a raw control, a tag, or a table row with more cells than its head."""
    found = [
        f"{char!r} raw"
        for char in dict.fromkeys(text)
        if unicodedata.category(char)[0] == "C" and char != "\n"
    ]
    prose = _FENCED.sub("", text)
    found += (
        ["a <script> tag outside a code span"] if "<script" in _CODE_SPAN.sub("", prose) else []
    )
    head = None
    for row in prose.split("\n"):
        if not row.startswith("|"):
            head = None
            continue
        head = head or row
        if _cells(row) != _cells(head):
            found.append(f"{_cells(row)} cells under a {_cells(head)}-cell head: {row[:120]}")
    return found


def html_survived(text: str) -> list[str]:
    """What in ``text`` the hostile text broke: a raw control, or markup from the text (a tag, an attribute)."""
    found = [
        f"{char!r} raw"
        for char in dict.fromkeys(text)
        if unicodedata.category(char)[0] == "C" and char not in "\n\t"
    ]
    found += ["a <script> tag"] if "<script" in text else []
    found += ["a quote closed an attribute"] if 'onerror="' in text else []
    return found
