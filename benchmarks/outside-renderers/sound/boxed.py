"""Sound: the whole prompt in a box, both sides drawn (`╭─╮ │ │ ╰─╯`).
Box drawing is East Asian Ambiguous (2 cells on CJK terminals), so the box is at most
half the width: its border then fits every terminal model."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

from askbench.impl.cells import cell_width

def inner(width):
    return width // 2 - 4

def transform(frame, ref):
    n = inner(frame.width)
    rows = ["╭" + "─" * (n + 2) + "╮"]
    for l in frame.lines():
        w = cell_width(visible(l))
        rows.append("│ " + l + " " * max(0, n - w) + " │")
    rows.append("╰" + "─" * (n + 2) + "╯")
    return rows

if __name__ == "__main__":
    serve(transform, lambda w: w - inner(w))
