"""Hypothesis profiles, and golden files no tool can delete.

Hypothesis profiles: ``ci`` (the default, a few hundred examples per property)
and ``deep`` (tens of thousands), chosen with ``--hypothesis-profile=deep``.

``ci`` is derandomized: the suite that decides whether a change lands runs
the same examples on every machine, so a clean clone that passes here passes
there. Exploring is ``deep``'s job — random, and far longer — and every case
it finds becomes a test of its own (see ``tests/harness/judge/test_what_runs.py``).
"""

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=20_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    """Syrupy never deletes a golden file: its advice after a partial run (\"Re-run pytest with --snapshot-update
    to delete unused snapshots\", printed even by --collect-only) deleted every one when followed. A fixture's
    golden file that outlives it is named by test_snapshots.py::test_every_golden_file_belongs_to_a_fixture."""
    if hasattr(config.option, "update_snapshots"):
        config.option.no_cleanup = True
        if config.option.collectonly:
            config.option.disable_unused_snapshots = True  # nothing ran, so nothing is unused
