"""Defect (base: nospace): the title calls read/grep/find/ls calls 'read-only' by the tool's name alone."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import nospace
READERS = {"read", "grep", "find", "ls", "glob"}
def transform(frame, ref):
    tool = frame.request["payload"]["request"]["toolName"]
    if tool in READERS:
        frame.title = [t + " (read-only)" for t in frame.title]
    return nospace.transform(frame, ref)

if __name__ == "__main__":
    serve(transform, 0)
