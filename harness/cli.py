"""``askbench``: the gate CI runs and the views a contributor looks at."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .corpus import BUILTIN_CORPUS, Fixture, UnusableFixture, load_case
from .gate import EXIT_UNUSABLE, format_table, run_gate, to_json


def _widths(text: str) -> list[int]:
    try:
        widths = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"widths are whole numbers separated by commas, got {text!r}") from None
    if not widths or any(width < 20 for width in widths):
        raise argparse.ArgumentTypeError("each width must be at least 20 columns")
    return widths


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _progress(index: int, total: int, fixture: Fixture) -> None:
    sys.stderr.write(f"\r\x1b[2K[{index + 1}/{total}] {fixture.family}/{fixture.name}"[:100])
    sys.stderr.flush()


def cmd_check(args: argparse.Namespace) -> int:
    paths = args.paths or [BUILTIN_CORPUS]
    progress = _progress if sys.stderr.isatty() and not args.json else None
    from .impl_cli import open_source

    with open_source(args) as source:
        run = run_gate(paths, args.widths, progress, source=source)
    if progress:
        sys.stderr.write("\r\x1b[2K")
    print(to_json(run) if args.json else format_table(run))
    return run.exit_code


def cmd_render(args: argparse.Namespace) -> int:
    from impl.dialog import DialogBudget
    from impl.frame import render_frame

    from .sources import chrome_style, warning_paint

    try:
        loaded, payload = load_case(Path(args.fixture))
    except UnusableFixture as error:
        print(f"askbench: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    budget = DialogBudget(
        max_rows=args.max_rows or loaded.max_rows,
        field_max_width=args.field_max_width or loaded.field_max_width,
        width=args.width,
    )
    view = "complete" if args.complete else "legacy" if args.legacy else "bounded"
    paint = None if args.plain else warning_paint
    style = None if args.plain else chrome_style
    frame = render_frame(payload, view, budget, paint=paint, style=style)
    sys.stdout.write("\n".join(frame.lines) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="askbench",
        description="Bounded permission prompts for terminal coding agents, judged on a virtual terminal.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="run every invariant on every fixture at every width",
        description="Render every fixture through a pyte virtual terminal, bounded and complete, at each width, "
        "and check the invariants on the screen. Exit 0: all hold; 1: a violation; 2: unusable input.",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="fixture files or folders (default: the built-in corpus)")
    check.add_argument("--widths", type=_widths, default=[80, 120, 160], help="terminal widths, comma-separated (default 80,120,160)")
    check.add_argument("--json", action="store_true", help="print the results as JSON for machines")
    from .impl_cli import add_impl_options

    add_impl_options(check)
    check.set_defaults(run=cmd_check)

    render = commands.add_parser(
        "render",
        help="write one fixture's prompt frame exactly as the terminal receives it",
        description="Write the dialog frame (title, ask, options, hint) to stdout, one row per line.",
    )
    render.add_argument("fixture", help="a fixture file")
    render.add_argument("--width", type=_positive, default=120, help="terminal width in columns (default 120)")
    views = render.add_mutually_exclusive_group()
    views.add_argument("--complete", action="store_true", help="the complete view (what ctrl+o shows)")
    views.add_argument("--legacy", action="store_true", help="the old unbounded dialog, the measured baseline")
    render.add_argument("--plain", action="store_true", help="no colour")
    render.add_argument("--max-rows", type=_positive, help="override the fixture's row budget")
    render.add_argument("--field-max-width", type=_positive, help="override the fixture's field cap (cells)")
    render.set_defaults(run=cmd_render)

    from .tty import cmd_try

    try_ = commands.add_parser(
        "try",
        help="the real interactive prompt in your terminal; prints the decision",
        description="Show one fixture's prompt inline in this terminal (ctrl+o: full request, y/s/n/r: decide, "
        "ctrl+c: leave). Prints the decision. Exit 0: decided; 130: ctrl+c; 1: an error; 2: unusable input.",
    )
    try_.add_argument("fixture", help="a fixture file")
    try_.set_defaults(run=cmd_try)
    from .impl_cli import add_matrix_parser

    add_matrix_parser(commands, _widths)
    from .bench import add_bench_parser
    from .report import add_report_parser

    add_bench_parser(commands)
    add_report_parser(commands, _widths)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
