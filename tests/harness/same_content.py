"""What a report says, read the same way from its Markdown and its HTML, so a test can hold the two equal.

A report's outline is its headings, in order, and every number it states, counted: a section one format
lacks, or a figure that differs, shows in either. The HTML's ``<pre>`` blocks are left out (the screens a
page can fold away), and so are the Markdown's fenced code blocks, which hold the same texts where the
Markdown carries them, and the HTML's ``<head>``.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass
from html.parser import HTMLParser

_NUMBER = re.compile(r"\d+")
_HEADING = re.compile(r"(#{1,6}) (.*)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_ESCAPED = re.compile(r"\\([\\`*_\[\]{}()#+\-.!|~])")
_MARKUP = re.compile(r"\*\*|`")
_FENCED = re.compile(r"(?ms)^(`{3,})[^\n`]*\n.*?^\1[ \t]*$")


@dataclass(frozen=True)
class Outline:
    headings: tuple[str, ...]
    numbers: Counter[str]


def _words(text: str) -> str:
    return " ".join(text.split())


def markdown_outline(text: str) -> Outline:
    """Headings without their inline markup; numbers of the text as read, link targets and escapes dropped."""
    shown = html.unescape(_ESCAPED.sub(r"\1", _LINK.sub(r"\1", _FENCED.sub("", text))))
    headings = tuple(
        _words(_MARKUP.sub("", match.group(2)))
        for line in shown.splitlines()
        if (match := _HEADING.fullmatch(line))
    )
    return Outline(headings, Counter(_NUMBER.findall(shown)))


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skipping = 0
        self.heading: list[str] | None = None
        self.headings: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("head", "pre", "style", "title"):
            self.skipping += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("head", "pre", "style", "title"):
            self.skipping -= 1
        elif re.fullmatch(r"h[1-6]", tag) and self.heading is not None:
            self.headings.append(_words("".join(self.heading)))
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        self.text.append(data)
        if self.heading is not None:
            self.heading.append(data)


def html_outline(page: str) -> Outline:
    reader = _Reader()
    reader.feed(page)
    reader.close()
    return Outline(tuple(reader.headings), Counter(_NUMBER.findall(" ".join(reader.text))))


def differences(markdown: str, page: str) -> list[str]:
    """How the HTML's outline differs from the Markdown's: the headings one lacks, the numbers counted apart."""
    md, web = markdown_outline(markdown), html_outline(page)
    found = []
    if md.headings != web.headings:
        found.append(f"headings: markdown {md.headings} != html {web.headings}")
    found += [
        f"{number!r}: {md.numbers[number]} in markdown, {web.numbers[number]} in html"
        for number in sorted(set(md.numbers) | set(web.numbers))
        if md.numbers[number] != web.numbers[number]
    ]
    return found
