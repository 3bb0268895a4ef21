"""Keystroke scenarios: a fixture, a key script, the screen at checkpoints, the decision.

Scenarios are corpus data (``corpus/scenarios/*.json``) so an interaction bug
is reproduced by adding a file, not a test. Each checkpoint is read back
from a pyte terminal below a transcript, as :mod:`askbench.harness.terminal` does for
the gate, so a scenario asserts what a person sees, not what the component
claims. A decision that arrives before the script's last key is a failure:
it is how the "expand never settles" rule is checked.

Time is virtual and explicit, because the prompt's rules are about time
(the guard interval after the request appears, pastes that arrive at once):
the prompt's first frame is on screen at 0 s; each step starts ``wait``
seconds after the previous one (default ``STEP_WAIT``, a person reading);
the entries of ``keys`` come ``interval`` apart (``KEY_INTERVAL`` by default:
a person pressing each key anew; less for a held key's auto-repeat), and
each entry is one read of the terminal, parsed by the same
:class:`askbench.impl.keys.InputParser` as ``askbench try``: ``"y"`` is a key,
``"yy"`` a burst (a paste), ``"<paste>yy</paste>"`` a bracketed paste. The
host's idle timeouts apply as in a real terminal (a lone ESC becomes esc
after 50 ms; an unterminated paste ends after 0.5 s of quiet). After every
read the prompt is redrawn, and every frame is checked: **no frame may offer
an approval option without every core fact's first row on screen.**

Scenario fields:

- ``description``; ``fixture``: a path relative to ``corpus/``;
  ``ask``: optional keys merged over the fixture's ``ask`` (e.g. to forward it);
- ``width``, ``height``: the terminal; ``expandKey``: the binding (default Ctrl+O);
  ``doublePress``: default true;
- ``steps``: ``{"wait": seconds, "interval": seconds, "keys": [...], "resize": [w, h], "screen_contains": [...],
  "screen_excludes": [...], "max_rows": N, "expanded": bool, "approval_offered": bool}``;
  a key is a literal string or a name such as ``<ctrl+o>``, ``<up>``, ``<pgdn>``,
  ``<enter>``, ``<paste>``, ``</paste>``;
- ``decision``, ``reason``: what the script must end with (``null`` decision: still pending);
- ``hostExpand``: the states the host callback must have received, in order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from askbench.impl.cells import expand_tabs
from askbench.impl.dialog import core_facts
from askbench.impl.keys import NAMED, InputParser
from askbench.impl.neutralise import neutralise
from askbench.impl.payload import PayloadError, PromptPayload, build_payload
from askbench.impl.prompt import PermissionPrompt, config_for

from .corpus import BUILTIN_CORPUS, Fixture, load_fixture
from .terminal import read_frame

SCENARIO_DIR = BUILTIN_CORPUS / "scenarios"
STEP_WAIT = 1.0
"""Seconds between steps unless a step says ``wait``: long enough to read, well past the guard."""
KEY_INTERVAL = 0.8
"""Seconds between the reads of one step unless it says ``interval``: each key a new press, past the
prompt's repeat window (the same key sooner is that key held, one press)."""
_NAMES = re.compile("|".join(re.escape(name) for name in sorted(NAMED, key=len, reverse=True)))
_VALUE_PREFIX = 6
"""How many characters of a core value's first line must be on screen for its first row to count as shown."""


@dataclass(frozen=True)
class Step:
    keys: tuple[str, ...] = ()
    """Each entry is one read of the terminal, names already replaced by what the terminal sends."""
    wait: float = STEP_WAIT
    interval: float = KEY_INTERVAL
    """Seconds between this step's reads: 0.03 is a held key's auto-repeat, 0.01 a CR and its LF."""
    resize: tuple[int, int] | None = None
    screen_contains: tuple[str, ...] = ()
    screen_excludes: tuple[str, ...] = ()
    max_rows: int | None = None
    expanded: bool | None = None
    approval_offered: bool | None = None


