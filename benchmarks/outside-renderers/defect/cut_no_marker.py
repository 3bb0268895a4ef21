"""Defect (base: bullets): a capped field's `…` is dropped, so head and tail read as one whole value."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import bullets
def transform(frame, ref):
    if frame.view == "bounded":
        for r in frame.ask:
            p = r.plain.strip()
            if r.plain != "…" and not re.match(r"^… \d", p):   # not the lone evidence marker, not the count
                r.text = r.text.replace("…", "")
                if r.label is not None:
                    r.value = r.value.replace("…", "")
    return bullets.transform(frame, ref)

if __name__ == "__main__":
    serve(transform, 3)
