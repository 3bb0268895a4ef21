"""Shared plumbing for the outside renderers.

Every renderer here is an askbench/1 adapter (docs/adapters.md) built on the public
reference adapter (`python -m askbench.harness.drivers.adapters.reference`), run as a
subprocess through the same contract.  A renderer may ask the reference for a frame at
another width (to make room for its own margin, bullets or box), then re-lays the frame
out in its own style.  Only the documented frame shape is relied on:

    title / ask / blank / options / blank / hint      (docs/adapters.md "The frame")

and the reference's answer example (labels painted 244, ` : ` between label and value,
continuation rows indented to the value column).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Callable

LABEL_PAINT = "\x1b[38;5;244m"
PAINT_END = "\x1b[39m"
VALUE_PAINT = "\x1b[38;5;166m"
LABEL_ROW = re.compile(r"^\x1b\[38;5;244m(.*?)\x1b\[39m : (.*)$", re.S)
OPTION_KEY = re.compile(r"\(([ysnr])\)")
SGR = re.compile(r"\x1b\[[0-9;:]*m")


def visible(text: str) -> str:
    return SGR.sub("", text)


class Reference:
    """The reference adapter, as a persistent session subprocess."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "askbench.harness.drivers.adapters.reference"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="surrogatepass",
        )

    def ask(self, request: dict) -> dict:
        line = json.dumps(request, ensure_ascii=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError("reference adapter answered nothing")
        return json.loads(answer)


@dataclass
class Row:
    text: str  # the row as written (SGR included)
    label: str | None = None  # the label's text (padding stripped) when this row heads a fact
    pad: int = 0  # blanks the reference padded the label with
    value: str = ""  # what follows ` : ` on a label row

    @property
    def plain(self) -> str:
        return visible(self.text)


@dataclass
class Frame:
    title: list[str]
    ask: list[Row]
    options: list[str]
    hint: list[str]
    elided: bool
    view: str
    width: int
    request: dict = field(default_factory=dict)

    def lines(self, close_ask: list[str] | None = None, before_options: list[str] | None = None) -> list[str]:
        out = list(self.title) + [r.text for r in self.ask]
        out += close_ask if close_ask is not None else [""]
        out += before_options or []
        out += self.options + [""] + self.hint
        return out


def parse_row(text: str) -> Row:
    m = LABEL_ROW.match(text)
    if not m:
        return Row(text)
    padded = m.group(1)
    stripped = padded.rstrip(" ")
    return Row(text, stripped, len(padded) - len(stripped), m.group(2))


def parse(lines: list[str], elided: bool, view: str, width: int, request: dict) -> Frame:
    """Read the reference frame as the docs describe it: from the bottom."""
    blanks = [i for i, l in enumerate(lines) if visible(l).strip() == ""]
    last = blanks[-1]
    prev = max(i for i in blanks if i < last)
    # the options: 4 keyed rows (or a compact one) between prev and last
    title_rows = 1
    return Frame(
        title=lines[:title_rows],
        ask=[parse_row(l) for l in lines[title_rows:prev]],
        options=lines[prev + 1 : last],
        hint=lines[last + 1 :],
        elided=elided,
        view=view,
        width=width,
        request=request,
    )


def label_row(label: str, pad: int, value: str, sep: str = " : ") -> str:
    return f"{LABEL_PAINT}{label}{' ' * pad}{PAINT_END}{sep}{value}"


def fact_blocks(rows: list[Row]) -> list[list[Row]]:
    """Rows grouped into facts: a label row and the rows that continue it.
    A row at column 0 that heads nothing (a lone `…`) is a block of its own."""
    blocks: list[list[Row]] = []
    for row in rows:
        if row.label is not None or not row.plain.startswith(" ") or not blocks:
            blocks.append([row])
        else:
            blocks[-1].append(row)
    return blocks


Transform = Callable[[Frame, "Reference"], list[str]]


def serve(transform: Transform, width_delta: Callable[[int], int] | int = 0) -> None:
    """Answer every askbench/1 request line on stdin until it closes."""
    sys.setrecursionlimit(1_000_000)
    ref = Reference()

    def loop() -> None:
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            width = request["width"]
            delta = width_delta(width) if callable(width_delta) else width_delta
            inner = dict(request)
            inner["width"] = max(20, width - delta)
            answer = ref.ask(inner)
            frame = parse(answer["lines"], answer["elided"], request["view"], width, request)
            frame.inner_width = inner["width"]  # type: ignore[attr-defined]
            lines = transform(frame, ref)
            out = {"id": request["id"], "lines": lines, "elided": frame.elided}
            sys.stdout.write(json.dumps(out, ensure_ascii=True) + "\n")
            sys.stdout.flush()

    threading.stack_size(512 * 1024 * 1024)
    t = threading.Thread(target=loop)
    t.start()
    t.join()


def standard_options(options: list[str]) -> bool:
    keys = [OPTION_KEY.search(visible(o)) for o in options]
    return len(options) == 4 and all(keys) and [k.group(1) for k in keys] == ["y", "s", "n", "r"]  # type: ignore[union-attr]
