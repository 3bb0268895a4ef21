"""How one word bash prints may stand on a screen: as written, its quotes removed, or capped with ``…``.

A word is matched by its own text only. Quotes are part of what the person
reads, so a quoted word is its text as written (a ``$`` bash dropped before
a quote may stand there again: ``$'…'`` and ``$"…"`` are printed without
it) or with its quotes removed; never by text that merely begins with a
quote. Only where bash prints a construct otherwise than the source spells
it — ``$( … )`` re-spaced, backticks, process substitution, an ANSI-C string
translated — may the screen's spelling differ, and then only from there on.

A long or multi-line word may be capped: the screen shows some prefix of
it, the bare ``…``, and some suffix of it (``"…"`` is the outline's form).
The prefix and suffix are held to the word's own characters up to
``SHORT_WORD`` of them, so a capped ``"https://evil…"`` is not a capped
``"https://get.example.test/…"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

ELLIPSIS = "\u2026"
SHORT_WORD = 40
"""A word longer than this, or on more than one line, is data the screen may show capped with ``…``."""
BLANKS = " \t\r\n"
"""What separates words in a shell's source; ``\x85``, ``\xa0`` and ``\u3000`` are word characters to both shells."""
BREAK = r"(?:\\?\r?\n *+)?"
"""Where a hard wrap may fall: a row ends, and the next row is indented to the field column — or a line
continuation the command shows as written, which bash joined into the word."""
_BLANK_RUN = re.compile(r"[ \t\r\n]+")
_DATA = rf"(?:[^\n{ELLIPSIS}]|\n *+)"
"""A character of a capped word as a row shows it (a long word holds blanks), a row break and the next row's
indent being one step."""
RESPELLED = re.compile(r"\$\(|`|[<>]\(")
"""Where bash prints a word otherwise than its source may spell it: a substitution re-spaced. From there on the
screen's spelling is free; the commands a substitution runs are owed on their own."""
_FREE = r"(?:[^\n]|\n *+)*?"
QUOTING = re.compile(r"""['"\\$`]""")
"""Where a word's spellings (as written, quotes removed) may begin to differ."""
UNSEEN = re.compile(r"[\s\\]+")
"""What a word's pattern lets stand anywhere between or in place of its characters: blanks (``\\s+``) and a row
break (a backslash, a newline, the indent). With these left out of the screen and of a word, a word the pattern
matches stands whole in the screen's text."""
_BEFORE_QUOTE = re.compile(r"(?=['\"])")
_NEVER = "(?!)"


def collapse(word: str) -> str:
    return _BLANK_RUN.sub(" ", word).strip(BLANKS)


def exact(word: str) -> str:
    """A short word as the screen may show it: blanks as any blanks, a row break allowed between any two characters."""
    return BREAK.join(_character(character) for character in word)


def _character(character: str) -> str:
    if character in BLANKS:
        return r"\s+"
    if character in "'\"":
        return rf"\$?{re.escape(character)}"
    return re.escape(character)


def quote_removed(word: str) -> str:
    """The word as bash's quote removal leaves it (a backslash outside single quotes keeps what it escapes)."""
    out: list[str] = []
    quote = ""
    escaped = False
    for character in word:
        if escaped:
            out.append(character)
            escaped = False
        elif character == "\\" and quote != "'":
            escaped = True
        elif character in "'\"" and quote in ("", character):
            quote = "" if quote else character
        else:
            out.append(character)
    return "".join(out)


def is_long(word: str) -> bool:
    return len(word) > SHORT_WORD or "\n" in word.strip(BLANKS) or not word.isprintable()


def _prefix(word: str) -> str:
    """Any prefix of the word's first ``SHORT_WORD`` characters, or all of those and then any of the word's text."""
    head = word[:SHORT_WORD]
    nested = ""
    for character in reversed(head):
        nested = f"(?:{BREAK}{_character(character)}{nested})?"
    return rf"(?:{nested}|{exact(head)}{_DATA}*?)"


