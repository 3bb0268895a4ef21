"""Defect (base: reference): ESC in the tool input is passed through raw (to keep tools' colours)."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    return [l.replace("␛", "\x1b") for l in frame.lines()]

if __name__ == "__main__":
    serve(transform, 0)
