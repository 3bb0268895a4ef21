"""``askbench report``: its options, the gate's progress on stderr, and the files written."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ..exit_codes import EXIT_UNUSABLE, EXIT_VIOLATION
from ..fixtures.loading import BUILTIN_CORPUS
from ..judge.width_run import WIDTHS

__all__ = ["add_report_parser", "cmd_report"]


def cmd_report(args: argparse.Namespace) -> int:
    """The ``askbench report`` subcommand: exit 0 when written, whatever the verdicts (they are in the report);
    2 when some input could not be judged or nothing was, as ``check``."""

    def log(message: str) -> None:
        print(f"askbench report: {message}", file=sys.stderr, flush=True)

    if args.check:
        return _check(args)
    from ..reporters.corpus_report import write_report
    from ..reporters.vocabulary import counted

    files = write_report(
        Path(args.out), args.paths or [BUILTIN_CORPUS], args.widths, log, args.family
    )
    print(
        f"wrote {files.corpus}, {files.corpus_page} and {files.gallery} "
        f"(with {counted(len(files.pages) - 1, 'page')} of screens beside it)"
    )
    return EXIT_UNUSABLE if files.run.problems or not files.run.results else 0


def _check(args: argparse.Namespace) -> int:
    """``--check``: the committed ``corpus.md`` against the one the gate writes today, nothing written."""
    from ..reporters.corpus_report import corpus_markdown, corpus_run
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
