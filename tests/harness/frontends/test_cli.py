"""The command line: ``check`` never goes green on nothing and speaks the formats CI reads; ``--version`` and ``python -m askbench``."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench import __version__
from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from askbench.harness.frontends.cli import main

CORPUS = Path(__file__).resolve().parents[3] / "corpus"


@pytest.mark.parametrize("widths", ["abc", "10", ""])
def test_bad_widths_are_rejected_with_a_message(widths, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "--widths", widths])
    assert exit_info.value.code == 2
    assert "width" in capsys.readouterr().err


# ── check: no silent green ─────────────────────────────────────────────────


def test_an_empty_folder_exits_2_naming_it(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == EXIT_UNUSABLE
    out = capsys.readouterr().out
    assert f"NO FIXTURES  {tmp_path}: no fixtures found" in out
    assert "0 fixtures × 3 widths: 0 passed, 0 failed, 1 no fixtures" in out


def test_a_missing_path_exits_2_as_not_found(tmp_path, capsys):
    assert main(["check", "--json", str(tmp_path / "nope")]) == EXIT_UNUSABLE
    report = json.loads(capsys.readouterr().out)
    assert report["exit_code"] == EXIT_UNUSABLE
    assert [(problem["kind"], problem["message"]) for problem in report["problems"]] == [
        ("not found", "does not exist")
    ]


def test_a_mistyped_family_exits_2(tmp_path, capsys):
    path = Corpus(tmp_path / "c", families=("mcp",)).write("x", LS, family="mpc")
    assert main(["check", str(path)]) == EXIT_UNUSABLE
    assert "family 'mpc' is not declared" in capsys.readouterr().out


# ── check: the formats CI reads ────────────────────────────────────────────


def test_junit_is_written_beside_the_table(corpus, tmp_path, capsys):
    corpus.write("ok")
    report = tmp_path / "out" / "askbench.xml"
    assert main(["check", "--widths", "80", "--junit", str(report), str(corpus.root)]) == EXIT_OK
    assert report.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert capsys.readouterr().out == "1 fixture × 1 width: all 3 judgements passed\n"


def test_verbose_shows_a_row_for_every_fixture_and_width(corpus, capsys):
    corpus.write("ok")
    assert main(["check", "--widths", "80,120", "-v", str(corpus.root)]) == EXIT_OK
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("cases/ok")]
    assert len(rows) == 2 and all(row.endswith("ok") for row in rows)


def test_an_unwritable_junit_file_exits_2(corpus, capsys):
    corpus.write("ok")
    assert (
        main(["check", "--widths", "80", "--junit", str(corpus.root), str(corpus.root)])
        == EXIT_UNUSABLE
    )
    assert "--junit" in capsys.readouterr().err


def test_github_annotations_are_on_under_github_actions_and_never_inside_json(
    corpus, capsys, monkeypatch
):
    corpus.write("wrong", {**LS, "expect": {"kind": "mcp"}})
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["check", "--widths", "80", str(corpus.root)]) == EXIT_VIOLATION
    assert capsys.readouterr().out.startswith("::error file=")
    assert main(["check", "--widths", "80", "--json", str(corpus.root)]) == EXIT_VIOLATION
    json.loads(capsys.readouterr().out)
    assert main(["check", "--widths", "80", "--no-github", str(corpus.root)]) == EXIT_VIOLATION
    assert "::error" not in capsys.readouterr().out
    assert (
        main(["check", "--widths", "80", "--json", "--github", str(corpus.root)]) == EXIT_UNUSABLE
    )


def test_progress_goes_to_stderr_when_stdout_is_not_a_terminal(corpus, capsys):
    for index in range(3):
        corpus.write(f"ok-{index}")
    main(["check", "--widths", "80", str(corpus.root)])
    captured = capsys.readouterr()
    # as each fixture's verdict arrives: with one worker per processor, not in the corpus's order
    progress = [line for line in captured.err.splitlines() if line.startswith("askbench check: ")]
    assert [line.split()[2] for line in progress] == ["1/3", "2/3", "3/3"]
    assert sorted(line.rsplit(": ", 1)[1] for line in progress) == [
        "cases/ok-0",
        "cases/ok-1",
        "cases/ok-2",
    ]
    assert "fixtures:" not in captured.out


# ── the package ────────────────────────────────────────────────────────────


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"askbench {__version__}"
    assert __version__ != "0+unknown"


def test_the_installed_version_is_the_packages():
    from importlib.metadata import version

    assert version("askbench") == __version__


def test_the_command_line_needs_no_test_dependency():
    """The gate's own install (make check, the wheel) has no pytest: building the CLI must not import it."""
    code = "import sys, askbench.harness.frontends.cli; askbench.harness.frontends.cli.build_parser(); print(sorted({'pytest', 'hypothesis'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "[]", done.stderr