def _suffix(word: str) -> str:
    """Any suffix of the word's last ``SHORT_WORD`` characters."""
    nested = ""
    for character in word[-SHORT_WORD:]:
        nested = f"(?:{nested}{_character(character)}{BREAK})?"
    return nested


def cut_pattern(word: str) -> str:
    """The word cut where the screen's ``…`` stands: a prefix of it (perhaps none), then the marker."""
    forms = {collapse(word), collapse(quote_removed(word))}
    return "(?:" + "|".join(_prefix(form) for form in sorted(forms)) + rf"){ELLIPSIS}"


def capped_pattern(word: str) -> str:
    """The word capped inside: a prefix of it, the marker, a suffix of it."""
    forms = {collapse(word), collapse(quote_removed(word))}
    return (
        "(?:"
        + "|".join(f"{_prefix(form)}{ELLIPSIS}{_suffix(form)}" for form in sorted(forms))
        + ")"
    )


def word_pattern(raw: str, absent: frozenset[str] = frozenset()) -> str:
    """Every spelling of one word the screen may show: as written or its quotes removed, whole or capped.

    A whole spelling in ``absent`` is one the screen cannot hold (``held_pieces``): it is left out, so the
    pattern of a word of megabytes shown capped holds the cap's few dozen characters, not the word's.
    """
    special = RESPELLED.search(raw)
    if special is not None:
        head = raw[: special.start()]
        if is_long(head):
            return _either([_whole(collapse(raw), absent), capped_pattern(raw)])
        return (exact(head) if head else rf"[^\s{ELLIPSIS}]") + _FREE
    forms = [_whole(collapse(raw), absent), _whole(collapse(quote_removed(raw)), absent)]
    if is_long(raw):
        forms.append(capped_pattern(raw))
    # bash prints an ANSI-C string ($'\x41') translated ('A'): the source's spelling is free
    if "'" in raw:
        translated = _whole(_ansi_c_head(raw), absent)
        forms.append(None if translated is None else translated + rf"\$'{_FREE}")
    return _either(sorted({form for form in forms if form is not None}))


def _either(alternatives: Sequence[str | None]) -> str:
    """One of the alternatives, in their order; none (every one left out) matches nowhere."""
    kept = [alternative for alternative in alternatives if alternative is not None]
    return "(?:" + "|".join(kept) + ")" if kept else _NEVER


def _whole(form: str, absent: frozenset[str]) -> str | None:
    return None if form in absent else exact(form)


def _ansi_c_head(raw: str) -> str:
    return collapse(raw[: raw.index("'")])


@lru_cache(maxsize=64)
def whole_spellings(raw: str) -> tuple[str, ...]:
    """Each text ``word_pattern`` spells whole (``exact``) and leaves out when it is ``absent``."""
    special = RESPELLED.search(raw)
    if special is not None:
        return (collapse(raw),) if is_long(raw[: special.start()]) else ()
    forms = (collapse(raw), collapse(quote_removed(raw)))
    return (*forms, _ansi_c_head(raw)) if "'" in raw else forms


@lru_cache(maxsize=64)
def held_pieces(form: str) -> tuple[str, ...]:
    """What every match of ``exact(form)`` holds, blanks and row breaks left out (``UNSEEN``), in pieces each
    of which stands whole in the match's text so left out: a quote may have a ``$`` before it, so the text
    is cut before each quote. A screen whose text so left out lacks a piece holds no spelling ``exact`` makes.
    """
    return tuple(_BEFORE_QUOTE.split(UNSEEN.sub("", form)))


def literal(raw: str, *, cut: bool) -> str | None:
    """What every spelling of ``raw`` holds as written, or ``None`` when a spelling may hold none of it."""
    special = QUOTING.search(raw)
    head = raw if special is None else raw[: special.start()]
    if is_long(raw):
        return None if cut else collapse(head) or None
    return head or None
