"""``askbench schema NAME`` prints the schema the judge validates with, byte for byte."""

from __future__ import annotations

import json

import pytest

from askbench.harness.drivers.protocol import schema
from askbench.harness.frontends.cli import main


@pytest.mark.parametrize("name", ["request", "answer"])
def test_the_adapter_schemas_are_the_ones_the_judge_uses(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema", name]) == 0
    assert json.loads(capsys.readouterr().out) == schema(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["fixture", "corpus"])
def test_the_fixture_and_manifest_schemas_are_printed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema", name]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].startswith("https://json-schema.org/")
