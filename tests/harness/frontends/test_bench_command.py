"""``askbench bench`` on the command line: its options, the expected time and the load warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.frontends.bench_command import add_bench_parser
from askbench.harness.frontends.cli import build_parser


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
    import askbench.harness.bench.timing
    from askbench.harness.frontends.cli import main

    monkeypatch.setattr(askbench.harness.bench.timing, "load_average", lambda: 10_000.0)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("askbench bench: sections wrap; expected run time about ")
    assert err[1].startswith("askbench bench: warning: the load average is 10000.00 on ")
    assert "**Warning: a loaded machine.**" in (tmp_path / "bench.md").read_text(encoding="utf-8")
    monkeypatch.setattr(askbench.harness.bench.timing, "load_average", lambda: 0.1)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err
