"""A starter renderer behind the askbench/1 adapter contract: Python 3.11+, standard library only.

    askbench check --impl "python examples/starter-python/adapter.py"

Copy it and change its layout: ``frame`` builds the prompt from plain rows, so a
new title, new option wording or a new indent is a change of a constant. Each
``contract:`` comment names the rule of docs/adapters.md ("Every rule, with an
example") that a line keeps. The layout here: labels unaligned (``tool: bash``),
a value's continuation rows under a four-space indent, numbered options.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from typing import Any

Part = tuple[str, int, str]
"""A character as shown: the text drawn, its cells, the character of the input it stands for."""
Json = dict[str, Any]

TITLE = "Permission required"
OPTIONS = ("1. Yes", "2. Yes, for this session", "3. No", "4. No, and tell the agent why")
HINT = "enter select, esc deny"
MORE = "ctrl+o full request"  # contract: offered exactly when the bounded view left something out
INDENT = "    "  # where a value's continuation rows start
LABEL_CELLS = 20  # contract: a label longer than 20 cells may be clipped, with a "…"
ELLIPSIS = "\u2026"  # contract: a bare "…" marks every cut
MARKER: Part = (ELLIPSIS, 2, "")
ARROW = "\u2192 "  # contract: "label: text → detail"
GREY, ORANGE, RESET = (
    "\x1b[38;5;244m",
    "\x1b[38;5;166m",
    "\x1b[39m",
)  # contract: 3:1 on every palette
BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u180e\u2800")
SAYS_NOTHING = frozenset(("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sk"))
TAIL_REACH = 64  # contract: how far back a tail may reach for the last command's name
HEAD_KEEPS = 24  # contract: the cells of the first command a head keeps when the tail reaches back
SHORT_ROWS = 4  # contract: a core fact of at most 4 rows is within the allowance at any width


def spelled_out(char: str) -> bool:
    """Whether a character must be shown as ⟨U+XXXX⟩ instead of itself.

    contract: nothing that could act, hide or be drawn differently by different terminals reaches
    the screen: controls, format characters (bidi, zero-width, tags), lone surrogates, line and
    paragraph separators, unassigned and private-use code points, blank fillers. Marks and space
    separators are spelled out too (alone they join the prompt's own text), and emoji modifiers and
    conjoining Hangul vowels (they join the character before them): so every grapheme shown is one
    code point and is measured alone. And "⟨" itself, so the input cannot forge a notation, and "…",
    so no words of the input read as the renderer's own cut or its "… N more commands …" count row.
    """
    return (
        unicodedata.category(char)[0] in "CMZ"
        and char != " "
        or char in BLANK_FILLERS
        or char == "\u27e8"
        or char == ELLIPSIS
        or "\u1160" <= char <= "\u11ff"
        or "\ud7b0" <= char <= "\ud7ff"
        or "\U0001f3fb" <= char <= "\U0001f3ff"
    )


def cells(char: str) -> int:
    """contract: the cells the widest terminal draws a character in: East Asian Wide, Fullwidth and
    Ambiguous ones (…, →, ·, box drawing) are 2 on a CJK terminal, and so is an emoji-block symbol."""
    wide = unicodedata.east_asian_width(char) in "WFA" or "\U0001f000" <= char <= "\U0001faff"
    return 2 if wide else 1


def shown(text: str) -> list[Part]:
    """``text`` a character at a time as the screen shows it."""
    parts = []
    for char in text:
        if char == "\n":
            parts.append(("\n", 0, char))
        elif char == "\t":
            parts.append(("    ", 4, char))  # contract: a tab may show as one to eight spaces
        elif spelled_out(char):
            notation = f"\u27e8U+{ord(char):04X}\u27e9"
            parts.append((notation, len(notation), char))
        else:
            parts.append((char, cells(char), char))
    return parts


def cells_of(parts: list[Part]) -> int:
    return sum(size for _, size, _ in parts)


def chars_of(parts: list[Part]) -> int:
    """Characters of the input: what ``valueCommands`` spans count."""
    return sum(len(char) for _, _, char in parts)


def place(parts: list[Part], first: int, rest: int) -> list[list[int]]:
    """Hard-wrap ``parts`` into rows of at most ``first`` cells, then ``rest``; a line break starts a row.

    contract: blanks at a wrap are free, so a wrapped row starts at its text: the judge reads every
    continuation row's indentation from where the first one starts.
    """
    rows: list[list[int]] = []
    row: list[int] = []
    used, room, at_wrap = 0, first, False
    for index, (text, size, _) in enumerate(parts):
        if text == "\n" or used + size > room and row:
            rows.append(row)
            row, used, room, at_wrap = [], 0, rest, text != "\n"
        if text == "\n" or at_wrap and text == " ":
            continue
        row.append(index)
        used += size
        at_wrap = False
    return [*rows, row]


def wrap(parts: list[Part], first: int, rest: int) -> list[str]:
    return ["".join(parts[i][0] for i in row).rstrip(" ") for row in place(parts, first, rest)]


def says_something(parts: list[Part]) -> bool:
    """contract: a cut's tail must hold more than blanks, punctuation, brackets and operators."""
    return any(
        not char.isspace() and unicodedata.category(char) not in SAYS_NOTHING
        for _, _, char in parts
    )


def with_marker(parts: list[Part], end: int) -> list[Part]:
    """The first ``end`` parts, the "…" joined to the last so that no wrap leaves it alone on a row
    (a "…" alone on a row would read as evidence left out)."""
    text, size, char = parts[end - 1]
    return [*parts[: end - 1], (text + ELLIPSIS, size + MARKER[1], char)]


def head_of(parts: list[Part], budget: int, first: int, rest: int, max_rows: int) -> int:
    """How many parts start the text within ``budget`` cells and ``max_rows`` rows, the "…" included.

    contract: a wider terminal never shows less, so a head bounded by cells ends at the same character
    at every width; only one bounded by rows ends earlier on a narrower terminal."""
    used, end = 0, 0
    while end < len(parts) and used + parts[end][1] <= budget:
        used += parts[end][1]
        end += 1
    rows = [row for row in place(parts[:end], first, rest)[:max_rows] if row]
    end = rows[-1][-1] + 1 if rows else 0
    while end and (
        parts[end - 1][0].isspace() or len(place(with_marker(parts, end), first, rest)) > max_rows
    ):
        end -= 1
    return end


def tail_of(
    parts: list[Part], budget: int, last_start: int | None = None
) -> tuple[list[Part], int]:
    """The text's end within ``budget`` cells, and where it starts: its last line, or a "…" and the
    last cells of a long one; back over up to two lines that say nothing ("}"), and back to the line where
    the last command starts (``last_start``, in characters) when that is within the budget."""
    end = len(parts)
    while end and parts[end - 1][0].isspace():
        end -= 1  # contract: blanks at a field's end show nothing, so a tail never needs them
    start, used, lines = end, 0, 1
    at = chars_of(parts[:end])  # characters before ``start``
    while start and used + parts[start - 1][1] <= budget - MARKER[1]:
        if parts[start - 1][0] == "\n":
            # contract: the tail carries the last command, which runs wants on screen
            before_last = last_start is not None and at > last_start
            if not before_last and (says_something(parts[start:end]) or lines == 3):
                break
            lines += 1
        start -= 1
        used += parts[start][1]
        at -= len(parts[start][2])
    if not says_something(parts[start:end]):
        return [], end
    mid_line = start > 0 and parts[start - 1][0] != "\n"
    return [MARKER, *parts[start:end]] if mid_line else parts[start:end], start


def tail_budget(parts: list[Part], cap: int, last_start: int | None) -> int:
    """The cells the tail may take: a quarter of the cap, or as far back as the last command's start.

    contract: the tail reaches back to the last command's name, at most a row's worth (64 cells), where
    the head still keeps the first command's start (its first 24 cells)."""
    budget = cap // 4
    if last_start is None:
        return budget
    at, need = 0, MARKER[1]
    for _, size, char in parts:
        if at >= last_start:
            need += size
        at += len(char)
    return (
        max(budget, need) if need <= TAIL_REACH and cap - need >= HEAD_KEEPS + MARKER[1] else budget
    )


def last_line(parts: list[Part], last_start: int, room: int) -> tuple[int, int]:
    """The parts of the last command's line from its start (``last_start``, in characters) that fit ``room``
    cells, as ``(start, end)``.

    contract: where neither end shows the last command's start, its line from there shows on a row of its
    own between the count and the tail, with a "…" after it and before it where it starts mid-line."""
    at, start = 0, len(parts)
    for index, (_, _, char) in enumerate(parts):
        if at >= last_start:
            start = index
            break
        at += len(char)
    end, used = start, 0
    while end < len(parts) and parts[end][0] != "\n" and used + parts[end][1] <= room:
        used += parts[end][1]
        end += 1
    return start, end


def count_hidden(commands: Json | None, head_chars: int, tail_from: int) -> int:
    """Commands not shown whole before or after the cut: ``total`` less the spans the head or tail hold."""
    if not commands:
        return 0
    spans: list[tuple[int, int, int]] = commands["spans"]
    kept = sum(w for start, end, w in spans if end <= head_chars or start >= tail_from)
    total: int = commands["total"]
    return max(0, total - kept)


def cut_field(
    text: str, cap: int, widths: tuple[int, int], max_rows: int, commands: Json | None
) -> tuple[list[str], bool]:
    """The rows a value takes in the bounded view, and whether it was cut.

    contract: a field shows at most ``fieldMaxWidth`` cells, line breaks and markers not counted. A cut
    shows a head, a bare "…", then a row "… N more commands …" when it hides commands, then a tail that
    ends the text on rows of its own, opened by "…" when it starts mid-line.
    """
    first, rest = widths
    parts = shown(text)
    rows = wrap(parts, first, rest)
    if cells_of(parts) <= cap and len(rows) <= max_rows:
        return rows, False
    # contract: a wider terminal never shows less, so the tail's share is the cap's, not the width's
    last_start = max((span[0] for span in commands["spans"]), default=None) if commands else None
    tail, tail_from = tail_of(parts, tail_budget(parts, cap, last_start), last_start)
    tail_rows = wrap(tail, rest, rest) if tail else []
    head_rows = max(1, max_rows - len(tail_rows) - (1 if commands else 0))
    end = head_of(parts, cap - cells_of(tail), first, rest, head_rows)
    if not end and parts and len(parts[0][0]) > 1:
        # contract: a head shows something before its "…": a notation wider than the head is cut inside
        notation, _, char = parts[0]
        parts[:1] = [(c, cells(c), char if at == 0 else "") for at, c in enumerate(notation)]
        end = head_of(parts, cap - cells_of(tail), first, rest, head_rows)
        tail_from += len(notation) - 1 if tail_from else 0
    middle = (0, 0)
    if last_start is not None and chars_of(parts[:tail_from]) > last_start and max_rows > 3:
        # contract: a wider terminal never shows less, so the row's cells are at most a row's worth at any width
        middle = last_line(parts, last_start, min(rest, TAIL_REACH) - 2 * MARKER[1])
    # none where the head shows the last command's start itself
    middle_rows = 1 if end <= middle[0] < middle[1] else 0
    if middle_rows:
        budget = cap - cells_of(tail) - cells_of(parts[middle[0] : middle[1]])
        end = min(end, head_of(parts, budget, first, rest, max(1, head_rows - 1)))
    rows = wrap(with_marker(parts, end) if end else [MARKER], first, rest)
    hidden = count_hidden(commands, chars_of(parts[:end]), chars_of(parts[:tail_from]))
    if middle_rows and commands:
        hidden -= commands["spans"][-1][2]  # contract: the last command's row shows it
    # contract: every command the cut hides is counted, on a row of its own right after the "…"
    if hidden:
        rows.append(f"{ELLIPSIS} {hidden} more command{'s' if hidden != 1 else ''} {ELLIPSIS}")
    if middle_rows:
        start, stop = middle
        opening = ELLIPSIS if start and parts[start - 1][0] != "\n" else ""
        rows.append(opening + "".join(text for text, _, _ in parts[start:stop]) + ELLIPSIS)
    return rows + tail_rows, True


def label_of(label: str) -> str:
    """The label as shown, clipped with a "…" when it is over ``LABEL_CELLS``.

    contract: a clipped label shows at least half its column, so a clip may fall inside a notation."""
    parts = shown(label.replace("\n", " "))
    if cells_of(parts) <= LABEL_CELLS:
        return "".join(text for text, _, _ in parts)
    chars = [(c, cells(c)) for text, _, _ in parts for c in text]
    while sum(size for _, size in chars) > LABEL_CELLS - MARKER[1]:
        chars.pop()
    return "".join(c for c, _ in chars) + ELLIPSIS


def fact_rows(
    fact: Json, width: int, cap: int | None, max_rows: int, commands: Json | None, paint: bool
) -> tuple[list[str], bool]:
    """One fact: "label: value", continuation rows indented, every row painted when ``paint``."""
    label = label_of(fact["label"]) + ":"
    first, rest = max(10, width - cells_of(shown(label)) - 1), width - len(INDENT)
    rows, cut = field_rows(fact["text"], cap, (first, rest), max_rows, commands)
    if fact.get("detail") is not None:
        # contract: a detail follows the text after "→" (here on a row of its own), capped on its own
        more, detail_cut = field_rows(fact["detail"], cap, (rest - 3, rest), max_rows, None)
        rows += [ARROW + more[0], *more[1:]]
        cut = cut or detail_cut
    if paint:
        rows = [f"{ORANGE}{row}{RESET}" if row else row for row in rows]
    head = f"{GREY}{label}{RESET} {rows[0]}".rstrip(" ")
    return [head, *(INDENT + row if row else row for row in rows[1:])], cut


def field_rows(
    text: str, cap: int | None, widths: tuple[int, int], max_rows: int, commands: Json | None
) -> tuple[list[str], bool]:
    if cap is None:  # the complete view: every field whole
        return wrap(shown(text), *widths), False
    return cut_field(text, cap, widths, max_rows, commands)


def core_rows(payload: Json, width: int, cap: int | None, max_rows: int) -> tuple[list[str], bool]:
    request = payload["request"]
    rows: list[str] = []
    elided = False
    for fact in payload["core"]:
        label = fact["label"]
        commands = request["shapeCommands"] if label == "shape" else None
        if label == request["valueLabel"]:
            commands = request["valueCommands"]
        # contract: paint a flagged value on every row, and a value whose whole text is a flagged text
        paint = fact["flagged"] or fact["text"] in payload["flagged"]
        more, cut = fact_rows(fact, width, cap, max_rows, commands, paint)
        rows += more
        elided |= cut
    return rows, elided


def ask_rows(payload: Json, width: int, budget: Json | None) -> tuple[list[str], bool]:
    """The ask: core facts in order, then evidence, each entry whole (capped) or left out behind a "…"."""
    if budget is None:
        cap, max_rows, field_max = None, sys.maxsize, sys.maxsize
    else:
        cap, max_rows = budget["fieldMaxWidth"], budget["maxRows"]
        field_max = -(-cap // 64) + 1
    rows, elided = core_rows(payload, width, cap, field_max)
    if len(rows) > max_rows:
        # contract: a core taller than maxRows may exceed it only with each fact within its allowance,
        # ceil(fieldMaxWidth / (terminal width - indent)) + 3 rows: at least 4 at any width
        field_max = SHORT_ROWS
        rows, elided = core_rows(payload, width, cap, field_max)
    evidence = payload["evidence"]
    for index, fact in enumerate(evidence):
        more, cut = fact_rows(fact, width, cap, field_max, None, fact["text"] in payload["flagged"])
        later = index + 1 < len(evidence)
        if len(rows) + len(more) + later > max_rows:
            if len(rows) < max_rows:
                rows.append(ELLIPSIS)  # contract: evidence left out is marked by a lone "…" row
            return rows, True
        rows += more
        elided |= cut
    return rows, elided


def frame(request: Json) -> Json:
    view, width, payload = request["view"], request["width"], request["payload"]
    if view == "legacy":  # contract: the old dialog's message, spelled out and wrapped, same chrome
        lines = payload["legacyMessage"].split("\n")
        ask, elided = [row for line in lines for row in wrap(shown(line), width, width)], False
    else:
        ask, elided = ask_rows(payload, width, request["budget"] if view == "bounded" else None)
    hint = f"{HINT}, {MORE}" if elided else HINT
    # contract: a blank row closes the ask, another opens the hint
    return {"id": request["id"], "lines": [TITLE, *ask, "", *OPTIONS, "", hint], "elided": elided}


def main() -> None:
    sys.setrecursionlimit(100_000)  # contract: a fixture's tool input may nest 3,000 levels deep
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(frame(json.loads(line))) + "\n")
            sys.stdout.flush()  # contract: one answer line per request line, flushed


if __name__ == "__main__":
    main()
