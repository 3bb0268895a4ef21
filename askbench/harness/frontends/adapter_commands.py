"""The command-line side of the adapter contract: ``check --impl`` and ``askbench matrix``.

Kept out of ``askbench.harness.frontends.cli`` so the options live beside what they drive and
``cli.py`` only wires them in.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ..drivers.adapter_client import (
    DEFAULT_MAX_ANSWER,
    DEFAULT_TIMEOUT,
    MODES,
    AdapterCommand,
    AdapterSource,
)
from ..exit_codes import EXIT_OK, EXIT_UNUSABLE
from ..fixtures.loading import BUILTIN_CORPUS, Fixture

if TYPE_CHECKING:
    from ..runners.matrix import Implementation


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def positive_bytes(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number of bytes, got {text!r}")
    return int(text)


def add_impl_options(
    parser: argparse.ArgumentParser, *, named: bool = False, verb: str = "judge"
) -> None:
    """``--impl`` (one ``CMD`` for check and render; ``NAME=CMD``, repeatable, for matrix), ``--impl-mode``,
    ``--impl-timeout``; ``verb`` says what the command does with the implementation's frames."""
    if named:
        parser.add_argument(
            "--impl",
            action="append",
            default=[],
            metavar="NAME=CMD",
            help="an implementation behind the askbench/1 adapter contract (repeatable); "
            "the in-process reference is always the first column",
        )
    else:
        parser.add_argument(
            "--impl",
            metavar="CMD",
            help=f"{verb} an external implementation through the askbench/1 adapter contract "
            "(docs/adapters.md) instead of the in-process reference, e.g. "
            '"python -m askbench.harness.drivers.adapters.reference"',
        )
    parser.add_argument(
        "--impl-mode",
        choices=MODES,
        default="session",
        help="session: one process answers every request, a JSON line each way (default); "
        "oneshot: one process per request",
    )
    parser.add_argument(
        "--impl-timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"per-request timeout; a slower answer is TIMEOUT (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--impl-max-answer",
        type=positive_bytes,
        default=DEFAULT_MAX_ANSWER,
        metavar="BYTES",
        help=f"the most bytes one answer may take; a longer one is BAD_ANSWER (default {DEFAULT_MAX_ANSWER})",
    )


@contextmanager
def open_source(args: argparse.Namespace) -> Iterator[AdapterSource | None]:
    """The frame source ``check`` asked for: None (the reference, in process) unless ``--impl`` names a command."""
    if not getattr(args, "impl", None):
        yield None
        return
    command = AdapterCommand(args.impl, args.impl_mode, args.impl_timeout, args.impl_max_answer)
    with AdapterSource(command, stop_when_unusable=True) as source:
        yield source


def cmd_matrix(args: argparse.Namespace) -> int:
    from ..fixtures.ids import resolve_all
    from ..reporters.matrix_report import write_matrix
    from ..runners.matrix import parse_implementation, run_matrix

    # a report written over fixtures that were never found would read as a verdict on fewer
    paths, unknown = resolve_all(args.paths)
    for message in unknown:
        print(f"askbench matrix: {message}", file=sys.stderr)
    if unknown:
        return EXIT_UNUSABLE
    try:
        implementations = [
            parse_implementation(text, args.impl_mode, args.impl_timeout) for text in args.impl
        ]
    except ValueError as error:
        print(f"askbench matrix: --impl: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        implementations += variant_implementations(args.variants)
    except KeyError as error:
        print(f"askbench matrix: --variants: {error.args[0]}", file=sys.stderr)
        return EXIT_UNUSABLE
    names = [item.name for item in implementations]
    if len(set(names)) != len(names):
        print("askbench matrix: --impl: each implementation needs its own NAME", file=sys.stderr)
        return EXIT_UNUSABLE
    tty = sys.stderr.isatty()

    def progress(name: str, index: int, total: int, fixture: Fixture) -> None:
        sys.stderr.write(f"\r\x1b[2K{name} [{index + 1}/{total}] {fixture.id}"[:100])
        sys.stderr.flush()

    matrix, screens = run_matrix(
        paths or [BUILTIN_CORPUS], implementations, args.widths, progress if tty else None
    )
    if tty:
        sys.stderr.write("\r\x1b[2K")
    written = write_matrix(matrix, screens, args.out)
    for item in matrix.implementations:
        counts = ", ".join(
            f"@{width} {matrix.passed(item.name, width)}/{len(matrix.fixtures)}"
            for width in matrix.widths
        )
        print(f"{item.name:<20} {counts}")
    print(
        "wrote " + ", ".join(str(path) for path in written) + f" and {len(screens)} failing screens"
    )
    return EXIT_UNUSABLE if matrix.problems else EXIT_OK


def variant_implementations(names: str | None) -> list[Implementation]:
    """``--variants``: every variant (``all``) or those named, as matrix columns.

    In process, except a variant whose defect is time: it runs behind the
    adapter contract with its own short timeout, so it shows as ``TIMEOUT``.
    """
    from ..drivers.adapters.variant import command_for
    from ..drivers.variants import VARIANTS, variant_named
    from ..runners.matrix import Implementation

    if not names:
        return []
    chosen = (
        list(VARIANTS.values())
        if names == "all"
        else [variant_named(name.strip()) for name in names.split(",") if name.strip()]
    )
    return [
        Implementation(variant.name, source=variant.render)
        if variant.adapter_timeout is None
        else Implementation(
            variant.name,
            AdapterCommand(command_for(variant.name), "session", variant.adapter_timeout),
        )
        for variant in chosen
    ]


def add_matrix_parser(commands: argparse._SubParsersAction, widths_type: object) -> None:  # type: ignore[type-arg]
    """``askbench matrix [PATH…] --impl NAME=CMD …``."""
    matrix = commands.add_parser(
        "matrix",
        help="a results matrix of fixtures × implementations, per width, as Markdown and HTML",
        description="Run every fixture through the in-process reference and each --impl NAME=CMD (the askbench/1 "
        "adapter contract, docs/adapters.md) and write matrix.md, matrix.html and the failing screens. "
        "Each screen file is the screen as the terminal model named above it showed it, a box the renderer "
        "drew kept. Exit 0: written; 2: unusable input (an unknown id, named with the closest ids, stops "
        "before anything is run; malformed fixtures are listed in the report).",
    )
    matrix.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="fixture files or folders, or built-in fixture ids and families (mcp/x, mcp), as check "
        "takes them (default: the built-in corpus)",
    )
    matrix.add_argument(
        "--widths",
        type=widths_type,
        default=[80, 120, 160],
        help="terminal widths, comma-separated (default 80,120,160)",
    )
    matrix.add_argument(
        "--out", type=Path, default=Path("reports"), help="the report folder (default reports/)"
    )
    matrix.add_argument(
        "--variants",
        nargs="?",
        const="all",
        metavar="NAME[,NAME]",
        help="add the mutants and styles of askbench/harness/drivers/variants as columns: all of them, or those named",
    )
    add_impl_options(matrix, named=True)
    matrix.set_defaults(run=cmd_matrix)
