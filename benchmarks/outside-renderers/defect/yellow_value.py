"""Defect (base: reference): the flagged value is painted in the theme's yellow (SGR 33)."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    return [l.replace(VALUE_PAINT, "\x1b[33m") for l in frame.lines()]

if __name__ == "__main__":
    serve(transform, 0)
