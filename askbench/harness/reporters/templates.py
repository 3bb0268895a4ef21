"""The reports' templates: one report's data through a Markdown template and an HTML template.

A report is built once as data (a frozen dataclass of what it says) and
written twice, ``NAME.md`` and ``NAME.html`` under ``templates/``, so the two
formats cannot say different things: what one shows, the other is handed too.
Nothing reaches either page unescaped by default. The HTML environment
autoescapes every value through ``escape.html_text`` (controls spelt out, not
only markup escaped); the Markdown one has no HTML escaping to offer, so its
templates escape through the filters ``md`` (a table cell or a line of text),
``code``, ``link`` and ``block`` (a fenced code block) — ``escape.py``'s escapers, the only ones the reports use.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from .escape import html_text, md_block, md_cell, md_code, md_link
from .stylesheet import STYLESHEET

__all__ = ["render_html", "render_markdown"]


def _html_value(value: object) -> object:
    """Every value as ``html_text`` makes it, but markup a report made itself (``Markup``) as it is."""
    return value if isinstance(value, Markup) else Markup(html_text(value))


def _environment(autoescape: bool) -> Environment:
    environment = Environment(
        loader=PackageLoader("askbench.harness.reporters", "templates"),
        autoescape=autoescape,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_html_value if autoescape else None,
    )
    environment.filters.update(md=md_cell, code=md_code, link=md_link, block=md_block)
    environment.globals["stylesheet"] = Markup(STYLESHEET)
    return environment


_MARKDOWN = _environment(autoescape=False)
_HTML = _environment(autoescape=True)


def render_markdown(name: str, **data: Any) -> str:
    """``templates/NAME.md`` with ``data``."""
    return _MARKDOWN.get_template(f"{name}.md").render(**data)


def render_html(name: str, **data: Any) -> str:
    """``templates/NAME.html`` with ``data``, every value escaped but ``Markup``."""
    return _HTML.get_template(f"{name}.html").render(**data)
