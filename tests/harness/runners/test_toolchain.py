"""The toolchain a run rests on: the installed versions, the same every time, real terminals only when read on."""

from __future__ import annotations

import json
import platform
from importlib.metadata import version
from pathlib import Path

import pytest
from wcwidth import list_versions

from askbench.harness.bash.bash_oracle import bash_version
from askbench.harness.runners.toolchain import NOT_INSTALLED, gather_toolchain
from askbench.harness.terminals import cwidth_table, tmux_screen, xterm_screen

DISTRIBUTIONS = (
    "askbench",
    "wcwidth",
    "pyte",
    "jsonschema",
    "disarm",
    "tree-sitter",
    "tree-sitter-bash",
    "tree-sitter-powershell",
)
REAL_TERMINAL_TOOLS = {"tmux", "node", "@xterm/headless", "@xterm/addon-unicode11"}


def test_every_distribution_is_named_with_the_version_importlib_metadata_reports() -> None:
    record = dict(gather_toolchain().entries())
    assert {name: record[name] for name in DISTRIBUTIONS} == {
        name: version(name) for name in DISTRIBUTIONS
    }


def test_python_wcwidth_bash_and_the_codepoint_table_are_named() -> None:
    record = dict(gather_toolchain().entries())
    assert record["python"] == f"{platform.python_implementation()} {platform.python_version()}"
    assert record["wcwidth.unicode"] in list_versions()
    assert record["bash"] in bash_version()  # the bash the judge runs, not one found elsewhere
    assert record["codepoint.table"] == (
        f"glibc {cwidth_table.GLIBC_VERSION} table ({cwidth_table.GLIBC_PACKAGE}), "
        f"Unicode {cwidth_table.UNICODE_VERSION}"
    )


def test_the_record_is_the_same_every_time_and_names_no_real_terminal_by_default() -> None:
    first, second = gather_toolchain(), gather_toolchain(["grapheme", "codepoint"])
    assert first == second and first.entries() == second.entries()
    assert not REAL_TERMINAL_TOOLS & dict(first.entries()).keys()


def test_no_real_terminal_is_asked_when_none_is_read_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def never() -> str:
        raise AssertionError("asked a terminal the run does not read on")

    monkeypatch.setattr(tmux_screen, "tmux_version", never)
    monkeypatch.setattr(xterm_screen, "node_version", never)
    gather_toolchain(["grapheme", "codepoint", "ambiguous-wide"])


def test_tmux_is_named_only_when_read_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tmux_screen, "tmux_version", lambda: "tmux 9.9z")
    record = dict(gather_toolchain(["grapheme", "tmux"]).entries())
    assert record["tmux"] == "9.9z"
    assert not {"node", "@xterm/headless"} & record.keys()


def _node_modules(root: Path, packages: dict[str, str]) -> Path:
    for package, number in packages.items():
        (root / package).mkdir(parents=True)
        (root / package / "package.json").write_text(json.dumps({"version": number}), "utf-8")
    return root


@pytest.mark.parametrize(
    ("terminal", "expected"),
    [
        ("xterm", {"@xterm/headless": "6.0.0"}),
        ("xterm-unicode11", {"@xterm/headless": "6.0.0", "@xterm/addon-unicode11": "0.9.0"}),
    ],
)
def test_xterm_names_the_packages_it_loads_from_their_package_json(
    terminal: str, expected: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    modules = _node_modules(
        tmp_path, {"@xterm/headless": "6.0.0", "@xterm/addon-unicode11": "0.9.0"}
    )
    monkeypatch.setenv("ASKBENCH_NODE_MODULES", str(modules))
    monkeypatch.setattr(xterm_screen, "node_version", lambda: "v99.0.0")
    record = dict(gather_toolchain([terminal]).entries())
    assert {name: record[name] for name in REAL_TERMINAL_TOOLS if name in record} == {
        "node": "v99.0.0",
        **expected,
    }


def test_a_missing_xterm_package_is_named_not_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASKBENCH_NODE_MODULES", str(tmp_path))
    monkeypatch.setattr(xterm_screen, "node_version", lambda: "v99.0.0")
    assert dict(gather_toolchain(["xterm"]).entries())["@xterm/headless"] == NOT_INSTALLED


def test_the_record_is_a_frozen_fact_whose_names_are_unique() -> None:
    toolchain = gather_toolchain()
    names = [name for name, _ in toolchain.entries()]
    assert names[:2] == ["askbench", "python"] and len(names) == len(set(names))
    with pytest.raises(AttributeError):
        toolchain.bash = "6.0"  # type: ignore[misc]
