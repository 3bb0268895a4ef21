"""Mutants of the label namespace and of what a call reaches: each one defect a person would care about.

Each is the reference with one such defect in it: a key that reads as a core label stands in
the label column, the key the adapter ignores names the target or reads as an argument, an integer
is shown as JavaScript rounds it without saying so, an ``xd://`` path that
names no device reads as one, a line of a value stands at the label column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace

from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Frame
from askbench.impl.label_fold import fold_label, folded_prefix
from askbench.impl.payload import CORE_LABELS, PromptPayload, build_payload

from ...fixtures.loading import Fixture
from ...judge.what_runs import watched_beyond, watched_reading
from ...terms import View
from .definition import Variant, mutant, patched_impl
from .mutants import _SGR, ask_of, reference_frame, with_ask

__all__ = ["REACH_MUTANTS"]

_QUOTED_KEY = re.compile(r'("(?:[^"\\]|\\.)*"): ')
_JS_READS = re.compile(r"(-?\d+) \(a JavaScript host reads ([^)]+)\)")
_LABEL_ROW_SHAPE = re.compile(r"\s+([^\s:][^:]*?) *: ")


def _unfolded(label: str) -> bool:
    """The namespace before folding: only a label spelled exactly as a core label poses as one."""
    return (
        re.match(rf"(?:{'|'.join(sorted(CORE_LABELS, key=len, reverse=True))}) *(?::|$)", label)
        is not None
    )


def case_sensitive_labels(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """Keys and ask evidence labels compared with the core labels as spelled: ``Runs`` and ``tooI`` keep the label column."""
    if fixture is None or view == "legacy":
        return reference_frame(payload, view, budget)
    with patched_impl("askbench.impl.payload.poses_as_core", _unfolded):
        rebuilt = build_payload(
            fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
        )
    return reference_frame(rebuilt, view, budget)


def _folded_only(label: str) -> bool:
    """The namespace folded by skeleton and case alone: a key one letter from a core label is not read as it."""
    return folded_prefix(CORE_LABELS).match(fold_label(label)) is not None


def one_edit_labels_kept(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """Keys one letter from a core label once folded (``targeI`` folds to ``targel``) keep the label column."""
    if fixture is None or view == "legacy":
        return reference_frame(payload, view, budget)
    with patched_impl("askbench.impl.payload.poses_as_core", _folded_only):
        rebuilt = build_payload(
            fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
        )
    return reference_frame(rebuilt, view, budget)


def ignored_server_as_target(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The ``server`` key a namespace proxy ignores names the target (``scratch-sqlite_query`` for ``mcp__postgres``)."""
    ignored = next(
        (
            entry.text
            for entry in payload.evidence
            if entry.label == "ignored" and entry.text.startswith('"server": ')
        ),
        None,
    )
    tool_input = fixture.call.get("input") if fixture is not None else None
    tool = tool_input.get("tool") if isinstance(tool_input, Mapping) else None
    if ignored is None or not isinstance(tool, str):
        return reference_frame(payload, view, budget)
    target = ignored.removeprefix('"server": ') + f"_{tool}"
    request = replace(payload.request, value=target)
    evidence = tuple(entry for entry in payload.evidence if entry.label != "ignored")
    return reference_frame(
        replace(payload, request=request, evidence=evidence, flagged=(target,)), view, budget
    )


def ignored_keys_as_arguments(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """A key the adapter never passes on shown under its own label, as if it were one of the tool's arguments."""
    evidence = []
    for entry in payload.evidence:
        quoted = _QUOTED_KEY.match(entry.text) if entry.label == "ignored" else None
        evidence.append(
            replace(entry, label=json.loads(quoted.group(1)), text=entry.text[quoted.end() :])
            if quoted
            else entry
        )
    return reference_frame(replace(payload, evidence=tuple(evidence)), view, budget)


def _rounded(text: str) -> str:
    return _JS_READS.sub(lambda match: match.group(2), text)


def rounded_integers_unsaid(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """An integer past ±2^53 − 1 shown as the JavaScript host rounds it, without saying that it was rounded."""
    evidence = tuple(
        replace(entry, text=_rounded(entry.text), brief=entry.brief and _rounded(entry.brief))
        for entry in payload.evidence
    )
    return reference_frame(replace(payload, evidence=evidence), view, budget)


def xd_path_as_sent(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """An ``xd://`` path that names no device shown as sent, where it reads as a device, not as the file it reaches."""
    sent = next((entry.text for entry in payload.evidence if entry.label == "path as sent"), None)
    if sent is None:
        return reference_frame(payload, view, budget)
    request = replace(payload.request, value=sent)
    evidence = tuple(entry for entry in payload.evidence if entry.label != "path as sent")
    return reference_frame(
        replace(payload, request=request, evidence=evidence, flagged=(sent,)), view, budget
    )


def label_shaped_lines_at_column_0(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """A value's own line that reads ``label: value`` (``to: boss@acme.example``) loses its indent and stands at the label column."""
    frame = reference_frame(payload, view, budget)
    if view == "legacy":
        return frame
    return with_ask(
        frame,
        [
            row.lstrip(" ") if _LABEL_ROW_SHAPE.match(_SGR.sub("", row)) else row
            for row in ask_of(frame)
        ],
    )


REACH_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "case-sensitive-labels",
        "keys and evidence labels that read as core labels only once folded (Runs, tooI, "
        "ＣＯＭＭＡＮＤ) keep the label column",
        case_sensitive_labels,
    ),
    mutant(
        "one-edit-labels-kept",
        "keys one letter from a core label once folded (targeI, comand, agentt) keep the "
        "label column",
        one_edit_labels_kept,
    ),
    mutant(
        "ignored-server-as-target",
        "the server key the namespace proxy ignores names the target",
        ignored_server_as_target,
    ),
    mutant(
        "ignored-keys-as-arguments",
        "a key the adapter never passes on shown under its own label, as an argument",
        ignored_keys_as_arguments,
    ),
    mutant(
        "rounded-integers-unsaid",
        "an integer past ±2^53 − 1 shown as a JavaScript host rounds it, unsaid",
        rounded_integers_unsaid,
    ),
    mutant(
        "xd-path-as-sent",
        "an xd:// path that names no device shown as sent, as if a device",
        xd_path_as_sent,
    ),
    mutant(
        "label-lines-at-column-0",
        "a value's line that reads 'label: value' stands at the label column",
        label_shaped_lines_at_column_0,
    ),
)