def _modules_after(code: str) -> set[str]:
    """The modules of this project (and the heavy libraries) a fresh interpreter holds after running ``code``.

    Packages are left out: importing a module imports the packages it sits in, which says where the
    module is filed, not what ``code`` needed."""
    probe = (
        code
        + "\nimport sys\nprint('\\n'.join(sorted(n for n, m in sys.modules.items() if not hasattr(m, '__path__'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    heavy = ("pyte", "jsonschema", "wcwidth", "matplotlib", "tree_sitter")
    return {
        name
        for name in done.stdout.split()
        if name.startswith(("askbench.harness", "askbench.impl")) or name.split(".")[0] in heavy
    }


VERSION_MODULES = {
    "askbench.harness.exit_codes",
    "askbench.harness.frontends.cli",
    "askbench.harness.frontends.closed_pipe",
    "askbench.harness.frontends.lazy_commands",
    "askbench.harness.frontends.option_types",
    "askbench.harness.frontends.suggest",
    "askbench.harness.reporters.colour",
}
"""All of askbench that ``askbench --version`` imports, packages aside."""


def _is_package(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def test_version_imports_no_subcommand():
    """``--version`` builds the parser and nothing behind it: no renderer, no judge, no schema validator."""
    code = "import askbench.harness.frontends.cli\ntry:\n    askbench.harness.frontends.cli.main(['--version'])\nexcept SystemExit:\n    pass"
    assert _modules_after(code) == VERSION_MODULES


def test_python_dash_m_askbench_version_imports_no_subcommand():
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "askbench", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert done.returncode == 0
    assert "askbench.harness.frontends.cli" in imported
    assert not {
        name
        for name in imported
        if name.startswith("askbench.impl") or name.split(".")[0] in ("pyte", "jsonschema")
    }
    modules = {
        name for name in imported if name.startswith("askbench.harness.") and not _is_package(name)
    }
    assert modules == VERSION_MODULES


def test_a_subcommand_imports_its_own_module_only():
    """``try`` needs the fixture and the prompt; the gate, the bench, the mutants and pyte stay unimported."""
    code = "import askbench.harness.frontends.cli\naskbench.harness.frontends.cli.build_parser().parse_args(['try', 'bash/sudo-wrapper-restart-nginx'])"
    modules = _modules_after(code)
    assert {"askbench.harness.frontends.try_prompt", "askbench.impl.prompt"} <= modules
    assert not modules & {
        "askbench.harness.runners.gate",
        "askbench.harness.bench.run",
        "askbench.harness.runners.mutate",
        "askbench.harness.reporters.corpus_report",
        "askbench.harness.judge.field_match",
        "askbench.harness.fixtures.scaffold",
        "askbench.harness.frontends.adapter_commands",
        "pyte",
        "matplotlib",
    }


def test_every_command_is_listed_and_built_on_demand(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    from askbench.harness.frontends.cli import COMMANDS

    for name in COMMANDS:
        assert f"\n    {name} " in out or f"\n    {name}\n" in out  # a long name has its help below


def test_the_exit_code_for_unusable_input_is_the_gates():
    import askbench.harness.frontends.cli

    assert askbench.harness.frontends.cli.EXIT_UNUSABLE == EXIT_UNUSABLE


def test_python_dash_m_askbench_is_the_same_command():
    done = subprocess.run(
        [sys.executable, "-m", "askbench", "--version"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, f"askbench {__version__}")


# ── fixtures built to crash the CLI: each renders, or exits 2 naming the file and the field ──

CRASHES = Path(__file__).resolve().parents[1] / "crashes"
RENDERED_CRASHES = [
    CORPUS / "xdev" / "xdev-json-integer-of-5000-digits.json",
    CORPUS / "unicode" / "emoji-zwj-chain-past-the-extender-cap.json",
]
UNUSABLE_CRASHES = [
    (
        CRASHES / "unusable" / "mcp-argument-integer-of-5001-digits.json",
        "call.input.arguments.issue_number",
    ),
]


def askbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "askbench", *args], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize("path", RENDERED_CRASHES, ids=lambda path: path.stem)
def test_a_crash_that_now_renders_passes_the_gate(path):
    done = askbench("check", "--widths", "80,120,160", str(path))
    assert "Traceback" not in done.stderr
    assert done.returncode == EXIT_OK, done.stdout
    rendered = askbench("render", "--complete", str(path))
    assert (rendered.returncode, rendered.stderr) == (0, "")


@pytest.mark.parametrize(
    ("path", "field"), UNUSABLE_CRASHES, ids=lambda value: getattr(value, "stem", value)
)
def test_a_crash_that_cannot_be_judged_exits_2_naming_the_file_and_the_field(path, field):
    done = askbench("check", str(path))
    assert "Traceback" not in done.stderr
    assert done.returncode == EXIT_UNUSABLE
    line = next(line for line in done.stdout.splitlines() if line.startswith("MALFORMED"))
    assert f"{path.name}: {field}: an integer literal of 5,001 digits" in line
    rendered = askbench("render", str(path))
    assert rendered.returncode == EXIT_UNUSABLE and "Traceback" not in rendered.stderr
    assert f"{path}: {field}: " in rendered.stderr
