"""A fixture's description says what its content is, and the numbers it states are the content's.

"a 55-line nginx config", "one 408-char base64 word", "10,236 characters":
each count a description states must be the count of some text in the call —
a string value, a here-document or here-string body inside one, a
whitespace-free word, or arguments carried as a JSON string. Lines are
counted as ``wc -l`` does (a trailing newline ends the last line, it does not
start another). Every fixture also says where its shape comes from: a public
reference, or that it was constructed and from what.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_corpus

LINE_CLAIM = re.compile(r"\b(\d[\d,]*)(?:-line\b| lines?\b)")
CHARACTER_CLAIM = re.compile(r"\b(\d[\d,]*)(?:-char(?:acter)?s?\b| char(?:acter)?s\b)")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1[^\n]*\n(.*?)\n\s*\2\b", re.DOTALL)
HERE_STRING = re.compile(r"@(['\"])\n(.*?)\n\1@", re.DOTALL)
TRIPLE_QUOTED = re.compile(r"('''|\"\"\")(.*?)\1", re.DOTALL)
PUBLIC_REFERENCE = re.compile(
    r"https?://|github\.com/|npm:|docs\.|seeds?/|\b(?:RFC|CVE|GHSA|CWE|ECMA|ISO)[- ]\d|\bUnicode\b|@[\w.-]+/[\w.-]+@|"
    r"\b[\w.-]+@\d|[\w.-]+/[\w.-]+#\d+|\(\d{4}\)|, \d{4}\)|constructed",
    re.IGNORECASE,
)
"""A link, a package at a version, an advisory or standard, an ``owner/repo#N``, a dated publication, or ``constructed``."""

FIXTURES, _ = load_corpus([BUILTIN_CORPUS])


def wc_lines(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def texts(value: object, depth: int = 0) -> Iterator[str]:
    """Every text a description may count: strings, their here-documents and words, JSON carried in strings."""
    if depth > 60:
        return
    if isinstance(value, str):
        yield value
        yield from (word.strip("'\"") for word in value.split())
        for pattern, group in ((HEREDOC, 3), (HERE_STRING, 2), (TRIPLE_QUOTED, 2)):
            yield from (match.group(group) for match in pattern.finditer(value))
        if value[:1] in "{[":
            try:
                yield from texts(json.loads(value), depth + 1)
            except (ValueError, RecursionError):
                pass
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, depth + 1)


def _claims(pattern: re.Pattern[str], description: str) -> list[int]:
    return [int(match.group(1).replace(",", "")) for match in pattern.finditer(description)]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.id for f in FIXTURES])
def test_the_counts_a_description_states_are_the_contents(fixture: Fixture) -> None:
    found = list(texts(fixture.call["input"]))
    for lines in _claims(LINE_CLAIM, fixture.description):
        assert (
            lines in {wc_lines(text) for text in found}
        ), f"says {lines} lines; the call's texts have {sorted({wc_lines(t) for t in found if wc_lines(t) > 2})}"
    for characters in _claims(CHARACTER_CLAIM, fixture.description):
        assert (
            characters in {len(text) for text in found}
        ), f"says {characters} characters; the longest texts have {sorted({len(t) for t in found})[-4:]}"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.id for f in FIXTURES])
def test_every_source_is_a_public_reference_or_says_it_was_constructed(fixture: Fixture) -> None:
    assert PUBLIC_REFERENCE.search(
        fixture.source
    ), f"source names no public reference: {fixture.source!r}"
    assert (
        "agent transcript" not in fixture.source
    ), "a transcript without a link is not a reference: say constructed"


def test_the_claims_are_read_as_written() -> None:
    assert _claims(LINE_CLAIM, "a 55-line config, then 2 lines, 1,200 lines") == [55, 2, 1200]
    assert _claims(CHARACTER_CLAIM, "10,236 characters, a 408-char word, 12 chars") == [
        10236,
        408,
        12,
    ]
    assert wc_lines("a\nb\n") == 2 and wc_lines("a\nb") == 2 and wc_lines("") == 0
    assert list(texts("cat <<'EOF' > f\none\ntwo\nEOF"))[-1] == "one\ntwo"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.id for f in FIXTURES])
def test_every_expectation_says_more_than_the_kind(fixture: Fixture) -> None:
    """The builder derives the kind anyway: a fixture also pins whether it elides, a row bound, or a decisive token."""
    assert {"elided", "maxRows", "visible"} & set(
        fixture.expect
    ), f"expect only says {dict(fixture.expect)}"
