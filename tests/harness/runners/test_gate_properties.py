"""Hypothesis at the gate: arbitrary text, escapes and controls through every invariant on the screen.

The ``ci`` profile (default) runs a few hundred examples per property; the deep
profile runs tens of thousands: ``pytest tests/harness/runners/test_gate_properties.py
--hypothesis-profile=deep``.
"""

from hypothesis import example, given
from hypothesis import strategies as st

from askbench.harness.bash.reading import read_words
from askbench.harness.runners.gate import judge_payload
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload

ESCAPES = st.sampled_from(
    [
        "\x1b[1A",
        "\x1b[2K",
        "\x1b[2J\x1b[H",
        "\x1b]8;;https://evil.example\x1b\\",
        "\x1b]52;c;cm0gLXJmIH4=\x07",
        "\x1b]0;title\x07",
        "\x1bP1$r0m\x1b\\",
        "\x1b_G\x1b\\",
        "\x9b31m",
        "\r",
        "\b",
        "\x7f",
        "\x00",
        "\u202e",
        "\u2066",
        "\u200b",
        "\u200d",
        "\ufeff",
        "\ufe0f",
        "\U000e0041",
        "\u0301",
        "\t",
        "\n",
        "👨\u200d👩\u200d👧",
        "🇫🇷",
        "界",
        "⟨U+202E⟩",
        "␛",
    ]
)
HOSTILE_TEXT = st.lists(
    st.one_of(st.text(st.characters(codec=None), max_size=40), ESCAPES), max_size=30
).map("".join)


def assert_every_invariant_holds(payload, width, max_rows, field_max_width):
    result = judge_payload(
        payload, DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=width)
    )
    assert result.violations == []


@given(
    command=HOSTILE_TEXT,
    agent=st.one_of(st.none(), HOSTILE_TEXT.filter(bool)),
    pattern=st.one_of(st.none(), HOSTILE_TEXT.filter(bool)),
    width=st.sampled_from([80, 120, 160]),
    max_rows=st.integers(1, 30),
    field_max_width=st.integers(1, 600),
)
# found by random runs: a command that is one NEL (a word to the shell, a blank to str.split), and
# a command named in digits after ';' whose tail dropped the digits as if they counted what was cut
@example(command="\x85", agent=None, pattern=None, width=80, max_rows=1, field_max_width=80)
@example(
    command="0\x80\x80\x80\x80Ð00000;000000000000:<\xad\xad0000000000",
    agent=None,
    pattern=None,
    width=80,
    max_rows=1,
    field_max_width=80,
)
@example(
    command="0\x80\x80\x80\x80Ð0000;0000000000000:<\xad\xad0000000000",
    agent=None,
    pattern=None,
    width=80,
    max_rows=1,
    field_max_width=80,
)  # and when half the cap starts the tail inside that name
# the reference's own yellow paint before the value's escape in notation: ESC[33m␛[33m[ is not the payload's ESC[33m[
@example(command="\x1b[33m[", agent=None, pattern=None, width=80, max_rows=1, field_max_width=1)
@example(command="\x1b[33m\x1b[", agent=None, pattern=None, width=80, max_rows=1, field_max_width=1)
# a last line that is a lone CR: the tail shows ␍, the outline the last command
@example(
    command="0000\xad00000000\x80\x800000000000000000000000000;000000001\n\r",
    agent=None,
    pattern=None,
    width=80,
    max_rows=1,
    field_max_width=80,
)
# notation-inflated text after the last command ('1'): an assignment of C1 controls filled the tail
@example(
    command="00000\xde00000000\x80\x8000000000;1;00000000=\x80\x80000\xde00\xc6\xc6\u0152\u0152",
    agent=None,
    pattern=None,
    width=80,
    max_rows=1,
    field_max_width=80,
)
# ten characters, nine cells: the rule repeating the flagged command is whole under a cap of 9, so it is painted
@example(
    command="000000000\ufe00",
    agent=None,
    pattern="000000000\ufe00",
    width=80,
    max_rows=1,
    field_max_width=9,
)
# a capped rule whose tail ends in the NBSP it draws: read as no tail at all by the judge
@example(
    command="",
    agent=None,
    pattern="\x80\x800\x80\xad\x80\x80\x800000\xd0\xd0\xa0",
    width=80,
    max_rows=1,
    field_max_width=65,
)
# a joiner after a digit, before a skin tone: it joins nothing, so it is shown as a notation
@example(
    command="", agent=None, pattern="0\u200d\U0001f3fb", width=80, max_rows=1, field_max_width=1
)
# a two-row field of a text that opens with a blank line: the head spent its row on it, the first command below
@example(command="0\n0\n$", agent=None, pattern=None, width=80, max_rows=1, field_max_width=80)
@example(command="\n0\n)", agent=None, pattern=None, width=80, max_rows=1, field_max_width=80)
# a last command that says nothing (':') on a line of its own: the tail left it out, cut or counted
@example(command="0\n:\n", agent=None, pattern=None, width=80, max_rows=1, field_max_width=80)
@example(
    command="echo " + "a" * 100 + "\nls\nls\n:",
    agent=None,
    pattern=None,
    width=80,
    max_rows=1,
    field_max_width=80,
)
def test_any_bash_ask_is_contained_bounded_and_verbatim(
    command, agent, pattern, width, max_rows, field_max_width
):
    # built as the gate builds a fixture's (``gate.fixture_payload``): with bash's own reading of the words
    payload = build_payload(
        {"name": "bash", "input": {"command": command}},
        {"agent": agent, "matchedPattern": pattern},
        reader=read_words,
    )
    assert_every_invariant_holds(payload, width, max_rows, field_max_width)


