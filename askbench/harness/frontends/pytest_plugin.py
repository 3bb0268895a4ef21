"""``pytest --askbench [PATH …]``: the gate as pytest items, one per fixture × width × view.

As items, the gate gets what pytest gives any suite: ``-k`` to pick
fixtures, ``--lf`` to rerun the failures, ``--junitxml`` for CI, and
pytest-xdist to spread a corpus over processes and machines (``-n auto``).
The verdicts are the gate's own: each item is one view of one fixture at one
width, judged by ``askbench.harness.judge.width_run.run_width`` on the virtual terminal, and
fails with every violation of that view (on every terminal model) and the
screen it was read from. A file that is not a usable fixture (malformed,
outside its corpus's families) is a collection error; a fixture whose call
cannot become a prompt is an error of each of its items.

Only JSON below an ``askbench-corpus.json`` is a fixture: a project's own
data files are never claimed. Without PATHs the project's own corpora (every
``askbench-corpus.json`` under the rootdir) are collected next to what pytest
collects anyway (``testpaths`` or the current folder), so the project's own
tests still run; a project with none is told so (a usage error), never
judged on askbench's own corpus instead; ``--pyargs askbench.corpus`` names
the built-in corpus. ``--askbench-impl CMD``
judges an implementation behind the adapter contract (``docs/adapters.md``),
one adapter process per pytest process. Under xdist the items of one
fixture go to one worker (``--dist loadscope`` unless ``--dist`` is given),
so each fixture × width is rendered and judged once.

Registered through the ``pytest11`` entry point, so it is imported by every
pytest run in an environment where askbench is installed: it imports
nothing of the harness until ``--askbench`` is given.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import ExceptionInfo, TerminalRepr

    from askbench.impl.payload import PromptPayload

    from ..drivers.adapter_client import AdapterSource
    from ..fixtures.loading import Fixture
    from ..terms import KeptScreen, Violation, WidthResult


def _widths(text: str) -> list[int]:
    from .option_types import parse_widths

    return parse_widths(text)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("askbench", "askbench: the permission-prompt gate as pytest items")
    group.addoption(
        "--askbench",
        action="store_true",
        default=False,
        help="collect askbench fixtures (*.json) from the PATH arguments, one item per fixture x width x "
        "view; without PATHs, every corpus (askbench-corpus.json) under the rootdir; the built-in one: "
        "--pyargs askbench.corpus",
    )
    group.addoption(
        "--askbench-impl",
        metavar="CMD",
        default=None,
        help="judge an implementation behind the askbench/1 adapter contract instead of the reference",
    )
    group.addoption(
        "--askbench-widths",
        metavar="W,W,…",
        type=_widths,
        default=None,
        help="terminal widths, comma-separated (default 80,120,160)",
    )


def _enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("askbench", default=False))


@pytest.hookimpl(wrapper=True)
def pytest_cmdline_main(config: pytest.Config) -> Iterator[None]:
    numprocesses = getattr(config.option, "numprocesses", None)
    if _enabled(config) and numprocesses and getattr(config.option, "dist", None) == "no":
        config.option.dist = (
            "loadscope"  # a fixture's views share one judgement: keep them on one worker
        )
    return (yield)


def pytest_configure(config: pytest.Config) -> None:
    if not _enabled(config):
        return
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        config.args += _own_corpora(config.rootpath, config.args)
    config.stash[_SOURCE] = _LazySource(config.getoption("askbench_impl"))


def _own_corpora(rootdir: Path, collected: list[str]) -> list[str]:
    """The project's corpora under the rootdir that what pytest collects anyway does not reach; refused when
    there is none, since judging the built-in corpus instead would tell the user nothing of their code."""
    from ..fixtures.corpus_search import corpora_under
    from ..fixtures.loading import MANIFEST_NAME

    corpora = corpora_under(rootdir)
    if not corpora:
        raise pytest.UsageError(
            f"pytest --askbench: no corpus of your own under {rootdir} (a folder with an {MANIFEST_NAME}); "
            "name fixtures or folders to judge, or the built-in corpus with --pyargs askbench.corpus"
        )
    reached = [Path(arg).resolve() for arg in collected]
    return [
        str(corpus)
        for corpus in corpora
        if not any(folder == corpus or folder in corpus.parents for folder in reached)
    ]


_WORKER_CPU = pytest.StashKey[dict[str, float]]()


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if _enabled(session.config) and workeroutput is not None:
        workeroutput["askbench_cpu"] = time.process_time()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """A worker's CPU time, as it reported on leaving (pytest-xdist only): how evenly the work spread."""
    config = getattr(node, "config", None)
    output = getattr(node, "workeroutput", {})
    if config is None or "askbench_cpu" not in output:
        return
    worker = str(
        getattr(getattr(node, "gateway", None), "id", len(config.stash.get(_WORKER_CPU, {})))
    )
    config.stash.setdefault(_WORKER_CPU, {})[worker] = float(output["askbench_cpu"])


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    cpu = config.stash.get(_WORKER_CPU, {})
    if cpu:
        from ..bench.worker_cpu import worker_cpu_line

        terminalreporter.write_line(worker_cpu_line(cpu))


