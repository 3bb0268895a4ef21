"""``reports/bench.md`` from one run's results: the ratios and targets first, then every table behind them.

Only formatting: every number comes from a ``BenchResults``, and a target's
verdict is the results' own (``BenchResults.verdict``), so a miss under
load reads as one.
"""

from __future__ import annotations

from askbench.impl.prompt import LOOKAHEAD_CHARACTERS, LOOKAHEAD_ROWS

from ..bench.results import BenchResults
from ..bench.series import PAGER_SERIES, SERIES, size_label
from ..bench.settings import OUTLINED_SERIES, PAGER_HEIGHT, SECTIONS, WIDTH
from ..judge.width_run import WIDTHS
from .bench_peers import format_peers, peer_targets
from .bench_startup import startup_lines, startup_targets

TARGET_RATIO = 1.2
TARGET_WRAP = 3
TARGET_GATE_S = 30
TARGET_FRAME_RATIO = 2
TARGET_PAGER_RATIO = 2


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms" if seconds >= 1e-3 else _us(seconds)


def _mb_s(size: int, seconds: float) -> float:
    return size / seconds / 1e6


def format_report(results: BenchResults) -> str:
    """``reports/bench.md``: machine, ratios and targets, the side-by-side run, then every table behind them."""
    r = results
    lines = [
        "# askbench bench",
        "",
        "Written by `askbench bench` (`make bench`): every number below comes from one process and one run.",
        "Ratios are the targets (two interleaved measurements on the same busy machine); absolute times are context.",
        "",
    ]
    if r.settings.quick:
        lines += [
            "> **Quick mode**: tiny sizes and few rounds, for tests. These numbers are not a measurement.",
            "",
        ]
    if r.sections != frozenset(SECTIONS):
        lines += [
            f"> **Sections measured** (`--only`): {', '.join(name for name in SECTIONS if name in r.sections)}; "
            "the others are not in this report.",
            "",
        ]
    if r.loaded and r.load is not None:
        lines += [
            f"> **Warning: a loaded machine.** The load average reached {max(r.load):.2f} on {r.machine.cpus} "
            "CPUs while measuring: other work shared the cores, so absolute times are inflated and a "
            "missed target may be load noise. Verdicts below say so where they are misses.",
            "",
        ]
    lines += _machine_lines(r)
    lines += [
        "## Ratios measured in this run",
        "",
        *_ratio_lines(r),
        "",
        "## Targets",
        "",
        *_targets_table(_target_rows(r)),
        "",
    ]
    if "peers" in r.sections:
        lines += format_peers(r.peers)
    if r.startup:
        lines += startup_lines(r.startup)
    lines += _scaling_lines(r)
    lines += _repro_lines(r)
    lines += _family_lines(r)
    lines += _wrap_lines(r)
    lines += _prompt_sections(r)
    if r.profiles:
        lines += [
            "## Where the time goes (cProfile)",
            "",
            "Own time per render under the profiler, which inflates small calls: read the order, not the µs.",
            "",
        ]
        for title, profile in r.profiles.items():
            lines += [
                f"**{title}**",
                "",
                "| function | calls | own | cumulative |",
                "| --- | ---: | ---: | ---: |",
            ]
            lines += [
                f"| `{line.function}` | {line.calls:,} | {_ms(line.own)} | {_ms(line.cumulative)} |"
                for line in profile
            ]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _targets_table(rows: list[str]) -> list[str]:
    if not rows:
        return ["No target is judged from the sections measured."]
    return ["| target | goal | measured | |", "| --- | --- | --- | --- |", *rows]


def _machine_lines(r: BenchResults) -> list[str]:
    m = r.machine
    return [
        "## Machine",
        "",
        "| | |",
        "| --- | --- |",
        f"| Python | {m.implementation} {m.python} |",
        f"| platform | {m.platform} ({m.machine}) |",
        f"| CPUs | {m.cpus} |",
        f"| run | {r.wall_seconds:,.1f} s wall for the whole report |",
        *(
            [
                (
                    f"| load average (1 min) | {r.load[0]:.2f} at the start, {r.load[1]:.2f} at the end "
                    f"({m.cpus} CPUs: a load near the CPU count means other work shared them) |"
                )
            ]
            if r.load
            else []
        ),
        "",
    ]


