"""A matrix's failures as findings: one per defect, as a CLI's developers would take a bug report.

One defect shows in many cells — three widths, several fixtures — and a
matrix lists each; a finding is the cells that fail the same invariant of
the same CLI at the same version for the same reason, the reason read with
what it quotes and counts set aside (``normalised``: ``'rm -rf build'`` and
``'git push'`` not on the prompt are one defect, the start of the input
left out). Each carries what reproduces it: the call, the CLI's
configuration (secrets masked), the screens kept and the bytes its verdict
rests on, from its first cell, and a paragraph that says it all in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..terms import Invariant
from .driver import USER_PROMPT
from .matrix import AgentMatrix
from .profiles import Profile
from .tmux import HEIGHT
from .verdicts import Verdict

__all__ = [
    "FindingCell",
    "AgentFinding",
    "findings",
    "normalised",
    "configuration",
    "PLACES",
    "WHAT",
]

_QUOTED = re.compile(r"(?<!\w)(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?!\w)")
"""A quoted text, as ``repr`` writes it: a quote that opens after a letter is an apostrophe (``the CLI's``)."""
_NUMBER = re.compile(r"\d+")
_LEAK = re.compile(r"(?:a lone ESC \(of …, the rest drawn as text\)|…) in …")
"""A control found written, and where: the lone ESC of a sequence and a whole one are one defect."""
_LIST = re.compile(r"…(?:[,;] …)+")
_SECRET_NAME = re.compile(r"(?i)key|token|secret|password")
_SECRET_VALUE = re.compile(
    r"(?i)((?:api_?key|token|secret|password)[\"']?\s*[:=]\s*[\"'])[^\"']*([\"'])"
)
MASKED = "***"

PLACES: tuple[tuple[str, str], ...] = (
    (
        "{base_url}",
        "the model server's address (127.0.0.1, any OpenAI/Anthropic/Gemini-compatible server "
        "that answers the first turn with the tool call below)",
    ),
    ("{home}", "a fresh, empty HOME"),
    ("{work}", "an empty working folder, the CLI's current folder"),
    ("{python}", "a Python 3.11+ interpreter"),
    ("{prompt}", "the user's turn, " + repr(USER_PROMPT)),
    ("{tools}", "the tools a stand-in offers its model"),
    ("{mcp_server}", "the MCP server the call names"),
    (
        "{mcp_record}",
        "that server's recorded tools/list (corpus/mcp/servers/), served by "
        "askbench.harness.agents.fake_mcp",
    ),
)
"""What the configuration's placeholders stand for, said beside it."""

WHAT: Mapping[str, str] = {
    "containment": "a control sequence of the tool input reaches the terminal as written, so the input can "
    "redraw the prompt the user decides on",
    "core": "the prompt leaves out, or misrepresents, a fact the user decides on",
    "runs": "a command the shell would run is not on the prompt",
    "expect": "a piece of the call that must show is not on the prompt",
    "rows": "the prompt is taller than the terminal: its head is pushed off screen",
    "layout": "the prompt shows no option to deny the call",
    "elision": "the prompt leaves part of the input out without saying so, or without a way to see it",
    "legible": "text of the prompt is concealed or too faint to read on some theme",
    "fit": "the CLI draws rows wider than the terminal, which wraps them and breaks its layout",
    "monotone": "a wider terminal shows less of the input than a narrower one",
}
"""Each invariant's defect in a CLI developer's words."""


def normalised(message: str) -> str:
    """A reason with what it quotes and counts set aside, so the same defect on other input reads the same."""
    return _LIST.sub("…", _LEAK.sub("…", _NUMBER.sub("N", _QUOTED.sub("…", message))))


def configuration(profile: Profile) -> tuple[tuple[str, str], ...]:
    """How the driver starts the CLI: its command line, environment and seeded files, secrets masked."""
    command = " ".join([profile.bin, *profile.argv])
    env = "\n".join(
        f"{name}={MASKED if _SECRET_NAME.search(name) else value}"
        for name, value in profile.env.items()
    )
    files = tuple(
        (
            f"file {'' if place.startswith('work/') else '~/'}{place}",
            _SECRET_VALUE.sub(rf"\1{MASKED}\2", text),
        )
        for place, text in profile.files.items()
    )
    install = f"npm install {profile.spec}" if profile.package else "(a stand-in of askbench's own)"
    return (("install", install), ("command", command), ("environment", env or "(none)"), *files)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


@dataclass(frozen=True)
class FindingCell:
    fixture: str
    width: int
    message: str


@dataclass(frozen=True)
class AgentFinding:
    label: str
    spec: str
    invariant: Invariant
    reason: str
    """The reason as ``normalised`` reads it: what the cells share."""
    cells: tuple[FindingCell, ...]
    example: Verdict
    """The first cell's verdict, whose exhibit the finding shows."""
    configuration: tuple[tuple[str, str], ...]

    @property
    def fixtures(self) -> tuple[str, ...]:
        return tuple(sorted({cell.fixture for cell in self.cells}))

    @property
    def widths(self) -> tuple[int, ...]:
        return tuple(sorted({cell.width for cell in self.cells}))

    @property
    def paragraph(self) -> str:
        """The finding as a CLI developer could file it: the defect, where it shows, one case of it, how to see it."""
        first = self.cells[0]
        widths = ", ".join(map(str, self.widths))
        many = len(self.fixtures)
        return (
            f"{self.label} {self.spec}: {WHAT.get(self.invariant, self.invariant)}. "
            f"It shows in {_count(len(self.cells), 'cell')}: {_count(many, 'fixture')} "
            f"at {'width' if len(self.widths) == 1 else 'widths'} {widths}. "
            f"For example, on {first.fixture} in a {first.width}x{HEIGHT} terminal: {first.message}. "
            f"To see it, start the CLI as configured below in a {first.width}x{HEIGHT} terminal against a model "
            "server that answers the first turn with the tool call below; the screens are what it drew, and the "
            "bytes quoted are what it wrote where the verdict looked."
        )


def _failing(
    matrix: AgentMatrix, profile: Profile
) -> dict[tuple[Invariant, str], list[tuple[FindingCell, Verdict]]]:
    """The CLI's failing cells by defect (invariant, normalised reason), each cell once per defect."""
    groups: dict[tuple[Invariant, str], list[tuple[FindingCell, Verdict]]] = {}
    for fixture in matrix.fixtures:
        for width in matrix.widths:
            verdict = matrix.cell(profile.name, fixture, width)
            for failure in verdict.failures if verdict else ():
                found = groups.setdefault((failure.invariant, normalised(failure.message)), [])
                if verdict and not (found and found[-1][1] is verdict):
                    found.append((FindingCell(fixture, width, failure.message), verdict))
    return groups


def findings(matrix: AgentMatrix) -> tuple[AgentFinding, ...]:
    """Every failing cell in one finding: by CLI in the matrix's order, then the most cells first."""
    out: list[AgentFinding] = []
    for profile in matrix.profiles:
        ranked = sorted(
            _failing(matrix, profile).items(), key=lambda item: (-len(item[1]), item[0])
        )
        out.extend(
            AgentFinding(
                profile.label,
                profile.spec,
                invariant,
                reason,
                tuple(cell for cell, _ in found),
                found[0][1],
                configuration(profile),
            )
            for (invariant, reason), found in ranked
        )
    return tuple(out)
