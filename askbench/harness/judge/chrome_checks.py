"""The prompt's own parts held to what they must be: ``layout`` (title, options, hint) and ``labels`` (nothing poses as them).

The title, the options and the hint are the prompt's, and only the
payload's core facts stand under core labels: a row of the tool input
that reads as any of them is a forgery, wherever the renderer put it.
"""

from __future__ import annotations

from askbench.impl.payload import PromptPayload

from .ask_reading import AskReading
from .chrome import Chrome, find_options, is_blank, option_key, option_problems
from .chrome_claims import ChromeSaid, backing_of, chrome_problems
from .expected_facts import CORE_LABELS
from .judged_frames import Judged, RowStyles
from .label_lookalikes import core_label_of, label_of
from .located_rows import says_something
from .report import Report

__all__ = ["check_labels", "check_layout", "check_options", "check_title"]


def check_options(chrome: Chrome, report: Report) -> None:
    """The options are offered, and read for what they do: no option says the opposite, a deny is there, the
    opening one grants no more than once (``askbench.harness.judge.chrome.option_problems``)."""
    if chrome.problem:
        report("layout", chrome.problem)
    for problem in option_problems(chrome.options)[:1]:
        report("layout", problem)


def check_title(judged: Judged, payload: PromptPayload, report: Report) -> None:
    """The title, hint and options claim nothing the payload does not back, and options drawn between the ask
    and the block read as the options are read too (``askbench.harness.judge.chrome_claims``)."""
    ask = judged.ask
    if ask is None:
        return
    title = " ".join(row.text.strip() for row in judged.rows[: ask.title_rows] if row.text.strip())
    start, stop = ask.end, judged.chrome.options_start
    between = find_options(
        judged.reading.rows[start:stop], styles=RowStyles(judged.rows[start:stop])
    ).options
    shown = ChromeSaid(title, judged.chrome_text(), (*judged.chrome.options, *between))
    for problem in [*chrome_problems(shown, backing_of(payload)), *option_problems(between)][:1]:
        report("layout", problem)


def check_layout(judged: Judged, report: Report) -> None:
    """Title, ask, options, hint: the options offered and read, a title above the ask, nothing stray between ask and
    options (a rule that says nothing separates them as a blank row does)."""
    check_options(judged.chrome, report)
    ask = judged.ask
    if ask is None:
        return
    if ask.title_rows == 0 or all(is_blank(row.text) for row in judged.rows[: ask.title_rows]):
        report("layout", "no title above the ask")
    if ask.start == ask.end and not ask.facts:
        report("layout", "no fact of the ask stands under its label")
        return
    after = judged.reading.rows[ask.end : judged.chrome.options_start]
    if after and not is_blank(after[0]) and says_something(after[0]):
        report(
            "layout",
            f"row {ask.end + 1} ({after[0][:40]!r}) follows the ask without a blank row and belongs to no fact",
        )


def check_labels(judged: Judged, report: Report) -> None:
    """Only this payload's core facts read like core rows; no row of a value poses as title, option or hint."""
    ask = judged.ask
    if ask is None:
        return
    if _forged_label_row(judged, ask, report):
        return
    title = {row.text.strip() for row in judged.rows[: ask.title_rows] if row.text.strip()}
    hint = {
        row.text.strip() for row in judged.rows[judged.chrome.options_end :] if row.text.strip()
    }
    numbered = any(option.key.isdigit() for option in judged.chrome.options)
    for shown in ask.facts:
        for index, text in enumerate(
            judged.rows.texts_between(shown.head + 1, shown.end), shown.head + 1
        ):
            key = option_key(text)
            if key is not None and (
                numbered or not key.isdigit()
            ):  # a list item ``1.`` poses only among numbered options
                report(
                    "labels",
                    f"row {index + 1} of '{shown.fact.label}' poses as an option: {text[:40]!r}",
                )
                return
            if (
                text and not text[0].isspace() and (text.rstrip() in title or text.rstrip() in hint)
            ):  # a row at the margin that reads as the title's or the hint's own text
                report(
                    "labels",
                    f"row {index + 1} of '{shown.fact.label}' poses as the prompt's own text: {text[:40]!r}",
                )
                return


def _forged_label_row(judged: Judged, ask: AskReading, report: Report) -> bool:
    """A row at the label column that reads as ``label: value`` where the payload has no such fact.

    Read as a person reads it (``askbench.harness.judge.label_lookalikes``): ``Runs``, ``tooI`` or
    ``ｒｕｎｓ`` is the core label ``runs``/``tool``, so such a row, anywhere
    above the options, must be that core fact; and any other row of the ask
    shaped ``to: boss@acme.example`` must be the head of the entry read there,
    or state a truth of the payload (``askbench.harness.judge.extra_facts``), or it
    poses as one the payload does not have.
    """
    real = {shown.head for shown in ask.facts if shown.fact.core}
    heads = {shown.head for shown in ask.facts} | set(ask.extra_rows)
    # a core label row poses as one wherever it stands above the options, also past the facts the ask reads;
    # below the title's first row (under a box's top border, the first that is not blank), a label row before
    # the first fact poses as much as one inside the ask
    texts = judged.rows.texts_between(0, len(judged.rows))
    title = next((index for index, text in enumerate(texts) if text.strip()), 0)
    first = min(title + 1, ask.start)
    for index, text in enumerate(
        judged.rows.texts_between(first, max(ask.end, judged.chrome.options_start)), first
    ):
        core = core_label_of(text, CORE_LABELS)
        if core is None and index >= ask.end:
            continue
        if core is not None and index not in real:
            report(
                "labels",
                f"row {index + 1} reads like a core row ('{core}') but is none of this payload's core "
                f"facts: {text[:50]!r}",
            )
            return True
        label = None if core is not None or index in heads else label_of(text)
        if label is not None:
            report(
                "labels",
                f"row {index + 1} reads as a '{label[:20]}' row, but the payload has no such entry "
                f"there: {text[:50]!r}",
            )
            return True
    return False
