"""``askbench report``: its options, the gate's progress on stderr, and the files written.

The command runs the gate and reads the fixtures' screens (the runners), then
hands both to the reporters, which write the pages and run nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..exit_codes import EXIT_UNUSABLE, EXIT_VIOLATION
from ..fixtures.loading import BUILTIN_CORPUS
from ..judge.width_run import WIDTHS

if TYPE_CHECKING:
    from ..reporters.corpus_report import ReportFiles
    from ..runners.results import GateRun

__all__ = ["add_report_parser", "cmd_report", "corpus_run", "make_report"]


def corpus_run(
    paths: Sequence[Path], widths: Sequence[int], families: Sequence[str] = ()
) -> GateRun:
    """The gate on ``paths``, only ``families``' fixtures when any are named (every unusable path still listed)."""
    from ..runners.gate import run_gate

    return run_gate(
        list(paths),
        widths,
        select=(lambda fixture: fixture.family in families) if families else None,
    )


def make_report(
    out_dir: Path,
    paths: Sequence[Path] = (BUILTIN_CORPUS,),
    widths: Sequence[int] = WIDTHS,
    log: Callable[[str], None] | None = None,
    families: Sequence[str] = (),
) -> ReportFiles:
    """Run the gate once for the tables, read every screen once more for the gallery, and have them written.

    ``families`` keeps only those families' fixtures (every unusable path is still listed).
    """
    from ..reporters.corpus_report import write_report
    from ..runners.fixture_screens import gallery_screens

    say = log or (lambda message: None)
    started = time.perf_counter()
    run = corpus_run(paths, widths, families)
    say(f"gate: {len(run.results)} fixtures in {time.perf_counter() - started:.1f} s")
    screens = gallery_screens([result.fixture for result in run.results], widths)
    files = write_report(out_dir, run, screens, widths)
    largest = max(path.stat().st_size for path in files.pages) / 1e6
    say(
        f"gallery: {len(files.pages)} pages, the largest {largest:.1f} MB, in {time.perf_counter() - started:.1f} s in all"
    )
    return files


def cmd_report(args: argparse.Namespace) -> int:
    """The ``askbench report`` subcommand: exit 0 when written, whatever the verdicts (they are in the report);
    2 when some input could not be judged or nothing was, as ``check``."""

    def log(message: str) -> None:
        print(f"askbench report: {message}", file=sys.stderr, flush=True)

    if args.check:
        return _check(args)
    from ..reporters.vocabulary import counted

    files = make_report(
        Path(args.out), args.paths or [BUILTIN_CORPUS], args.widths, log, args.family
    )
    print(
        f"wrote {files.corpus}, {files.corpus_page} and {files.gallery} "
        f"(with {counted(len(files.pages) - 1, 'page')} of screens beside it)"
    )
    return EXIT_UNUSABLE if files.run.problems or not files.run.results else 0


def _check(args: argparse.Namespace) -> int:
    """``--check``: the committed ``corpus.md`` against the one the gate writes today, nothing written."""
    from ..reporters.corpus_report import corpus_markdown
    from ..reporters.freshness import stale

    run = corpus_run(args.paths or [BUILTIN_CORPUS], args.widths, args.family)
    path = Path(args.out) / "corpus.md"
    committed = path.read_text(encoding="utf-8") if path.is_file() else None
    found = stale(str(path), committed, corpus_markdown(run, args.widths))
    print("\n".join(found) if found else f"{path} is up to date")
    return EXIT_VIOLATION if found else 0


def add_report_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    widths_type: Callable[[str], list[int]],
) -> None:
    report = commands.add_parser(
        "report",
        help="write reports/corpus.md and corpus.html (the seed's table, every fixture x width) and the gallery: "
        "reports/gallery.html (an index) and the pages of screens in reports/gallery/, each under 1 MB",
        description="Run the gate and write the corpus report and a colour screen gallery of every fixture.",
    )
    report.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="fixture files or folders (default: the built-in corpus)",
    )
    report.add_argument(
        "--widths",
        type=widths_type,
        default=list(WIDTHS),
        help="terminal widths, comma-separated (default 80,120,160)",
    )
    report.add_argument("--out", default="reports", help="output folder (default: reports)")
    report.add_argument(
        "--family",
        action="append",
        default=[],
        metavar="FAMILY",
        help="only this family's fixtures (repeatable); the gallery then shows that family alone",
    )
    report.add_argument(
        "--check",
        action="store_true",
        help="write nothing: exit 1 when OUT/corpus.md is not what the gate writes today (run make report)",
    )
    report.set_defaults(run=cmd_report)
