"""Character truncation that never splits a grapheme.

The upstream slices UTF-16 code units, so capping 300 emoji leaves a lone
surrogate in its output. Here the limit is in characters (code points, which
equals the upstream's count for ASCII) and the cut moves back to the last
grapheme boundary at or before it, so the result is always a prefix of the
input, never longer than the limit plus the marker.
"""

from __future__ import annotations

from wcwidth import iter_graphemes

ELLIPSIS = "…"

# A grapheme longer than this is not one a person writes; it only bounds how
# far past the limit the boundary search reads.
_LOOKAHEAD = 64


def grapheme_prefix(text: str, max_length: int) -> str:
    """The longest grapheme-aligned prefix of ``text`` with at most ``max_length`` characters."""
    if len(text) <= max_length:
        return text
    window = text[: max_length + _LOOKAHEAD]
    kept = 0
    for grapheme in iter_graphemes(window):
        if kept + len(grapheme) > max_length:
            break
        kept += len(grapheme)
    return text[:kept]


def truncate_inline_text(text: str, max_length: int) -> str:
    """``text`` when it fits in ``max_length`` characters, else its grapheme-safe prefix and ``…``."""
    if len(text) <= max_length:
        return text
    return grapheme_prefix(text, max_length) + ELLIPSIS
