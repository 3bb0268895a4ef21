"""Defect (base: reference): a 'compact' option list that keeps only the first two options: no deny on offer."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    frame.options = frame.options[:2]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
