"""The distribution ships what the gate needs: every package, the corpus, the schemas.

``pyproject.toml`` lists the packages by hand (the corpus is mapped from
``corpus/``, which package discovery cannot express), so a new package
folder must be listed there; this test says so before a wheel ships without
it. ``make distcheck`` builds the wheel and runs the gate from a fresh venv.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]


def _packages_on_disk() -> set[str]:
    found = set()
    for top in ("askbench",):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found | {"askbench.corpus", "askbench.docs"}


def test_every_package_folder_is_listed_for_the_wheel() -> None:
    assert set(SETUPTOOLS["packages"]) == _packages_on_disk()


def test_the_corpus_ships_as_package_data_from_where_contributors_keep_it() -> None:
    assert SETUPTOOLS["package-dir"] == {"askbench.corpus": "corpus", "askbench.docs": "docs"}
    assert (ROOT / "corpus" / "__init__.py").is_file()
    assert "**/*.json" in SETUPTOOLS["package-data"]["askbench.corpus"]


def test_the_docs_ship_as_package_data_so_an_install_reads_them() -> None:
    assert (ROOT / "docs" / "__init__.py").is_file()
    assert SETUPTOOLS["package-data"]["askbench.docs"] == ["*.md"]


def test_setuptools_builds_outside_a_folder_named_build() -> None:
    """A ``build/`` folder at the root is a namespace package on ``sys.path[0]``: ``python -m build`` there
    would find it instead of the frontend ("'build' is a package and cannot be directly executed")."""
    import configparser

    setup = configparser.ConfigParser()
    setup.read(ROOT / "setup.cfg", encoding="utf-8")
    assert Path(setup["build"]["build_base"]).name not in ("build", "")


def test_every_data_file_beside_the_harness_and_impl_code_ships() -> None:
    """A data file read through ``importlib.resources`` (schemas, the xterm.js helper, the mutant targets)
    is in the wheel only when a package-data glob of its package matches it."""
    unshipped = []
    for package in ("askbench", "askbench.impl", "askbench.harness"):
        folder = ROOT.joinpath(*package.split("."))
        globs = SETUPTOOLS["package-data"].get(package, [])
        for path in folder.iterdir():
            if (
                path.is_file()
                and path.suffix not in (".py", ".pyc")
                and not any(path.match(glob) for glob in globs)
            ):
                unshipped.append(f"{package}: {path.name}")
    assert unshipped == []


def test_every_report_template_ships() -> None:
    """The reports' templates are read through ``importlib.resources`` from ``reporters/templates/``."""
    globs = SETUPTOOLS["package-data"]["askbench.harness.reporters"]
    folder = ROOT / "askbench" / "harness" / "reporters"
    templates = sorted((folder / "templates").iterdir())
    assert (
        templates
        and [
            path.name
            for path in templates
            if not any(path.relative_to(folder).match(glob) for glob in globs)
        ]
        == []
    )
