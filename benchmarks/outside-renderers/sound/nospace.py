"""Sound: `label:value` with no blank at all; continuation rows stay where the reference put them."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    for row in frame.ask:
        if row.label is not None:
            row.text = label_row(row.label, 0, row.value, ":")
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
