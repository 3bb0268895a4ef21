"""What a row at the label column reads as, judged apart from how it is spelled.

A person does not read ``Runs``, ``RUNS``, ``tooI`` (capital I) or ``tооl``
(Cyrillic o) as anything but ``runs`` and ``tool``, and does not read a row
at the left edge that says ``to: boss@acme.example`` as anything but a
``to`` entry. So a row is read as a label row by its shape at column 0 — a
label, a colon, then a blank or nothing — and the label is compared by its
Unicode TR39 skeleton, case folded (disarm's ``skeleton_key`` with the TR39
digit classes). A label spelled as no word is (case mixed inside it, a digit
or another script's letter among its letters) is read by its shape, and one
letter from an expected label passes for it at a glance (``targeI`` folds to
``targel``, ``target`` with one letter changed): such a label of ``NEAR``
letters or more within one edit of a core label poses as it too. A word in
one case (``content``, ``Content``, ``CONTENT``) reads as itself. The renderer under judgement may fold or not; the screen is
what is judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from disarm import skeleton_key

__all__ = ["LABEL_SCAN", "NEAR", "core_label_of", "folded", "label_of"]

LABEL_SCAN = 48
"""Cells of a row's start that can hold a label and its colon: labels are clipped at 20, padded to one column."""

_LABEL_ROW = re.compile(r"([^\s:][^:]*?) *:(?: |$)")
"""A row that reads as ``label: value``: text from column 0 (no colon inside), spaces, a colon, then a blank or the row's end."""


def _one_class(letters: str) -> dict[int, str]:
    """Where case folding and TR39 disagree about a letter (``i`` is ``I``, ``I`` is ``l``), the letters it joins read as one."""
    joined: dict[int, str] = {}
    for letter in letters:
        own, upper = (
            skeleton_key(letter, digit_policy="tr39"),
            skeleton_key(letter.upper(), digit_policy="tr39"),
        )
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


NEAR = 4
"""A folded label this long or longer reads as a core label one edit away; a shorter one only as itself."""


def _one_apart(seen: str, label: str) -> bool:
    """Equal, or one letter changed, added or dropped: the common start and the common end cover all but one."""
    if abs(len(seen) - len(label)) > 1:
        return False
    start = 0
    while start < min(len(seen), len(label)) and seen[start] == label[start]:
        start += 1
    end = 0
    while end < min(len(seen), len(label)) - start and seen[-1 - end] == label[-1 - end]:
        end += 1
    return max(len(seen), len(label)) - start - end <= 1


def core_label_of(text: str, core: Iterable[str]) -> str | None:
    """The core label (of ``core``) a row reads as, once case and confusables are folded, or ``None``: the one its
    fold equals, or, for a label spelled by shape of ``NEAR`` letters or more, one its fold is within one edit of."""
    label = label_of(text)
    if label is None:
        return None
    reads = folded(label)
    names = sorted(core)
    same = next((name for name in names if folded(name) == reads), None)
    if same is not None or len(reads) < NEAR or _word_spelled(label):
        return same
    return next((name for name in names if _one_apart(reads, folded(name))), None)


def _word_spelled(label: str) -> bool:
    """ASCII letters (and blanks) in one case: lower, upper, or each word capitalised."""
    letters = label.replace(" ", "")
    return (
        letters.isascii()
        and letters.isalpha()
        and (letters.islower() or letters.isupper() or label.istitle())
    )
