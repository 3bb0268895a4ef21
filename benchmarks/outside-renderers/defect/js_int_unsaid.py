"""Defect (base: reorder): the note of what a JavaScript host reads for an integer past 2^53 is stripped."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import reorder
NOTE = re.compile(r" \(a JavaScript host reads [^)]*\)")
def transform(frame, ref):
    for r in frame.ask:
        r.text = NOTE.sub("", r.text)
    return reorder.transform(frame, ref)

if __name__ == "__main__":
    serve(transform, 0)
