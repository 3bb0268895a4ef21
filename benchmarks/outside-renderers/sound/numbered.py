"""Sound: the options as a numbered list, `❯ 1. Yes` … `4. No, provide reason`."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

OPTS = ["❯ 1. Yes", "  2. Yes, for this session", "  3. No", "  4. No, provide reason"]
def transform(frame, ref):
    if standard_options(frame.options):
        frame.options = list(OPTS)
        frame.hint = [h.replace("press a letter", "press a number") for h in frame.hint]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
