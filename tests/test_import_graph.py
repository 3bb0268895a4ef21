"""The installed package's import graph: acyclic, the renderer apart from the judge, every package's surface declared.

A cycle through a function-local import runs nowhere at start-up and
everywhere a reader follows the code: each module of it can only be
understood with all the others, and moving one drags the rest. So the graph
is read from the source of every module (``ast``), with every import
statement wherever it stands — module level, inside a function, under
``TYPE_CHECKING`` — and every ``importlib.import_module("…")`` of a literal
name. Importing a package's submodule also runs the package's
``__init__``, but that edge is Python's, not the code's, and is left out.

``askbench.impl`` is the renderer the judge judges; the judge shares no code
with it the other way round, so nothing ``askbench.impl`` reaches may be
``askbench.harness``. Within the harness the roles stand on one another, so the arrows between them
point down: the judge never imports the roles that feed it frames or use its results (drivers,
runners, reporters, frontends, agents), and ``askbench.harness.terms``, the words they all share,
imports none of the harness. Every package below ``askbench`` (the data packages
``askbench.corpus`` and ``askbench.docs`` aside) names its public surface in
``__all__``, so a reader sees what a package offers without reading it all.

Every role keeps to its room: a runner takes data and returns results, so it
imports no reporter and no front-end, and a reporter formats the results it
is handed, so it imports no runner that renders or judges (only what they
hand on, ``runners.results``); only the front-ends parse a command
line (and the few modules run as a process of their own); only the
reporters write HTML or Markdown.

The bench wing stands above the runners and below the reporters: a
benchmark drives the renderer, the drivers and the gate (``runners.gate``)
to measure them, so it imports them, and like a runner it is data in and
results out, so it imports no reporter and no front-end; the reporters read
its results to write ``reports/bench.md``, and the front-ends start it.
Nothing below it (the runners, the judge) imports it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import askbench

Graph = Mapping[str, frozenset[str]]


def modules_under(root: Path, package: str) -> dict[str, Path]:
    """Every module and package of ``package``, whose folder is ``root``, by dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((package, *parts))] = path
    return found


def _literal_import_module(node: ast.Call) -> str | None:
    name = (
        node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
    )
    if name != "import_module" or not node.args or not isinstance(node.args[0], ast.Constant):
        return None
    value = node.args[0].value
    return value if isinstance(value, str) and not value.startswith(".") else None


