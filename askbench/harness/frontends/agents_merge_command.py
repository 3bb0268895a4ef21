"""``askbench agents merge DIR …``: the shards of one ``askbench agents --shard K/N`` run, merged into one report.

The merged report goes where the unsharded run's would (``destination``):
the published ``reports/agents.*`` only when every shard was given and the
run was whole, else ``reports/agents-partial/``, unless ``--publish`` or
``--out``. Exit status: 0 when cells were merged, 1 when the shards held
none, 2 when a shard cannot be read or the shards are not of one run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..agents.destination import PARTIAL, PUBLISHED, partial_reasons, report_path
from ..agents.merge import merge_shards
from ..agents.shard_file import SHARD_FILE, read_shard
from ..reporters.agents_report import write_agents_report

__all__ = ["add_agents_merge_parser", "cmd_agents_merge"]


def cmd_agents_merge(args: argparse.Namespace) -> int:
    try:
        shards = [read_shard(folder) for folder in args.shards]
        merged = merge_shards(shards, "askbench agents merge " + " ".join(map(str, args.shards)))
    except ValueError as error:
        print(f"askbench agents merge: {error}", file=sys.stderr)
        return 2
    matrix = merged.matrix
    if not matrix.verdicts:
        print(
            "askbench agents merge: the shards hold no judged cell; no report written",
            file=sys.stderr,
        )
        return 1
    names = [profile.name for profile in matrix.profiles]
    cells = len(names) * len(matrix.fixtures) * len(matrix.widths)
    reasons = partial_reasons(
        names, not merged.curated, matrix.widths, cells - len(matrix.verdicts), False
    ) + tuple(f"shard {shard} not given" for shard in merged.absent)
    out = report_path(args.out, args.publish, reasons)
    write_agents_report(matrix, out)
    print(
        f"askbench agents merge: wrote {out.with_suffix('.md')} (.json, .html) from {len(shards)} shards: "
        f"{len(matrix.verdicts)} cells judged"
    )
    if args.out is None and out == PARTIAL:
        print(
            f"askbench agents merge: a partial run ({'; '.join(reasons)}): the published {PUBLISHED} "
            "is left as it was (--publish writes it)",
            file=sys.stderr,
        )
    return 0


def add_agents_merge_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    merge = commands.add_parser(
        "agents-merge",
        prog="askbench agents merge",
        help="merge the shards of one `askbench agents --shard K/N` run into one report "
        "(also spelled `agents merge`)",
        description="Read each shard's folder (or its shard file, "
        + SHARD_FILE
        + ") and write the one report "
        "the unsharded run would have written: reports/agents.md, .json, .html when every shard is given and "
        "the run is whole, reports/agents-partial/ otherwise, unless --publish or --out. Exit 0 when cells "
        "were merged, 1 when none was, 2 when the shards are not slices of one run.",
    )
    merge.add_argument(
        "shards",
        nargs="+",
        type=Path,
        metavar="DIR",
        help="a shard's folder (where `askbench agents --shard` wrote its report), or its shard file",
    )
    merge.add_argument("--out", type=Path, help="the report, written whatever the shards")
    merge.add_argument(
        "--publish",
        action="store_true",
        help="write reports/agents.md even when the merged run is partial",
    )
    merge.set_defaults(run=cmd_agents_merge)
