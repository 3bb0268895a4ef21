"""Defect (base: reference): the bounded view repeats the whole value after the ask, uncapped,
'so it can be copied'."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    if frame.view == "bounded" and frame.elided:
        req = dict(frame.request); req["view"] = "complete"
        full = ref.ask(req)
        label = frame.request["payload"]["request"]["valueLabel"]
        cf = parse(full["lines"], False, "complete", frame.width, req)
        for b in fact_blocks(cf.ask):
            if b[0].label == label:
                frame.ask.extend(b)
                break
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
