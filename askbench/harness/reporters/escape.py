"""Text from a fixture, a payload or a renderer made inert in a Markdown table or an HTML page.

Every report shows text no one here wrote: fixture names and descriptions,
violation messages quoting a screen, an adapter's stderr. Written as it is, a
``|`` ends a table cell, a newline ends the table, a backtick opens a code span,
``<script>`` runs in the HTML report, and an escape sequence acts on the
terminal of whoever ``cat``s the Markdown. Each reporter escaping in its own way
let some of these through somewhere; these are the only escapers they use.

A control, format or unassigned character is spelt out (``\\x1b``, ``\\u202e``) rather
than dropped, so the reader sees that it was there. ``md_cell`` and ``md_code``
also collapse runs of white space, line breaks included, into one space: a cell
is one line. A line for a terminal (the table, progress, annotations, the
command line's messages) shows controls as the prompt itself does, as their
pictures (``one_line``, by ``askbench.impl.neutralise``).
"""

from __future__ import annotations

import html
import re
import unicodedata
from urllib.parse import quote

from askbench.impl.neutralise import neutralise

__all__ = ["html_text", "md_block", "md_cell", "md_code", "md_link", "one_line", "visible"]

_BACKSLASHES_BEFORE_PIPE = re.compile(r"\\+(?=\|)")
_MD_PUNCTUATION = {char: f"\\{char}" for char in "\\*_[]~#!"}
_MD_CELL = str.maketrans(
    {**_MD_PUNCTUATION, "|": "\\|", "`": "&#96;", "<": "&lt;", ">": "&gt;", "&": "&amp;"}
)


def _spelt(char: str) -> str:
    code = ord(char)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


def visible(text: str, keep: str = "") -> str:
    """``text`` with every character that draws nothing or acts (categories C*, line and paragraph separators)
    spelt out as a Python escape, but those in ``keep``."""
    return "".join(
        _spelt(char)
        if (unicodedata.category(char)[0] == "C" or char in "\u2028\u2029") and char not in keep
        else char
        for char in text
    )


def _one_line(text: str) -> str:
    return visible(" ".join(str(text).split()))


def md_cell(text: object) -> str:
    """``text`` as the literal content of a Markdown table cell: one line, no markup, no HTML."""
    return _one_line(str(text)).translate(_MD_CELL)


def md_code(text: object) -> str:
    """``text`` as an inline code span that may stand in a table cell: fenced by more backticks than it holds.

    A table reads ``\\|`` as a cell's end even inside a code span, where a backslash cannot be escaped,
    so a backslash before a pipe is spelt ``\\x5c``."""
    shown = _BACKSLASHES_BEFORE_PIPE.sub(
        lambda run: "\\x5c" * len(run.group()), _one_line(str(text))
    )
    shown = shown.replace("|", "\\|")
    run = longest = 0
    for char in shown:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") or not shown.strip() else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def md_block(text: object) -> str:
    """``text`` as a fenced code block of its own lines: every control spelt out but the line break, fenced by
    more backticks than any run it holds, so no line of it can close the fence."""
    shown = visible(str(text), "\n")
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{shown}\n{fence}"


_PATH_SAFE = "/#@:!$&'*+,;="


def md_link(text: object, target: str) -> str:
    """A Markdown link to a relative ``target`` (a file the report wrote), its words ``md_cell``'s; the target keeps
    the characters RFC 3986 allows in a path (``@`` of ``name@80``) and percent-encodes the rest."""
    return f"[{md_cell(text)}]({quote(target, safe=_PATH_SAFE)})"


def html_text(text: object, keep: str = "\n\t") -> str:
    """``text`` as HTML text or a quoted attribute's value: markup and quotes escaped, controls spelt out but
    those in ``keep`` (by default line breaks and tabs, white space to HTML)."""
    return html.escape(visible(str(text), keep), quote=True)


def one_line(text: str) -> str:
    """Fixture-derived text made inert for a report line: no control acts, no line break splits the record.

    Names, paths and messages can carry anything a file name or a tool
    input can; ``neutralise`` shows controls as their pictures, and the line
    feed and tab it keeps become theirs here.
    """
    return neutralise(text).replace("\n", "\u240a").replace("\t", "\u2409")
