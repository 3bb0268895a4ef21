"""askbench.impl.frame: title, ask, options and hint, every line fitted to the width."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wcwidth import width as wc_width

from askbench.impl.cells import cell_width
from askbench.impl.decision import DECISION_HINT, PromptConfig, PromptState, prompt_options
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.frame import (
    COLLAPSE_HINT,
    DENY_ONLY_ROW,
    EXPAND_HINT,
    Frame,
    compact_option_row,
    fit_chrome,
    forget_kept,
    hint_line,
    option_rows,
    render_frame,
    title_for,
)
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import build_payload

SGR = re.compile(r"\x1b\[[0-9;]*m")
LOCAL = build_payload({"name": "bash", "input": {"command": "ls -la"}}, {"agent": "coder"})
LONG = build_payload({"name": "bash", "input": {"command": "x" * 2000}})
FORWARDED = build_payload(
    {"name": "bash", "input": {"command": "ls"}},
    {"forwarded": {"agent": "scout", "sessionId": "s"}},
)


def sgr_paint(role: str, text: str) -> str:
    return f"\x1b[33m{text}\x1b[39m" if role == "flagged" else f"\x1b[2m{text}\x1b[22m"


def sgr_style(role: str, text: str) -> str:
    return f"\x1b[1m{text}\x1b[22m"


def test_titles() -> None:
    assert title_for(LOCAL) == "Permission Required"
    assert title_for(FORWARDED) == "Permission Required (Subagent)"


def test_hint_offers_the_full_request_exactly_when_elided() -> None:
    assert hint_line("base", elided=False, expanded=False) == "base"
    assert hint_line("base", elided=True, expanded=False) == f"base · {EXPAND_HINT}"
    assert hint_line("base", elided=False, expanded=True) == f"base · {COLLAPSE_HINT}"
    assert hint_line("base", elided=True, expanded=True) == f"base · {COLLAPSE_HINT}"


def test_option_rows_mark_the_highlighted_option() -> None:
    rows = option_rows(PromptState(highlighted_key="n"), PromptConfig())
    assert len(rows) == len(prompt_options(PromptConfig())) == 4
    assert [selected for _, selected in rows] == [False, False, True, False]
    assert rows[2][0].startswith("▶ (n) ")
    assert all(text.startswith("  (") for text, selected in rows if not selected)


def test_bounded_frame_layout() -> None:
    frame = render_frame(LOCAL, "bounded", DialogBudget(width=120))
    ask = render_prompt_dialog(LOCAL, DialogBudget(width=120))
    assert frame.lines == (
        "Permission Required",
        *ask.lines,
        "",
        "▶ (y) Yes",
        "  (s) Yes, for this session",
        "  (n) No",
        "  (r) No, provide reason",
        "",
        DECISION_HINT,
    )
    assert (frame.ask_start, frame.ask_rows, frame.elided) == (1, len(ask.lines), False)


def test_an_elided_bounded_frame_offers_the_complete_view() -> None:
    frame = render_frame(LONG, "bounded", DialogBudget(width=120))
    assert frame.elided
    assert frame.lines[-1] == f"{DECISION_HINT} · {EXPAND_HINT}"


def test_the_complete_frame_is_the_complete_view_and_offers_to_collapse() -> None:
    frame = render_frame(LONG, "complete", DialogBudget(width=120, max_rows=3, field_max_width=10))
    ask = render_prompt_dialog(LONG, complete_view_budget(120))
    assert frame.lines[frame.ask_start : frame.ask_start + frame.ask_rows] == ask.lines
    assert not frame.elided
    assert frame.lines[-1] == f"{DECISION_HINT} · {COLLAPSE_HINT}"


def test_the_legacy_frame_is_the_wrapped_message() -> None:
    frame = render_frame(LONG, "legacy", DialogBudget(width=80))
    rows = wrap_message(LONG.legacy_message, 80)
    assert frame.lines[1 : 1 + len(rows)] == tuple(rows)
    assert frame.ask_rows == len(rows)
    assert not frame.elided
    assert frame.lines[-1] == DECISION_HINT


def test_a_forwarded_frame_titles_the_subagent() -> None:
    assert (
        render_frame(FORWARDED, "bounded", DialogBudget()).lines[0]
        == "Permission Required (Subagent)"
    )


def test_state_hint_replaces_the_decision_hint() -> None:
    frame = render_frame(
        LONG, "bounded", DialogBudget(), state=PromptState(hint="Press y again to approve.")
    )
    assert frame.lines[-1] == "Press y again to approve."


def test_styles_are_applied_by_role() -> None:
    seen: list[tuple[str, str]] = []

    def style(role: str, text: str) -> str:
        seen.append((role, text))
        return text

    render_frame(LOCAL, "bounded", DialogBudget(), style=style)
    roles = [role for role, _ in seen]
    assert roles == ["title", "selected", "muted"]
    assert seen[1][1] == "▶ (y) Yes"


def test_chrome_wraps_to_a_narrow_width() -> None:
    frame = render_frame(FORWARDED, "bounded", DialogBudget(width=20))
    for line in frame.lines:
        assert wc_width(line) <= 20, line
    assert frame.lines[0] == "Permission Required"
    assert frame.lines[1] == "(Subagent)"
    assert frame.ask_start == 2


@pytest.mark.parametrize("view", ["bounded", "complete", "legacy"])
def test_only_colour_escapes_reach_the_frame(view: str) -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls\x1b[2J\x1b]0;t\x07\x9b1A"}}, {"agent": "\x1b[1A"}
    )
    frame = render_frame(payload, view, DialogBudget(), paint=sgr_paint, style=sgr_style)  # type: ignore[arg-type]
    text = "\n".join(frame.lines)
    assert "\x1b" in text  # the paint and style did colour something
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", SGR.sub("", text))


hostile = st.lists(
    st.one_of(
        st.text(st.characters(exclude_categories=()), max_size=30),
        st.sampled_from(("\n", "漢字" * 40, "x" * 500, "\x1b[1A", "\u202e", "\t")),
    ),
    max_size=6,
).map("".join)


@given(
    hostile,
    st.none() | hostile,
    st.booleans(),
    st.integers(20, 200),
    st.sampled_from(["bounded", "complete", "legacy"]),
)
def test_every_frame_line_fits_and_the_hint_tells_the_truth(
    command: str, agent: str | None, forwarded: bool, width: int, view: str
) -> None:
    ask = {"forwarded": {"agent": agent or "scout"}} if forwarded else {"agent": agent}
    payload = build_payload({"name": "bash", "input": {"command": command}}, ask)
    frame: Frame = render_frame(payload, view, DialogBudget(width=width), paint=sgr_paint)  # type: ignore[arg-type]
    for line in frame.lines:
        plain = SGR.sub("", line)
        assert wc_width(plain) <= width, plain
        assert "\x1b" not in plain
    hint = " ".join(frame.lines[-3:])
    if view == "bounded":
        assert (EXPAND_HINT.split()[-1] in hint) == frame.elided
        ask_lines = [
            SGR.sub("", line)
            for line in frame.lines[frame.ask_start : frame.ask_start + frame.ask_rows]
        ]
        if frame.ask_rows > 24:  # only the core may exceed the budget, and then no evidence shows
            assert not any(line.startswith("requested") for line in ask_lines)
    elif view == "complete":
        assert not frame.elided and COLLAPSE_HINT.split()[-1] in hint


# ── fitting the chrome ───────────────────────────────────────────────────

CHROME = st.sampled_from(
    [
        f"{DECISION_HINT} · {EXPAND_HINT}",
        "  (s) Yes, for this session",
        "▶ (y) Yes",
        "Permission Required (Subagent)",
        "▶(y)Yes (s)Session (n)No (r)Reason",
        "Too small to show this request: enlarge the terminal, or ctrl+o to read it.",
    ]
) | st.text(st.sampled_from("ab  ·↑漢▶"), max_size=60)


@given(CHROME, st.integers(2, 200))  # a wide character cannot fit one column
def test_chrome_rows_fit_and_keep_every_word_in_order(text: str, width: int) -> None:
    rows = fit_chrome([text], width)
    assert rows and all(cell_width(row) <= width for row in rows)
    assert "".join("".join(rows).split()) == "".join(text.split())
    if all(cell_width(word) <= width for word in text.split()):
        assert " ".join(" ".join(rows).split()) == " ".join(text.split())
        for above, below in zip(
            rows, rows[1:], strict=False
        ):  # greedy: the next row's first word did not fit
            assert cell_width(above.rstrip()) + 1 + cell_width(below.split()[0]) > width


def test_chrome_is_measured_with_impl_cells_so_it_fits_a_cjk_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where ↑, ↓, · and ▶ take two cells (East Asian Ambiguous in a CJK locale), the hint still fits."""
    import askbench.impl.frame

    def cjk(text: str) -> int:
        return wc_width(text, ambiguous_width=2)

    monkeypatch.setattr(askbench.impl.frame, "cell_width", cjk)
    askbench.impl.frame._fit.cache_clear()
    try:
        for width in (20, 40, 80, 120):
            rows = fit_chrome([f"{DECISION_HINT} · {EXPAND_HINT}", "▶ (y) Yes"], width)
            assert all(cjk(row) <= width for row in rows), rows
    finally:
        askbench.impl.frame._fit.cache_clear()