def _imported(node: ast.AST, package: str) -> Iterator[str]:
    """The dotted names one node imports (a ``from`` import: the module and each name, which may be a submodule)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            parts = package.split(".")
            base = ".".join(
                parts[: len(parts) - node.level + 1] + ([node.module] if node.module else [])
            )
        else:
            base = node.module or ""
        yield base
        yield from (f"{base}.{alias.name}" for alias in node.names)
    elif isinstance(node, ast.Call):
        name = _literal_import_module(node)
        if name is not None:
            yield name


def import_graph(modules: Mapping[str, Path]) -> dict[str, frozenset[str]]:
    """Each module's imports of other modules of ``modules``, wherever in the module the import stands."""
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = {target for node in ast.walk(tree) for target in _imported(node, package)}
        graph[name] = frozenset(
            target for target in targets if target in modules and target != name
        )
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def reachable(graph: Graph, start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for successor in graph[todo.pop()]:
            if successor not in seen:
                seen.add(successor)
                todo.append(successor)
    return seen


def upward_imports(graph: Graph, package: str, above: Iterable[str]) -> list[tuple[str, str]]:
    """Each ``(importer, imported)`` where a module of ``package`` imports a module of a package in ``above``."""
    roots = tuple(above)

    def inside(name: str, root: str) -> bool:
        return name == root or name.startswith(root + ".")

    return sorted(
        (name, target)
        for name, targets in graph.items()
        if inside(name, package)
        for target in targets
        if any(inside(target, root) for root in roots)
    )


def declares_all(path: Path) -> bool:
    """Whether the module assigns ``__all__`` at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            return True
    return False


def packages_without_all(modules: Mapping[str, Path], top: str) -> list[str]:
    return sorted(
        name
        for name, path in modules.items()
        if path.name == "__init__.py" and name != top and not declares_all(path)
    )


INSTALLED = modules_under(Path(askbench.__file__).resolve().parent, "askbench")
GRAPH = import_graph(INSTALLED)


def test_the_graph_is_read_from_every_module_of_both_halves() -> None:
    assert "askbench.impl.dialog" in INSTALLED
    assert any(name.startswith("askbench.harness.") for name in INSTALLED)
    assert sum(len(targets) for targets in GRAPH.values()) > len(INSTALLED)


def test_the_import_graph_is_acyclic_function_local_imports_included() -> None:
    assert cycles(GRAPH) == []


def test_the_renderer_never_reaches_the_judge() -> None:
    impl = [
        name for name in INSTALLED if name == "askbench.impl" or name.startswith("askbench.impl.")
    ]
    assert impl
    for name in impl:
        assert not {
            reached for reached in reachable(GRAPH, name) if reached.startswith("askbench.harness")
        }, name


HARNESS = "askbench.harness"
ABOVE_THE_JUDGE = tuple(
    f"{HARNESS}.{role}"
    for role in ("drivers", "runners", "bench", "reporters", "frontends", "agents")
)
HARNESS_ROLES = tuple(
    name for name in INSTALLED if name.count(".") == 2 and name.startswith(HARNESS + ".")
)


def test_the_judge_imports_no_role_above_it() -> None:
    assert f"{HARNESS}.judge.width_run" in INSTALLED and set(ABOVE_THE_JUDGE) <= set(INSTALLED)
    assert upward_imports(GRAPH, f"{HARNESS}.judge", ABOVE_THE_JUDGE) == []


def test_the_shared_vocabulary_imports_nothing_of_the_harness() -> None:
    assert f"{HARNESS}.terms" in HARNESS_ROLES and f"{HARNESS}.judge" in HARNESS_ROLES
    others = [name for name in HARNESS_ROLES if name != f"{HARNESS}.terms"]
    assert upward_imports(GRAPH, f"{HARNESS}.terms", others) == []


def test_every_package_declares_its_public_surface() -> None:
    assert packages_without_all(INSTALLED, "askbench") == []


def _package(root: Path, files: Mapping[str, str]) -> dict[str, Path]:
    for relative, text in files.items():
        path = root / "pkg" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return modules_under(root / "pkg", "pkg")


def test_a_cycle_closed_by_a_function_local_relative_import_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from .b import B\n",
            "sub/__init__.py": "",
            "b.py": "B = 1\ndef later():\n    from .sub import c\n",
            "sub/c.py": "def f():\n    if True:\n        from ..a import x\n",
        },
    )
    assert cycles(import_graph(modules)) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_a_cycle_through_type_checking_or_import_module_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.b\n",
            "b.py": "import importlib\nimportlib.import_module('pkg.a')\n",
        },
    )
    assert cycles(import_graph(modules)) == [["pkg.a", "pkg.b"]]


def test_a_package_importing_its_own_submodules_is_no_cycle(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "from .a import A\n__all__ = ['A']\n",
            "a.py": "A = 1\n",
            "b.py": "from pkg.a import A\n",
        },
    )
    assert cycles(import_graph(modules)) == []


def test_reaching_the_judge_through_a_third_module_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "impl.py": "def f():\n    from . import shared\n",
            "shared.py": "from .harness import x\n",
            "harness.py": "",
        },
    )
    assert "pkg.harness" in reachable(import_graph(modules), "pkg.impl")


def test_an_upward_import_even_function_local_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "judge/__init__.py": "",
            "judge/run.py": "from ..terms import View\ndef later():\n    from ..drivers import source\n",
            "drivers/__init__.py": "",
            "drivers/source.py": "from ..judge import run\n",
            "drivers_extra.py": "",
            "terms.py": "",
        },
    )
    graph = import_graph(modules)
    assert upward_imports(graph, "pkg.judge", ["pkg.drivers"]) == [
        ("pkg.judge.run", "pkg.drivers"),
        ("pkg.judge.run", "pkg.drivers.source"),
    ]
    assert upward_imports(graph, "pkg.drivers", ["pkg.judge"]) == [
        ("pkg.drivers.source", "pkg.judge"),
        ("pkg.drivers.source", "pkg.judge.run"),
    ]
    assert upward_imports(graph, "pkg.judge", ["pkg.drivers_extra"]) == []


def test_a_package_without_all_is_named(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "named/__init__.py": '"""Doc."""\n__all__: list[str] = ["x"]\n',
            "bare/__init__.py": '"""Doc."""\nx = 1\n',
            "bare/x.py": "__all__ = []\n",
        },
    )
    assert packages_without_all(modules, "pkg") == ["pkg.bare"]


# ── every role in its room ─────────────────────────────────────────────────

UPWARD: Mapping[str, tuple[str, ...]] = {
    "runners": ("bench", "reporters", "frontends"),
    "bench": ("reporters", "frontends"),
}
"""Roles a role never imports: a run or a measurement is data in and results out, whoever shows it and whatever
started it; and the runners are what the bench measures."""
RUNNING_RUNNERS = ("gate", "fixture_screens", "scenarios", "fuzz")
"""The runners that render or judge: a reporter reads what they hand on (``runners.results``) and runs none of them,
so a report says what the run that was handed to it found, not what a private run beside the gate found."""
HELPER_PROCESSES = frozenset({"askbench.harness.agents.standin", "askbench.harness.bench.large"})
"""Modules run as a process of their own (``python -m``), so they parse their own command line."""
WRITER_ROOMS = ("reporters",)
"""Where HTML and Markdown pages are written: the reporters only, the bench's report among them."""

_MARKDOWN_RULE = re.compile(r"\|\s*:?-{3,}:?\s*\|")
_ESCAPERS = frozenset({"md_cell", "md_code", "md_link", "html_text"})


def role_of(name: str, top: str = HARNESS) -> str | None:
    """The role package a module belongs to (``runners`` of ``askbench.harness.runners.gate``), if any."""
    rest = name.removeprefix(top + ".")
    return rest.split(".")[0] if rest != name else None


def forbidden_imports(
    graph: Graph, rules: Mapping[str, tuple[str, ...]], top: str = HARNESS
) -> set[str]:
    """Every ``importer → imported`` where the importer's role may not import the imported one's."""
    return {
        f"{name} → {target}"
        for name, targets in graph.items()
        for target in targets
        if role_of(target, top) in rules.get(role_of(name, top) or "", ())
    }


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def argparse_users(modules: Mapping[str, Path]) -> set[str]:
    """The modules that import ``argparse``, wherever the import stands."""
    found = set()
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = {target for node in ast.walk(_tree(path)) for target in _imported(node, package)}
        if {"argparse"} & targets or any(target.startswith("argparse.") for target in targets):
            found.add(name)
    return found


def _writes_pages(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(alias.name == "html" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and _ESCAPERS & {alias.name for alias in node.names}:
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "<!doctype html" in node.value.lower() or _MARKDOWN_RULE.search(node.value):
                return True
    return False


def page_writers(modules: Mapping[str, Path]) -> set[str]:
    """The modules that write HTML or Markdown: a document's head, a table's rule, or the escapers of either."""
    return {name for name, path in modules.items() if _writes_pages(_tree(path))}


def writers_outside(
    modules: Mapping[str, Path], rooms: tuple[str, ...] = WRITER_ROOMS, top: str = HARNESS
) -> set[str]:
    """The modules that write HTML or Markdown outside the roles ``rooms`` names."""
    return {name for name in page_writers(modules) if role_of(name, top) not in rooms}


def runs_as_a_process(path: Path) -> bool:
    """Whether the module has an ``if __name__ == "__main__":`` block."""
    return any(
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and isinstance(node.test.left, ast.Name)
        and node.test.left.id == "__name__"
        for node in _tree(path).body
    )


def test_runners_and_the_bench_never_import_reporters_or_frontends() -> None:
    assert (
        f"{HARNESS}.runners.gate" in GRAPH[f"{HARNESS}.bench.run"]
    )  # the arrow bench → runners stands
    assert f"{HARNESS}.bench.results" in GRAPH[f"{HARNESS}.reporters.bench_report"]
    assert forbidden_imports(GRAPH, UPWARD) == set()


def running_imports(graph: Graph, top: str = HARNESS) -> list[tuple[str, str]]:
    """Each ``(reporter, runner)`` where a reporter imports a runner that renders or judges."""
    return upward_imports(
        graph, f"{top}.reporters", [f"{top}.runners.{name}" for name in RUNNING_RUNNERS]
    )


def test_the_reporters_run_nothing() -> None:
    assert f"{HARNESS}.runners.results" in GRAPH[f"{HARNESS}.reporters.corpus_report"]
    assert {f"{HARNESS}.runners.{name}" for name in RUNNING_RUNNERS} <= set(INSTALLED)
    assert running_imports(GRAPH) == []


def test_a_reporter_running_the_gate_is_found_and_one_reading_results_is_not(
    tmp_path: Path,
) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "runners/__init__.py": "",
            "runners/gate.py": "from .results import GateRun\n",
            "runners/results.py": "GateRun = object\n",
            "runners/fixture_screens.py": "",
            "reporters/__init__.py": "",
            "reporters/table.py": "from ..runners.results import GateRun\n",
            "reporters/report.py": "def later():\n    from ..runners.gate import run_gate\n",
            "reporters/screens.py": "import importlib\nimportlib.import_module('pkg.runners.fixture_screens')\n",
        },
    )
    assert running_imports(import_graph(modules), "pkg") == [
        ("pkg.reporters.report", "pkg.runners.gate"),
        ("pkg.reporters.screens", "pkg.runners.fixture_screens"),
    ]


def test_only_the_front_ends_and_helper_processes_parse_a_command_line() -> None:
    outside = {name for name in argparse_users(INSTALLED) if role_of(name) != "frontends"}
    assert outside == HELPER_PROCESSES
    assert all(runs_as_a_process(INSTALLED[name]) for name in HELPER_PROCESSES)


def test_html_and_markdown_are_written_only_in_the_reporters() -> None:
    writers = page_writers(INSTALLED)
    assert {
        "askbench.harness.reporters.gallery",
        "askbench.harness.reporters.bench_report",
    } <= writers
    assert writers_outside(INSTALLED) == set()


def test_an_upward_import_is_found_wherever_it_stands(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "runners/__init__.py": "",
            "runners/run.py": "def later():\n    from ..reporters.page import write\n",
            "reporters/__init__.py": "",
            "reporters/page.py": "from ..runners.run import later\n",
        },
    )
    assert forbidden_imports(import_graph(modules), UPWARD, "pkg") == {
        "pkg.runners.run → pkg.reporters.page"
    }


