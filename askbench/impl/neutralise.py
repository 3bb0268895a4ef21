"""Tool input made safe to show: every character that could act instead of print.

A permission prompt is a security boundary, so nothing from a tool call may
reach the terminal as a control: escape sequences would move the cursor and
rewrite the prompt, carriage return and backspace overwrite, bidi controls
reorder what is read, and invisible characters hide what is approved. Each of
them is turned into a visible notation rather than dropped, because the
prompt never redacts what it asks about, and the mapping is reversible
(``restore``) so the complete view still says exactly what the call carries.

The notation:

- C0 controls and DEL become their Unicode control pictures: ESC ``␛``,
  CR ``␍``, BS ``␈``, BEL ``␇``, NUL ``␀``, DEL ``␡`` — so ``ESC [ 1 A`` reads
  ``␛[1A``. Line feed stays a line break; tab is expanded by the layout.
- Everything else that is invisible, reorders text or would be dropped by a
  terminal becomes ``⟨U+XXXX⟩``: C1 controls (including the 8-bit CSI
  ``⟨U+009B⟩``), bidi controls (``⟨U+202E⟩``), zero-width and format
  characters, line/paragraph separators, lone surrogates, variation
  selectors and tag characters outside the sequences that use them,
  combining marks with nothing to combine with or stacked past
  ``MAX_TEXT_EXTENDERS`` deep (``MAX_EXTENDERS`` on an emoji), extenders past what one terminal cell holds
  (``MAX_CLUSTER_BYTES``), other grapheme extenders with no base (a skin-tone
  modifier after a tab), and blank fillers such as U+3164.
- Code points that are unassigned (by this Python's ``unicodedata``, category
  ``Cn``: ``⟨U+0378⟩``), noncharacters (U+FDD0…U+FDEF, U+FFFE, U+FFFF and their
  kin in every plane, also ``Cn``) and private-use (``Co``): terminals disagree
  about them more than about anything printable — tmux draws U+0378 as
  nothing, so ``eslint`` + U+0378 reads ``eslint``; xterm.js with its Unicode 6
  table draws some as two cells; a private-use glyph is whatever a font makes
  of it.
- A control picture or ``⟨`` typed literally is itself written ``⟨U+XXXX⟩``,
  so the notation can never be forged by the input it describes.
- A ``…`` that opens the words of the renderer's own count row (``… 3 more
  commands …``, ``askbench.impl.count_forms``) is written ``⟨U+2026⟩`` for
  the same reason: the count row can never be forged by the text around
  it. Only the caller knows which such line is its own (an outline's count,
  ``own_counts``), so only it can keep one as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from functools import lru_cache

from wcwidth import iter_graphemes, wcwidth

from .cells import grapheme_cells, grapheme_pieces, unsafe_runs
from .count_forms import count_openings

NOTATION_OPEN = "\u27e8"
NOTATION_CLOSE = "\u27e9"
_CONTROL_PICTURES = 0x2400
_DEL_PICTURE = "\u2421"
ZWJ = "\u200d"
_BLACK_FLAG = "\U0001f3f4"

MAX_EXTENDERS = 15
"""Characters a grapheme may carry after its base. The longest emoji sequence
in use has ten code points; past this a cluster is an attack on the screen
(marks stacked over the rows above) or on the renderer's time."""

MAX_CLUSTER_CELLS = 12
"""The widest one cluster may be drawn on any terminal (``cells.grapheme_cells``): the value rows of the
narrow dialog (``dialog.NARROW_VALUE_WIDTH``). A cluster cannot wrap, so one wider than its row would push the rows below it down;
the extenders past this width are shown as notation instead."""

MAX_TEXT_EXTENDERS = 6
"""The same bound for a base that is not a pictograph. Scripts stack a few
marks (a Hebrew letter with its points, an Indic conjunct), never more; and a
terminal measuring code points alone gives each spacing mark a cell or two
(a base with fifteen U+302E is 2 cells in kitty, 31 in tmux), so a long stack
is where terminals disagree most about the width of one cluster."""

MAX_CLUSTER_BYTES = 21
"""The most UTF-8 bytes one terminal cell holds: tmux keeps a cluster in 21 bytes and drops every
code point past them unseen (a family of four, 25 bytes, shows three). Extenders past it are notation."""

_PLAIN = re.compile(r"[^\x20-\x7e\n\t]")
_PLAIN_RUNS = unsafe_runs("\\x20-\\x7e\\n\\t")
_NOTATION = re.compile("\u27e8U\\+([0-9A-F]{4,6})\u27e9|([\u2400-\u2421])")
_BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u180e\u2800")


def notation(char: str) -> str:
    """The visible stand-in for one character."""
    code = ord(char)
    if code < 0x20:
        return chr(_CONTROL_PICTURES + code)
    if code == 0x7F:
        return _DEL_PICTURE
    return f"{NOTATION_OPEN}U+{code:04X}{NOTATION_CLOSE}"


