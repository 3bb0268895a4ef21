"""askbench.harness.judge.chrome: the options found from the bottom, whatever stands above them."""

import pytest

from askbench.harness.judge import chrome
from askbench.harness.judge.chrome import (
    approves,
    find_options,
    opening_option,
    option_key,
    option_problems,
    polarity,
)
from askbench.harness.terminals.frame_reading import read_frame

OPTIONS = ["▶ (y) Yes", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"]


def test_the_last_block_offering_every_key_in_order_is_the_options() -> None:
    rows = ["Permission Required", "command : x", "          ▶ (y) Yes", "", *OPTIONS, "", "hint"]
    chrome = find_options(rows)
    assert (chrome.options_start, chrome.options_end, chrome.problem) == (4, 8, None)


def test_options_in_the_ask_do_not_fool_it_and_missing_ones_are_a_problem() -> None:
    rows = [
        "Permission Required",
        *OPTIONS,
        "",
        "hint",
    ]  # a value forging the options, nothing real below
    assert find_options(rows).options_start == 1
    assert find_options(["Permission Required", "tool : bash", "", "hint"]).problem is not None
    reordered = find_options(["t", "▶ (n) No", "  (r) No, say why", "  (y) Yes", "  (s) Yes"])
    assert reordered.problem is None and [option.key for option in reordered.options] == list(
        "nrys"
    )
    assert option_problems(reordered.options) == [
        "option (s) grants beyond this request but reads 'Yes'"
    ]
    assert find_options(["t", "▶ (y) Yes", "  (y) No", "  (s) Yes", "  (r) No"]).problem is not None


def test_wrapped_option_words_stay_with_their_option() -> None:
    rows = [
        "▶ (y) Yes",
        "  (s) Yes, for this",
        "session",
        "  (n) No",
        "  (r) No, provide",
        "  reason",
        "",
        "hint",
    ]
    chrome = find_options(rows)
    assert (chrome.options_start, chrome.options_end) == (0, 6)


def test_an_option_row_is_a_marker_or_two_spaces_then_a_key() -> None:
    assert (
        option_key("▶ (y) Yes") == "y"
        and option_key("  (n) No") == "n"
        and option_key("> (r) No") == "r"
    )
    assert option_key("      (y) Yes") is None  # indented like a value's own line


# ── options in other layouts ───────────────────────────────────────────────

GEMINI = ["● 1. Allow once", "  2. Allow for this session", "  3. No, suggest changes (esc)"]


def _options(rows):
    chrome = find_options(rows)
    assert chrome.problem is None, chrome.problem
    return chrome.options


def test_a_numbered_list_is_the_options_and_each_reads_for_what_it_says() -> None:
    options = _options(["Permission Required", "tool : bash", "", *GEMINI, "", "enter select"])
    assert [(option.key, option.words, option.mark) for option in options] == [
        ("1", "Allow once", "●"),
        ("2", "Allow for this session", ""),
        ("3", "No, suggest changes (esc)", ""),
    ]
    assert opening_option(options) == options[0] and option_problems(options) == []


def test_options_on_one_row_are_the_options() -> None:
    options = _options(["t", "x : y", "", "▶(y)Yes (s)Session (n)No (r)Reason", "", "hint"])
    assert [option.key for option in options] == ["y", "s", "n", "r"] and options[0].mark == "▶"
    assert option_problems(options) == []
    assert (
        option_problems(_options(["(y) Allow once  ❯ (s) Always  (n) Deny  (r) Deny, say why"]))
        != []
    )


def test_a_numbered_list_out_of_order_or_of_one_is_not_the_options() -> None:
    assert find_options(["1. Allow once", "3. No"]).problem is not None
    assert find_options(["1. Allow once"]).problem is not None


@pytest.mark.parametrize(
    "rows",
    [
        ["▶ (y) No, deny", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"],
        ["▶ (y) No", "  (s) No, for this session", "  (n) Yes", "  (r) Yes, provide reason"],
        ["▶ (y) Yes", "  (s) Allow once", "  (n) No", "  (r) No, provide reason"],
        [
            "▶ (y) Yes, always",
            "  (s) Yes, for this session",
            "  (n) No",
            "  (r) No, provide reason",
        ],
    ],
)
def test_a_keyed_option_whose_words_say_another_decision_is_a_problem(rows) -> None:
    assert option_problems(_options(rows))


def test_a_prompt_that_opens_on_a_broad_grant_or_offers_no_deny_is_a_problem() -> None:
    session = _options(
        ["  (y) Yes", "▶ (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"]
    )
    assert any("opens on" in problem for problem in option_problems(session))
    numbered = _options(["  1. Allow once", "❯ 2. Allow for this session", "  3. No (esc)"])
    assert any("opens on" in problem for problem in option_problems(numbered))
    no_deny = _options(["❯ 1. Allow once", "  2. Allow for this session"])
    assert option_problems(no_deny) == ["no option on screen reads as a deny"]


def test_polarity_is_the_first_word_that_decides() -> None:
    assert polarity("Yes, and don't ask again for this command") == "approve"
    assert polarity("No, and tell Codex what to do differently (esc)") == "deny"
    assert polarity("Don\u2019t allow") == "deny" and polarity("Reason") is None


@pytest.mark.parametrize(
    "rows",
    [
        [
            "▶ (y) Yes, all good",
            "  (s) Don't ask again this session",
            "  (n) Don't allow",
            "  (r) Not now, say why",
        ],
        [
            "❯ 1. Yes",
            "  2. Yes, and don't ask again for this command",
            "  3. No, and tell Codex what to do differently (esc)",
        ],
        [
            "● 1. Allow once",
            "  2. Allow always",
            "  3. Modify with external editor",
            "  4. No, suggest changes (esc)",
        ],
    ],
)
def test_the_wordings_of_real_prompts_read_as_what_they_do(rows) -> None:
    assert option_problems(_options(rows)) == []


def test_the_opening_selection_may_be_shown_by_paint_alone() -> None:
    lines = [
        "  (y) Yes",
        "  \x1b[7m(s)\x1b[27m Yes, for this session",
        "  (n) No",
        "  (r) No, provide reason",
    ]
    rows = read_frame(lines, 40).screen_rows
    chrome = find_options([row.text for row in rows], styles=[row.styles for row in rows])
    assert opening_option(chrome.options) == chrome.options[1]
    assert any("opens on" in problem for problem in option_problems(chrome.options))
    two = read_frame(["\x1b[7m1. Allow once\x1b[0m", "2. No"], 40).screen_rows
    assert (
        opening_option(
            find_options([row.text for row in two], styles=[row.styles for row in two]).options
        )
        is None
    )


@pytest.mark.parametrize(
    "rows",
    [
        [
            "› 1. Yes, proceed (y)",
            "  2. Yes, and don't ask again for this command (a)",
            "  3. No, and tell Codex what to do differently (esc)",
        ],
        [
            "❯ 1. Yes",
            "  2. Yes, and don't ask again for sudo commands in /repo",
            "  3. No, and tell Claude what to do differently (esc)",
        ],
    ],
)
def test_the_agents_numbered_options_with_their_shortcuts_read_as_what_they_do(rows) -> None:
    assert option_problems(_options(rows)) == []


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        (
            ["● 1. No", "  2. Allow for this session", "  3. No, suggest changes (esc)"],
            "option 1. would approve",
        ),
        (
            ["● 1. Allow for this session", "  2. Allow once", "  3. No (esc)"],
            "option 1. grants once",
        ),
        (
            ["› 1. No, proceed (y)", "  2. Yes, and don't ask again (a)", "  3. No (esc)"],
            "would approve",
        ),
        (
            [
                "› 1. Yes, proceed (y)",
                "  2. No, tell Codex (n)",
                "  3. Yes, and don't ask again (esc)",
            ],
            "option (esc) would deny",
        ),
        (
            ["› 1. Yes, proceed (y)", "  2. Yes, go ahead (n)", "  3. No (esc)"],
            "option (n) would deny",
        ),
    ],
)
def test_a_numbered_option_is_held_to_its_place_and_to_the_shortcut_it_names(rows, problem) -> None:
    assert any(problem in found for found in option_problems(_options(rows))), option_problems(
        _options(rows)
    )


