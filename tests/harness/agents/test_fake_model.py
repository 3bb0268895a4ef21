"""The fake model over real HTTP on 127.0.0.1, as the stand-in CLI talks to it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from askbench.harness.agents import standin
from askbench.harness.agents.fake_model import FakeModel
from askbench.harness.agents.toolcall import Intent
from askbench.harness.agents.wire import PROTOCOLS, Protocol

INTENT = Intent("bash", {"command": "rm -rf build"})


def _post(model: FakeModel, path: str, body: object) -> bytes:
    request = urllib.request.Request(
        model.base_url + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data: bytes = response.read()
        return data


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_one_tool_call_then_text_and_the_result_is_kept(protocol: Protocol) -> None:
    with FakeModel(INTENT, {"bash": {"command": "{command}"}}) as model:
        assert model.base_url.startswith("http://127.0.0.1:")
        path = standin.PATHS[protocol]
        side = _post(model, path, standin.request_body(protocol, ["read"]))
        assert standin.read_call(protocol, side) is None and model.call is None
        first = standin.read_call(
            protocol, _post(model, path, standin.request_body(protocol, ["bash"]))
        )
        assert first == ("bash", {"command": "rm -rf build"})
        again = standin.read_call(
            protocol, _post(model, path, standin.request_body(protocol, ["bash"]))
        )
        assert again is None
        _post(
            model,
            path,
            standin.result_body(
                protocol, ["bash"], "bash", {"command": "rm -rf build"}, "denied by user"
            ),
        )
        assert model.state.answered.is_set() and "denied by user" in model.results[0]
        assert [exchange.sent_call for exchange in model.exchanges] == [False, True, False, False]


def test_other_requests_get_a_plain_answer() -> None:
    with FakeModel(INTENT) as model:
        assert json.loads(_post(model, "/v1/messages/count_tokens", {}))["input_tokens"] == 10
        with urllib.request.urlopen(model.base_url + "/v1/models", timeout=10) as response:
            assert json.loads(response.read())["data"] == []


def test_a_turn_before_the_mcp_tools_are_listed_is_answered_busy_until_they_are() -> None:
    intent = Intent("mcp", {"owner": "acme"}, "create_issue", "github")
    with FakeModel(intent) as model:
        path = standin.PATHS["anthropic"]
        with pytest.raises(urllib.error.HTTPError) as busy:
            _post(model, path, standin.request_body("anthropic", ["Bash"]))
        assert busy.value.code == 503
        call = standin.read_call(
            "anthropic",
            _post(
                model,
                path,
                standin.request_body("anthropic", ["Bash", "mcp__github__create_issue"]),
            ),
        )
        assert call == ("mcp__github__create_issue", {"owner": "acme"})
