"""What the title, the options and the hint claim, held to the payload: nothing it does not back.

A renderer is free in its wording and its language (``askbench.harness.judge.lexicon``
reads the meaning), not in what it asserts. The request is the only source of
truth about who asks and how safe the call is, so the chrome may say less than
the payload, never other: no requester the request lacks (a subagent on a
direct ask, the main agent on a forwarded one, a name after ``by``/``agent``,
quoted or not, that is not the requester's), and no reassurance — safe,
read-only, sandboxed, no network — unless the payload's own notes (its
annotations) say it. The hint is read as the options are: each key it names
beside words is held to what that key does (``esc allow`` lies).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from askbench.impl.neutralise import neutralise
from askbench.impl.payload import PromptPayload
from askbench.impl.truncate import ELLIPSIS

from .chrome import Option, misread
from .lexicon import Meaning, meanings, said

__all__ = [
    "Backing",
    "ChromeSaid",
    "backing_of",
    "chrome_problems",
    "claim_problems",
    "hint_problems",
    "title_problem",
]

REASSURANCES: frozenset[Meaning] = frozenset({"safe", "read-only", "sandboxed", "no-network"})
"""What a prompt may say about the call's safety only when the payload says it."""


@dataclass(frozen=True)
class Backing:
    """What the payload backs: who asks, and the reassurances its own notes make."""

    forwarded: bool
    names: frozenset[str]
    reassurances: frozenset[Meaning] = frozenset()
    own_texts: tuple[str, ...] = ()
    """The request's own texts (tool, value, facts): a title that echoes them quotes the request, it claims nothing."""


@dataclass(frozen=True)
class ChromeSaid:
    """The chrome's words as the screen shows them: the title, the hint, the options' words."""

    title: str
    hint: str = ""
    options: tuple[Option, ...] = ()


def backing_of(payload: PromptPayload) -> Backing:
    """What ``payload`` backs: its requester, and what its annotations say of the call's safety."""
    requester = payload.request.requester
    names = frozenset(name for name in (requester.agent_name, requester.session_id) if name)
    said = frozenset().union(*(meanings(note) for note in payload.annotations))
    request = payload.request
    own = [text for text in (request.value, request.tool_name, request.invoked_tool_name) if text]
    # as a screen shows them too: a control the value holds is drawn visible (``␛``), never as itself
    shown = [visible for visible in map(neutralise, own) if visible not in own]
    return Backing(requester.forwarded, names, said & REASSURANCES, (*own, *shown))


_QUOTES = "\"'`\u2018\u2019\u201c\u201d\u00ab\u00bb\u300c\u300d"
_NAMED = re.compile(
    rf"\b(?P<intro>sub-?agent|agent|by|from|von|par|por)\b\s*[:(]?\s*"
    rf"(?:[{_QUOTES}](?P<quoted>[^{_QUOTES}]*)[{_QUOTES}]|(?P<bare>[\w][\w.@/-]*))",
    re.IGNORECASE,
)
"""A requester's name as a title gives it: after ``agent``/``subagent``/``by``/``from`` (or ``von``, ``par``,
``por``), quoted or bare."""
_NOT_A_NAME = re.compile(
    r"(?:the|a|an|this|your|der|die|den|dem|le|la|l|el|un|une|una|ein|eine|einem)", re.I
)


_IDENTIFIER = re.compile(r".*[\d_.@/-].*")
"""A word spelled as an identifier is (``deploy-bot``, ``scout_2``), where a word of letters alone may be prose."""


def _bare_name(word: str, *, after_noun: bool) -> bool:
    """Whether an unquoted word names a requester: after ``by``/``from`` any word but an article, a number or
    a word of the lexicon; after ``agent``/``subagent``, where the sentence may go on (``a subagent asks``),
    only a word spelled as an identifier."""
    if _NOT_A_NAME.fullmatch(word) or meanings(word) or word.isdigit():
        return False
    return not after_noun or _IDENTIFIER.fullmatch(word) is not None


def _says_who(text: str) -> bool:
    """Whether ``text`` begins with a phrase the lexicon reads as who asks (``main agent``), not a name."""
    return any(item.start == 0 for item in said(text))


def _claimed_names(title: str) -> list[str]:
    """The names a title gives a requester; a bare word the lexicon knows (``by the agent``) names no one."""
    names = []
    match = _NAMED.search(title)
    while match is not None:
        bare = match.group("bare")
        if match.group("quoted") is not None:
            names.append(match.group("quoted"))
        elif not _says_who(title[match.start("bare") :]) and _bare_name(
            bare, after_noun="agent" in match.group("intro").lower()
        ):
            names.append(bare)
        match = _NAMED.search(title, match.end("intro"))
    return names


