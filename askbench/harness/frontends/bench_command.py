"""``askbench bench``: its options, the expected run time and load warning printed first, and what was written.

The parser is built only when the command line names ``bench`` (``askbench.harness.frontends.lazy_commands``).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

from ..bench import timing as bench_timing
from ..bench.peers import parse_peer
from ..bench.run import run_bench
from ..bench.settings import (
    FULL,
    QUICK,
    SECTIONS,
    expected_run,
    parse_only,
)
from ..bench.xdist import measure_xdist
from ..reporters.bench_files import write_bench
from ..reporters.bench_xdist import write_xdist_section
from .option_types import argument_type


def cmd_bench(args: argparse.Namespace) -> int:
    """The ``askbench bench`` subcommand."""
    settings = QUICK if args.quick else FULL
    if args.impl_fixture:
        settings = dataclasses.replace(settings, peer_fixtures=tuple(args.impl_fixture))

    def log(message: str) -> None:
        print(f"askbench bench: {message}", file=sys.stderr, flush=True)

    if args.xdist:
        if args.scratch is None:
            print(
                "askbench bench: --xdist needs --scratch DIR for the 10x corpus (outside the repository)",
                file=sys.stderr,
            )
            return 2
        report = Path(args.out) / "bench.md"
        write_xdist_section(report, measure_xdist(Path(args.scratch), log))
        print(f"wrote the xdist section of {report}")
        return 0
    only = args.only if args.only is not None else frozenset(SECTIONS)
    expected = expected_run(settings, only, len(args.impl))
    log(
        f"sections {', '.join(name for name in SECTIONS if name in only)}; expected run time about "
        f"{_duration(expected)} on an idle machine"
    )
    load, cpus = bench_timing.load_average(), os.cpu_count() or 1
    if load is not None and load > cpus:
        log(
            f"warning: the load average is {load:.2f} on {cpus} CPUs: expect about {_duration(expected * load / cpus)}; "
            "times will be inflated and the report marks any missed target as measured under load"
        )
    files = write_bench(Path(args.out), run_bench(settings, log, args.impl, args.only))
    print(f"wrote {files.report}" + (f" and {files.plot}" if files.plot is not None else ""))
    return 0


def _fixture_path(text: str) -> Path:
    from ..fixtures.ids import FixtureNotFound, resolve

    try:
        path = resolve(text)
    except FixtureNotFound as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; --impl-fixture takes one fixture")
    return path


def _duration(seconds: float) -> str:
    return f"{seconds:,.0f} s" if seconds < 120 else f"{seconds / 60:,.0f} min"


def add_bench_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bench = commands.add_parser(
        "bench",
        help="measure render latency, scaling, wrapping and the gate; write reports/bench.md and the plot",
        description="Run every measurement (or the --only sections) in one process and write bench.md and "
        "bench-latency.svg; the expected run time is printed first, and a load average above the CPU count is "
        "warned about and marked on every missed target (--quick: tiny sizes, seconds, not a measurement).",
    )
    bench.add_argument("--out", default="reports", help="output folder (default: reports)")
    bench.add_argument(
        "--quick",
        action="store_true",
        help="tiny sizes and few rounds: checks the report, measures nothing",
    )
    bench.add_argument(
        "--xdist",
        action="store_true",
        help="instead: time the gate in one process and under pytest-xdist (-n auto) on the corpus and a "
        "10x copy of it, and write that section of bench.md (many minutes)",
    )
    bench.add_argument(
        "--scratch", metavar="DIR", help="with --xdist: where the 10x corpus is generated"
    )
    bench.add_argument(
        "--only",
        type=argument_type(parse_only),
        metavar="SECTION[,...]",
        help=f"only these sections: {', '.join(SECTIONS)} (the report holds just them; give --out "
        "elsewhere to keep a full report)",
    )
    bench.add_argument(
        "--impl-fixture",
        type=_fixture_path,
        action="append",
        default=[],
        metavar="FIXTURE",
        help="the fixtures every adapter is timed on (a file or a built-in id; repeatable; default: "
        "the seed's repro)",
    )
    bench.add_argument(
        "--impl",
        type=argument_type(parse_peer),
        action="append",
        default=[],
        metavar="NAME=CMD",
        help="also time this adapter (askbench/1, in a session) request by request against the "
        "reference adapter, bounded and complete, with its renderUs when it reports one; repeatable",
    )
    bench.set_defaults(run=cmd_bench)


__all__ = ["add_bench_parser", "cmd_bench"]
