"""The outline two formats of a report are held equal by: it tells a missing section and a changed figure."""

from __future__ import annotations

from same_content import differences

MARKDOWN = """# Title

3 fixtures at widths 80, 120: 2 passed, 1 failed. [gallery](gallery.html)

## `bash/a` \\| x

| fixture | rows |
| --- | ---: |
| a &#96;b&#96; | 10,236 |
"""
PAGE = (
    "<!doctype html><html><head><title>Title 99</title><style>p{margin:0}</style></head><body>"
    "<h1>Title</h1><p>3 fixtures at widths 80, 120: 2 passed, 1 failed. <a href=x>gallery</a></p>"
    "<h2><code>bash/a</code> | x</h2><table><tr><td>a `b`</td><td>10,236</td></tr></table>"
    "<pre>a screen of 24 rows</pre></body></html>"
)


def test_the_same_report_in_both_formats_has_no_differences() -> None:
    assert differences(MARKDOWN, PAGE) == []


def test_a_section_one_format_lacks_is_a_difference() -> None:
    assert differences(MARKDOWN, PAGE.replace("<h2><code>bash/a</code> | x</h2>", "")) == [
        "headings: markdown ('Title', 'bash/a | x') != html ('Title',)"
    ]


def test_a_figure_that_differs_is_a_difference() -> None:
    assert differences(MARKDOWN, PAGE.replace("2 passed", "3 passed")) == [
        "'2': 1 in markdown, 0 in html",
        "'3': 1 in markdown, 2 in html",
    ]


def test_a_fenced_block_is_left_out_as_a_pre_block_is() -> None:
    fenced = MARKDOWN + "\n````text\n## not a heading, 24 rows\n```\n````\n"
    assert differences(fenced, PAGE) == []
    assert differences(fenced.replace("````\n", "", 1), PAGE) != []  # unfenced, it is text
