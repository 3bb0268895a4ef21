"""Facts a renderer may add to the ask: a ``label : value`` row whose value is true of the payload.

The payload is all the judge knows of a request, and a row that is none of
its facts is judged by what it says. A renderer may state more than the
seed asks — ``kind : bash``, ``requested by : agent``, ``working directory :
/repo``, ``lines : 200`` — and a person is no worse off for a true
statement; a false one (``kind : read-only`` for a shell command, a working
directory the call does not have) misleads as a forged core row does. What a
row says is true when its value is one the payload itself holds under the
topic its label names (``TOPICS``): a label is half of what a row states,
so one that names no topic (``dry run : rm -rf build``) states nothing the
payload holds, and a neutral one (``note``) may state any whole text the
payload holds. The truths are read from the payload's own data
— its kind, the request's fields, the requester, every evidence entry, the
annotations — and the counts of its value, never from how any renderer lays
a prompt out.

A core label is never an extra (a row that reads as one is that core fact, or
a forgery), and neither is a row that heads one of the payload's facts. An
extra stands on one row and its value is read exactly as it stands, so a
value holding characters a terminal cannot print is not one a renderer may
add.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from askbench.impl.payload import PromptPayload

from ..terminals.rows import ScreenRows
from .expected_facts import CORE_LABELS
from .label_lookalikes import core_label_of

__all__ = ["TOPICS", "PayloadTruths", "extra_rows", "payload_truths"]

Topic = str

TOPICS: Mapping[str, Topic] = {
    **dict.fromkeys(
        (
            "kind",
            "type",
            "call",
            "call kind",
            "request kind",
            "category",
            "name",
            "tool name",
            "invoked as",
            "called as",
        ),
        "kind",
    ),
    **dict.fromkeys(
        ("requested by", "requester", "asked by", "asking", "from", "by", "caller", "origin"),
        "requester",
    ),
    **dict.fromkeys(
        (
            "cwd",
            "working directory",
            "working dir",
            "workdir",
            "directory",
            "dir",
            "current directory",
        ),
        "directory",
    ),
    **dict.fromkeys(("lines", "line count", "number of lines"), "lines"),
    **dict.fromkeys(("chars", "characters", "length", "character count"), "characters"),
    **dict.fromkeys(("entries", "evidence", "evidence entries"), "entries"),
    **dict.fromkeys(
        (
            "note",
            "notes",
            "info",
            "details",
            "detail",
            "also",
            "see",
            "text",
            "value",
            "input",
            "argument",
            "arguments",
            "field",
            "entry",
            "annotation",
            "annotations",
            "pattern",
            "matched pattern",
            "outline",
        ),
        "text",
    ),
}
"""What a label (case folded, ``-`` and ``_`` read as blanks) says a value is. The ``text`` labels claim nothing of
their own and may state any whole text the payload holds; a label of no topic is half of a claim the payload does not
make (``dry run : rm -rf build``, ``read-only : bash``), so a row under it is never true."""

_FOLDED_TOPICS = frozenset({"kind", "requester"})
"""Topics of words, read in any case: ``Bash`` is the kind ``bash``."""

_EXTRA_ROW = re.compile(r"([^\s:][^:]*?) *: +(\S(?:.*\S)?) *$")


@dataclass(frozen=True)
class PayloadTruths:
    """What the payload holds, by topic, and every text it holds (what a ``text`` label may state)."""

    topics: Mapping[Topic, frozenset[str]]
    texts: frozenset[str]

    def holds(self, label: str, value: str) -> bool:
        """Whether ``label : value`` is true of the payload."""
        topic = TOPICS.get(_label_key(label))
        if topic is None:
            return False
        if topic == "text":
            return value in self.texts or value.casefold() in self.topics["kind"]
        return (value.casefold() if topic in _FOLDED_TOPICS else value) in self.topics[topic]


def _label_key(label: str) -> str:
    return " ".join(label.replace("-", " ").replace("_", " ").casefold().split())


def _spelled(word: str) -> Iterator[str]:
    """A kind's identifier as it may read: ``external_directory``, ``external directory``, ``external-directory``."""
    yield word
    yield word.replace("_", " ")
    yield word.replace("_", "-")


def _counts(texts: Iterable[str]) -> tuple[set[str], set[str]]:
    """The line and character counts of ``texts``, as a count reads: ``1234`` or ``1,234``."""
    lines: set[str] = set()
    characters: set[str] = set()
    for text in texts:
        for count in {text.count("\n") + 1, len(text.splitlines())}:
            lines |= {str(count), f"{count:,}"}
        characters |= {str(len(text)), f"{len(text):,}"}
    return lines, characters


def _requester_words(payload: PromptPayload) -> set[str]:
    requester = payload.request.requester
    names = {name for name in (requester.agent_name, requester.session_id) if name}
    if requester.forwarded and requester.agent_name and requester.session_id:
        names.add(f"{requester.agent_name} \u00b7 session {requester.session_id}")
    return names | {"subagent" if requester.forwarded else "agent"}


def _kind_words(payload: PromptPayload) -> set[str]:
    request = payload.request
    named = (
        payload.kind,
        payload.forwarded_kind,
        request.tool_name,
        request.invoked_tool_name,
        request.surface,
    )
    return {spelling for word in named if word for spelling in _spelled(word)}


def _evidence_texts(payload: PromptPayload) -> list[str]:
    return [
        text
        for entry in payload.evidence
        for text in (entry.label, entry.text, entry.detail, entry.brief)
        if text
    ]


def _directories(payload: PromptPayload) -> set[str]:
    return {
        entry.text
        for entry in payload.evidence
        if TOPICS.get(_label_key(entry.label)) == "directory"
    }


def payload_truths(payload: PromptPayload) -> PayloadTruths:
    """Every truth a renderer may add about ``payload``, read from its own data (cost linear in the payload)."""
    request = payload.request
    fields = (
        request.value,
        request.value_label,
        request.matched_pattern,
        request.command_context,
        request.executed_unit,
        request.shape,
    )
    evidence = _evidence_texts(payload)
    directories = _directories(payload)
    lines, characters = _counts([request.value] if request.value else [])
    kind = {word.casefold() for word in _kind_words(payload)}
    requester = {word.casefold() for word in _requester_words(payload)}
    texts = {text for text in (*fields, *evidence, *payload.annotations, *payload.flagged) if text}
    topics = {
        "kind": frozenset(kind),
        "requester": frozenset(requester),
        "directory": frozenset(directories),
        "lines": frozenset(lines),
        "characters": frozenset(characters),
        "entries": frozenset({str(len(payload.evidence))}),
    }
    return PayloadTruths(
        topics, frozenset(texts | _kind_words(payload) | _requester_words(payload))
    )


def extra_rows(rows: ScreenRows, stop: int, truths: PayloadTruths | None) -> frozenset[int]:
    """The rows of ``rows[:stop]`` that state a truth of the payload under a label no core fact stands under."""
    if truths is None:
        return frozenset()
    found = set()
    for index, text in enumerate(rows.texts_between(0, stop)):
        match = _EXTRA_ROW.match(text)
        if match and core_label_of(text, CORE_LABELS) is None and truths.holds(*match.groups()):
            found.add(index)
    return frozenset(found)
