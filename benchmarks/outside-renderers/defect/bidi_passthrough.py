"""Defect (base: reference): bidi controls (U+202A–U+202E, U+2066–U+2069, LRM/RLM) pass through raw."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

BIDI = re.compile(r"⟨U\+(202[A-E]|206[6-9]|200[EF])⟩")
def transform(frame, ref):
    return [BIDI.sub(lambda m: chr(int(m.group(1), 16)), l) for l in frame.lines()]

if __name__ == "__main__":
    serve(transform, 0)
