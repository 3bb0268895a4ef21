"""Defect (base: reference): drops the `… N more commands …` row, so the cut hides commands uncounted."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

COUNT = re.compile(r"^\s*… \d[\d,]* more commands? …\s*$")
def transform(frame, ref):
    frame.ask = [r for r in frame.ask if not COUNT.match(r.plain)]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
