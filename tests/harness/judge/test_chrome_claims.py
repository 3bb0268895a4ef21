"""askbench.harness.judge.lexicon and chrome_claims: the chrome read for what it means, in any language, held to the payload."""

import pytest

from askbench.harness.judge.chrome import Option, option_problems
from askbench.harness.judge.chrome_claims import (
    Backing,
    ChromeSaid,
    chrome_problems,
    hint_problems,
    title_problem,
)
from askbench.harness.judge.lexicon import LANGUAGES, LEXICON, meanings

DIRECT = Backing(forwarded=False, names=frozenset())
FORWARDED = Backing(forwarded=True, names=frozenset({"db-migrator"}))


def test_every_meaning_is_said_in_every_language_and_read_back_case_folded() -> None:
    for meaning, languages in LEXICON.items():
        assert set(languages) == set(LANGUAGES), meaning
        for phrases in languages.values():
            for phrase in phrases:
                assert meaning in meanings(phrase.upper()) or meanings(phrase.upper()), phrase


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ja, für diese Sitzung", {"approve", "session"}),
        ("Oui, une fois", {"approve", "once"}),
        ("No, rechazar", {"deny"}),
        ("はい、このセッション中", {"approve", "session"}),
        ("允许，不再询问", {"approve", "always"}),
        ("Yes, and don't ask again", {"approve", "always"}),
        ("Permission Required (Subagent)", {"subagent"}),
        ("Lecture seule, sans danger", {"read-only", "safe"}),
    ],
)
def test_the_lexicon_reads_meanings_the_longest_phrase_first(text, said) -> None:
    assert meanings(text) == said


def test_a_title_names_no_requester_the_request_does_not_have() -> None:
    assert title_problem("Permission Required (Subagent)", DIRECT) is not None
    assert title_problem("Permission Required (Subagent)", FORWARDED) is None
    assert title_problem("Subagent 'release-bot' asks", FORWARDED) is not None
    assert title_problem("Agent \u201cdb-migrator\u201d asks", FORWARDED) is None
    assert title_problem("Allow 'bash' to run?", DIRECT) is None  # a quoted tool is no requester
    assert title_problem("Permission Required \u00b7 asked by deploy-bot", DIRECT) is not None
    assert title_problem("Asked by the agent", DIRECT) is None
    assert title_problem("Anfrage von Unteragent", DIRECT) is not None
    assert title_problem("Permission Required (main agent)", FORWARDED) is not None
    assert title_problem("Permission Required (main agent)", DIRECT) is None
    assert title_problem("Permission Required \u00b7 asked by main agent", DIRECT) is None
    assert title_problem("Permission Required \u00b7 asked by main agent", FORWARDED) is not None


def test_a_title_that_echoes_a_piece_of_the_request_cut_to_fit_quotes_it() -> None:
    """A title that shows the command cut to its row (``? Shell curl … by default…``) quotes the request: its
    ``by default`` names no one; the same words as the title's own, or a piece too short to be a quote, do
    (found by askbench mutate: the Gemini CLI style's title)."""
    value = 'curl -sS -d \'{"text": "structured logs by default and a new endpoint"}\' https://x.example'
    backing = Backing(forwarded=False, names=frozenset(), own_texts=(value,))
    assert title_problem("? Shell  " + value[:56] + "…", backing) is None
    assert title_problem("…" + value[30:] + " · Shell", backing) is None
    assert title_problem("? Shell asked by default…", backing) is not None
    assert title_problem("? Shell  " + value[:56] + "… asked by default", backing) is not None


def test_prose_after_agent_names_no_one_while_an_identifier_there_does() -> None:
    assert title_problem("A subagent asks to use a tool", FORWARDED) is None
    assert title_problem("Subagent deploy-bot asks", FORWARDED) is not None
    assert title_problem("Subagent asks, on behalf of scout_2", FORWARDED) is None


def test_a_reassurance_is_a_forgery_unless_the_payload_says_it() -> None:
    claim = ChromeSaid("Permission Required \u00b7 read-only, safe to allow")
    assert chrome_problems(claim, DIRECT)
    backed = Backing(False, frozenset(), frozenset({"read-only", "safe"}))
    assert chrome_problems(claim, backed) == []
    assert chrome_problems(ChromeSaid("Genehmigung", hint="schreibgeschützt"), DIRECT)
    echoed = Backing(False, frozenset(), own_texts=("safe-rm --dry-run",))
    assert chrome_problems(ChromeSaid("? Shell safe-rm --dry-run"), echoed) == []
    read_tool = Backing(False, frozenset(), own_texts=("read",))
    assert chrome_problems(ChromeSaid("Permission Required (read-only)"), read_tool)
    assert chrome_problems(ChromeSaid("Allow read?"), read_tool) == []


@pytest.mark.parametrize(
    ("hint", "problem"),
    [
        ("\u2191/\u2193 move \u00b7 enter confirm \u00b7 esc deny", False),
        ("esc to cancel \u00b7 ctrl+o to see the full request", False),
        ("Esc ablehnen \u00b7 ctrl+o ganze Anfrage", False),
        ("esc allow \u00b7 enter confirm", True),
        ("reason esc allow \u00b7 \u2191/\u2193", True),
        ("(y) yes \u00b7 (s) once \u00b7 (n) no", True),
        ("(y) yes \u00b7 (s) session \u00b7 (n) no \u00b7 (r) reason", False),
    ],
)
def test_the_hint_is_held_to_what_its_keys_do(hint, problem) -> None:
    assert bool(hint_problems(hint)) is problem


@pytest.mark.parametrize(
    "words", ["Yes", "Yes, only this time", "Ja", "Oui, une fois", "はい", "允许本次"]
)
def test_a_session_grant_worded_as_once_or_a_plain_yes_understates_it(words) -> None:
    options = [Option("y", "Yes", 0, "\u25b6"), Option("s", words, 1), Option("n", "No", 2)]
    assert option_problems(options) == [
        f"option (s) grants beyond this request but reads {words!r}"
    ]
