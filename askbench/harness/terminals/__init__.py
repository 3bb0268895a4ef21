"""The terminals the judge reads a frame on: its own models and the real ones.

Terminals disagree about how wide text is, so a verdict is only as good as the screen it was read
from. The judge's models (``models``: grapheme, code point by glibc's ``cwidth`` table,
ambiguous-wide) and the real terminals (tmux, xterm.js, behind ``real_screen``) all answer one
question — what does the screen show after this frame — and know nothing of prompts, fixtures or
invariants, so every other part can trust them and none of them can lean on the rest.
"""

__all__ = [
    "choice",
    "cwidth",
    "cwidth_table",
    "models",
    "real_screen",
    "tmux_pane",
    "tmux_screen",
    "xterm_screen",
]
