"""Defect (base: margin2): a capped field keeps only its head: the rows after the cut's `…`
(the tail, where the last commands stand) are dropped."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

import margin2
def transform(frame, ref):
    if frame.view == "bounded":
        blocks = fact_blocks(frame.ask)
        out = []
        for b in blocks:
            keep = []
            for r in b:
                keep.append(r)
                p = r.plain.rstrip()
                if len(b) > 1 and p.endswith("…") and p.strip() != "…" and r is not b[-1]:
                    break
            out.extend(keep)
        frame.ask = out
    return margin2.transform(frame, ref)

if __name__ == "__main__":
    serve(transform, 2)
