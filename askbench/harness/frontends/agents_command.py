"""``askbench agents``: its options, the CLIs installed or skipped, the report written where a run of its kind belongs.

A CLI that is not installed is skipped with a message saying how to get it
(``make agents`` installs every one); its cells read ``NOT RUN``. A partial
run does not replace the published report (``destination``). Exit status:
0 when cells were judged, 1 when none was (no CLI installed, no kept run),
2 for a fixture that does not load, 130 when interrupted.

``--shard K/N`` drives one machine's share (``agents.shard``) and writes,
beside its own report, the shard file ``askbench agents merge`` reads
(``agents_merge_command``).
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..agents.command import reference_verdicts, run_agent_matrix
from ..agents.destination import PARTIAL, PUBLISHED, partial_reasons, report_path
from ..agents.driver import TERMINAL_THEME, Timing
from ..agents.install import default_cache, install, installed
from ..agents.matrix import AgentMatrix
from ..agents.profiles import PROFILES, STANDINS, Profile, profile_named
from ..agents.selection import curated
from ..agents.shard import Pair, Shard, parse_shard
from ..agents.shard_file import ShardFile, write_shard
from ..agents.verdicts import Verdict
from ..fixtures.loading import Fixture, load_corpus
from ..reporters.agents_report import write_agents_report
from ..runners.toolchain import gather_toolchain

__all__ = ["add_agents_parser", "cmd_agents"]


def _version(command: Sequence[str]) -> str:
    try:
        return subprocess.run(
            command, capture_output=True, text=True, check=False, timeout=10
        ).stdout.strip()
    except OSError:
        return "absent"


def _profiles(args: argparse.Namespace, cache: Path) -> tuple[list[Profile], dict[str, str]]:
    chosen = _chosen(args)
    missing = {}
    ready = []
    for profile in chosen:
        if profile.package and args.install:
            problem = install(profile, cache)
            if problem:
                print(f"askbench agents: {profile.label}: {problem}", file=sys.stderr)
        if profile.package and not installed(profile, cache):
            why = f"{profile.spec} is not installed under {cache} (`make agents` installs it)"
            print(f"askbench agents: skipping {profile.label}: {why}", file=sys.stderr)
            missing[profile.label] = why
        else:
            ready.append(profile)
    return ready, missing


def _chosen(args: argparse.Namespace) -> list[Profile]:
    return [profile_named(name) for name in args.cli] if args.cli else list(PROFILES.values())


def _context(args: argparse.Namespace) -> dict[str, str]:
    """What the report's header says the run was: its command, date, terminal, network and toolchain."""
    context = {
        "command": "askbench agents " + " ".join(sys.argv[2:]),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "terminal": f"{_version(['tmux', '-V'])}, {args.widths} columns x 40 rows, answering colour queries "
        f"(OSC 10/11) as {TERMINAL_THEME.name} (#{TERMINAL_THEME.fg} on #{TERMINAL_THEME.bg}); "
        f"node {_version(['node', '--version'])}",
        "fake model": "127.0.0.1 only; every other address is sent to a closed local port",
        "toolchain": gather_toolchain().line(),
    }
    if args.note:
        context["note"] = args.note
    if args.shard:
        context["shard"] = str(args.shard)
    return context


def _took(began: float) -> str:
    minutes, seconds = divmod(round(time.monotonic() - began), 60)
    return f"{minutes} min {seconds} s"


def _shard_out(shard: Shard) -> Path:
    return Path("reports") / "agents-shards" / f"{shard.index}-of-{shard.count}" / "agents.md"


def _nothing_ran(missing: dict[str, str], chosen: int, reuse: str, interrupted: bool) -> int:
    print(
        f"askbench agents: no cell ran ({len(missing)} of {chosen} CLIs not installed"
        + (", no kept run to judge again" if reuse == "rejudge" else "")
        + "); no report written",
        file=sys.stderr,
    )
    return 130 if interrupted else 1


