"""The run behind ``askbench agents``: the pinned agent CLIs on the fixtures, every cell judged.

Every profile × fixture × width is driven (or a kept run judged again) and
judged, and the reference is judged by the gate on the same fixtures beside
them. Which CLIs are installed, where the report goes and what is printed is
the command's (``askbench.harness.frontends.agents_command``).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..fixtures.loading import Fixture
from ..runners.gate import run_fixture
from .archive import load_run, run_path, save_run
from .driver import Timing, drive
from .install import bin_dir
from .profiles import Profile
from .shard import Pair
from .stuck import StuckWatch
from .verdicts import Verdict, judge, monotone_across

__all__ = ["reference_verdicts", "run_agent_matrix"]


def reference_verdicts(
    fixtures: Sequence[Fixture], widths: Sequence[int]
) -> dict[tuple[str, int], str]:
    out = {}
    for fixture in fixtures:
        result = run_fixture(fixture, widths)
        for judged in result.widths:
            names = sorted({violation.invariant for violation in judged.violations})
            out[(fixture.id, judged.width)] = "FAIL " + ", ".join(names) if names else "PASS"
    return out


def run_agent_matrix(
    profiles: Sequence[Profile],
    fixtures: Sequence[Fixture],
    widths: Sequence[int],
    cache: Path | None,
    jobs: int,
    timing: Timing,
    progress: Callable[[Verdict], None] = lambda verdict: None,
    runs: Path | None = None,
    reuse: str = "",
    pairs: Collection[Pair] | None = None,
) -> list[Verdict]:
    """Every profile × fixture × width, ``jobs`` at a time, each judged, then ``monotone`` across widths.

    Widths go in the order given, each over every fixture, so a run cut short
    has whole columns (``--widths 120,80,160`` puts 120 first).

    Each run is kept under ``runs``. ``reuse``: ``"resume"`` judges a kept
    run again instead of driving the CLI once more; ``"rejudge"`` drives
    nothing, and a cell with no kept run is left out (``NOT RUN``). A CLI
    stuck on one screen without a prompt (``stuck``) is driven no more.
    ``pairs``, when given, are the only CLI × fixture pairs driven (a
    shard's, ``shard``), each at every width.
    """
    watch = StuckWatch()
    tasks = [
        (profile, fixture, width)
        for width in widths
        for fixture in fixtures
        for profile in profiles
        if pairs is None or (profile.name, fixture.id) in pairs
    ]

    def one(task: tuple[Profile, Fixture, int]) -> Verdict | None:
        profile, fixture, width = task
        binaries = bin_dir(profile, cache) if cache and profile.package else None
        kept = run_path(runs, profile.name, fixture.id, width) if runs else None
        try:
            if reuse and kept and kept.is_file():
                run = load_run(kept)
            elif reuse == "rejudge":
                return None
            elif stuck := watch.stuck(profile.name):
                verdict = stuck.verdict(profile.name, fixture.id, width)
                progress(verdict)
                return verdict
            else:
                run = drive(profile, fixture, width, binaries, timing)
                if runs:
                    save_run(run, runs)
            verdict = judge(run, fixture, profile)
        except (OSError, subprocess.SubprocessError, ValueError) as error:
            verdict = Verdict(
                profile.name,
                fixture.id,
                width,
                "ERROR",
                notes=(f"the driver failed: {error}",),
            )
        watch.seen(verdict)
        progress(verdict)
        return verdict

    pool = ThreadPoolExecutor(max(1, jobs))
    try:
        verdicts = [verdict for verdict in pool.map(one, tasks) if verdict is not None]
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    out: list[Verdict] = []
    for profile in profiles:
        for fixture in fixtures:
            out.extend(
                monotone_across(
                    [v for v in verdicts if v.profile == profile.name and v.fixture == fixture.id]
                )
            )
    return out
