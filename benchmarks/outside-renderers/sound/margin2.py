"""Sound: a margin of two blank columns on every row (the reference laid out 2 columns narrower)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    return ["  " + l if visible(l).strip() else l for l in frame.lines()]

if __name__ == "__main__":
    serve(transform, 2)