def _fixtures(args: argparse.Namespace) -> list[Fixture] | None:
    """The fixtures named, or the curated ones; None (after saying why) when a named one cannot be loaded."""
    if not args.fixtures:
        return list(curated())
    fixtures, problems = load_corpus(args.fixtures)
    if problems:
        print("\n".join(str(problem) for problem in problems), file=sys.stderr)
        return None
    return list(fixtures)


def _finish(
    args: argparse.Namespace,
    verdicts: list[Verdict],
    cells: int,
    report: Callable[[Sequence[Verdict], Path], None],
    interrupted: bool,
    names: list[str],
    not_run: int,
) -> int:
    """The report written where a run of this kind belongs, and what was written said."""
    reasons = partial_reasons(
        names, bool(args.fixtures), args.widths, cells - len(verdicts), interrupted
    )
    out = report_path(args.out, args.publish, reasons)
    report(verdicts, out)
    print(
        f"askbench agents: wrote {out.with_suffix('.md')} (.json, .html): {len(verdicts)} cells judged, "
        f"{not_run} CLIs not run"
    )
    if args.out is None and out == PARTIAL:
        print(
            f"askbench agents: a partial run ({'; '.join(reasons)}): the published "
            f"{PUBLISHED} is left as it was (--publish writes it)",
            file=sys.stderr,
        )
    return 130 if interrupted else 0


def _finish_shard(
    args: argparse.Namespace, matrix: AgentMatrix, pairs: frozenset[Pair], interrupted: bool
) -> int:
    """A shard's own report, and beside it the shard file that ``askbench agents merge`` reads."""
    out = args.out or _shard_out(args.shard)
    write_agents_report(matrix, out)
    kept = write_shard(ShardFile(args.shard, not args.fixtures, pairs, matrix), out.parent)
    print(
        f"askbench agents: shard {args.shard}: wrote {out.with_suffix('.md')} (.json, .html) and {kept}: "
        f"{len(matrix.verdicts)} cells judged of {len(pairs)} CLI x fixture pairs"
    )
    return 130 if interrupted else 0


def _dealt(
    args: argparse.Namespace, names: Sequence[str], fixtures: Sequence[Fixture]
) -> tuple[frozenset[Pair] | None, list[Fixture]]:
    """The pairs this run drives (None: every one) and the fixtures among them, for the reference."""
    if args.shard is None:
        return None, list(fixtures)
    pairs = args.shard.pairs(names, [fixture.id for fixture in fixtures])
    held = {fixture for _, fixture in pairs}
    return pairs, [fixture for fixture in fixtures if fixture.id in held]


def _meanwhile(args: argparse.Namespace) -> Path:
    """Where the report is rewritten as verdicts come: where this run's report goes, the published one if asked."""
    if args.out:
        return Path(args.out)
    if args.shard:
        return _shard_out(args.shard)
    return PUBLISHED if args.publish else PARTIAL


def cmd_agents(args: argparse.Namespace) -> int:
    began = time.monotonic()
    cache = args.cache or default_cache()
    profiles, missing = _profiles(args, cache)
    fixtures = _fixtures(args)
    if fixtures is None:
        return 2
    chosen = _chosen(args)
    names = [profile.name for profile in chosen]
    context = _context(args)
    keys = tuple(fixture.id for fixture in fixtures)
    pairs, dealt = _dealt(args, names, fixtures)
    reference = reference_verdicts(dealt, args.widths)
    widths = tuple(sorted(args.widths))

    def matrix_of(verdicts: Sequence[Verdict]) -> AgentMatrix:
        return AgentMatrix(
            tuple(chosen), keys, widths, tuple(verdicts), reference, missing, context
        )

    def report(verdicts: Sequence[Verdict], out: Path) -> None:
        write_agents_report(matrix_of(verdicts), out)

    done: list[Verdict] = []
    meanwhile = _meanwhile(args)

    def progress(verdict: Verdict) -> None:
        """Each verdict as it comes, and the report rewritten now and then (never the published one unless asked)."""
        done.append(verdict)
        print(
            f"{verdict.profile} {verdict.fixture} @{verdict.width}: {verdict.status}",
            file=sys.stderr,
            flush=True,
        )
        if len(done) % 10 == 0:
            report(list(done), meanwhile)

    runs = args.runs or cache / "runs"
    reuse = "rejudge" if args.rejudge else "resume" if args.resume else ""
    timing = Timing(start=args.timeout)
    interrupted = False
    try:
        verdicts = (
            run_agent_matrix(
                profiles, dealt, args.widths, cache, args.jobs, timing, progress, runs, reuse, pairs
            )
            if profiles
            else []
        )
    except KeyboardInterrupt:
        interrupted, verdicts = True, list(done)
    if not verdicts and pairs != frozenset():
        return _nothing_ran(missing, len(chosen), reuse, interrupted)
    context["took"] = _took(began)
    if pairs is not None:
        return _finish_shard(args, matrix_of(verdicts), pairs, interrupted)
    cells = len(chosen) * len(keys) * len(args.widths)
    return _finish(args, verdicts, cells, report, interrupted, names, len(missing))


