"""The gallery's pages: an index, and each family's screens on as many pages as keep every page under a bound.

A family's screens on one page grew with its payloads (a page of 200 KB bodies
at three widths passed 9 MB, more than a browser opens with ease), so no page
written is larger than ``MAX_PAGE_BYTES``: a family's fixtures fill its pages in
order, the next page begun when one more would pass the bound, and a fixture
whose screens alone would pass it continues on the next page. The index names
every page and links every fixture to the page that holds it; the failing
fixtures, whatever their family, are laid out the same way on pages of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..fixtures.loading import Fixture
from ..judge.width_run import WIDTHS
from ..runners.results import FixtureScreens
from .gallery import Part, fixture_parts, slug
from .templates import render_html

__all__ = ["INDEX", "MAX_PAGE_BYTES", "gallery_pages"]

MAX_PAGE_BYTES = 1_000_000
"""The most any page of the gallery takes, in bytes of UTF-8."""
INDEX = "gallery.html"
PAGES = "gallery"
"""The folder beside the index holding the pages of screens."""
FAILING = "failing_fixtures"
"""The failing fixtures' pages: an underscore no family's slug holds, so no family's page takes its name."""


@dataclass(frozen=True)
class Link:
    text: str
    href: str


@dataclass(frozen=True)
class Group:
    """A family's fixtures (or the failing ones), the pages they fill and where each fixture is."""

    name: str
    fixtures: tuple[Fixture, ...]
    failing: int
    pages: tuple[str, ...]
    links: tuple[Link, ...]


def page_path(name: str, number: int = 1) -> str:
    """A group's page relative to the index: ``gallery/bash.html``, then ``gallery/bash.2.html`` (a slug holds no dot)."""
    return f"{PAGES}/{name}.html" if number == 1 else f"{PAGES}/{name}.{number}.html"


def _fill(parts: Iterable[Part], room: int) -> list[list[Part]]:
    pages: list[list[Part]] = [[]]
    size = 0
    for part in parts:
        if pages[-1] and size + part.size > room:
            pages.append([])
            size = 0
        pages[-1].append(part)
        size += part.size
    return pages


def _shell_bytes(title: str, widths: Sequence[int]) -> int:
    """What a page takes without its parts, with the longest page links a group could have."""
    many = [page_path(slug(title), 10_000)] * 10_000
    page = render_html(
        "gallery_page", title=title, index=INDEX, pages=many, number=5_000, parts=[], widths=widths
    )
    return len(page.encode())


def _group(
    name: str,
    title: str,
    members: Sequence[FixtureScreens],
    verdicts: Mapping[str, str],
    widths: Sequence[int],
    written: dict[str, str],
) -> Group:
    """Lays ``members`` out on the group's pages (written into ``written``) and says where each one went."""
    room = MAX_PAGE_BYTES - _shell_bytes(title, widths)
    # A part holds at most half a page of screens: the fixture's name, description and verdict have the rest.
    parts = [
        part
        for shown in members
        for part in fixture_parts(shown, verdicts.get(shown.fixture.id, "not judged"), room // 2)
    ]
    filled = _fill(parts, room)
    paths = tuple(page_path(name, number) for number in range(1, len(filled) + 1))
    relative = [path.removeprefix(f"{PAGES}/") for path in paths]
    links = []
    for number, (path, page) in enumerate(zip(paths, filled, strict=True), start=1):
        written[path] = render_html(
            "gallery_page",
            title=title,
            index=INDEX,
            pages=relative,
            number=number,
            parts=[p.html for p in page],
            widths=widths,
        )
        links += [Link(p.fixture.id, f"{path}#{slug(p.fixture.id)}") for p in page if p.first]
    fixtures = tuple(shown.fixture for shown in members)
    bad = sum(1 for fixture in fixtures if verdicts.get(fixture.id) != "ok")
    return Group(title, fixtures, bad, paths, tuple(links))


def gallery_pages(
    screens: Iterable[FixtureScreens], verdicts: Mapping[str, str], widths: Sequence[int] = WIDTHS
) -> dict[str, str]:
    """The index (``gallery.html``: the failing fixtures, then every family with its counts, pages and fixtures)
    and the pages of screens (``gallery/<family>.html`` and its further pages, each family's failing fixtures
    first; ``gallery/failing_fixtures.html`` when any fails), by path.

    ``screens`` are each fixture's, as ``askbench.harness.runners.fixture_screens`` made them; ``verdicts`` maps
    ``family/name`` to the gate's verdict; a fixture the gate did not judge counts as failing,
    so nothing unjudged hides among the passes.
    """
    families: dict[str, list[FixtureScreens]] = {}
    for shown in screens:
        families.setdefault(shown.fixture.family, []).append(shown)
    written: dict[str, str] = {}
    failing_members = [
        s for members in families.values() for s in members if verdicts.get(s.fixture.id) != "ok"
    ]
    failing = (
        _group(FAILING, "failing fixtures", failing_members, verdicts, widths, written)
        if failing_members
        else None
    )
    groups = [
        _group(
            slug(family),
            family,
            sorted(members, key=lambda s: verdicts.get(s.fixture.id) == "ok"),
            verdicts,
            widths,
            written,
        )
        for family, members in families.items()
    ]
    index = render_html("gallery_index", failing=failing, families=groups, widths=widths)
    return {INDEX: index, **written}
