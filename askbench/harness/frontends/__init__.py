"""The ways in: the ``askbench`` command line, ``askbench try``, the pytest plugin, ``make bench-large``.

Each turns what a person or CI typed into a run and its output into an exit code; nothing else
imports them, so the engines below can be used from Python without argparse, a TTY or pytest.
"""

__all__ = [
    "adapter_commands",
    "agents_command",
    "bench_command",
    "bench_large_command",
    "cli",
    "completion",
    "contrib",
    "fuzz_command",
    "lazy_commands",
    "mutate_command",
    "new_command",
    "option_types",
    "pytest_plugin",
    "record_command",
    "report_command",
    "schema_command",
    "suggest",
    "try_prompt",
]
