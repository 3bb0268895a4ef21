"""askbench.harness.judge.extra_facts: a row that states a truth of the payload is an extra fact; a false one is not."""

import pytest

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.judge.extra_facts import extra_rows, payload_truths
from askbench.harness.runners.gate import judge_payload
from askbench.harness.terminals.frame_reading import read_frame
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload

BASH = build_payload({"name": "bash", "input": {"command": "printf 'a\\nb\\nc'\nrm -rf build"}})
FORWARDED = build_payload(
    {"name": "bash", "input": {"command": "tar czf /tmp/pg.tgz -C /var/backups/postgres ."}},
    {
        "surface": "bash_external_directory",
        "cwd": "/home/dev/api",
        "externalPaths": [{"path": "/tmp/pg.tgz"}],
        "forwarded": {"agent": "pg-backup", "sessionId": "7f3a"},
    },
)


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("kind", "bash"),
        ("Type", "Bash"),
        ("call-kind", "bash"),
        ("requested by", "agent"),
        ("Requester", "AGENT"),
        ("lines", "2"),
        ("Characters", "29"),
        ("entries", str(len(BASH.evidence))),
        ("name", "bash"),
        ("value", "command"),
        ("Tool-Name", "BASH"),
    ],
)
def test_a_label_may_state_what_the_payload_holds_under_its_topic(label, value):
    assert payload_truths(BASH).holds(label, value)


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("kind", "read-only"),
        ("kind", "rm -rf build"),
        ("requested by", "subagent"),
        ("cwd", "/repo"),
        ("lines", "3"),
        ("characters", "2"),
        ("note", "approved"),
        ("note", "rm -rf buil"),
        ("shows", "bash"),
        ("dry run", "printf 'a\\nb\\nc'\nrm -rf build"),
        ("read-only", "bash"),
        ("sandboxed", "agent"),
    ],
)
def test_a_value_the_payload_does_not_hold_under_the_label_is_false(label, value):
    assert not payload_truths(BASH).holds(label, value)


def test_a_label_of_no_topic_may_state_any_whole_text_of_the_payload():
    truths = payload_truths(FORWARDED)
    assert truths.holds("note", "tar czf /tmp/pg.tgz -C /var/backups/postgres .") and truths.holds(
        "see", "/tmp/pg.tgz"
    )
    assert not truths.holds("note", "tar czf /tmp/pg.tgz")


def test_who_asks_is_the_payload_requester():
    truths = payload_truths(FORWARDED)
    assert truths.holds("requested by", "subagent") and truths.holds("from", "pg-backup")
    assert not truths.holds("requested by", "agent") and not truths.holds(
        "requested by", "release-bot"
    )
    assert truths.holds("cwd", "/home/dev/api") and truths.holds(
        "Working-Directory", "/home/dev/api"
    )
    assert truths.holds("kind", "bash external directory") and not truths.holds(
        "cwd", "/tmp/pg.tgz"
    )


def test_extra_rows_are_label_rows_with_a_true_value_and_no_core_label():
    rows = read_frame(
        [
            "Permission Required",
            "kind : bash",
            "Runs : bash",
            "kind : read-only",
            "  kind : bash",
            "lines:2",
            "Lines: 2",
        ],
        80,
    ).screen_rows
    assert extra_rows(rows, len(rows), payload_truths(BASH)) == {1, 6}
    assert extra_rows(rows, len(rows), None) == frozenset()


def _with_row(row: str, at: int):
    def render(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        if view == "legacy":
            return frame
        lines = list(frame.lines)
        lines.insert(frame.ask_start + at, row)
        return type(frame)(tuple(lines), frame.ask_start, frame.ask_rows + 1, frame.elided)

    return render


@pytest.mark.parametrize("at", [0, 1])
@pytest.mark.parametrize("row", ["kind : bash", "Requested by: agent", "lines : 2"])
def test_the_gate_passes_a_true_extra_row_above_or_between_the_core(row, at):
    result = judge_payload(
        BASH, DialogBudget(max_rows=12, field_max_width=200, width=80), source=_with_row(row, at)
    )
    assert [str(violation) for violation in result.violations] == []


@pytest.mark.parametrize("at", [0, 1])
@pytest.mark.parametrize("row", ["kind : read-only", "cwd : /srv/another-checkout", "lines : 3"])
def test_the_gate_rejects_a_false_extra_row_above_or_between_the_core(row, at):
    result = judge_payload(
        BASH, DialogBudget(max_rows=12, field_max_width=200, width=80), source=_with_row(row, at)
    )
    assert {violation.invariant for violation in result.violations} & {"labels", "core"}


def test_a_true_row_that_is_a_value_line_at_the_label_column_still_poses():
    payload = build_payload({"name": "bash", "input": {"command": "true\nkind : bash"}})

    def at_the_margin(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        if view == "legacy":
            return frame
        ask = ["tool    : bash", "command : true", "kind : bash"]
        end = frame.ask_start + frame.ask_rows
        return type(frame)(
            (*frame.lines[: frame.ask_start], *ask, *frame.lines[end:]), frame.ask_start, 3, False
        )

    result = judge_payload(
        payload, DialogBudget(max_rows=12, field_max_width=200, width=80), source=at_the_margin
    )
    assert {
        violation.invariant for violation in result.violations if violation.view == "bounded"
    } == {"labels"}
