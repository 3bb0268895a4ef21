"""``askbench new FAMILY/NAME --from …``: a new fixture's file, filled in as far as the input says.

``--from`` is a tool call (a JSON file or text, ``{"name": …, "input": …}``),
an MCP ``PACKAGE@VERSION TOOL`` whose record is in the corpus (the call's
arguments are the tool's required ones, as typed placeholders; ``schema`` and
``source`` name the server), or else a bash command. What only the
contributor knows — the one-line description, a public source for a bash
command, real argument values — is left as ``TODO`` for ``askbench check
--contrib``, which refuses a fixture that still says it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from askbench.impl.payload import PayloadError, build_payload

from .corpus import BUILTIN_CORPUS, CorpusManifest, FixtureProblem, find_manifest, membership
from .mcp_records import RECORDS, recorded_servers

__all__ = ["TODO", "add_new_parser", "cmd_new", "scaffold"]

TODO = "TODO"
_SPEC = re.compile(r"^(@[^/@\s]+/)?[^/@\s]+@[^@\s]+$")
_PLACEHOLDERS: Mapping[str, object] = {"string": TODO, "integer": 0, "number": 0, "boolean": False, "array": [],
                                        "object": {}}


class ScaffoldError(Exception):
    """Why no fixture could be scaffolded from the input; the message says what to give instead."""


def _server_prefix(package: str) -> str:
    """How agents name a server's tools: ``@modelcontextprotocol/server-github`` → ``github``."""
    name = package.rsplit("/", 1)[-1]
    for affix in ("mcp-server-", "server-", "-mcp-server", "-mcp", "mcp-"):
        name = name.removeprefix(affix) if affix.endswith("-") else name.removesuffix(affix)
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") or "server"


def _placeholder(schema: object) -> object:
    kind = schema.get("type") if isinstance(schema, Mapping) else None
    if isinstance(kind, list):
        kind = next((item for item in kind if item != "null"), None)
    return _PLACEHOLDERS.get(kind, TODO) if isinstance(kind, str) else TODO


def _mcp(spec: str, tool: str, records: Sequence[Path]) -> dict[str, object]:
    record = next((found[spec] for folder in records if spec in (found := recorded_servers(folder))), None)
    if record is None:
        raise ScaffoldError(f"no record of {spec}: record it first with askbench record {spec}")
    tools = {str(entry.get("name")): entry for entry in json.loads(record.read_text(encoding="utf-8"))["tools"]}
    if tool not in tools:
        raise ScaffoldError(f"{spec} lists no tool {tool!r}; it lists {', '.join(sorted(tools))}")
    schema = tools[tool].get("inputSchema") or {}
    properties = schema.get("properties") or {}
    args = {key: _placeholder(properties.get(key)) for key in schema.get("required") or []}
    target = f"{_server_prefix(spec.rpartition('@')[0])}_{tool}"
    return {
        "source": f"npm:{spec} tool {tool}",
        "call": {"name": "mcp", "input": {"tool": target, "args": args}},
        "schema": {"server": spec, "tool": tool},
        "visible": [target],
    }


def _call(text: str) -> dict[str, object] | None:
    """The tool call a ``--from`` names as JSON (a file or the text), or ``None`` when it is not JSON."""
    path = Path(text)
    body = path.read_text(encoding="utf-8") if path.suffix == ".json" and path.is_file() else text
    if not body.lstrip().startswith("{"):
        return None
    try:
        call = json.loads(body)
    except ValueError as error:
        raise ScaffoldError(f"--from is JSON but not valid: {error}") from None
    if not isinstance(call, dict) or not isinstance(call.get("name"), str) or not isinstance(call.get("input"), dict):
        raise ScaffoldError('a tool call is {"name": "<tool>", "input": {…}}')
    first = next((value for value in call["input"].values() if isinstance(value, str) and value.strip()), "")
    return {"source": f"{TODO}: where this call comes from (a transcript, an issue URL) or 'constructed: …'",
            "call": call, "visible": [first.strip().splitlines()[0][:40]] if first.strip() else []}


def _bash(command: str) -> dict[str, object]:
    first = next((line.strip() for line in command.splitlines() if line.strip()), command)
    return {"source": f"{TODO}: where this command comes from (an issue URL, a transcript) or 'constructed: …'",
            "call": {"name": "bash", "input": {"command": command}}, "visible": [first[:40]]}


def scaffold(sources: Sequence[str], records: Sequence[Path], description: str | None = None) -> dict[str, object]:
    """The fixture ``--from`` describes: an MCP spec and tool, a tool call as JSON, or a bash command."""
    if len(sources) == 2 and _SPEC.match(sources[0]):
        parts = _mcp(sources[0], sources[1], records)
    else:
        parts = _call(" ".join(sources)) or _bash(" ".join(sources))
    call = parts["call"]
    assert isinstance(call, dict)
    try:
        kind = build_payload(call, {}).kind
    except PayloadError as error:
        raise ScaffoldError(f"the call cannot become a prompt: {error}") from None
    visible = parts.pop("visible")
    fixture: dict[str, object] = {
        "description": description or f"{TODO}: one line, what the case is and why it matters", **parts,
        "expect": {"kind": kind, **({"visible": visible} if visible else {})},
    }
    return fixture


def _target(identifier: str, corpus: Path | None) -> tuple[Path, list[Path]] | str:
    """Where ``FAMILY/NAME`` is filed and the record folders to look in, or why it cannot be."""
    manifest = find_manifest(corpus or Path.cwd())
    if not isinstance(manifest, CorpusManifest):
        return "the working folder is in no corpus (no askbench-corpus.json at or above it); name one with --corpus"
    family, slash, name = identifier.removesuffix(".json").partition("/")
    if not slash or not name:
        return f"{identifier!r} is not FAMILY/NAME"
    path = manifest.root / family / f"{name}.json"
    member = membership(path)
    if isinstance(member, FixtureProblem):
        return member.message
    return path, [manifest.root / RECORDS, BUILTIN_CORPUS / RECORDS]


def cmd_new(args: argparse.Namespace) -> int:
    target = _target(args.id, args.corpus)
    if isinstance(target, str):
        print(f"askbench new: {target}", file=sys.stderr)
        return 2
    path, records = target
    if path.exists():
        print(f"askbench new: {path} exists; a new fixture gets a name of its own", file=sys.stderr)
        return 2
    try:
        fixture = scaffold(args.source, records, args.description)
    except ScaffoldError as error:
        print(f"askbench new: {error}", file=sys.stderr)
        return 2
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fixture, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}\nnext: fill in every {TODO}, then: askbench check --contrib {path}")
    return 0


def add_new_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    new = commands.add_parser(
        "new", help="scaffold a fixture: FAMILY/NAME --from a tool call, a bash command or PACKAGE@VERSION TOOL",
        description="Write <corpus>/FAMILY/NAME.json from a tool call (a JSON file or text), an MCP server's "
        "recorded tool (PACKAGE@VERSION TOOL: its required arguments as placeholders) or a bash command. What only "
        "you know is left as TODO; askbench check --contrib refuses it until it is filled in.",
    )
    new.add_argument("id", metavar="FAMILY/NAME", help="the new fixture's family (declared) and name")
    new.add_argument("--from", dest="source", nargs="+", required=True, metavar="SOURCE",
                     help="a tool call as JSON (file or text), PACKAGE@VERSION TOOL, or a bash command")
    new.add_argument("--description", help="the one-line description (default: a TODO)")
    new.add_argument("--corpus", type=Path, help="the corpus root (default: the corpus the working folder is in)")
    new.set_defaults(run=cmd_new)
