"""Sound: the core facts in another order: the value first, then its outline and what runs, then the rest."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

def transform(frame, ref):
    payload = frame.request["payload"]
    core = [c["label"] for c in payload["core"]]
    first = [payload["request"]["valueLabel"], "shape", "runs"]
    blocks = fact_blocks(frame.ask)
    n = 0
    while n < len(blocks) and blocks[n][0].label in core:
        n += 1
    head, tail = blocks[:n], blocks[n:]
    labels = [b[0].label for b in head]
    if len(set(labels)) != len(labels):
        return frame.lines()
    rank = {l: i for i, l in enumerate(first)}
    head = sorted(head, key=lambda b: (rank.get(b[0].label, len(first)), labels.index(b[0].label)))
    frame.ask = [r for b in head + tail for r in b]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
