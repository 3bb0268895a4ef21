"""Variants of the chrome's claims: options, opening selection, hint and title that say more or less than is so.

The mutants are the defects renderers written outside the project shipped:
the session grant worded as a plain or a one-time yes, a hint that says esc
allows, the opening selection drawn after the words or in reverse video over
the words alone, a key summary in the hint standing in for the options, a
title naming a requester the request lacks or calling the call safe. The
styles are sound prompts the judge once failed: options and chrome in German,
and the deny offered first.
"""

from __future__ import annotations

from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Frame
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import View
from .definition import Render, Variant, mutant
from .mutants import reference_frame
from .styles import StyledChrome, reference_hint, styled

__all__ = ["CHROME_MUTANTS", "CHROME_STYLES"]

_REFERENCE_DENIES = ("  (n) No", "  (r) No, provide reason")


def _new_views(chrome: StyledChrome) -> Render:
    """The reference under ``chrome`` in the bounded and complete views; the legacy view, the old dialog, as it was."""
    inner = styled(chrome=chrome)

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        if view == "legacy":
            return reference_frame(payload, view, budget)
        frame = inner(payload, fixture, view, width, budget)
        assert isinstance(frame, Frame)
        return frame

    return render


def _session_as(words: str, opening: str = "\u25b6 (y) Yes") -> StyledChrome:
    return StyledChrome(options=(opening, f"  (s) {words}", *_REFERENCE_DENIES))


def _hint_with(extra: str) -> StyledChrome:
    def hint(elided: bool, expanded: bool) -> str:
        return f"{extra} \u00b7 {reference_hint(elided, expanded)}"

    return StyledChrome(hint=hint)


def _titled(title: str) -> StyledChrome:
    return StyledChrome(title=lambda payload: title)


def _main_agent_title(payload: PromptPayload) -> str:
    return "Permission Required (main agent)"


KEY_SUMMARY = StyledChrome(
    options=("  (y) Yes", "\u25b6 (s) Yes, for this session", *_REFERENCE_DENIES),
    hint=lambda elided, expanded: (
        f"(y) yes \u00b7 (s) session \u00b7 (n) no \u00b7 (r) reason \u00b7 {reference_hint(elided, expanded)}"
    ),
)
"""The real options open on (s); a key summary in the hint, below them, offers every key as well."""

CHROME_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "session-option-reads-yes",
        "(s), the grant for the whole session, reads a plain 'Yes'",
        styled(chrome=_session_as("Yes")),
    ),
    mutant(
        "session-option-reads-once",
        "(s), the grant for the whole session, reads 'Yes, only this time'",
        styled(chrome=_session_as("Yes, only this time")),
    ),
    mutant(
        "hint-esc-allows",
        "the hint says esc allows, where esc dismisses the prompt and so denies",
        _new_views(_hint_with("esc allow")),
    ),
    mutant(
        "opens-on-session-marker-after",
        "the prompt opens on (s), marked by a \u25c0 after its words",
        styled(
            chrome=StyledChrome(
                options=("  (y) Yes", "  (s) Yes, for this session \u25c0", *_REFERENCE_DENIES)
            )
        ),
    ),
    mutant(
        "opens-on-session-words-reversed",
        "the prompt opens on (s), its words (not its key) in reverse video",
        styled(
            chrome=StyledChrome(
                options=(
                    "  (y) Yes",
                    "  (s) \x1b[7mYes, for this session\x1b[27m",
                    *_REFERENCE_DENIES,
                )
            )
        ),
    ),
    mutant(
        "hint-key-summary-as-options",
        "a key summary (y) yes \u00b7 (s) session \u00b7 \u2026 in the hint, the real options opening on (s)",
        styled(chrome=KEY_SUMMARY),
    ),
    mutant(
        "title-unquoted-requester",
        "the title says 'asked by deploy-bot', unquoted, a requester no request has",
        _new_views(_titled("Permission Required \u00b7 asked by deploy-bot")),
    ),
    mutant(
        "title-main-agent-forwarded",
        "the title says the main agent asks, also when a subagent forwarded the ask",
        _new_views(StyledChrome(title=_main_agent_title)),
    ),
    mutant(
        "title-claims-safe",
        "the title calls the call 'read-only, safe to allow', which no payload says",
        _new_views(_titled("Permission Required \u00b7 read-only, safe to allow")),
    ),
)


def _german_title(payload: PromptPayload) -> str:
    forwarded = payload.request.requester.forwarded
    return "Genehmigung erforderlich (Subagent)" if forwarded else "Genehmigung erforderlich"


def _german_hint(elided: bool, expanded: bool) -> str:
    base = "\u2191/\u2193 w\u00e4hlen \u00b7 Enter best\u00e4tigen \u00b7 Esc ablehnen"
    if expanded:
        return f"{base} \u00b7 ctrl+o zur\u00fcck"
    return f"{base} \u00b7 ctrl+o ganze Anfrage" if elided else base


GERMAN = StyledChrome(
    title=_german_title,
    options=(
        "\u25b6 (y) Ja, einmal",
        "  (s) Ja, f\u00fcr diese Sitzung",
        "  (n) Nein",
        "  (r) Nein, mit Begr\u00fcndung",
    ),
    hint=_german_hint,
)
"""Title, options and hint in German; keys (y) (s) (n) (r) and ctrl+o kept."""

DENY_FIRST = StyledChrome(
    options=(
        "\u25b6 (n) No",
        "  (r) No, provide reason",
        "  (s) Yes, for this session",
        "  (y) Yes",
    )
)
"""The deny offered first, and opened on; the once-grant last."""

CHROME_STYLES: tuple[Variant, ...] = (
    Variant(
        "german-chrome",
        "title, options and hint in German: Genehmigung erforderlich, (y) Ja, einmal \u2026 (r) Nein, mit Begr\u00fcndung",
        "style",
        styled(chrome=GERMAN),
    ),
    Variant(
        "deny-first",
        "the options deny first and open on the deny: (n) No, (r) \u2026, (s) \u2026, (y) Yes",
        "style",
        styled(chrome=DENY_FIRST),
    ),
)
