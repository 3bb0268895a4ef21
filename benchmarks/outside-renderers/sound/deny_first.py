"""Sound: the options deny-first, and the prompt opens on No."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

OPTS = ["▶ (n) No", "  (r) No, provide reason", "  (y) Yes", "  (s) Yes, for this session"]
def transform(frame, ref):
    if standard_options(frame.options):
        frame.options = list(OPTS)
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
