"""What a row at the label column reads as, judged apart from how it is spelled.

A person does not read ``Runs``, ``RUNS``, ``tooI`` (capital I) or ``tооl``
(Cyrillic o) as anything but ``runs`` and ``tool``, and does not read a row
at the left edge that says ``to: boss@acme.example`` as anything but a
``to`` entry. So a row is read as a label row by its shape at column 0 — a
label, a colon, then a blank or nothing — and the label is compared by its
Unicode TR39 skeleton, case folded (disarm's ``skeleton_key`` with the TR39
digit classes). The renderer under judgement may fold or not; the screen is
what is judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from disarm import skeleton_key

__all__ = ["LABEL_SCAN", "core_label_of", "folded", "label_of"]

LABEL_SCAN = 48
"""Cells of a row's start that can hold a label and its colon: labels are clipped at 20, padded to one column."""

_LABEL_ROW = re.compile(r"([^\s:][^:]*?) *:(?: |$)")
"""A row that reads as ``label: value``: text from column 0 (no colon inside), spaces, a colon, then a blank or the row's end."""


def _one_class(letters: str) -> dict[int, str]:
    """Where case folding and TR39 disagree about a letter (``i`` is ``I``, ``I`` is ``l``), the letters it joins read as one."""
    joined: dict[int, str] = {}
    for letter in letters:
        own, upper = skeleton_key(letter, digit_policy="tr39"), skeleton_key(letter.upper(), digit_policy="tr39")
        if own != upper and len(own) == 1:
            joined[ord(own)] = upper
    return joined


_JOINED = _one_class("abcdefghijklmnopqrstuvwxyz")


@lru_cache(maxsize=4096)
def folded(label: str) -> str:
    """A label as it reads: TR39 skeleton, case folded, whitespace collapsed, invisible characters gone."""
    return skeleton_key(label, digit_policy="tr39").translate(_JOINED)


def label_of(text: str) -> str | None:
    """The label a screen row reads as standing under (``to`` for ``to: boss@acme.example``), or ``None``.

    The row's start is folded first, so a fullwidth colon (``：``) or a
    zero-width character before the colon does not hide the shape.
    """
    head = text[:LABEL_SCAN]
    if not head or head[0].isspace():
        return None
    match = _LABEL_ROW.match(head) or _LABEL_ROW.match(folded(head))
    return match.group(1) if match else None


def core_label_of(text: str, core: Iterable[str]) -> str | None:
    """The core label (of ``core``) a row reads as, once case and confusables are folded, or ``None``."""
    label = label_of(text)
    if label is None:
        return None
    reads = folded(label)
    return next((name for name in sorted(core) if folded(name) == reads), None)