@dataclass(frozen=True)
class Scenario:
    path: Path
    name: str
    description: str
    fixture: Path
    ask: Mapping[str, object]
    width: int
    height: int
    expand_key: str
    double_press: bool
    steps: tuple[Step, ...]
    decision: str | None
    reason: str | None
    host_expand: tuple[bool, ...] | None


@dataclass(frozen=True)
class ScenarioResult:
    scenario: Scenario
    failures: tuple[str, ...]
    decision: str | None
    reason: str | None
    host_expand: tuple[bool, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


class ScenarioError(ValueError):
    """A scenario file that cannot be run, named by path and field."""


def _require(data: Mapping[str, object], key: str, kind: type | tuple[type, ...], path: Path) -> object:
    if key not in data or not isinstance(data[key], kind) or isinstance(data[key], bool) and kind is int:
        raise ScenarioError(f"{path}: {key}: required, of type {kind}")
    return data[key]


_STEP_FIELDS = frozenset({"keys", "wait", "interval", "resize", "screen_contains", "screen_excludes", "max_rows",
                          "expanded", "approval_offered"})


def _keys(raw: Mapping[str, object], where: str) -> tuple[str, ...]:
    keys = raw.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(key, str) and key for key in keys):
        raise ScenarioError(f"{where}.keys: a list of non-empty strings")
    return tuple(_NAMES.sub(lambda match: NAMED[match.group()], key) for key in keys)


def _resize(raw: Mapping[str, object], where: str) -> tuple[int, int] | None:
    resize = raw.get("resize")
    if resize is None:
        return None
    if not (isinstance(resize, list) and len(resize) == 2 and all(isinstance(v, int) and v > 0 for v in resize)):
        raise ScenarioError(f"{where}.resize: [width, height]")
    return resize[0], resize[1]


def _seconds(raw: Mapping[str, object], key: str, default: float, where: str, *, zero: bool) -> float:
    """A step's ``wait`` (``zero`` allowed) or ``interval`` (above zero): a number, never a bool."""
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or value == 0 and not zero:
        raise ScenarioError(f"{where}.{key}: seconds, a number {'>=' if zero else '>'} 0")
    return float(value)


def _step(raw: object, index: int, path: Path) -> Step:
    where = f"{path}: steps[{index}]"
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}: must be an object")
    unknown = set(raw) - _STEP_FIELDS
    if unknown:
        raise ScenarioError(f"{where}: unknown fields {sorted(unknown)}")
    keys = _keys(raw, where)
    resize = _resize(raw, where)
    wait = _seconds(raw, "wait", STEP_WAIT, where, zero=True)
    return Step(
        keys=keys,
        wait=wait,
        interval=_seconds(raw, "interval", KEY_INTERVAL, where, zero=False),
        resize=resize,
        screen_contains=tuple(raw.get("screen_contains", ())),
        screen_excludes=tuple(raw.get("screen_excludes", ())),
        max_rows=raw.get("max_rows"),
        expanded=raw.get("expanded"),
        approval_offered=raw.get("approval_offered"),
    )


def load_scenario(path: Path, corpus: Path = BUILTIN_CORPUS) -> Scenario:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ScenarioError(f"{path}: (file): {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: (root): must be an object")
    steps = _require(data, "steps", list, path)
    assert isinstance(steps, list)
    host = data.get("hostExpand")
    return Scenario(
        path=path,
        name=path.stem,
        description=str(_require(data, "description", str, path)),
        fixture=corpus / str(_require(data, "fixture", str, path)),
        ask=dict(data.get("ask") or {}),
        width=int(data.get("width", 120)),
        height=int(data.get("height", 40)),
        expand_key=NAMED.get(str(data.get("expandKey", "<ctrl+o>")), str(data.get("expandKey"))),
        double_press=bool(data.get("doublePress", True)),
        steps=tuple(_step(raw, index, path) for index, raw in enumerate(steps)),
        decision=data.get("decision"),
        reason=data.get("reason"),
        host_expand=None if host is None else tuple(bool(value) for value in host),
    )


