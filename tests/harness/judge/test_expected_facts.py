"""askbench.harness.judge.expected_facts: the seed's core-line rules, stated by the judge, with a renderer's freedoms."""

from askbench.harness.judge.expected_facts import CORE_LABELS, expected_core, expected_evidence
from askbench.impl.payload import CORE_LABELS as IMPL_CORE_LABELS
from askbench.impl.payload import build_payload


def labels(payload) -> list[tuple[str, bool]]:
    return [(fact.label, fact.optional) for fact in expected_core(payload)]


def test_a_bash_ask_with_a_wrapper_states_tool_rule_command_and_runs() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "sudo systemctl restart nginx"}},
        {"matchedPattern": "<indirection-bash-wrapper>", "executedUnit": "systemctl restart nginx"},
    )
    assert labels(payload) == [
        ("tool", False),
        ("surface", True),
        ("rule", False),
        ("command", False),
        ("runs", False),
    ]


def test_a_fact_another_line_states_may_be_left_out() -> None:
    skill_read = build_payload(
        {"name": "read", "input": {"path": "/s/SKILL.md"}}, {"kind": "skill_read", "skill": "pdf"}
    )
    assert ("surface", True) in labels(skill_read)  # surface "skill" is the value's own label
    runs_repeats = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"executedUnit": "ls"}
    )
    assert ("runs", True) in labels(runs_repeats)


def test_a_forwarded_ask_names_the_subagent_and_its_session() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}},
        {"forwarded": {"agent": "scout", "sessionId": "abc"}},
    )
    assert expected_core(payload)[0].texts == ("scout \u00b7 session abc",)


def test_a_tool_invoked_under_its_own_name_may_say_so_or_not() -> None:
    payload = build_payload({"name": "bash", "input": {"command": "ls"}}, {"invokedAs": "bash"})
    assert expected_core(payload)[0].texts == ("bash", "bash (invoked as bash)")


def test_a_command_context_reads_as_words_or_as_its_identifier() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"commandContext": "subshell"}
    )
    assert expected_core(payload)[-1].label == "context"


def test_evidence_keeps_its_detail_apart() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "cat /x"}},
        {"kind": "bash_external_directory", "externalPaths": [{"path": "/x", "resolvesTo": "/y"}]},
    )
    entry = expected_evidence(payload)[0]
    assert (entry.label, entry.text, entry.detail) == ("external path", "/x", "/y")


def test_the_judge_and_the_renderer_reserve_the_same_core_labels() -> None:
    # stated twice on purpose (the judge shares no code with the renderer); they must agree
    assert CORE_LABELS == IMPL_CORE_LABELS


def test_the_value_is_flagged_when_the_payload_flags_it_forwarded_or_not() -> None:
    # an external-directory ask flags the paths it reaches, not its command; forwarded, its kind is 'forwarded'
    # and the judge once flagged the command there, failing a renderer that painted only the paths
    call = {"name": "bash", "input": {"command": "cat /x"}}
    reaches = {
        "kind": "bash_external_directory",
        "externalPaths": [{"path": "/x", "resolvesTo": "/y"}],
    }
    forwarded = {
        "surface": "bash_external_directory",
        "externalPaths": reaches["externalPaths"],
        "forwarded": {"agent": "scout"},
    }
    for ask in (reaches, forwarded, {}):
        payload = build_payload(call, ask)
        assert payload.kind == ("forwarded" if "forwarded" in ask else ask.get("kind", "bash"))
        value = next(fact for fact in expected_core(payload) if fact.label == "command")
        assert value.flagged == ("externalPaths" not in ask)
