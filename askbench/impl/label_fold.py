"""One namespace for labels: what a label reads as, not how it is spelled.

A person reads ``Runs``, ``RUNS``, ``tooI`` (capital I) or ``tооl`` (Cyrillic
o) in the label column as ``runs`` and ``tool``; a check that compares
spellings lets any of them stand under the real core rows as a forged one.
So a label is compared by its Unicode TR39 skeleton, case folded (disarm's
``skeleton_key`` with the TR39 digit classes: ``1`` and ``I`` read as ``l``,
``0`` as ``o``; invisible and control characters dropped, NFKC applied, a
fixed point), and two labels are one label when their folds are equal.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from disarm import skeleton_key

__all__ = ["fold_label", "folded_prefix"]


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


def folded_prefix(names: Iterable[str]) -> re.Pattern[str]:
    """Matches a folded label that reads as one of ``names``, alone or before a colon (``agent``, ``agent:``, ``agent : x``)."""
    folded = sorted({fold_label(name) for name in names}, key=len, reverse=True)
    return re.compile(rf"(?:{'|'.join(re.escape(name) for name in folded)}) *(?::|$)")
