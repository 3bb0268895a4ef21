"""Sound: labels right-aligned against the colons: `   tool : bash` over `command : …`."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    for row in frame.ask:
        if row.label is not None:
            row.text = " " * row.pad + label_row(row.label, 0, row.value)
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