def _shard_option(text: str) -> Shard:
    try:
        return parse_shard(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def add_agents_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parse_widths: Callable[[str], list[int]],
) -> None:
    agents = commands.add_parser(
        "agents",
        help="drive the real agent CLIs against a fake model and judge their own permission prompts",
        description="Run each pinned agent CLI (Claude Code, Codex CLI, Gemini CLI, OpenCode, Qwen Code, GitHub Copilot CLI) "
        "in its own tmux server "
        "and fresh HOME against a fake model on 127.0.0.1 that asks for one tool call from a fixture; judge the prompt "
        "it draws. CLIs not installed are skipped (`make agents` installs them). Writes reports/agents.md, .json, .html "
        "for a whole run; a partial one writes reports/agents-partial/ unless --publish or --out. Exit 0 when cells "
        "were judged, 1 when none was, 130 when interrupted.",
    )
    agents.add_argument(
        "fixtures", nargs="*", type=Path, metavar="PATH", help="fixtures (default: the curated set)"
    )
    agents.add_argument(
        "--cli",
        action="append",
        choices=[*PROFILES, *STANDINS],
        help="one CLI (repeatable; default every pinned one)",
    )
    agents.add_argument(
        "--widths",
        type=parse_widths,
        default=[80, 120, 160],
        help="terminal widths (default 80,120,160)",
    )
    agents.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 2,
        help="runs at once (default: one per core)",
    )
    agents.add_argument(
        "--timeout", type=float, default=90.0, help="seconds to wait for a prompt (default 90)"
    )
    agents.add_argument(
        "--install", action="store_true", help="npm install the pinned CLIs that are missing first"
    )
    agents.add_argument(
        "--cache", type=Path, help="where the CLIs are installed (default ~/.cache/askbench/agents)"
    )
    agents.add_argument("--runs", type=Path, help="where each run is kept (default: CACHE/runs)")
    agents.add_argument(
        "--rejudge", action="store_true", help="judge the kept runs again and drive nothing"
    )
    agents.add_argument(
        "--resume",
        action="store_true",
        help="judge the kept runs again and drive only the cells without one",
    )
    agents.add_argument("--note", help="a line for the report's head: how this matrix was made")
    agents.add_argument(
        "--shard",
        type=_shard_option,
        metavar="K/N",
        help="drive only the K-th of N slices of the CLI x fixture pairs (each at every width), the same on any "
        "machine; writes reports/agents-shards/K-of-N/ (or --out's folder) with the shard file that "
        "`askbench agents merge` reads",
    )
    agents.add_argument(
        "--out",
        type=Path,
        help="the report, written whatever the run (default reports/agents.md for a whole run, "
        "reports/agents-partial/agents.md for a partial one)",
    )
    agents.add_argument(
        "--publish",
        action="store_true",
        help="write reports/agents.md even for a partial run (some CLIs, fixtures or widths, cells not run, "
        "or interrupted)",
    )
    agents.set_defaults(run=cmd_agents)