@given(
    arguments=st.dictionaries(
        st.text(st.characters(codec=None), max_size=12),
        st.one_of(
            HOSTILE_TEXT,
            st.integers(),
            st.booleans(),
            st.none(),
            st.lists(HOSTILE_TEXT, max_size=4),
        ),
        max_size=6,
    ),
    width=st.sampled_from([80, 120, 160]),
    max_rows=st.integers(1, 30),
)
# found by random runs: a value ending in NBSP, which wraps alone onto a row a person reads as blank
@example(arguments={"\x1f": "000000000000000000000\x80\x80\x80\x80®Æ×\xa0"}, width=80, max_rows=1)
# an NBSP at a wrap, carried to the start of the next row
@example(
    arguments={"": None, "0": [], "\xd0": [], "000\xae": False, "0\x80": "0\xa0"},
    width=80,
    max_rows=1,
)
# a cut whose hidden end is a line of characters the renderer spells out, too wide for a tail, then `]`
@example(
    arguments={
        "": [
            "",
            "",
            "",
            '\U0001b2fc\U0002fa1e𑪊00\x1f\x80\U0001133a0""\x1f\x1f000000\x1fÞ\U0002ebe100000\x1f\x1f\x0b'
            '\x8000000Þ\U000110e9\U00012544\U0001342f\U00018cd6000000000"\x80\U0001133a\U0002ebe1',
        ]
    },
    width=80,
    max_rows=10,
)
def test_any_mcp_call_is_contained_bounded_and_verbatim(arguments, width, max_rows):
    payload = build_payload(
        {"name": "mcp", "input": {"tool": "github:create_issue", "arguments": arguments}}
    )
    assert_every_invariant_holds(payload, width, max_rows, 400)


@given(
    message=HOSTILE_TEXT,
    agent=HOSTILE_TEXT.filter(bool),
    session=HOSTILE_TEXT,
    evidence=st.lists(
        st.tuples(HOSTILE_TEXT, HOSTILE_TEXT, st.one_of(st.none(), HOSTILE_TEXT)), max_size=40
    ),
    width=st.sampled_from([80, 120, 160]),
)
# found by random runs: a NEL word, a continuation, then 0 — the outline read NEL as a blank and said '0'
@example(message="\x85\\\n0", agent="0", session="", evidence=[], width=80)
# an entry labelled 'agent' read as a core row under a forwarded ask
@example(message="", agent="0", session="", evidence=[("agent", "", None)], width=80)
# an NBSP ending a line of an entry's detail, wrapped alone onto a row: as blank as a space there
@example(
    message="",
    agent="0",
    session="",
    evidence=[
        (
            "\x80\x80\x80",
            "00000\x80\xd00000000\x80",
            "0\x80\U000e000000\x800\x80\U00020000000\xae00000\x80\xa4\xae\xde\xa0\n0",
        )
    ],
    width=120,
)
def test_any_forwarded_ask_with_many_evidence_entries_holds(
    message, agent, session, evidence, width
):
    ask = {
        "forwarded": {"agent": agent, "sessionId": session, "message": message},
        "evidence": [
            {"label": label, "text": text, "detail": detail} for label, text, detail in evidence
        ],
    }
    payload = build_payload({"name": "bash", "input": {"command": message or "ls"}}, ask)
    assert_every_invariant_holds(payload, width, 24, 400)
