"""The judge's accuracy on renderers written apart from it: a Markdown section from `askbench check --json` runs.

The renderers in `benchmarks/outside-renderers/` were written from `docs/` alone by someone who had not
read the judge (`catalogue.tsv`: name, sound or defect, command, description, and for a defect the
fixtures where it is on screen). Each is judged with `askbench check --impl CMD --json` — a sound one
on the whole corpus, a defect on its fixtures — into `RESULTS/<kind>-<name>.json`; this script reads
those and prints what the judge got right: every sound renderer passed, and every fixture where a
defect is on screen failed.

    python scripts/outside_accuracy.py RESULTS > section.md
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

CATALOGUE = (
    Path(__file__).resolve().parent.parent / "benchmarks" / "outside-renderers" / "catalogue.tsv"
)


def _result(results: Path, kind: str, name: str) -> dict[str, object] | None:
    path = results / f"{kind}-{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # not run, or still running


def _failed(run: dict[str, object]) -> dict[str, list[str]]:
    """Each failed fixture's id and the invariants that failed it."""
    failed: dict[str, list[str]] = {}
    for fixture in run["fixtures"]:  # type: ignore[union-attr]
        invariants = sorted(
            {
                violation["invariant"]
                for width in fixture["widths"]
                for violation in width["violations"]
            }
        )
        if fixture["error"] or not fixture["passed"]:
            failed[fixture["id"]] = invariants or ["error"]
    return failed


def main(argv: list[str]) -> int:
    results = Path(argv[1])
    rows = list(csv.reader(CATALOGUE.open(encoding="utf-8"), delimiter="\t"))
    sound_lines, defect_lines = [], []
    sound_ok = defect_ok = shown = caught = 0
    for name, kind, _command, _description, *rest in rows:
        run = _result(results, kind, name)
        if run is None:
            continue
        failed = _failed(run)
        if kind == "sound":
            ok = not failed
            sound_ok += ok
            where = (
                ""
                if ok
                else f"{len(failed)} fixtures, e.g. `{next(iter(failed))}`: {', '.join(next(iter(failed.values())))}"
            )
            sound_lines.append(f"| `{name}` | {'passed' if ok else 'FAILED'} | {where} |")
            continue
        targets = [target for target in (rest[0].split(",") if rest and rest[0] else []) if target]
        hit = [target for target in targets if target in failed]
        shown += len(targets)
        caught += len(hit)
        defect_ok += len(hit) == len(targets)
        missed = ", ".join(f"`{target}`" for target in targets if target not in failed)
        by = sorted({invariant for target in hit for invariant in failed[target]})
        defect_lines.append(
            f"| `{name}` | {len(hit)} of {len(targets)} | {', '.join(by)} | {missed} |"
        )
    sounds, defects = len(sound_lines), len(defect_lines)
    print("# The judge on renderers written apart from it")
    print()
    print(
        "Written by `make outside`: the renderers of `benchmarks/outside-renderers/`, written from `docs/` alone — "
        "every sound one judged on the whole corpus at 80/120/160, every defect on the fixtures where its author "
        "says it shows. Their author's own run on the judge before it located values by perturbation is "
        "`benchmarks/outside-renderers/results-before-locating.md`."
    )
    print()
    print(
        f"Sound renderers passed: **{sound_ok} of {sounds}**. Defective renderers caught on every fixture "
        f"where the defect is on screen: **{defect_ok} of {defects}** ({caught} of {shown} fixtures)."
    )
    print()
    print("| sound renderer | verdict | where it failed |")
    print("| --- | --- | --- |")
    print("\n".join(sound_lines))
    print()
    print("| defective renderer | fixtures caught | by | missed |")
    print("| --- | --- | --- | --- |")
    print("\n".join(defect_lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
