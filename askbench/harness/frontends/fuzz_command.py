"""``askbench fuzz``: its options, the found cases written as fixtures, and what it prints.

The search itself is ``askbench.harness.runners.fuzz``; this module turns
the command line into its settings, saves each failure it returns into a
corpus folder ``askbench check`` reads, and says where. Exit codes are the
gate's: 1 a failure was found, 0 the budget ran out with none (or, with
``--max-cases``, every strategy drew its cases), 2 input that could not be
used — a budget that ran out before ``--max-cases`` were drawn among it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..exit_codes import EXIT_OK, EXIT_UNUSABLE
from .adapter_commands import add_impl_options, open_source, positive_seconds
from .option_types import parse_widths

if TYPE_CHECKING:
    from ..runners.fuzz import FuzzRun

EXIT_FOUND = 1
DEFAULT_BUDGET = 120.0
DEFAULT_SAVE = Path(".askbench") / "fuzz-found"
DEFAULT_DATABASE = Path(".askbench") / "fuzz-db"


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _names(values: list[str]) -> list[str]:
    """``--strategy a,b --strategy c`` as ``[a, b, c]``."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def cmd_fuzz(args: argparse.Namespace) -> int:
    try:
        from ..runners.fuzz import FuzzSettings, run_fuzz, strategies_for
    except ImportError as error:
        print(
            f"askbench fuzz: needs hypothesis ({error.name} is not installed): pip install 'askbench[fuzz]'",
            file=sys.stderr,
        )
        return EXIT_UNUSABLE
    from ..drivers.adapter_client import AdapterUnusable
    from ..fixtures.fuzz_strategies import FAMILIES, STRATEGIES
    from ..runners.forked import WorkerFailed, default_jobs

    if args.list:
        for name, strategy in STRATEGIES.items():
            print(f"{name:<11} {', '.join(strategy.families):<44} {strategy.about}")
        return EXIT_OK
    families = _names(args.family)
    unknown = [family for family in families if family not in FAMILIES]
    if unknown:
        print(
            f"askbench fuzz: --family: no family {unknown[0]!r}; there are: {', '.join(FAMILIES)}",
            file=sys.stderr,
        )
        return EXIT_UNUSABLE
    try:
        chosen = strategies_for(_names(args.strategy), families)
    except KeyError as error:
        print(f"askbench fuzz: --strategy: {error.args[0]}", file=sys.stderr)
        return EXIT_UNUSABLE
    if not chosen:
        print("askbench fuzz: no strategy draws the families asked for", file=sys.stderr)
        return EXIT_UNUSABLE
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    settings = FuzzSettings(
        strategies=chosen,
        families=tuple(families),
        widths=tuple(args.widths),
        budget=args.budget,
        seed=seed,
        database=None if args.no_db else args.db,
        max_cases=args.max_cases,
        jobs=args.jobs or default_jobs(),
    )
    print(
        f"askbench fuzz: {', '.join(chosen)} for {args.budget:g} s, seed {seed}, widths "
        f"{','.join(map(str, args.widths))}",
        file=sys.stderr,
    )
    tty = sys.stderr.isatty()
    try:
        run = run_fuzz(
            settings,
            lambda: open_source(args),
            _progress if tty else None,
            _searched(len(chosen)) if tty and settings.jobs > 1 else None,
        )
    except AdapterUnusable as error:
        print(f"\naskbench fuzz: --impl: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    except WorkerFailed as error:
        print(
            f"\naskbench fuzz: the search of {chosen[error.index]} ended without its result: {error}",
            file=sys.stderr,
        )
        return EXIT_UNUSABLE
    if tty:
        sys.stderr.write("\r\x1b[2K")
    return _report(run, args.save, seed, args.known)


def _progress(strategy: str, cases: int, found: int, left: float) -> None:
    sys.stderr.write(f"\r\x1b[2Kfuzz {strategy}: {cases} cases, {found} found, {left:.0f} s left")
    sys.stderr.flush()


def _searched(total: int) -> Callable[[int, str], None]:
    """Progress when strategies are searched apart: each worker's cases are its own, so only their ends are told."""

    def done(count: int, strategy: str) -> None:
        sys.stderr.write(f"\r\x1b[2Kfuzz: {count} of {total} strategies searched ({strategy} last)")
        sys.stderr.flush()

    return done


def _report(run: FuzzRun, save: Path, seed: int, known: Path | None) -> int:
    """Each failure saved as a fixture (or named as known) and printed; the exit code the run earns."""
    from ..fixtures.found_corpus import fixture_name, save_found
    from ..reporters.escape import one_line
    from ..runners.fuzz import fixture_text

    for strategy in run.runs:
        shared = (
            f"; {strategy.shared} the reference fails too, not counted" if strategy.shared else ""
        )
        print(
            f"{strategy.strategy:<11} {strategy.cases:>6} cases in {strategy.seconds:5.1f} s "
            f"({strategy.per_second:.1f}/s), {len(strategy.found)} found{shared}",
            file=sys.stderr,
        )
    new = 0
    for found in run.found:
        document = found.document(seed)
        name = fixture_name(found.strategy, found.invariant, document)
        where = f"{found.view} @{found.width}, {found.terminal}" if found.view else "render"
        said = f"  {found.invariant} ({where}): {one_line(found.message)}"
        already = known / found.draft.family / f"{name}.json" if known is not None else None
        if already is not None and already.is_file():
            print(f"KNOWN {already}\n{said}")
            continue
        try:
            path = save_found(save, found.draft.family, name, fixture_text(document))
        except OSError as error:
            print(
                f"askbench fuzz: --save {save}: cannot write: {error.strerror or error}",
                file=sys.stderr,
            )
            return EXIT_UNUSABLE
        new += 1
        print(f"FOUND {path}\n{said}")
    summary = f"{new} found, saved under {save} (askbench check {save})" if new else "none found"
    if len(run.found) > new:
        summary += f"; {len(run.found) - new} known in {known}"
    jobs = f", {run.settings.jobs} jobs" if run.settings.jobs > 1 else ""
    print(
        f"askbench fuzz: {run.cases} cases in {run.seconds:.1f} s ({run.per_second:.1f}/s{jobs}), "
        f"seed {seed}: {summary}"
    )
    if new:
        return EXIT_FOUND
    return _cut_short(run)


def _cut_short(run: FuzzRun) -> int:
    """A search bounded by ``--max-cases`` that the budget stopped first is not the search asked for: on a slower
    machine it judges fewer cases, so "none found" would depend on the machine's speed."""
    if run.settings.max_cases is None or not run.cut_short:
        return EXIT_OK
    print(
        f"askbench fuzz: the budget ({run.settings.budget:g} s) ran out before "
        f"{', '.join(run.cut_short)} drew {run.settings.max_cases} cases each (--max-cases): "
        "give a larger --budget",
        file=sys.stderr,
    )
    return EXIT_UNUSABLE


def add_fuzz_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``askbench fuzz [--impl CMD] [--budget S] [--seed N] [--strategy S] [--family F] [--save DIR]``."""
    fuzz = commands.add_parser(
        "fuzz",
        help="search a renderer for a prompt that breaks an invariant, shrink it, save it as a fixture",
        description="Generate adversarial fixtures (hypothesis), judge each as askbench check does (the reference "
        "in process, or --impl CMD through the askbench/1 contract), shrink each failure to a minimal fixture and "
        "save it under --save, ready for askbench check. Exit 0: the budget ran out with nothing found; 1: a "
        "failure was found; 2: unusable input.",
    )
    fuzz.add_argument(
        "--budget",
        type=positive_seconds,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"how long the whole run may take, shrinking included (default {DEFAULT_BUDGET:g})",
    )
    fuzz.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help="make the run repeatable (default: a random seed, printed)",
    )
    fuzz.add_argument(
        "--max-cases",
        type=_positive,
        metavar="N",
        help="at most N generated cases per strategy, shrinking aside: with --seed and --no-db the same cases "
        "on any machine; a budget that runs out before they are drawn exits 2",
    )
    fuzz.add_argument(
        "--widths",
        type=parse_widths,
        default=[80, 120, 160],
        help="terminal widths, comma-separated (default 80,120,160)",
    )
    fuzz.add_argument(
        "--strategy",
        action="append",
        default=[],
        metavar="NAME[,NAME]",
        help="only these strategies (default: all; --list names them)",
    )
    fuzz.add_argument(
        "--family",
        action="append",
        default=[],
        metavar="F",
        help="only calls of family F: bash, mcp, files, forwarded, external, skill; repeatable",
    )
    fuzz.add_argument(
        "--save",
        type=Path,
        default=DEFAULT_SAVE,
        metavar="DIR",
        help=f"the corpus folder each shrunk failure is written to (default {DEFAULT_SAVE})",
    )
    fuzz.add_argument(
        "--db",
        type=Path,
        default=DEFAULT_DATABASE,
        metavar="DIR",
        help=f"hypothesis's example database: a rerun replays what failed first (default {DEFAULT_DATABASE})",
    )
    fuzz.add_argument("--no-db", action="store_true", help="keep no example database")
    fuzz.add_argument(
        "--known",
        type=Path,
        metavar="DIR",
        help="failures already known, as fixtures this command saved (reports/fuzz-found): a case found there "
        "again is printed as KNOWN, not saved, and does not make the run exit 1",
    )
    fuzz.add_argument(
        "--jobs",
        type=_positive,
        metavar="N",
        help="search N strategies at once, each in a process of its own (default: one per processor); with "
        "--impl each job starts its own adapter, so give --jobs 1 to an adapter that cannot run twice at once",
    )
    fuzz.add_argument("--list", action="store_true", help="list the strategies and what each draws")
    add_impl_options(fuzz)
    fuzz.set_defaults(run=cmd_fuzz)


__all__ = ["DEFAULT_BUDGET", "DEFAULT_DATABASE", "DEFAULT_SAVE", "add_fuzz_parser", "cmd_fuzz"]