def pytest_unconfigure(config: pytest.Config) -> None:
    source = config.stash.get(_SOURCE, None)
    if source is not None:
        source.close()


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not _enabled(parent.config) or file_path.suffix != ".json":
        return None
    from ..fixtures.loading import in_a_corpus

    if not in_a_corpus(file_path):
        return None
    collector: FixtureFile = FixtureFile.from_parent(parent, path=file_path)
    return collector


class _LazySource:
    """The frame source for this pytest process: the reference, or one adapter started at its first request."""

    def __init__(self, command: str | None) -> None:
        self.command = command
        self._adapter: AdapterSource | None = None

    def get(self) -> AdapterSource | None:
        if self.command is None:
            return None
        if self._adapter is None:
            from ..drivers.adapter_client import DEFAULT_TIMEOUT, AdapterCommand, AdapterSource

            self._adapter = AdapterSource(AdapterCommand(self.command, "session", DEFAULT_TIMEOUT))
        return self._adapter

    def close(self) -> None:
        if self._adapter is not None:
            self._adapter.close()


_SOURCE = pytest.StashKey[_LazySource]()


class FixtureFile(pytest.File):
    """One fixture file: an item per width × view, judged once per width for all its views."""

    fixture: Fixture

    def collect(self) -> Iterator[pytest.Item]:
        from ..fixtures.loading import FixtureProblem, load_discovered
        from ..judge.width_run import WIDTHS
        from ..terms import VIEWS

        loaded = load_discovered(self.path)
        if isinstance(loaded, FixtureProblem):
            raise self.CollectError(f"askbench: {loaded.kind}: {loaded}")
        self.fixture = loaded
        self._payload: PromptPayload | str | None = None
        self._judged: dict[int, WidthResult | str] = {}
        for width in self.config.getoption("askbench_widths") or WIDTHS:
            for view in VIEWS:
                yield JudgedView.from_parent(self, name=f"{view}-{width}", view=view, width=width)

    def judged(self, width: int) -> WidthResult | str:
        """This fixture at one width, judged on its first use in this process and kept for the other views;
        or why it could not be (the payload is built once for every width)."""
        if width not in self._judged:
            from ..runners.gate import fixture_payload, judge_width

            if self._payload is None:
                self._payload = fixture_payload(self.fixture)
            if isinstance(self._payload, str):
                self._judged[width] = self._payload
            else:
                source = self.config.stash[_SOURCE].get()
                self._judged[width] = judge_width(
                    self.fixture, self._payload, width, source=source, keep_screens=True
                )
        return self._judged[width]


class ViewFailed(AssertionError):
    """The view broke invariants: every violation, and the screen they were read from."""

    def __init__(self, violations: list[Violation], screen: KeptScreen | None) -> None:
        super().__init__(violations)
        self.violations = violations
        self.screen = screen


class JudgedView(pytest.Item):
    """One view (bounded, complete, legacy) of one fixture at one width."""

    def __init__(self, *, view: str, width: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view = view
        self.width = width

    @property
    def file(self) -> FixtureFile:
        parent = self.parent
        assert isinstance(parent, FixtureFile)
        return parent

    def setup(self) -> None:
        judged = self.file.judged(self.width)
        if isinstance(judged, str):
            from ..reporters.escape import one_line

            # in setup, so pytest counts it an error, not a failure: the input could not be judged
            pytest.fail(f"unusable fixture: {one_line(judged)}", pytrace=False)

    def runtest(self) -> None:
        judged = self.file.judged(self.width)
        assert not isinstance(judged, str)  # setup failed the item otherwise
        violations = [violation for violation in judged.violations if violation.view == self.view]
        if violations:
            raise ViewFailed(violations, judged.screens.get(self.view))

    def repr_failure(
        self, excinfo: ExceptionInfo[BaseException], style: str | None = None
    ) -> str | TerminalRepr:
        from ..reporters.escape import one_line
        from ..reporters.vocabulary import counted, merged_violations

        error = excinfo.value
        if isinstance(error, ViewFailed):
            # one line for what several terminal models saw alike
            merged = merged_violations(error.violations)
            lines = [f"{self.view} @{self.width}: {counted(len(merged), 'violation')}"]
            lines += [f"  {one_line(line)}" for line in merged]
            if error.screen is not None and error.screen.rows:
                lines += ["", f"{error.screen.heading(self.view, self.width)}:"]
                lines += [f"  │{one_line(row)}" for row in error.screen.rows]
            return "\n".join(lines)
        return super().repr_failure(excinfo, style=style)  # type: ignore[arg-type]

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.file.fixture.id} {self.view} @{self.width}"


__all__ = [
    "FixtureFile",
    "JudgedView",
    "pytest_addoption",
    "pytest_collect_file",
    "pytest_configure",
]
