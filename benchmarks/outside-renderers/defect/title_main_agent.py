"""Defect (base: reference): the title names the asker from ask.agent and falls back to
'main agent', so a subagent's forwarded ask is titled as the main agent's."""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sound"))
from outside_lib import *  # noqa

def transform(frame, ref):
    fixture = frame.request.get("fixture") or {}
    agent = (fixture.get("ask") or {}).get("agent") or "main agent"
    agent = neutralise_name(agent)
    frame.title = [f"Permission Required · asked by {agent}"]
    return frame.lines()

def neutralise_name(name):
    from askbench.impl import neutralise
    return neutralise(str(name)).replace("\n", " ")

if __name__ == "__main__":
    serve(transform, 0)