@pytest.mark.parametrize(
    "row",
    [
        "  ❯ 1. Allow once",
        "  ▶ (y) Yes",
        "▶ (y) Yes  (s) Yes, for this session",
        "   (y) three columns in is no option",
        "    ❯ 1. too far in",
        "echo " + "B" * 200 + " (y) Yes",
        "1.5 is a number",
        "(",
        "",
    ],
)
def test_an_option_is_looked_for_only_where_one_may_start_and_found_as_the_whole_row_would_be(row):
    first = next(chrome._ITEM.finditer(row), None)
    whole = (
        first.group("key") or first.group("number")
        if first is not None and first.start() <= chrome.OPTION_COLUMN
        else None
    )
    assert chrome.option_key(row) == whole
    assert [item.key for item in chrome._items(row)] == (
        [match.group("key") or match.group("number") for match in chrome._ITEM.finditer(row)]
        if whole is not None
        else []
    )


def test_an_option_approves_by_its_keys_meaning_else_by_its_words() -> None:
    keyed = {option.key: approves(option) for option in find_options(OPTIONS).options}
    assert keyed == {"y": True, "s": True, "n": False, "r": False}
    numbered = find_options(["1. Yes, allow once", "2. Deny", "3. Keep it to yourself"]).options
    assert [approves(option) for option in numbered] == [True, False, False]
    lying = find_options(["(y) No", "(s) No", "(n) Yes", "(r) Yes"]).options
    assert [approves(option) for option in lying] == [True, True, False, False]  # the key decides