def _ratio_lines(r: BenchResults) -> list[str]:
    lines = []
    if r.scaling:
        base, top = r.ratio_sizes
        sizes = r.settings.sizes
        big = sizes[-1]
        lines += [
            f"- bounded render {size_label(top)} / {size_label(base)}: "
            + ", ".join(f"{series} {r.bounded_ratio(series):.2f}×" for series in SERIES),
            "- complete-view throughput (here-string): "
            + ", ".join(
                f"{_mb_s(size, r.point('here-string', size).complete):,.0f} MB/s at {size_label(size)}"
                for size in sizes
                if size >= 1_000_000 or size == big
            ),
        ]
    if r.wrap is not None:
        lines.append(
            f"- our wrap vs `wcwidth.wrap`: {r.wrap.speedup:,.1f}× faster, rows "
            + ("identical" if r.wrap.identical else "**differ** (the ratio is not like for like)")
            + f" ({r.wrap.rows:,} rows of {r.wrap.characters:,} ASCII characters at width {r.wrap.width})"
        )
    if r.gate is not None:
        gate_s = r.gate.seconds
        lines.append(
            f"- gate wall time: {gate_s:,.1f} s for {r.gate.fixtures} fixtures × {len(WIDTHS)} widths "
            f"({r.gate.judgements / gate_s:,.1f} judgements/s) on {', '.join(r.gate.paths)}, exit {r.gate.exit_code}"
        )
    if r.peers is not None:
        for peer in r.peers.peers:
            lines.append(
                f"- per request, {peer.name} / reference: bounded {r.peers.request_ratio(peer.name, 'bounded'):.2f}×, "
                f"complete {r.peers.request_ratio(peer.name, 'complete'):.2f}×"
            )
        if not r.peers.peers:
            lines.append(
                "- no peer implementation given (`--impl NAME=CMD`): no ratio against a peer"
            )
    return lines + _prompt_ratio_lines(r)


def _target_rows(r: BenchResults) -> list[str]:
    rows = []
    if r.scaling:
        base, top = r.ratio_sizes
        ratios = {series: r.bounded_ratio(series) for series in SERIES}
        worst = max(ratios, key=ratios.__getitem__)
        rows.append(
            f"| bounded {size_label(top)} / {size_label(base)}, every series | ≤ {TARGET_RATIO} | worst {ratios[worst]:.2f}× ({worst}) "
            f"| {r.verdict(all(ratio <= TARGET_RATIO for ratio in ratios.values()))} |"
        )
    if r.wrap is not None:
        rows.append(
            f"| our wrap vs `wcwidth.wrap`, identical rows | ≥ {TARGET_WRAP}× | {r.wrap.speedup:,.1f}× "
            f"| {r.verdict(r.wrap.identical and r.wrap.speedup >= TARGET_WRAP)} |"
        )
    if r.gate is not None:
        rows.append(
            f"| `askbench check` on {', '.join(r.gate.paths)} | ≤ {TARGET_GATE_S} s | {r.gate.seconds:,.1f} s "
            f"| {r.verdict(r.gate.seconds <= TARGET_GATE_S and r.gate.exit_code == 0)} |"
        )
    if r.peers is not None:
        rows += peer_targets(r.peers, r.verdict)
    rows += startup_targets(r.startup, r.verdict)
    return rows + _prompt_targets(r)


