"""The stylesheet every HTML page of the reports carries, and the terminal palette the gallery paints with.

One sheet (``pages.css``), each page naming itself on its ``<body>``
(``gallery``, ``matrix``, ``agents``, ``corpus``, ``mutation``), so a page's
look is changed in one place and two pages never disagree on what a class
means. The palette is
data the gallery needs twice — as classes here and as inline colours for a
reversed cell — so the ``.fg-*`` rules are made from it rather than copied.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["PALETTE", "STYLESHEET"]

PALETTE = {
    "black": "#3b4048",
    "red": "#e06c75",
    "green": "#98c379",
    "brown": "#e5c07b",
    "yellow": "#e5c07b",
    "blue": "#61afef",
    "magenta": "#c678dd",
    "cyan": "#56b6c2",
    "white": "#dcdfe4",
    "brightblack": "#5c6370",
    "brightred": "#ff7b86",
    "brightgreen": "#b5e890",
    "brightbrown": "#ffd580",
    "brightblue": "#82c4ff",
    "brightmagenta": "#e09cf5",
    "brightcyan": "#7fdbe6",
    "brightwhite": "#ffffff",
}
"""pyte's colour names (SGR 33 is ``brown``) to a dark-background palette."""

STYLESHEET = (
    resources.files("askbench.harness.reporters").joinpath("pages.css").read_text(encoding="utf-8")
    + "".join(f".gallery .fg-{name}{{color:{colour}}}" for name, colour in PALETTE.items())
    + "\n"
)
