"""What a prompt must show, derived by the judge from the payload alone.

The renderer's own list of lines (``askbench.impl.dialog.core_facts``) is a layout
decision, and a judge that reused it would pass whatever the renderer chose.
This module states the seed's rules (seed 003, "Core-line rules, by fact")
again, independently, as the facts a sound renderer must show and the
freedom it has: a fact another line already states *may* be omitted (the
surface when it is the tool or the value's label, ``runs`` when it repeats the
value), a tool invoked under its own name may say so or not, a nested
command context may read as words or as its identifier. Labels are the
contract; layout is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from askbench.impl.payload import PromptPayload

CORE_LABELS = frozenset(
    {
        "agent",
        "subagent",
        "tool",
        "surface",
        "rule",
        "command",
        "path",
        "target",
        "skill",
        "runs",
        "context",
        "shape",
    }
)
"""Every label a core fact can stand under. Nothing else on screen may read like one of them."""

ARROW = " \u2192 "
"""Evidence with a detail reads ``text → detail`` on one line, so an elision never separates them."""

_CONTEXT_WORDS = {
    "command_substitution": "command substitution",
    "process_substitution": "process substitution",
    "subshell": "subshell",
}


@dataclass(frozen=True)
class ExpectedFact:
    """One labelled fact: its label, the texts it may read (raw, as the payload has them), and the freedom it has."""

    label: str
    texts: tuple[str, ...]
    core: bool
    optional: bool = False
    detail: str | None = None
    """Evidence only: what the text resolves to, on the same line after ``ARROW``."""
    brief: str | None = None
    """Evidence only: what the bounded view may show instead, the value a core line already caps left out."""
    flagged: bool = False
    """The value line: painted whole when the renderer paints at all."""
    value: bool = False
    """The request's value, the text a person approves: the one fact that may stand unlabelled under the
    header (``askbench.harness.judge.unlabelled``); every other fact is known by its label."""

    @property
    def text(self) -> str:
        return self.texts[0]


def _requester(payload: PromptPayload) -> list[ExpectedFact]:
    requester = payload.request.requester
    if requester.forwarded:
        name = requester.agent_name or "unknown"
        text = f"{name} \u00b7 session {requester.session_id}" if requester.session_id else name
        return [ExpectedFact("subagent", (text,), core=True)]
    if requester.agent_name:
        return [ExpectedFact("agent", (requester.agent_name,), core=True)]
    return []


def expected_core(payload: PromptPayload) -> list[ExpectedFact]:
    """The core facts in the seed's order: requester, tool, surface, rule, value, shape, runs, context."""
    request = payload.request
    facts = _requester(payload)
    if request.tool_name:
        invoked = request.invoked_tool_name
        plain = request.tool_name
        if invoked and invoked != plain:
            texts: tuple[str, ...] = (f"{plain} (invoked as {invoked})",)
        elif invoked:
            texts = (plain, f"{plain} (invoked as {invoked})")
        else:
            texts = (plain,)
        facts.append(ExpectedFact("tool", texts, core=True))
    if request.surface:
        stated = request.surface in (request.tool_name, request.value_label)
        facts.append(ExpectedFact("surface", (request.surface,), core=True, optional=stated))
    if request.matched_pattern:
        facts.append(ExpectedFact("rule", (request.matched_pattern,), core=True))
    value_shown = bool(request.value) and request.value != request.tool_name
    if value_shown:
        # flagged when the payload flags it: an external-directory ask flags the paths it reaches, forwarded or not
        facts.append(
            ExpectedFact(
                request.value_label,
                (request.value,),
                core=True,
                flagged=request.value in payload.flagged,
                value=True,
            )
        )
    if request.shape:
        # a command's outline (what it runs, its bodies collapsed): a renderer that does not derive it may omit it
        facts.append(ExpectedFact("shape", (request.shape,), core=True, optional=True))
    if request.executed_unit:
        repeats = value_shown and request.executed_unit == request.value
        facts.append(ExpectedFact("runs", (request.executed_unit,), core=True, optional=repeats))
    if request.command_context:
        words = _CONTEXT_WORDS.get(request.command_context)
        texts = (words, request.command_context) if words else (request.command_context,)
        facts.append(ExpectedFact("context", texts, core=True))
    return facts


def expected_evidence(payload: PromptPayload) -> list[ExpectedFact]:
    return [
        ExpectedFact(entry.label, (entry.text,), core=False, detail=entry.detail, brief=entry.brief)
        for entry in payload.evidence
    ]


def expected_facts(payload: PromptPayload) -> list[ExpectedFact]:
    return expected_core(payload) + expected_evidence(payload)
