"""harness.layout: the options found from the bottom, whatever stands above them."""

from harness.layout import find_options, option_key

OPTIONS = ["▶ (y) Yes", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"]


def test_the_last_block_offering_every_key_in_order_is_the_options() -> None:
    rows = ["Permission Required", "command : x", "          ▶ (y) Yes", "", *OPTIONS, "", "hint"]
    chrome = find_options(rows)
    assert (chrome.options_start, chrome.options_end, chrome.problem) == (4, 8, None)


def test_options_in_the_ask_do_not_fool_it_and_missing_ones_are_a_problem() -> None:
    rows = ["Permission Required", *OPTIONS, "", "hint"]  # a value forging the options, nothing real below
    assert find_options(rows).options_start == 1
    assert find_options(["Permission Required", "tool : bash", "", "hint"]).problem is not None
    assert find_options(["t", "▶ (y) Yes", "  (n) No", "  (s) Yes", "  (r) No"]).problem is not None


def test_wrapped_option_words_stay_with_their_option() -> None:
    rows = ["▶ (y) Yes", "  (s) Yes, for this", "session", "  (n) No", "  (r) No, provide", "  reason", "", "hint"]
    chrome = find_options(rows)
    assert (chrome.options_start, chrome.options_end) == (0, 6)


def test_an_option_row_is_a_marker_or_two_spaces_then_a_key() -> None:
    assert option_key("▶ (y) Yes") == "y" and option_key("  (n) No") == "n" and option_key("> (r) No") == "r"
    assert option_key("      (y) Yes") is None  # indented like a value's own line
