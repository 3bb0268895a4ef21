"""A starter renderer behind the askbench/1 adapter contract: Python 3.11+, standard library only.

    askbench check --impl "python3 examples/starter-python/adapter.py"

Copy it and change its layout: the frame is built by ``frame`` from plain rows,
so a new title, new option wording or a new indent is a change of a constant.
Each ``# contract:`` comment names the rule of docs/adapters.md a line keeps.
The layout here: labels unaligned (``tool: bash``), a value's continuation rows
under a four-space hanging indent, numbered options, an ASCII hint.
"""

from __future__ import annotations

import json
import sys
import unicodedata

TITLE = "Permission required"
OPTIONS = ("1. Yes", "2. Yes, for this session", "3. No", "4. No, and tell the agent why")
HINT = "enter select, esc deny"
MORE = "ctrl+o full request"  # contract: offered exactly when the bounded view left something out
INDENT = "    "  # continuation rows of a value
LABEL_CELLS = 20  # contract: a label longer than 20 cells may be clipped, with a "…"
ELLIPSIS = "\u2026"  # contract: a bare "…" marks every cut; it counts 2 cells on ambiguous-wide terminals
ARROW = "\u2192 "  # contract: "label: text → detail"
GREY, ORANGE, RESET = "\x1b[38;5;244m", "\x1b[38;5;166m", "\x1b[39m"  # contract: 3:1 on every palette
BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u180e\u2800")


def spelled_out(char: str) -> bool:
    """Whether a character must be shown as ⟨U+XXXX⟩ instead of itself.

    contract: nothing that could act, hide or be drawn differently by different terminals reaches
    the screen: controls, format characters (bidi, zero-width, tags), lone surrogates, line and
    paragraph separators, unassigned and private-use code points, blank fillers. Marks and other
    space separators are spelled out too: shown alone they would join the prompt's own text, and
    spelling them out keeps every grapheme one code point, so cells are counted per code point.
    Emoji modifiers and conjoining Hangul vowels join the character before them, so they are spelled
    out too; and "⟨" itself, so input cannot forge a notation.
    """
    category = unicodedata.category(char)
    return (
        category[0] in "CMZ" and char != " "
        or char in BLANK_FILLERS
        or char == "\u27e8"
        or "\u1160" <= char <= "\u11ff"
        or "\ud7b0" <= char <= "\ud7ff"
        or "\U0001f3fb" <= char <= "\U0001f3ff"
    )


def cells(char: str) -> int:
    """The cells the widest terminal draws a shown character in.

    contract: measure as the widest terminal model does: East Asian Wide, Fullwidth and
    Ambiguous characters (…, →, ·, box drawing) are 2 cells (ambiguous-wide model), and so is
    every symbol of the emoji blocks U+1F000-U+1FAFF.
    """
    if char < "\u0100" and char != "\u00b7":
        return 1 if unicodedata.east_asian_width(char) != "A" else 2
    wide = unicodedata.east_asian_width(char) in "WFA" or "\U0001f000" <= char <= "\U0001faff"
    return 2 if wide else 1


def tokens(text: str) -> list[tuple[str, int, int]]:
    """``text`` as shown: (token, its cells, the characters of ``text`` it stands for)."""
    out = []
    for char in text:
        if char == "\n":
            out.append(("\n", 0, 1))
        elif char == "\t":
            out.append(("    ", 4, 1))  # contract: a tab may show as one to eight spaces
        elif spelled_out(char):
            shown = f"\u27e8U+{ord(char):04X}\u27e9"
            out.append((shown, len(shown), 1))
        else:
            out.append((char, cells(char), 1))
    return out


def shown_width(text: str) -> int:
    return sum(size for _, size, _ in tokens(text))


