"""Defect (base: numbered): the prompt remembers the last choice and opens on `2. Yes, for this session`."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import numbered
def transform(frame, ref):
    lines = numbered.transform(frame, ref)
    return [{"❯ 1. Yes": "  1. Yes", "  2. Yes, for this session": "❯ 2. Yes, for this session"}.get(l, l) for l in lines]

if __name__ == "__main__":
    serve(transform, 0)
