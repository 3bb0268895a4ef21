"""Defect (base: reference): the session grant is worded as a plain one-time yes, `(s) Yes`."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    frame.options = [o.replace("(s) Yes, for this session", "(s) Yes") for o in frame.options]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