def test_chrome_is_fitted_once_per_text_and_width() -> None:
    import askbench.impl.frame

    render_frame(LONG, "bounded", DialogBudget(width=97))
    fitted, built = askbench.impl.frame._fit.cache_info(), askbench.impl.frame._chrome.cache_info()
    render_frame(LONG, "bounded", DialogBudget(width=97))
    assert askbench.impl.frame._fit.cache_info().misses == fitted.misses
    assert askbench.impl.frame._chrome.cache_info().hits == built.hits + 1


def test_compact_rows() -> None:
    assert (
        compact_option_row(PromptState(highlighted_key="s")) == "(y)Yes ▶(s)Session (n)No (r)Reason"
    )
    assert "(y)" not in DENY_ONLY_ROW and "(s)" not in DENY_ONLY_ROW


def test_forget_kept_leaves_no_chrome_measured_another_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A render that measures text another way (a mutant's) is served none of the rows the reference fitted."""
    payload = build_payload({"name": "bash", "input": {"command": "ls"}})
    measured = render_frame(payload, "bounded", DialogBudget(width=20)).lines
    monkeypatch.setattr("askbench.impl.cells.grapheme_cells", lambda grapheme: 1)
    forget_kept()
    assert render_frame(payload, "bounded", DialogBudget(width=20)).lines != measured
    monkeypatch.undo()
    forget_kept()
