"""The reports' templates: HTML escaped by default through the reports' one escaper, Markdown through its filters."""

from __future__ import annotations

from importlib import resources

import pytest
from jinja2 import UndefinedError
from markupsafe import Markup

from askbench.harness.reporters import templates
from askbench.harness.reporters.escape import html_text, md_cell, md_code

HOSTILE = "<script>alert(1)</script> | `x` \x1b[2J"


def test_every_html_value_is_escaped_as_html_text_and_controls_are_spelt_out() -> None:
    page = templates._HTML.from_string("<p>{{ text }}</p><p>{{ made }}</p>").render(
        text=HOSTILE, made=Markup("<b>kept</b>")
    )
    assert page == f"<p>{html_text(HOSTILE)}</p><p><b>kept</b></p>"
    assert "<script" not in page and "\x1b" not in page and "\\x1b[2J" in page


def test_markdown_escapes_through_the_filters_of_escape() -> None:
    text = templates._MARKDOWN.from_string("{{ a|md }} {{ a|code }} {{ a|link('x y.md') }}").render(
        a=HOSTILE
    )
    assert text == f"{md_cell(HOSTILE)} {md_code(HOSTILE)} [{md_cell(HOSTILE)}](x%20y.md)"


def test_a_name_a_template_does_not_get_is_an_error_not_an_empty_cell() -> None:
    with pytest.raises(UndefinedError):
        templates._MARKDOWN.from_string("| {{ missing }} |").render()


def test_every_markdown_template_has_its_html_twin_in_the_package() -> None:
    shipped = {
        path.name
        for path in resources.files("askbench.harness.reporters").joinpath("templates").iterdir()
    }
    markdown = {name.removesuffix(".md") for name in shipped if name.endswith(".md")}
    assert {"agents", "corpus", "fixture_index", "matrix", "mutation"} <= markdown
    assert {f"{name}.html" for name in markdown} <= shipped
