"""The terminals the judge reads a frame on: its own models and the real ones.

Terminals disagree about how wide text is, so a verdict is only as good as the screen it was read
from. The judge's models (``models``: grapheme, code point by glibc's ``cwidth`` table,
ambiguous-wide) lay a frame out themselves (``layout``, in the styles ``sgr`` reads, into
``rows``), pyte says what a frame's controls did (``truth``), and ``frame_reading`` puts it together
with what a line carries that no terminal should print (``unprintables``); the real terminals
(tmux, xterm.js, behind ``real_screen``) answer the same question — what does the screen show
after this frame — and all of them know nothing of prompts, fixtures or invariants, so every other
part can trust them and none of them can lean on the rest.
"""

__all__ = [
    "choice",
    "cwidth",
    "cwidth_table",
    "frame_reading",
    "layout",
    "models",
    "real_screen",
    "rows",
    "sgr",
    "tmux_pane",
    "tmux_screen",
    "truth",
    "unprintables",
    "xterm_screen",
]
