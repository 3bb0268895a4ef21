"""Mutants of the label namespace and of what a call reaches: each one defect a person would care about.

Each is the reference with the defect put back that issue 21 (items 3 and 4)
and issue 28 (item 7) took out: a key that reads as a core label stands in
the label column, the key the adapter ignores names the target or reads as an argument, an integer
is shown as JavaScript rounds it without saying so, an ``xd://`` path that
names no device reads as one, a line of a value stands at the label column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from unittest import mock

from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Frame
from askbench.impl.label_fold import fold_label, folded_prefix
from askbench.impl.payload import CORE_LABELS, PromptPayload, build_payload

from ..corpus import Fixture
from ..protocol import View
from .mutants import _SGR, ask_of, reference_frame, with_ask
from .variant import Variant

__all__ = ["REACH_MUTANTS"]

_QUOTED_KEY = re.compile(r'("(?:[^"\\]|\\.)*"): ')
_JS_READS = re.compile(r"(-?\d+) \(a JavaScript host reads ([^)]+)\)")
_LABEL_ROW_SHAPE = re.compile(r"\s+([^\s:][^:]*?) *: ")


def _unfolded(label: str) -> bool:
    """The namespace before folding: only a label spelled exactly as a core label poses as one."""
    return re.match(r"(?:%s) *(?::|$)" % "|".join(sorted(CORE_LABELS, key=len, reverse=True)), label) is not None


def case_sensitive_labels(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                          budget: DialogBudget) -> Frame:
    """Keys and ask evidence labels compared with the core labels as spelled: ``Runs`` and ``tooI`` keep the label column."""
    if fixture is None or view == "legacy":
        return reference_frame(payload, view, budget)
    with mock.patch("askbench.impl.payload.poses_as_core", _unfolded):
        rebuilt = build_payload(fixture.call, fixture.ask)
    return reference_frame(rebuilt, view, budget)


def _folded_only(label: str) -> bool:
    """The namespace folded by skeleton and case alone: a key one letter from a core label is not read as it."""
    return folded_prefix(CORE_LABELS).match(fold_label(label)) is not None


def one_edit_labels_kept(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                         budget: DialogBudget) -> Frame:
    """Keys one letter from a core label once folded (``targeI`` folds to ``targel``) keep the label column."""
    if fixture is None or view == "legacy":
        return reference_frame(payload, view, budget)
    with mock.patch("askbench.impl.payload.poses_as_core", _folded_only):
        rebuilt = build_payload(fixture.call, fixture.ask)
    return reference_frame(rebuilt, view, budget)


def ignored_server_as_target(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                             budget: DialogBudget) -> Frame:
    """The ``server`` key a namespace proxy ignores names the target (``scratch-sqlite_query`` for ``mcp__postgres``)."""
    ignored = next((entry.text for entry in payload.evidence if entry.label == "ignored"
                    and entry.text.startswith('"server": ')), None)
    tool_input = fixture.call.get("input") if fixture is not None else None
    tool = tool_input.get("tool") if isinstance(tool_input, Mapping) else None
    if ignored is None or not isinstance(tool, str):
        return reference_frame(payload, view, budget)
    target = ignored.removeprefix('"server": ') + f"_{tool}"
    request = replace(payload.request, value=target)
    evidence = tuple(entry for entry in payload.evidence if entry.label != "ignored")
    return reference_frame(replace(payload, request=request, evidence=evidence, flagged=(target,)), view, budget)


def ignored_keys_as_arguments(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                              budget: DialogBudget) -> Frame:
    """A key the adapter never passes on shown under its own label, as if it were one of the tool's arguments."""
    evidence = []
    for entry in payload.evidence:
        quoted = _QUOTED_KEY.match(entry.text) if entry.label == "ignored" else None
        evidence.append(replace(entry, label=json.loads(quoted.group(1)), text=entry.text[quoted.end():])
                        if quoted else entry)
    return reference_frame(replace(payload, evidence=tuple(evidence)), view, budget)


def _rounded(text: str) -> str:
    return _JS_READS.sub(lambda match: match.group(2), text)


