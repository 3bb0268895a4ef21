"""askbench.harness.frontends.docs_command: a shipped document's links point where the install keeps their targets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from askbench.harness.frontends.cli import main
from askbench.harness.frontends.docs_command import DOCS, installed_links

NOT_INSTALLED = " in askbench's source; not installed)"


def test_a_relative_link_is_read_from_the_documents_folder_and_pointed_at_its_installed_file() -> (
    None
):
    located = {
        "README.md": None,
        "askbench/harness/drivers/x.json": "/site/askbench/harness/drivers/x.json",
    }
    text = "[a](../README.md#gate) [b](../askbench/harness/drivers/x.json) [c](#here) [d](https://e.x/y)"
    assert installed_links(text, "docs", located.get) == (
        "[a](README.md#gate in askbench's source; not installed) "
        "[b](/site/askbench/harness/drivers/x.json) [c](#here) [d](https://e.x/y)"
    )


@pytest.mark.parametrize("name", sorted(DOCS))
def test_every_link_of_a_shipped_document_reaches_a_file_or_says_it_is_not_installed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link into what an install ships must reach an existing file: a renamed file breaks this test, not
    the reader's install. Only what no install ships (the README, the examples, the tests) is named instead."""
    assert main(["docs", name]) == 0
    printed = capsys.readouterr().out
    for target in re.findall(r"\]\(((?!https?:|mailto:|#)[^)]*)\)", printed):
        if target.endswith(NOT_INSTALLED[:-1]):
            assert not target.startswith(("docs/", "corpus/", "askbench/")), target
            continue
        assert Path(target.split("#", 1)[0]).exists(), target