@lru_cache(maxsize=4096)
def _must_show_alone(char: str) -> bool:
    """Whether a character standing as its own grapheme needs the notation."""
    if char == "\n" or char == "\t":
        return False
    if NOTATION_OPEN == char or "\u2400" <= char <= "\u2421" or char in _BLANK_FILLERS:
        return True
    category = unicodedata.category(char)
    if category[0] == "C" or category in ("Zl", "Zp"):
        return True
    if category[0] == "M":
        return True  # a mark with no base would combine with the prompt's own text
    return wcwidth(char) < 1


@lru_cache(maxsize=4096)
def _cannot_lead(char: str) -> bool:
    """Whether a character that begins a grapheme in the input needs the notation there.

    Besides what ``_must_show_alone`` names, a character that would join the
    one before it on screen — an emoji skin-tone modifier, a halfwidth
    voiced sound mark, Thai SARA AM — begins a grapheme only after a control,
    a line break or a tab, and the layout turns those into spaces or puts
    the prompt's own text before it: shown as it is, it would fuse with that.
    """
    return _must_show_alone(char) or len(list(iter_graphemes("a" + char))) == 1


def _is_hangul_jamo_extender(char: str) -> bool:
    """A conjoining vowel or final consonant: zero cells alone, part of a syllable after a leading jamo.

    NFD Korean (how macOS stores Korean file names) is written this way. The
    vowel filler U+1160 is not one of them: it pads, so it stays notation.
    """
    return (
        "\u1161" <= char <= "\u11ff" or "\ud7b0" <= char <= "\ud7c6" or "\ud7cb" <= char <= "\ud7fb"
    )


def _is_hangul(char: str) -> bool:
    """A leading jamo (the filler U+115F excepted), a precomposed syllable, or a conjoining extender."""
    return (
        "\u1100" <= char <= "\u115e"
        or "\ua960" <= char <= "\ua97c"
        or "\uac00" <= char <= "\ud7a3"
        or _is_hangul_jamo_extender(char)
    )


def _is_pictographic(char: str) -> bool:
    """A symbol drawn as a picture: a wide one (an emoji), or one of the few narrow ones with an emoji form.
    A wide letter is no picture: a joiner after ``一`` or ``！`` joins nothing and is spelled out."""
    return unicodedata.category(char) == "So" and (
        wcwidth(char) == 2 or char in "\u2764\u263a\u2639\u2620\u2622\u2623"
    )


_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")


def _ends_a_pictograph(char: str) -> bool:
    """A symbol (every pictograph is one), or what may close one before a joiner: a skin tone or the emoji
    presentation selector."""
    return (
        unicodedata.category(char) == "So"
        or char == "\ufe0f"
        or _SKIN_TONES[0] <= char <= _SKIN_TONES[1]
    )


def _is_regional_indicator(char: str) -> bool:
    return "\U0001f1e6" <= char <= "\U0001f1ff"


def _overflows(drawn: str) -> bool:
    """Whether a cluster as drawn no longer fits one terminal cell (``MAX_CLUSTER_BYTES``)."""
    return (
        len(drawn) * 4 > MAX_CLUSTER_BYTES
        and len(drawn.encode("utf-8", "surrogatepass")) > MAX_CLUSTER_BYTES
    )


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


def _is_tag(char: str) -> bool:
    return "\U000e0020" <= char <= "\U000e007f"


def _extender_bound(base: str) -> int:
    """How many extenders a base may carry: emoji sequences and flags legitimately carry more than text does."""
    return (
        MAX_EXTENDERS
        if _is_pictographic(base) or _is_regional_indicator(base)
        else MAX_TEXT_EXTENDERS
    )


class _Drawn:
    """The cluster as it will be drawn: the base and the extenders kept since the last notation.

    ``kept`` counts every extender kept, notations or not, because the bound
    on extenders is on the whole cluster. The width and byte bounds are on
    what one cell draws, and extenders after a notation are drawn on its
    closing ``⟩``, so ``text`` starts again from there.
    """

    __slots__ = ("bound", "kept", "text")

    def __init__(self, base: str) -> None:
        self.text = base
        self.kept = 0
        self.bound = _extender_bound(base)

    def fits(self, added: str) -> bool:
        """Whether ``added`` can still join the cluster within every bound on one cluster."""
        drawn = self.text + added
        within = self.kept + len(added) <= self.bound
        return within and grapheme_cells(drawn) <= MAX_CLUSTER_CELLS and not _overflows(drawn)


def _joiner_joins(cluster: str, index: int) -> bool:
    """A joiner is drawn only between two pictographs: after a digit or before a notation it would dangle."""
    following = cluster[index + 1 : index + 2]
    return (
        bool(following) and _is_pictographic(following) and _ends_a_pictograph(cluster[index - 1])
    )


