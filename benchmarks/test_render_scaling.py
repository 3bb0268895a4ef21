"""Bounded render cost against payload size: it must stay flat from 10 KB to 10 MB.

Run with ``.venv/bin/python -m pytest benchmarks --benchmark-enable
--benchmark-group-by=param:series``; each group's 10 MB / 10 KB mean ratio is
the number that matters (the upstream's single-line case grows 3.8×).
"""

import pytest

from impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from impl.payload import build_payload

SIZES = {"10KB": 10_000, "1MB": 1_000_000, "10MB": 10_000_000}
LINE = "- src/auth/session.ts: token refresh races with logout; guard with a mutex\n"


def here_string(size: int) -> str:
    body = (LINE * (size // len(LINE) + 1))[:size]
    return f"$report = @'\n{body}\n'@\n$report | Out-File -FilePath report.md"


def single_line(size: int) -> str:
    return "curl -sS -X POST https://grafana.example/api/dashboards/db -d '" + ("{\"panel\":1}," * (size // 12 + 1))[:size] + "'"


SERIES = {
    "here-string": lambda size: ({"name": "bash", "input": {"command": here_string(size)}}, {}),
    "single-line": lambda size: ({"name": "bash", "input": {"command": single_line(size)}}, {}),
    "forwarded": lambda size: (
        {"name": "bash", "input": {"command": here_string(size)}},
        {"forwarded": {"agent": "scout", "sessionId": "abc12345"}},
    ),
    "mcp-argument": lambda size: (
        {"name": "mcp", "input": {"tool": "github:create_issue", "arguments": {"title": "t", "body": here_string(size)}}},
        {},
    ),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("series", SERIES)
def test_bounded_render(benchmark, series, size):
    call, ask = SERIES[series](SIZES[size])
    payload = build_payload(call, ask)
    view = benchmark(render_prompt_dialog, payload, DialogBudget(width=120))
    assert len(view.lines) <= 24


@pytest.mark.parametrize("size", ["10KB", "1MB"])
def test_complete_view_here_string(benchmark, size):
    payload = build_payload(*SERIES["here-string"](SIZES[size]))
    view = benchmark.pedantic(render_prompt_dialog, (payload, complete_view_budget(120)), rounds=3, iterations=1)
    assert len(view.lines) > SIZES[size] // len(LINE)
