"""Defect (base: reference): evidence left out with no `…` marker where it was."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    frame.ask = [r for r in frame.ask if r.plain.strip() != "…" or r.plain.startswith(" ")]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