def place(parts: list[tuple[str, int, int]], first: int, rest: int) -> list[list[int]]:
    """Hard-wrap shown tokens into rows of at most ``first`` cells, then ``rest`` cells; a line break is a new row.

    contract: blanks at a wrap are free, so a wrapped row starts at its text: where the first continuation
    row starts is the column the judge reads every continuation row's indentation from.
    """
    rows, row, used, room, at_wrap = [], [], 0, first, False
    for index, (token, size, _) in enumerate(parts):
        if token == "\n" or used + size > room and row:
            rows.append(row)
            row, used, room, at_wrap = [], 0, rest, token != "\n"
        if token == "\n" or at_wrap and token == " ":
            continue
        row.append(index)
        used += size
        at_wrap = False
    return [*rows, row]


def wrap(parts: list[tuple[str, int, int]], first: int, rest: int) -> list[str]:
    return ["".join(parts[index][0] for index in row).rstrip(" ") for row in place(parts, first, rest)]


def says_something(parts: list[tuple[str, int, int]]) -> bool:
    """contract: a cut's tail must show a letter, a digit, a pictograph or a notation."""
    return any(token.isalnum() or len(token) > 1 and token.strip() for token, _, _ in parts)


def cut_field(text, cap, first, rest, max_rows, commands):
    """The rows a value takes in the bounded view, and whether it was cut.

    contract: a field shows at most ``fieldMaxWidth`` cells (line breaks and markers not counted).
    A cut field shows a head, a bare "…", optionally a row "… N more commands …" counting the commands
    the cut hides, and a tail that ends the text, on a row of its own, opened by "…" when it starts mid-line.
    """
    parts = tokens(text)
    whole = wrap(parts, first, rest)
    if sum(size for _, size, _ in parts) <= cap and len(whole) <= max_rows:
        return whole, False
    tail, tail_cells, tail_chars = tail_of(parts, cap // 4, rest)  # the same at every width: a wider one never shows less
    head_rows = max(1, max_rows - len(tail) - (1 if commands else 0))
    end = head_of(parts, cap - tail_cells, first, rest, head_rows)
    head_chars = sum(count for _, _, count in parts[:end])
    rows = wrap([*parts[:end], (ELLIPSIS, 2, 0)], first, rest)
    hidden = count_hidden(commands, head_chars, len(text) - tail_chars)
    if hidden:  # contract: every command the cut hides is counted, on a row of its own after the "…"
        rows.append(f"{ELLIPSIS} {hidden} more command{'s' if hidden != 1 else ''} {ELLIPSIS}")
    return rows + tail, True


def head_of(parts, budget, first, rest, max_rows):
    """How many tokens start the text within ``budget`` cells and ``max_rows`` rows, room left for "…" on the last row."""
    used, end = 0, 0
    while end < len(parts) and used + parts[end][1] <= budget:
        used += parts[end][1]
        end += 1
    rows = place(parts[:end], first, rest)[:max_rows]
    while rows:
        last, room = rows[-1], first if len(rows) == 1 else rest
        while last and (sum(parts[index][1] for index in last) + 2 > room or parts[last[-1]][0].isspace()):
            last.pop()
        if last:
            return last[-1] + 1
        rows.pop()
    return 0


def tail_of(parts, budget, rest):
    """The text's end on one row: its last line whole, or a "…" and the last cells of a long one."""
    start = len(parts)
    while start and parts[start - 1][0] in ("\n", " ", "    "):
        start -= 1  # contract: blanks at a field's end show nothing, so a tail never needs them
    end, used = start, 0
    while start and parts[start - 1][0] != "\n" and used + parts[start - 1][1] <= budget - 2:
        start -= 1
        used += parts[start][1]
    shown = parts[start:end]
    if not says_something(shown):
        return [], 0, len(parts) - end
    if start > 0 and parts[start - 1][0] != "\n":
        shown = [(ELLIPSIS, 2, 0), *shown]
    return wrap(shown, rest, rest), used, sum(count for _, _, count in parts[start:])


def count_hidden(commands, head_chars, tail_from):
    """Commands not shown whole before or after the cut: ``commands.total`` less those the head or tail hold."""
    if not commands:
        return 0
    shown = sum(weight for start, end, weight in commands["spans"] if end <= head_chars or start >= tail_from)
    return max(0, commands["total"] - shown)


def label_of(label: str) -> str:
    shown = "".join(token for token, _, _ in tokens(label.replace("\n", " ")))
    if shown_width(shown) <= LABEL_CELLS:
        return shown
    while shown_width(shown) > LABEL_CELLS - 2:
        shown = shown[:-1]
    return shown + ELLIPSIS


def fact_rows(fact, width, budget, max_rows, commands=None, flagged=()):
    """One fact: "label: value", continuation rows indented; every row of a flagged value painted."""
    label = label_of(fact["label"]) + ":"
    first, rest = max(10, width - shown_width(label) - 1), width - len(INDENT)
    cap = budget["fieldMaxWidth"] if budget else None
    if cap is None:
        rows, cut = wrap(tokens(fact["text"]), first, rest), False
    else:
        rows, cut = cut_field(fact["text"], cap, first, rest, max_rows, commands)
    if fact.get("detail") is not None:
        # contract: a detail follows the text after "→" (here on a row of its own) and is capped on its own
        if cap is None:
            more, detail_cut = wrap(tokens(fact["detail"]), rest - 3, rest), False
        else:
            more, detail_cut = cut_field(fact["detail"], cap, rest - 3, rest, max_rows, None)
        rows += [ARROW + more[0], *more[1:]]
        cut = cut or detail_cut
    if fact.get("flagged") or fact["text"] in flagged:  # contract: paint a flagged value, and any value that is a flagged text
        rows = [f"{ORANGE}{row}{RESET}" if row else row for row in rows]
    head = f"{GREY}{label}{RESET}"
    return [f"{head} {rows[0]}".rstrip(" "), *(INDENT + row if row else row for row in rows[1:])], cut


def ask_rows(payload, width, budget):
    """The ask: core facts in order, then evidence, each entry whole (capped) or left out behind a lone "…"."""
    request = payload["request"]
    commands = request.get("shapeCommands"), request.get("valueCommands")
    max_rows = budget["maxRows"] if budget else None
    field_rows = -(-budget["fieldMaxWidth"] // 64) + 1 if budget else None
    rows, elided = [], False
    for fact in payload["core"]:
        spans = commands[0] if fact["label"] == "shape" else commands[1] if fact["label"] == request["valueLabel"] else None
        shown, cut = fact_rows(fact, width, budget, field_rows, spans, payload["flagged"])
        rows += shown
        elided |= cut
    for index, fact in enumerate(payload["evidence"]):
        shown, cut = fact_rows(fact, width, budget, field_rows, None, payload["flagged"])
        later = index + 1 < len(payload["evidence"])
        if max_rows is not None and len(rows) + len(shown) + later > max_rows:
            if len(rows) < max_rows:
                rows.append(ELLIPSIS)  # contract: evidence left out is marked by a lone "…" row
            return rows, True
        rows += shown
        elided |= cut
    return rows, elided


def legacy_rows(payload, width):
    return [row for line in payload["legacyMessage"].split("\n") for row in wrap(tokens(line), width, width)]


def frame(request) -> dict:
    view, width, payload = request["view"], request["width"], request["payload"]
    if view == "legacy":
        ask, elided = legacy_rows(payload, width), False
    else:
        ask, elided = ask_rows(payload, width, request["budget"] if view == "bounded" else None)
    hint = f"{HINT}, {MORE}" if elided else HINT
    lines = [TITLE, *ask, "", *OPTIONS, "", hint]  # contract: a blank row before the options and before the hint
    return {"id": request["id"], "lines": lines, "elided": elided}


def main() -> None:
    sys.setrecursionlimit(100_000)  # contract: a fixture's tool input may nest 3,000 levels deep
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(frame(json.loads(line))) + "\n")
            sys.stdout.flush()  # contract: one answer line per request line, flushed


if __name__ == "__main__":
    main()
