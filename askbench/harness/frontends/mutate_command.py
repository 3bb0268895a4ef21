"""``askbench mutate``: its options, the run's progress line, the report written and the verdicts printed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ..drivers.variants import VARIANTS, Variant, variant_named
from ..fixtures.loading import BUILTIN_CORPUS, Fixture
from ..runners.mutate import MUTATE_WIDTHS, run_mutation, target_key
from .adapter_commands import positive_seconds

__all__ = ["add_mutate_parser", "cmd_mutate"]


def _names(text: str) -> list[Variant]:
    try:
        return [variant_named(name.strip()) for name in text.split(",") if name.strip()]
    except KeyError as error:
        raise argparse.ArgumentTypeError(str(error.args[0])) from None


def cmd_mutate(args: argparse.Namespace) -> int:
    from ..reporters.mutation_report import write_mutation_report

    variants = args.variants or list(VARIANTS.values())
    tty = sys.stderr.isatty()

    def progress(index: int, total: int, fixture: Fixture) -> None:
        sys.stderr.write(f"\r\x1b[2K[{index + 1}/{total}] {target_key(fixture)}"[:100])
        sys.stderr.flush()

    run = run_mutation(
        args.paths or [BUILTIN_CORPUS],
        variants,
        args.widths,
        timeout=args.impl_timeout,
        targets_only=args.targets_only,
        progress=progress if tty else None,
    )
    if tty:
        sys.stderr.write("\r\x1b[2K")
    report, page = write_mutation_report(run, args.out)
    for result in run.mutants:
        fixtures_killed, fixtures = result.fixtures_killed
        print(
            f"{result.variant.name:<28} {result.verdict:<13} {len(result.differences):>5} differing, "
            f"{len(result.survivors)} survived, killed on {fixtures_killed}/{fixtures} fixtures on screen"
        )
    for style in run.styles:
        print(
            f"{style.variant.name:<28} {'PASSED' if style.passed else 'FAILED':<13} {len(style.own):>5} violations "
            f"({len(style.violations) - len(style.own)} the reference's too)"
        )
    for line in [*(str(problem) for problem in run.problems), *run.errors]:
        print(f"not judged: {line}")
    print(f"wrote {report}, {page}")
    return run.exit_code


def add_mutate_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    widths_type: Callable[[str], list[int]],
) -> None:
    """``askbench mutate [PATH…] [--variants A,B] [--widths …] [--out reports]``."""
    mutate = commands.add_parser(
        "mutate",
        help="judge the gate: mutants it must reject and styles it must pass, over the corpus",
        description="Run every variant (askbench/harness/drivers/variants: mutants, the reference with one defect; styles, sound "
        "renderers that look different) over the fixtures and write mutation.md and mutation.html. Exit 0: every mutant killed and "
        "every style passed; 1: a mutant survived or is stale, or a style failed; 2: unusable input.",
    )
    mutate.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="fixture files or folders (default: the built-in corpus)",
    )
    mutate.add_argument(
        "--widths",
        type=widths_type,
        default=list(MUTATE_WIDTHS),
        help="terminal widths, comma-separated (default 80,120,160,20,30,40)",
    )
    mutate.add_argument(
        "--variants", type=_names, metavar="NAME[,NAME]", help="only these variants (default: all)"
    )
    mutate.add_argument(
        "--impl-timeout",
        type=positive_seconds,
        default=None,
        metavar="SECONDS",
        help="per-request timeout for the variants judged through the adapter (default: each one's own)",
    )
    mutate.add_argument(
        "--targets-only",
        action="store_true",
        help="run each mutant on its own target fixtures only (quick); styles still run on every fixture",
    )
    mutate.add_argument(
        "--out", type=Path, default=Path("reports"), help="the report folder (default reports/)"
    )
    mutate.set_defaults(run=cmd_mutate)
