"""Sound: a question row between the ask and the options (`Allow this request?`), as Claude Code asks."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    kind = frame.request["payload"]["kind"]
    q = "Allow this command?" if kind == "bash" else "Allow this request?"
    return frame.lines(before_options=[q])

if __name__ == "__main__":
    serve(transform, 0)