def _belongs(drawn: _Drawn, cluster: str, index: int, previous_kept: bool) -> bool:
    """Whether an extender that fits belongs to what precedes it, so it may be drawn as it is.

    A joiner belongs between two pictographs it can draw as one; a second
    variation selector selects nothing; tag characters spell a subdivision
    flag only after the black flag; a conjoining jamo joins a syllable only
    after Hangul that is itself shown; any other extender is kept when it
    prints, or is a mark (it has its base here).
    """
    char = cluster[index]
    previous = cluster[index - 1]
    if char == ZWJ:
        return (
            previous_kept
            and _joiner_joins(cluster, index)
            and drawn.fits(cluster[index : index + 2])
        )
    if _is_variation_selector(char):
        return not _is_variation_selector(previous)
    if _is_tag(char):
        return cluster[0] == _BLACK_FLAG and previous_kept
    if _is_hangul_jamo_extender(char):
        return previous_kept and _is_hangul(previous)
    return not _must_show_alone(char) or unicodedata.category(char)[0] == "M"


def _shows_after_notation(drawn: _Drawn, cluster: str, index: int, previous_kept: bool) -> bool:
    """Whether an extender of a cluster whose first character was spelled out may be drawn on the notation's ``⟩``.

    Nothing in such a cluster has a base of its own on screen, so a joiner
    and what must show alone are spelled out too; what prints is drawn on
    the ``⟩``, as any extender on its base.
    """
    char = cluster[index]
    return not (_must_show_alone(char) or char == ZWJ)


def _clean_cluster(cluster: str, out: list[str]) -> None:
    """One grapheme of several characters: its base, then each extender as it is or as notation.

    A first character that cannot lead is spelled out, and what follows it
    joins the notation's closing ``⟩`` on screen: it is held to the bounds
    of one cluster all the same, or a run of skin tones after a line break
    would be one cluster as wide as it is long.
    """
    if _cannot_lead(cluster[0]):
        out.append(notation(cluster[0]))
        drawn, belongs = _Drawn(NOTATION_CLOSE), _shows_after_notation
    else:
        out.append(cluster[0])
        drawn, belongs = _Drawn(cluster[0]), _belongs
    previous_kept = True
    for index in range(1, len(cluster)):
        char = cluster[index]
        previous_kept = drawn.fits(char) and belongs(drawn, cluster, index, previous_kept)
        if previous_kept:
            out.append(char)
            drawn.text += char
            drawn.kept += 1
        else:
            out.append(notation(char))
            drawn.text = NOTATION_CLOSE


_ASCII_CONTROLS = tuple(chr(code) for code in range(0x20) if chr(code) not in "\n\t") + ("\x7f",)
_SHORT = 256
"""Below this many characters one regex scan is quicker than a ``str.find`` per control character."""


def _is_plain(text: str) -> bool:
    """Printable ASCII, tab and line feed only: nothing to neutralise.

    A long text is asked with ``isascii`` and one ``in`` per ASCII control,
    each a vectorised memchr, rather than a regex scan, which steps through
    the text a character at a time: the check decides what the complete view
    of a large plain text costs.
    """
    if len(text) < _SHORT:
        return not _PLAIN.search(text)
    return text.isascii() and not any(control in text for control in _ASCII_CONTROLS)


def _clean_piece(piece: str, out: list[str]) -> None:
    for cluster in iter_graphemes(piece):
        if len(cluster) == 1:
            out.append(notation(cluster) if _cannot_lead(cluster) else cluster)
        else:
            _clean_cluster(cluster, out)


def neutralise(text: str, own_counts: Collection[int] = ()) -> str:
    """``text`` with every character that could act on the terminal made visible, and every ``…`` that opens
    a count row's words but those at ``own_counts`` (the caller's own count lines) in notation.

    A count opener is followed by a blank or a digit, where a grapheme ends,
    and begins one unless a prepended mark stands before it: the pieces
    between openers are neutralised as in the whole text, such a mark as it
    would be alone.
    """
    if _is_plain(text):
        return text
    openings = count_openings(text, own_counts)
    if not openings:
        return _neutralised(text)
    out, position = [], 0
    for opening in openings:
        out.append(_neutralised(text[position:opening]))
        out.append(notation(text[opening]))
        position = opening + 1
    out.append(_neutralised(text[position:]))
    return "".join(out)


def _neutralised(text: str) -> str:
    """``text`` neutralised character by character.

    Only the stretches around characters outside printable ASCII, tab and
    line feed are segmented into graphemes (``grapheme_pieces`` says why that
    is exact); the printable ASCII between them is copied as it is.
    """
    if _is_plain(text):
        return text
    out: list[str] = []
    position = 0
    for start, end in grapheme_pieces(text, _PLAIN_RUNS):
        out.append(text[position:start])
        _clean_piece(text[start:end], out)
        position = end
    out.append(text[position:])
    return "".join(out)


def _restore_match(match: re.Match[str]) -> str:
    code, picture = match.groups()
    if code is not None:
        return chr(int(code, 16))
    return "\x7f" if picture == _DEL_PICTURE else chr(ord(picture) - _CONTROL_PICTURES)


def restore(text: str) -> str:
    """The original of a neutralised text: ``restore(neutralise(s)) == s``."""
    return _NOTATION.sub(_restore_match, text)
