"""Sound: the ask ended by a `────` rule (then the blank row), the options below it."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    rule = "─" * (frame.width // 2 - 1)   # box drawing is ambiguous-width: 2 cells on CJK terminals
    return frame.lines(close_ask=[rule, ""])

if __name__ == "__main__":
    serve(transform, 0)
