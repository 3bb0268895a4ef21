"""``askbench schema NAME``: the JSON schemas of the contracts, printed from the install.

A renderer's author writing an adapter, or a contributor writing a fixture,
needs the exact shape the judge accepts; the schemas ship inside the
package, so they are printed from there rather than looked for in a
checkout the author may not have.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources

__all__ = ["SCHEMAS", "add_schema_parser", "schema_text"]

SCHEMAS: dict[str, tuple[str, str]] = {
    "request": ("askbench.harness.drivers", "adapter-request.schema.json"),
    "answer": ("askbench.harness.drivers", "adapter-answer.schema.json"),
    "fixture": ("askbench.harness.fixtures", "fixture.schema.json"),
    "corpus": ("askbench.harness.fixtures", "corpus-manifest.schema.json"),
}
"""By the name the command takes: the adapter contract's request and answer (``docs/adapters.md``), a
fixture and a corpus manifest (``corpus/README.md``)."""


def schema_text(name: str) -> str:
    """The schema's JSON text, exactly as shipped."""
    package, file = SCHEMAS[name]
    return resources.files(package).joinpath(file).read_text(encoding="utf-8")


def cmd_schema(args: argparse.Namespace) -> int:
    text = schema_text(args.name)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def add_schema_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    schema = commands.add_parser(
        "schema",
        help="print a JSON schema: an adapter's request or answer, a fixture, a corpus manifest",
        description="Print one of the JSON schemas the judge validates with, as the install ships it: "
        "request and answer (the adapter contract, askbench docs adapters), fixture and corpus "
        "(askbench docs corpus).",
    )
    schema.add_argument("name", choices=list(SCHEMAS), help="the schema")
    schema.set_defaults(run=cmd_schema)
