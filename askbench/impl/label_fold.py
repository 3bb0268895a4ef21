"""One namespace for labels: what a label reads as, not how it is spelled.

A person reads ``Runs``, ``RUNS``, ``tooI`` (capital I) or ``tооl`` (Cyrillic
o) in the label column as ``runs`` and ``tool``; a check that compares
spellings lets any of them stand under the real core rows as a forged one.
So a label is compared by its Unicode TR39 skeleton, case folded (disarm's
``skeleton_key`` with the TR39 digit classes: ``1`` and ``I`` read as ``l``,
``0`` as ``o``; invisible and control characters dropped, NFKC applied, a
fixed point), and two labels are one label when their folds are equal.

A label spelled as no word is spelled — case mixed inside it (``targeI``),
a digit or a letter of another script among its letters — is read by its
shape, and at a glance a shape one letter from an expected label passes for
it (``targeI`` folds to ``targel``, one letter from ``target``). So such a
label of four letters or more within one edit (a letter changed, added or
dropped) of a core label reads as it too. A word spelled as words are, in
one case (``content``, ``Content``, ``CONTENT``), reads as itself.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache

from disarm import skeleton_key

__all__ = ["fold_label", "folded_prefix", "poses_as", "spelled_by_shape", "within_one_edit"]


def _skeleton(text: str) -> str:
    return skeleton_key(text, digit_policy="tr39")


def _case_merges() -> dict[int, str]:
    """Letters case folding and TR39 put in one class together: ``i`` is ``I`` by case and ``I`` is ``l`` by TR39.

    Derived from the library, letter by letter: where a letter's skeleton and
    its capital's differ, the two skeletons are one letter to a reader.
    """
    merges: dict[int, str] = {}
    for lower in string.ascii_lowercase:
        small, capital = _skeleton(lower), _skeleton(lower.upper())
        if small != capital and len(small) == 1:
            merges[ord(small)] = capital
    return merges


_MERGES = _case_merges()


def fold_label(label: str) -> str:
    """The label as it reads: its TR39 skeleton, case folded, whitespace collapsed (``SKILL``, ``skIll`` are ``skill``)."""
    return _skeleton(label).translate(_MERGES)


NEAR_LENGTH = 4
"""A label spelled by shape this long or longer reads as any label one edit away; a shorter one only as itself."""
_HEAD = re.compile(r"([^:]*?) *(?::|$)")


def within_one_edit(first: str, second: str) -> bool:
    """Whether the two are equal or one letter apart (changed, added or dropped); linear in their length."""
    if abs(len(first) - len(second)) > 1:
        return False
    shorter, longer = sorted((first, second), key=len)
    same = 0
    while same < len(shorter) and shorter[same] == longer[same]:
        same += 1
    return shorter[same + (len(shorter) == len(longer)) :] == longer[same + 1 :]


def poses_as(label: str, names: Iterable[str]) -> bool:
    """Whether ``label`` reads as one of ``names`` at a glance: its fold equal to one, alone or before a colon, or,
    from ``NEAR_LENGTH`` letters on, within one edit of one."""
    folded = fold_label(label)
    if folded_prefix(names).match(folded):
        return True
    head = _HEAD.match(folded)
    word = head.group(1) if head else folded
    if len(word) < NEAR_LENGTH or not spelled_by_shape(label):
        return False
    return any(within_one_edit(word, fold_label(name)) for name in names)


def spelled_by_shape(label: str) -> bool:
    """Spelled as no word is: not ASCII letters (and blanks) in one case, lower, upper or capitalised words."""
    text = _HEAD.match(label)
    word = (text.group(1) if text else label).replace(" ", "")
    return not (
        word.isascii() and word.isalpha() and (word.islower() or word.isupper() or word.istitle())
    )


@cache
def _prefix(names: frozenset[str]) -> re.Pattern[str]:
    folded = sorted({fold_label(name) for name in names}, key=len, reverse=True)
    return re.compile(rf"(?:{'|'.join(re.escape(name) for name in folded)}) *(?::|$)")


def folded_prefix(names: Iterable[str]) -> re.Pattern[str]:
    """Matches a folded label that reads as one of ``names``, alone or before a colon (``agent``, ``agent:``, ``agent : x``)."""
    return _prefix(frozenset(names))
