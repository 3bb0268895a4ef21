"""Defect (base: reference): the hidden-commands count is off by one (`… 14 more commands …` for 15)."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

COUNT = re.compile(r"… (\d[\d,]*) more command(s?) …")
def fix(m):
    n = int(m.group(1).replace(",", "")) - 1
    return f"… {n} more command{'s' if n != 1 else ''} …" if n > 0 else "… 0 more commands …"
def transform(frame, ref):
    for r in frame.ask:
        r.text = COUNT.sub(fix, r.text)
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
