"""Defect (base: reference): the `command` and `runs` labels are swapped (a table indexed off by one)."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    labels = {r.label for r in frame.ask}
    if {"command", "runs"} <= labels:
        for r in frame.ask:
            if r.label == "command":
                r.text = label_row("runs", r.pad + 3, r.value)
            elif r.label == "runs":
                r.text = label_row("command", max(0, r.pad - 3), r.value)
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
