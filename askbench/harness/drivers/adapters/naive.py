"""A deliberately naive implementation: the old unbounded dialog, raw text and all.

It shows the legacy one-sentence ask with the whole tool input inline in
every view, wrapped by code point rather than by terminal cell, and writes
the payload's text as it came — escapes, controls, bidi marks — without
neutralising it. The gate must fail it for the right reasons: the row budget
(a 200-line here-string takes 200 rows), containment (tool input moves the
cursor and rewrites the screen), and, since it has no labels, core facts.

Standard library only, on purpose: it doubles as the smallest example of
the contract (``docs/adapters.md``).
"""

from __future__ import annotations

import json
import sys

OPTIONS = ("▶ (y) Yes", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason")
HINT = "↑/↓ move · enter confirm · esc deny"


def render(request: dict) -> dict:  # type: ignore[type-arg]
    """The legacy dialog for any view: title, the message wrapped every ``width`` characters, options, hint."""
    width = request["width"]
    payload = request["payload"]
    forwarded = payload["request"]["requester"]["forwarded"]
    rows: list[str] = []
    for line in payload["legacyMessage"].split("\n"):
        rows.extend(line[start : start + width] for start in range(0, max(len(line), 1), width))
    title = "Permission Required (Subagent)" if forwarded else "Permission Required"
    return {"id": request["id"], "lines": [title, *rows, "", *OPTIONS, "", HINT], "elided": False}


def main() -> int:
    # the request's fixture may nest thousands of levels deep (hostile tool input), past json's default limit;
    # naive about rendering is the point, crashing on the request is not
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 25_000))
    for line in sys.stdin.buffer:
        if line.strip():
            answer = render(json.loads(line))
            sys.stdout.write(json.dumps(answer, ensure_ascii=True) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