def test_the_bench_reaching_up_is_found_and_the_runners_below_it_are_not(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "bench/__init__.py": "",
            "bench/run.py": "from ..runners import gate\ndef later():\n    from ..reporters import page\n",
            "bench/xdist.py": "import importlib\nimportlib.import_module('pkg.frontends.plugin')\n",
            "runners/__init__.py": "",
            "runners/gate.py": "def timed():\n    from ..bench.run import later\n",
            "reporters/__init__.py": "",
            "reporters/page.py": "from ..bench.run import later\n",
            "frontends/__init__.py": "",
            "frontends/plugin.py": "from ..bench import xdist\n",
        },
    )
    assert forbidden_imports(import_graph(modules), UPWARD, "pkg") == {
        "pkg.bench.run → pkg.reporters",
        "pkg.bench.run → pkg.reporters.page",
        "pkg.bench.xdist → pkg.frontends.plugin",
        "pkg.runners.gate → pkg.bench.run",
    }


def test_a_page_written_outside_the_reporters_is_found(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "bench/__init__.py": "",
            "bench/markdown.py": "ROWS = ['| size | time |', '| ---: | ---: |']\n",
            "bench/results.py": "TEXT = 'a | b'\n",
            "reporters/__init__.py": "",
            "reporters/bench_report.py": "ROWS = ['| size | time |', '| ---: | ---: |']\n",
        },
    )
    assert writers_outside(modules, top="pkg") == {"pkg.bench.markdown"}


def test_argparse_and_page_writing_are_found_in_any_module(tmp_path: Path) -> None:
    modules = _package(
        tmp_path,
        {
            "__init__.py": "",
            "quiet.py": "import json\nTEXT = 'a | b'\n",
            "parses.py": "def main():\n    from argparse import ArgumentParser\n",
            "table.py": "ROWS = ['| a | b |', '| --- | ---: |']\n",
            "page.py": "HEAD = '<!DOCTYPE html><title>x</title>'\n",
            "escapes.py": "from .escape import md_cell\n",
            "tool.py": "import sys\nif __name__ == '__main__':\n    sys.exit(0)\n",
        },
    )
    assert argparse_users(modules) == {"pkg.parses"}
    assert page_writers(modules) == {"pkg.table", "pkg.page", "pkg.escapes"}
    assert runs_as_a_process(modules["pkg.tool"]) and not runs_as_a_process(modules["pkg.parses"])
