"""Defect (base: reference): the hint never offers ctrl+o, even when the bounded view left something out."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    frame.hint = [h for h in frame.hint if "ctrl+o" not in h]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
