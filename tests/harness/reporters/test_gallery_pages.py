"""The gallery's pages: none passes the bound, however large the screens, and every screen is on one of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import Fixture, load_discovered
from askbench.harness.reporters import gallery, gallery_pages
from askbench.harness.reporters.gallery_pages import INDEX
from askbench.harness.reporters.gallery_pages import gallery_pages as pages_of
from askbench.harness.runners.fixture_screens import gallery_screens

WIDTHS = (80, 120)
PAGE_BYTES = 150_000
FIGURE_BYTES = 40_000


def _fixture(corpus: Corpus, name: str, lines: int, family: str) -> Fixture:
    command = "\n".join(f"echo 'line {n} of a long script' | tee -a out.log" for n in range(lines))
    path = corpus.write(
        name,
        {
            "description": name,
            "source": "constructed for the test",
            "call": {"name": "bash", "input": {"command": command}},
        },
        family=family,
    )
    fixture = load_discovered(path)
    assert isinstance(fixture, Fixture)
    return fixture


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Fixture], dict[str, str]]:
    """Two families, screens of many times a page: one fixture whose screens fill pages alone, failing too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gallery_pages, "MAX_PAGE_BYTES", PAGE_BYTES)
        patch.setattr(gallery, "MAX_FIGURE_BYTES", FIGURE_BYTES)
        corpus = Corpus(tmp_path_factory.mktemp("corpus"), families=("big", "small"))
        fixtures = [_fixture(corpus, f"script-{n}", 40 * n, "big") for n in range(1, 9)]
        fixtures += [_fixture(corpus, "huge", 3_000, "big"), _fixture(corpus, "tiny", 1, "small")]
        verdicts = {fixture.id: "ok" for fixture in fixtures} | {"big/huge": "FAIL rows"}
        return fixtures, pages_of(gallery_screens(fixtures, WIDTHS), verdicts, WIDTHS)


def test_no_page_passes_the_bound_and_the_large_family_takes_several(large) -> None:  # type: ignore[no-untyped-def]
    _, pages = large
    sizes = {path: len(text.encode()) for path, text in pages.items()}
    assert max(sizes.values()) <= PAGE_BYTES, sizes
    assert {"gallery/big.html", "gallery/big.2.html", "gallery/big.3.html"} <= set(pages)
    assert (
        sum(len(text.encode()) for text in pages.values()) > 4 * PAGE_BYTES
    )  # a large input indeed


def test_every_screen_of_every_fixture_is_on_exactly_one_page(large) -> None:  # type: ignore[no-untyped-def]
    fixtures, pages = large
    family_pages = [
        text
        for path, text in pages.items()
        if path.startswith("gallery/big") or path.startswith("gallery/small")
    ]
    shown = "".join(family_pages)
    assert shown.count('<pre class="screen"') == len(fixtures) * 2 * len(WIDTHS)
    for fixture in fixtures:
        assert shown.count(f'id="{gallery.slug(fixture.id)}"') == 1
    failing = pages["gallery/failing_fixtures.html"]
    assert failing.count('<pre class="screen"') == 2 * len(
        WIDTHS
    )  # big/huge, failing, on its pages too


def test_a_fixture_too_large_for_its_share_of_a_page_continues_in_a_section_of_its_own(
    large,
) -> None:  # type: ignore[no-untyped-def]
    _, pages = large
    big = "".join(text for path, text in pages.items() if path.startswith("gallery/big"))
    assert big.count("<h3>big/huge</h3>") == 1 and big.count("<h3>big/huge (continued)</h3>") >= 1
    parts = big.split('<section class="fixture"')
    assert max(len(part.encode()) for part in parts[1:]) <= PAGE_BYTES // 2 + 2_000


def test_a_screen_too_large_for_its_share_of_a_page_is_cut_and_says_so(large) -> None:  # type: ignore[no-untyped-def]
    _, pages = large
    cut = re.findall(r"(\d+) of ([\d,]+) rows shown here", "".join(pages.values()))
    assert cut and all(int(shown) < int(total.replace(",", "")) for shown, total in cut)
    figures = re.findall(r"<figure>.*?</figure>", "".join(pages.values()), re.S)
    assert max(len(figure.encode()) for figure in figures) <= FIGURE_BYTES + 1_000


def test_the_index_links_every_fixture_to_the_page_that_holds_it(large) -> None:  # type: ignore[no-untyped-def]
    fixtures, pages = large
    index = pages[INDEX]
    nav = index.split("<nav>", 1)[1]
    for fixture in fixtures:
        page, anchor = re.findall(rf'href="([^"#]+)#({gallery.slug(fixture.id)})"', nav)[0]
        assert f'id="{anchor}"' in pages[page]
    links = re.findall(r'<td>(?:<a href="[^"]+">\d+</a> ?)+</td>', index)
    assert len(links) == 2  # a page column for each family
    assert all(path in index for path in pages if path != INDEX and "failing" not in path)


def test_a_page_links_the_index_and_its_neighbours(large) -> None:  # type: ignore[no-untyped-def]
    _, pages = large
    second = pages["gallery/big.2.html"]
    assert f'href="../{INDEX}"' in second
    assert 'href="big.html">← page 1' in second and 'href="big.3.html">page 3 →' in second
    assert "(page 2 of " in second


def test_page_names_never_collide_with_a_family() -> None:
    assert gallery_pages.page_path("bash", 2) == "gallery/bash.2.html"
    assert "." not in gallery.slug("bash.2") and "_" not in gallery.slug(gallery_pages.FAILING)
    assert Path(gallery_pages.page_path(gallery_pages.FAILING)).stem not in {
        gallery.slug(name) for name in ("failing_fixtures", "failing fixtures", "failing-fixtures")
    }