def title_problem(title: str, backing: Backing) -> str | None:
    """A requester the title claims that the request does not have: a subagent, the main agent, or a name."""
    said = meanings(_unquoted(title, backing))
    if "subagent" in said and not backing.forwarded:
        return f"the title {title[:50]!r} says a subagent asks; no subagent does"
    if "main-agent" in said and backing.forwarded:
        return f"the title {title[:50]!r} says the main agent asks; a subagent forwarded this ask"
    for name in _claimed_names(_unquoted(title, backing)):
        if name not in backing.names:
            return f"the title {title[:50]!r} names the requester {name!r}, which this request does not have"
    return None


def _unquoted(text: str, backing: Backing) -> str:
    """``text`` without the request's own texts it echoes, each where it stands as words of its own: they are
    the request's words, not the chrome's (the tool ``read`` echoed, but not the ``read`` of ``read-only``).
    A text cut to fit echoes a piece of one up to its marker (``? Shell curl -d '… logs by default…``): that
    piece is the request's too."""
    for own in backing.own_texts:
        if (
            own in text
        ):  # most of the request's texts are not in a row of chrome: no pattern made for them
            text = re.sub(rf"(?<![\w-]){re.escape(own)}(?![\w-])", " ", text)
    if ELLIPSIS not in text:
        return text
    pieces = text.split(ELLIPSIS)
    for at, piece in enumerate(pieces):
        for own in backing.own_texts:
            ending = _quoted_end(piece, own) if at < len(pieces) - 1 else 0
            piece = piece[: len(piece) - ending]
            opening = _quoted_start(piece, own) if at > 0 else 0
            piece = piece[opening:]
        pieces[at] = piece
    return " ".join(pieces)


_LEAST_QUOTED = 12
"""The fewest characters of a cut piece taken for a quote of the request: fewer may be the chrome's own words
that the request happens to hold."""


def _quoted_end(piece: str, own: str) -> int:
    """How many characters at the end of ``piece`` are a run of ``own``, if at least ``_LEAST_QUOTED``: a run
    of ``own``'s is one whatever is cut off, so the longest is found by halving."""
    return _longest(lambda size: piece[len(piece) - size :] in own, len(piece))


def _quoted_start(piece: str, own: str) -> int:
    """How many characters at the start of ``piece`` are a run of ``own``, if at least ``_LEAST_QUOTED``."""
    return _longest(lambda size: piece[:size] in own, len(piece))


def _longest(holds: Callable[[int], bool], most: int) -> int:
    if most < _LEAST_QUOTED or not holds(_LEAST_QUOTED):
        return 0
    low, high = _LEAST_QUOTED, most
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if holds(middle) else (low, middle - 1)
    return low


def claim_problems(where: str, text: str, backing: Backing) -> list[str]:
    """A reassurance ``text`` makes that the payload does not back."""
    unbacked = sorted(meanings(_unquoted(text, backing)) & REASSURANCES - backing.reassurances)
    return (
        [
            f"the {where} claims the call is {', '.join(unbacked)}: {text[:50]!r}; the payload does not say so"
        ]
        if unbacked
        else []
    )


_HINT_PART = re.compile(r"[\u00b7\u2022|;]")
_HINT_KEY = re.compile(
    r"(?:^\s*(?P<bare>[ysnr])|(?:^|\s)(?P<key>esc|escape|\([ysnr]\)|\[[ysnr]\]))\s+(?P<words>\S.*)$",
    re.IGNORECASE,
)
"""One part of a hint that names a key and then says what it does: ``esc deny``, ``(y) yes``, ``y yes``; a bare
letter only where the part begins, a word like ``esc`` or a bracketed key wherever it stands (a part may begin
with the end of a row the reader took for an option's)."""


def hint_problems(hint: str) -> list[str]:
    """Each key the hint names beside words, held to what the key does, as an option's are."""
    problems = []
    for part in _HINT_PART.split(hint):
        match = _HINT_KEY.search(part)
        if match is None:
            continue
        key = (match.group("bare") or match.group("key")).lower().strip("()[]")
        option = Option("esc" if key.startswith("esc") else key, match.group("words").strip(), -1)
        problem = misread(option)
        if problem:
            problems.append(f"the hint: {problem}")
    return problems


def chrome_problems(shown: ChromeSaid, backing: Backing) -> list[str]:
    """Every claim of the chrome the payload does not back, title first."""
    title = title_problem(shown.title, backing)
    return [
        *([title] if title else []),
        *claim_problems("title", shown.title, backing),
        *claim_problems("hint", shown.hint, backing),
        *(
            problem
            for option in shown.options
            for problem in claim_problems("option", option.words, backing)
        ),
        *hint_problems(shown.hint),
    ]