def _scaling_lines(r: BenchResults) -> list[str]:
    if not r.scaling:
        return []
    lines = [
        f"## Scaling, {size_label(r.settings.sizes[0])} → {size_label(r.settings.sizes[-1])}",
        "",
        (
            "Median time per render at width 120. Bounded: interleaved across sizes, "
            f"rounds × batch = {r.settings.bounded_rounds} × {r.settings.bounded_batch}. Complete and legacy: "
            f"rounds = {r.settings.complete_rounds} ({r.settings.complete_rounds_large} from 1 MB). "
            "Plot: [bench-latency.svg](bench-latency.svg)."
        ),
        "",
        "| series | size | bounded | complete | complete MB/s | complete rows | legacy |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for p in r.scaling:
        lines.append(
            f"| {p.series} | {size_label(p.size)} | {_us(p.bounded)} | {_ms(p.complete)} | {_mb_s(p.size, p.complete):,.0f} "
            f"| {p.complete_rows:,} | {_ms(p.legacy)} |"
        )
    if r.outlines:
        lines += [
            "",
            "## The outline: computed once per ask, never in the render",
            "",
            (
                "A bash command's outline (`shape`) is parsed by tree-sitter when the payload is built; the bounded "
                "render only reads its capped ends. Below, the outline's own cost and the whole build's at the ratio's "
                "two sizes, and what the bounded render's ratio would be if every render parsed the command."
            ),
            "",
            "| series | size | outline | build (once per ask) | bounded render | render if it parsed |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for cost in r.outlines:
            lines.append(
                f"| {cost.series} | {size_label(cost.size)} | {_ms(cost.outline)} | {_ms(cost.build)} "
                f"| {_us(cost.bounded)} | {_ms(cost.bounded + cost.outline)} |"
            )
        lines.append("")
        for series in OUTLINED_SERIES:
            low, high = (cost for cost in r.outlines if cost.series == series)
            lines.append(
                f"- {series}: bounded {size_label(high.size)} / {size_label(low.size)} {high.bounded / low.bounded:.2f}× "
                f"with the outline built once; {(high.bounded + high.outline) / (low.bounded + low.outline):,.0f}× "
                "if the render parsed it."
            )
    return [*lines, ""]


def _repro_lines(r: BenchResults) -> list[str]:
    if not r.repro:
        return []
    return [
        "## The seed's repro",
        "",
        "The bare render in process (`render_prompt_dialog`), without the adapter path; the side-by-side section "
        "compares implementations through it. A render keeps a short line's segmentation and each fitted label "
        "for the next (`askbench.impl.dialog.forget_kept` says what); *first render* is the same render with "
        "nothing kept, measured taking turns with the others.",
        "",
        "| width | bounded, median | fastest batch | first render, median |",
        "| ---: | ---: | ---: | ---: |",
        *[
            f"| {width} | {_us(seconds)} | {_us(r.repro_fastest[width]) if width in r.repro_fastest else ''} "
            f"| {_us(r.repro_first[width]) if width in r.repro_first else ''} |"
            for width, seconds in sorted(r.repro.items())
        ],
        "",
        *(
            [f"Complete view at {WIDTH}: {_us(r.repro_complete)}.", ""]
            if r.repro_complete is not None
            else []
        ),
    ]


def _family_lines(r: BenchResults) -> list[str]:
    if not r.families:
        return []
    lines = [
        "## Corpus families",
        "",
        "Per-fixture medians at width 120 within each family; the slowest fixture is named.",
        "",
        "| family | fixtures | bounded median | bounded max | slowest (bounded) | complete median | complete max |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for f in r.families:
        lines.append(
            f"| {f.family} | {f.fixtures} | {_us(f.bounded_median)} | {_us(f.bounded_max)} | {f.slowest} "
            f"| {_ms(f.complete_median)} | {_ms(f.complete_max)} |"
        )
    return [*lines, ""]


def _wrap_lines(r: BenchResults) -> list[str]:
    if r.wrap is None:
        return []
    return [
        "## Wrapping against `wcwidth.wrap`",
        "",
        (
            f"{r.wrap.characters:,} letters and digits, no break opportunity under any rule ({r.settings.wrap_lines} lines of "
            f"{r.settings.wrap_line_length:,}), width {r.wrap.width}: there word wrap and hard wrap must agree, and the rows "
            f"{'are' if r.wrap.identical else 'are **not**'} identical. `askbench.impl.cells.wrap_text` {_ms(r.wrap.ours)}, "
            f"`wcwidth.wrap` per paragraph {_ms(r.wrap.theirs)}: {r.wrap.speedup:,.1f}×. On text with spaces the two "
            "rules give different rows by design (a prompt keeps the whitespace a word wrapper drops), so no ratio is claimed there."
        ),
        "",
    ]


def _prompt_ratio_lines(r: BenchResults) -> list[str]:
    lines = []
    if r.frame is not None:
        lines.append(
            f"- whole bounded frame of the repro / its ask: {r.frame.ratio:.2f}× at width {r.frame.width}"
        )
    if r.pager:
        base, top = (size_label(size) for size in r.settings.pager_sizes)
        for key, attribute in (("first page", "first_page"), ("PgDn", "page_down")):
            lines.append(
                f"- pager {key} {top} / {base}: "
                + ", ".join(
                    f"{series} {r.pager_ratio(series, attribute):.2f}×" for series in PAGER_SERIES
                )
            )
    return lines


def _prompt_targets(r: BenchResults) -> list[str]:
    """The interactive prompt's target rows, when this run measured it."""
    rows = []
    if r.frame is not None:
        rows.append(
            f"| whole bounded frame of the repro / its ask, at {r.frame.width} | ≤ {TARGET_FRAME_RATIO}× "
            f"| {r.frame.ratio:.2f}× ({_us(r.frame.frame)} / {_us(r.frame.ask)}) | {r.verdict(r.frame.ratio <= TARGET_FRAME_RATIO)} |"
        )
    if r.pager:
        base, top = (size_label(size) for size in r.settings.pager_sizes)
        for key, attribute in (("first page (ctrl+o)", "first_page"), ("PgDn", "page_down")):
            ratios = {series: r.pager_ratio(series, attribute) for series in PAGER_SERIES}
            worst = max(ratios, key=ratios.__getitem__)
            rows.append(
                f"| pager {key} {top} / {base}, every series and hostile shape | ≤ {TARGET_PAGER_RATIO}× "
                f"| worst {ratios[worst]:.2f}× ({worst}) | {r.verdict(all(v <= TARGET_PAGER_RATIO for v in ratios.values()))} |"
            )
    return rows


def _prompt_sections(r: BenchResults) -> list[str]:
    lines: list[str] = []
    if r.frame is not None:
        f = r.frame
        lines += [
            "## The whole frame against the ask",
            "",
            (
                f"The seed's repro at width {f.width}, the three taking turns ({r.settings.frame_rounds} rounds × "
                f"{r.settings.frame_batch}): the ask alone (`render_prompt_dialog`, painted), the whole bounded frame around it "
                "(`render_frame`: title, ask, options and hint, painted and styled, as the gate and `askbench render` draw it) "
                "and the interactive prompt's redraw after a key (`PermissionPrompt.render`, its ask kept from the first draw). "
                "The chrome is fitted with `askbench.impl.cells` widths once per text and width and kept, so a frame costs its ask "
                "plus a few concatenations."
            ),
            "",
            "| measure | median | / ask |",
            "| --- | ---: | ---: |",
            f"| ask | {_us(f.ask)} | 1.00× |",
            f"| whole frame | {_us(f.frame)} | {f.ratio:.2f}× |",
            f"| interactive redraw | {_us(f.redraw)} | {f.redraw / f.ask:.2f}× |",
            "",
        ]
    if r.pager:
        base, top = r.settings.pager_sizes
        lines += [
            "## The pager",
            "",
            (
                f"`PermissionPrompt` in a {WIDTH} × {PAGER_HEIGHT} terminal, every sample on a fresh prompt whose bounded "
                f"frame is already on screen; each time is one key and the frame it leads to; median of "
                f"{r.settings.pager_rounds} rounds, the two sizes taking turns. The complete view is laid out only as far "
                "as it is read (`askbench.impl.complete_view`) and kept per width, so these stay flat from "
                f"{size_label(base)} to {size_label(top)}; the hostile shapes are all neutralising work."
            ),
            "",
            f"| series | first page {size_label(base)} | first page {size_label(top)} | ratio "
            f"| PgDn {size_label(base)} | PgDn {size_label(top)} | ratio | esc {size_label(base)} | esc {size_label(top)} "
            f"| PgDn onto new rows {size_label(base)} | PgDn onto new rows {size_label(top)} |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for series in PAGER_SERIES:
            points = {point.size: point for point in r.pager if point.series == series}
            low, high = points[base], points[top]
            lines.append(
                f"| {series} | {_ms(low.first_page)} | {_ms(high.first_page)} | {r.pager_ratio(series, 'first_page'):.2f}× "
                f"| {_ms(low.page_down)} | {_ms(high.page_down)} | {r.pager_ratio(series, 'page_down'):.2f}× "
                f"| {_ms(low.collapse)} | {_ms(high.collapse)} "
                f"| {_ms(low.fresh_page) if low.fresh_page is not None else '(all laid out)'} "
                f"| {_ms(high.fresh_page) if high.fresh_page is not None else '(all laid out)'} |"
            )
        lines += [
            "",
            (
                f"Opening lays out the first {LOOKAHEAD_ROWS} rows or {LOOKAHEAD_CHARACTERS:,} characters, whichever comes "
                "first (so a request that fits in them gets an exact position, "
                "`32/204`), which is why PgDn just after opening costs about the same at both sizes, and why a 10 KB request "
                f"with fewer rows than that opens a little faster than a 10 MB one; the last two columns are the PgDn that "
                "first needs rows past them, which lays out one page. One grapheme cluster of ten million combining marks has "
                "nowhere to cut, so the view neutralises a growing prefix of it, doubling: reading it costs linear time overall, "
                "but the PgDn that needs the next doubling pays for the prefix so far."
            ),
            "",
        ]
    return lines


__all__ = ["format_report"]
