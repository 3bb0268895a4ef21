"""``askbench bench`` on the command line: its options, the sections written, the expected time and the load warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.frontends.bench_command import add_bench_parser, write_bench
from askbench.harness.frontends.cli import build_parser
from askbench.harness.runners.bench_settings import QUICK


def test_only_the_chosen_sections_are_measured_and_reported(tmp_path: Path) -> None:
    files = write_bench(tmp_path, QUICK, only=frozenset({"wrap"}))
    results, text = files.results, files.report.read_text(encoding="utf-8")
    assert results.wrap is not None and results.gate is None and results.peers is None
    assert not (
        results.scaling or results.repro or results.families or results.pager or results.profiles
    )
    assert files.plot is None and not (tmp_path / "bench-latency.svg").exists()
    assert "> **Sections measured** (`--only`): wrap; the others are not in this report." in text
    assert (
        "## Wrapping against `wcwidth.wrap`" in text
        and "| our wrap vs `wcwidth.wrap`, identical rows |" in text
    )
    for absent in (
        "## Scaling",
        "## The seed's repro",
        "## Side by side",
        "## The pager",
        "gate wall time",
    ):
        assert absent not in text


def test_the_cli_bench_takes_only_and_impl() -> None:
    args = build_parser().parse_args(
        ["bench", "--only", "peers", "--impl", "ts=node adapter.mjs", "--impl", "b=./b"]
    )
    assert args.only == frozenset({"peers"}) and [(p.name, p.command) for p in args.impl] == [
        ("ts", "node adapter.mjs"),
        ("b", "./b"),
    ]
    fixtures = (
        build_parser()
        .parse_args(["bench", "--impl-fixture", "bash/sudo-wrapper-restart-nginx"])
        .impl_fixture
    )
    assert [path.name for path in fixtures] == ["sudo-wrapper-restart-nginx.json"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--impl-fixture", "bash/no-such-fixture-anywhere"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--impl-fixture", "bash"])


def test_the_cli_has_bench_and_report() -> None:
    parser = build_parser()
    bench = parser.parse_args(["bench", "--quick", "--out", "somewhere"])
    assert bench.quick and bench.out == "somewhere" and callable(bench.run)
    report = parser.parse_args(["report", "corpus/bash", "--widths", "100", "--out", "x"])
    assert report.paths == [Path("corpus/bash")] and report.widths == [100] and report.out == "x"
    assert callable(add_bench_parser)


def test_the_command_says_its_expected_time_first_and_warns_under_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import askbench.harness.runners.bench_timing
    from askbench.harness.frontends.cli import main

    monkeypatch.setattr(askbench.harness.runners.bench_timing, "load_average", lambda: 10_000.0)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("askbench bench: sections wrap; expected run time about ")
    assert err[1].startswith("askbench bench: warning: the load average is 10000.00 on ")
    assert "**Warning: a loaded machine.**" in (tmp_path / "bench.md").read_text(encoding="utf-8")
    monkeypatch.setattr(askbench.harness.runners.bench_timing, "load_average", lambda: 0.1)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_the_sections_measured_apart_are_carried_over_as_they_are(tmp_path: Path) -> None:
    """The xdist and large-input sections take minutes of their own commands: a bench run keeps them."""
    from askbench.harness.runners import bench_xdist, large_bench

    xdist = (
        f"{bench_xdist.BEGIN}\n## The gate over processes\n\nkept xdist figures\n{bench_xdist.END}"
    )
    large = f"{large_bench.START}\n## Large inputs\n\nkept large figures\n{large_bench.END}"
    (tmp_path / "bench.md").write_text(f"# old report\n\n{xdist}\n\n{large}\n", encoding="utf-8")
    text = write_bench(tmp_path, QUICK, only=frozenset({"wrap"})).report.read_text(encoding="utf-8")
    assert "# old report" not in text and "## Wrapping against `wcwidth.wrap`" in text
    assert text.count(xdist) == 1 and text.count(large) == 1
