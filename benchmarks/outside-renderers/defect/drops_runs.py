"""Defect (base: question): the `runs` fact is left out as 'redundant with the command'."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import question
def transform(frame, ref):
    frame.ask = [r for b in fact_blocks(frame.ask) if b[0].label != "runs" for r in b]
    return question.transform(frame, ref)

if __name__ == "__main__":
    serve(transform, 0)