def rounded_integers_unsaid(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                            budget: DialogBudget) -> Frame:
    """An integer past ±2^53 − 1 shown as the JavaScript host rounds it, without saying that it was rounded."""
    evidence = tuple(replace(entry, text=_rounded(entry.text), brief=entry.brief and _rounded(entry.brief))
                     for entry in payload.evidence)
    return reference_frame(replace(payload, evidence=evidence), view, budget)


def xd_path_as_sent(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                    budget: DialogBudget) -> Frame:
    """An ``xd://`` path that names no device shown as sent, where it reads as a device, not as the file it reaches."""
    sent = next((entry.text for entry in payload.evidence if entry.label == "path as sent"), None)
    if sent is None:
        return reference_frame(payload, view, budget)
    request = replace(payload.request, value=sent)
    evidence = tuple(entry for entry in payload.evidence if entry.label != "path as sent")
    return reference_frame(replace(payload, request=request, evidence=evidence, flagged=(sent,)), view, budget)


def label_shaped_lines_at_column_0(payload: PromptPayload, fixture: Fixture | None, view: View, width: int,
                                   budget: DialogBudget) -> Frame:
    """A value's own line that reads ``label: value`` (``to: boss@acme.example``) loses its indent and stands at the label column."""
    frame = reference_frame(payload, view, budget)
    if view == "legacy":
        return frame
    return with_ask(frame, [row.lstrip(" ") if _LABEL_ROW_SHAPE.match(_SGR.sub("", row)) else row
                            for row in ask_of(frame)])


_LABEL_FIXTURES = ("adversarial/bash-input-keys-case-and-confusables-pose-as-core-rows",
                   "adversarial/forwarded-ask-evidence-labels-fold-to-core-labels")
_INTEGER_FIXTURES = ("adversarial/mcp-issue-number-above-max-safe-integer-rounds-in-javascript",
                     "xdev/xdev-write-device-content-id-past-max-safe-integer",
                     "adversarial/mcp-args-json-string-ids-past-2-63-round-in-javascript")
_XD_FIXTURES = ("xdev/xdev-write-path-traversal-names-no-device-authorized-keys",
                "xdev/xdev-read-path-with-slash-names-no-device-etc-shadow")

REACH_MUTANTS: tuple[Variant, ...] = (
    Variant("case-sensitive-labels", "keys and evidence labels that read as core labels only once folded (Runs, tooI, "
            "ＣＯＭＭＡＮＤ) keep the label column", "mutant", case_sensitive_labels, ("labels",), _LABEL_FIXTURES),
    Variant("one-edit-labels-kept", "keys one letter from a core label once folded (targeI, comand, agentt) keep the "
            "label column", "mutant", one_edit_labels_kept, ("labels",),
            ("adversarial/bash-input-keys-one-letter-from-core-labels-pose-as-core-rows",)),
    Variant("ignored-server-as-target", "the server key the namespace proxy ignores names the target",
            "mutant", ignored_server_as_target, ("core", "highlight", "verbatim"),
            ("adversarial/mcp-namespace-proxy-server-key-ignored-runs-on-postgres",)),
    Variant("ignored-keys-as-arguments", "a key the adapter never passes on shown under its own label, as an argument",
            "mutant", ignored_keys_as_arguments, ("evidence", "verbatim"),
            ("adversarial/mcp-gateway-merge-method-beside-args-never-reaches-the-tool",
             "adversarial/mcp-namespace-proxy-install-action-ignored-calls-the-tool")),
    Variant("rounded-integers-unsaid", "an integer past ±2^53 − 1 shown as a JavaScript host rounds it, unsaid",
            "mutant", rounded_integers_unsaid, ("evidence", "verbatim"), _INTEGER_FIXTURES),
    Variant("xd-path-as-sent", "an xd:// path that names no device shown as sent, as if a device",
            "mutant", xd_path_as_sent, ("core", "highlight", "evidence", "verbatim"), _XD_FIXTURES),
    Variant("label-lines-at-column-0", "a value's line that reads 'label: value' stands at the label column",
            "mutant", label_shaped_lines_at_column_0, ("labels",),
            ("mcp/gmail-send-email-body-line-reads-as-a-recipient",)),
)
