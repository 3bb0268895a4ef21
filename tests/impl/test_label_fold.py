"""askbench.impl.label_fold: labels compared as they read, case and TR39 confusables folded."""

import pytest

from askbench.impl.label_fold import fold_label, folded_prefix, poses_as, within_one_edit


@pytest.mark.parametrize(
    ("label", "reads"),
    [
        ("Runs", "runs"),
        ("RULE", "rule"),
        ("tooI", "tool"),
        ("too1", "tool"),
        ("c0ntext", "context"),
        ("SKILL", "skill"),
        ("skIll", "skill"),
        ("ski1l", "skill"),
        ("t\u043e\u043el", "tool"),
        ("\uff54\uff4f\uff4f\uff4c", "tool"),
        ("ru\u200bns", "runs"),
        ("\u0280uns", "runs"),
    ],
)
def test_a_label_folds_to_what_it_reads_as(label: str, reads: str) -> None:
    assert fold_label(label) == fold_label(reads)


CORE = {"context", "target", "rule", "agent", "tool", "runs"}


@pytest.mark.parametrize(
    "label", ["targeI", "tarGe", "xtargeT", "T0OLS", "agEnts", "rul\u0435s", "targel\u200b"]
)
def test_a_label_within_one_edit_of_a_core_label_reads_as_it_at_a_glance(label: str) -> None:
    assert poses_as(label, CORE)


@pytest.mark.parametrize(
    "label",
    [
        "userId",
        "agent note",
        "to",
        "run",
        "ruI",
        "input",
        "argument",
        "tarqets",
        "contents",
        "content",
        "Content",
        "CONTENT",
        "rules",
        "Targe",
        "TOOLS",
        "Skills",
    ],
)
def test_labels_that_read_otherwise_stay_apart(label: str) -> None:
    assert not poses_as(label, CORE)


@pytest.mark.parametrize(
    ("first", "second", "near"),
    [
        ("target", "target", True),
        ("targel", "target", True),
        ("targe", "target", True),
        ("xtarget", "target", True),
        ("tagret", "target", False),
        ("targets", "targe", False),
        ("", "a", True),
        ("ab", "ba", False),
    ],
)
def test_one_edit_is_one_letter_changed_added_or_dropped(
    first: str, second: str, near: bool
) -> None:
    assert within_one_edit(first, second) is near and within_one_edit(second, first) is near


def test_the_prefix_matches_a_label_alone_or_before_a_colon() -> None:
    pattern = folded_prefix({"agent"})
    assert (
        pattern.match(fold_label("Agent"))
        and pattern.match(fold_label("AGENT :"))
        and pattern.match("agent: x")
    )
    assert pattern.match(fold_label("agent note")) is None


def test_case_and_tr39_make_i_capital_i_and_l_one_letter():
    """Case folding joins i and I, TR39 joins I and l: to a reader all three are one letter, so SKILL is skill."""
    assert fold_label("SKILL") == fold_label("skIll") == fold_label("skill") != fold_label("skull")