def discover_scenarios(folder: Path = SCENARIO_DIR) -> list[Path]:
    return sorted(folder.glob("*.json"))


def approval_offered(rows: Sequence[str]) -> bool:
    """Whether the screen shows an option that grants: ``(y)``, ``(s)``, or a session-scope row."""
    screen = "\n".join(rows)
    return any(marker in screen for marker in ("(y)", "(s)", "This subagent only", "The whole session"))


def core_missing(payload: PromptPayload, rows: Sequence[str]) -> list[str]:
    """The core facts whose first row is not on screen: the label, and the start of the value's first line."""
    screen = "\n".join(rows)
    missing = []
    for fact in core_facts(payload):
        first_line = expand_tabs(neutralise(fact.text).split("\n", 1)[0])
        start = first_line.strip()[:_VALUE_PREFIX]
        label_shown = any(row.lstrip().startswith(fact.label) and ":" in row for row in rows)
        if not label_shown or start not in screen:
            missing.append(fact.label)
    return missing


def _check_frame(prompt: PermissionPrompt, lines: Sequence[str], width: int, where: str) -> tuple[list[str], list[str]]:
    """The screen rows of one frame, and what is wrong with them whatever the step."""
    reading = read_frame(list(lines), width)
    failures = []
    if reading.frame_rows != len(lines):
        failures.append(f"{where}: {len(lines)} frame lines took {reading.frame_rows} screen rows")
    if not reading.transcript_intact or reading.cursor_left_frame or reading.foreign_events:
        failures.append(f"{where}: frame left its rows or emitted controls: {reading.foreign_events[:3]}")
    if approval_offered(reading.rows):
        missing = core_missing(prompt.payload, reading.rows)
        if missing:
            failures.append(f"{where}: an approval option is on screen without the core facts {missing}")
        if not prompt.request_visible:
            failures.append(f"{where}: an approval option is on screen but the prompt says the request is not")
    return reading.rows, failures


def _check_screen(prompt: PermissionPrompt, step: Step, lines: Sequence[str], width: int, height: int, where: str) -> list[str]:
    rows, failures = _check_frame(prompt, lines, width, where)
    screen = "\n".join(rows)
    limit = min(height, step.max_rows) if step.max_rows else height
    if len(rows) > limit:
        failures.append(f"{where}: frame is {len(rows)} rows, over {limit}")
    failures.extend(f"{where}: screen lacks {text!r}" for text in step.screen_contains if text not in screen)
    failures.extend(f"{where}: screen shows {text!r}" for text in step.screen_excludes if text in screen)
    if step.expanded is not None and prompt.expanded != step.expanded:
        failures.append(f"{where}: expanded is {prompt.expanded}, expected {step.expanded}")
    if step.approval_offered is not None and approval_offered(rows) != step.approval_offered:
        failures.append(f"{where}: approval offered is {approval_offered(rows)}, expected {step.approval_offered}")
    return failures


def _prompt_for(scenario: Scenario, host: list[bool]) -> PermissionPrompt:
    loaded = load_fixture(scenario.fixture)
    if not isinstance(loaded, Fixture):
        raise ScenarioError(f"{scenario.path}: fixture: {loaded}")
    try:
        payload = build_payload(loaded.call, {**loaded.ask, **scenario.ask})
    except PayloadError as error:
        raise ScenarioError(f"{scenario.path}: ask: {error}") from None
    return PermissionPrompt(
        payload,
        config_for(payload, double_press_to_confirm=scenario.double_press),
        max_rows=loaded.max_rows,
        field_max_width=loaded.field_max_width,
        expand_key=scenario.expand_key,
        on_tools_expand=host.append,
    )


