from __future__ import annotations

from collections.abc import Iterator

from askbench.harness.agents.settle import mask, settle


def test_spinners_and_clocks_are_masked_and_nothing_else() -> None:
    assert mask(["⠋ Thinking… (12s)"]) == mask(["⠙ Thinking… (13s)"])
    assert mask(["Allow once"]) != mask(["Allow twice"])


def test_a_glyph_that_blinks_on_and_off_is_masked_too() -> None:
    assert mask(["\u25cf Running the requested command"]) == mask(
        ["  Running the requested command"]
    )
    assert mask(["\u2022 Calling slack.slack_post_message"]) == mask(
        ["\u25e6 Calling slack.slack_post_message"]
    )


def _screens(*rows: str) -> Iterator[list[str]]:
    for row in rows:
        yield [row]
    while True:
        yield [rows[-1]]


def test_a_screen_settles_when_it_stands_still_and_the_condition_holds() -> None:
    screens = _screens("a", "b", "⠋ c 1s", "⠙ c 2s")
    done = settle(
        lambda: next(screens), quiet=0.05, limit=5, poll=0.01, until=lambda rows: "c" in rows[0]
    )
    assert done.settled and done.quiet and "c" in done.rows[0]


def test_one_that_never_settles_runs_out_of_time_and_says_so() -> None:
    count = iter(range(10**6))
    done = settle(lambda: [f"x{'y' * next(count)}"], quiet=0.05, limit=0.2, poll=0.01)
    assert not done.settled and not done.quiet


def test_a_quiet_screen_without_the_condition_is_quiet_but_not_settled() -> None:
    done = settle(lambda: ["idle"], quiet=0.02, limit=0.1, poll=0.01, until=lambda rows: False)
    assert not done.settled and done.quiet


def test_after_a_key_the_quiet_time_counts_from_the_screens_answer() -> None:
    screens = iter([["before"]] * 8 + [["after"]] * 50)
    done = settle(
        lambda: next(screens), quiet=0.02, limit=5, poll=0.01, changed_from=["before"], patience=5
    )
    assert done.settled and done.rows[0] == "after"


def test_a_key_that_changes_nothing_is_given_up_on_after_the_patience() -> None:
    done = settle(
        lambda: ["same"], quiet=0.02, limit=5, poll=0.01, changed_from=["same"], patience=0.1
    )
    assert done.settled and done.rows[0] == "same"


def test_a_screen_cleared_for_a_redraw_is_not_the_answer_to_a_key() -> None:
    """The blank between a clear and the redraw outlasts the quiet time; the redraw is what a key answered."""
    screens = iter([["before"]] * 3 + [["", ""]] * 30 + [["expanded", "view"]] * 50)
    done = settle(
        lambda: next(screens), quiet=0.02, limit=5, poll=0.01, changed_from=["before"], patience=5
    )
    assert done.settled and done.rows == ("expanded", "view")


def test_a_screen_that_stays_blank_runs_out_of_time_and_says_so() -> None:
    done = settle(lambda: ["  "], quiet=0.02, limit=0.1, poll=0.01)
    assert not done.settled and done.quiet
