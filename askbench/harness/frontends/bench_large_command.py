"""``make bench-large``: the gate on large inputs measured, and the ``Large inputs`` section written or printed.

Run as a process of its own (``python -m askbench.harness.frontends.bench_large_command``),
not as a subcommand: measuring takes many minutes and starts a child process
per size (``askbench.harness.bench.large``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..bench.large import SIZES_MB, measure
from ..reporters.bench_large import section, write_section

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m askbench.harness.frontends.bench_large_command", description=__doc__
    )
    parser.add_argument(
        "--sizes",
        default=",".join(str(size) for size in SIZES_MB),
        help="sizes in MB, comma-separated",
    )
    parser.add_argument(
        "--write", type=Path, help="the report to write the section into (else it is printed)"
    )
    args = parser.parse_args(argv)
    text = section(measure([float(size) for size in args.sizes.split(",")]))
    if args.write:
        write_section(args.write, text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