class _Session:
    """The host's side of a scenario: a terminal of some size, a virtual clock, the input parser."""

    def __init__(self, prompt: PermissionPrompt, width: int, height: int) -> None:
        self.prompt = prompt
        self.width, self.height = width, height
        self.parser = InputParser()
        self.now = 0.0
        self.last_read = 0.0
        self.failures: list[str] = []
        self.frame = self.draw("open")

    def draw(self, where: str) -> list[str]:
        """Render, check the frame as a person would see it, and tell the prompt it is on screen."""
        lines = self.prompt.render(self.width, self.height)
        if self.prompt.decision is None:
            self.failures.extend(_check_frame(self.prompt, lines, self.width, where)[1])
            self.prompt.shown(self.now)
        self.frame = lines
        return lines

    def idle(self, until: float, where: str) -> None:
        """Time passes with no input: the parser's idle timeout fires if it was waiting."""
        timeout = self.parser.idle_timeout
        if timeout is not None and until - self.last_read >= timeout:
            self.now = self.last_read + timeout
            self.deliver(self.parser.flush(), where)
        self.now = until

    def read(self, data: str, where: str) -> None:
        self.idle(self.now, where)
        self.last_read = self.now
        self.deliver(self.parser.feed(data), where)

    def deliver(self, items: list, where: str) -> None:  # type: ignore[type-arg]
        for item in items:
            if self.prompt.decision is not None:
                self.failures.append(f"{where}: input {item!r} after the prompt decided {self.prompt.decision.state}")
                return
            self.prompt.handle_key(item, at=self.now)
        if items:
            self.draw(where)


def _press(session: _Session, step: Step, where: str, reads_left: int) -> int:
    """Each read of ``step``, ``interval`` apart; a decision before the script's last read fails. The reads left."""
    prompt = session.prompt
    for key_index, data in enumerate(step.keys):
        if key_index:
            session.idle(session.now + step.interval, where)
        if prompt.decision is not None:
            session.failures.append(f"{where}: key {data!r} after the prompt decided {prompt.decision.state}")
        session.read(data, where)
        reads_left -= 1
        if prompt.decision is not None and reads_left:
            session.failures.append(f"{where}: decided {prompt.decision.state} before the script ended")
    return reads_left


def _checkpoint(session: _Session, step: Step, where: str) -> None:
    """The screen after ``step``, held to what the step says it shows; none is left to hold once decided."""
    if session.prompt.decision is None:
        lines = session.draw(where)
        session.failures.extend(_check_screen(session.prompt, step, lines, session.width, session.height, where))
    elif step.screen_contains or step.screen_excludes or step.expanded is not None or step.approval_offered is not None:
        session.failures.append(f"{where}: a screen checkpoint after the prompt decided")


def _outcome_failures(scenario: Scenario, state: str | None, reason: str | None, host: list[bool]) -> list[str]:
    failures = []
    if state != scenario.decision:
        failures.append(f"decision: {state}, expected {scenario.decision}")
    if scenario.reason is not None and reason != scenario.reason:
        failures.append(f"reason: {reason!r}, expected {scenario.reason!r}")
    if scenario.host_expand is not None and tuple(host) != scenario.host_expand:
        failures.append(f"host expand calls: {host}, expected {list(scenario.host_expand)}")
    return failures


def run_scenario(scenario: Scenario) -> ScenarioResult:
    host: list[bool] = []
    session = _Session(_prompt_for(scenario, host), scenario.width, scenario.height)
    reads_left = sum(len(step.keys) for step in scenario.steps)
    for index, step in enumerate(scenario.steps):
        where = f"steps[{index}]"
        session.idle(session.now + step.wait, where)
        if step.resize:
            session.width, session.height = step.resize
            session.draw(f"{where}: resize")
        reads_left = _press(session, step, where, reads_left)
        session.idle(session.now + min(step.interval, KEY_INTERVAL), where)
        _checkpoint(session, step, where)
    session.idle(session.now + 1.0, "end")
    decision = session.prompt.decision
    state = decision.state if decision else None
    reason = decision.denial_reason if decision else None
    failures = [*session.failures, *_outcome_failures(scenario, state, reason, host)]
    return ScenarioResult(scenario, tuple(dict.fromkeys(failures)), state, reason, tuple(host))
