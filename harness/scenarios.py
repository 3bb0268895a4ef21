"""Keystroke scenarios: a fixture, a key script, the screen at checkpoints, the decision.

Scenarios are corpus data (``corpus/scenarios/*.json``) so an interaction bug
is reproduced by adding a file, not a test. Each checkpoint is read back
from a pyte terminal below a transcript, as :mod:`harness.terminal` does for
the gate, so a scenario asserts what a person sees, not what the component
claims. A decision that arrives before the script's last key is a failure:
it is how the "expand never settles" rule is checked.

Scenario fields:

- ``description``; ``fixture``: a path relative to ``corpus/``;
  ``ask``: optional keys merged over the fixture's ``ask`` (e.g. to forward it);
- ``width``, ``height``: the terminal; ``expandKey``: the binding (default Ctrl+O);
  ``doublePress``: default true;
- ``steps``: ``{"keys": [...], "resize": [w, h], "screen_contains": [...],
  "screen_excludes": [...], "max_rows": N, "expanded": bool}``; a key is a
  literal string or a name such as ``<ctrl+o>``, ``<up>``, ``<pgdn>``, ``<enter>``;
- ``decision``, ``reason``: what the script must end with (``null`` decision: still pending);
- ``hostExpand``: the states the host callback must have received, in order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from impl.keys import key_from_name
from impl.payload import PayloadError, build_payload
from impl.prompt import PermissionPrompt, config_for

from .corpus import BUILTIN_CORPUS, Fixture, load_fixture
from .terminal import read_frame

SCENARIO_DIR = BUILTIN_CORPUS / "scenarios"


@dataclass(frozen=True)
class Step:
    keys: tuple[str, ...] = ()
    resize: tuple[int, int] | None = None
    screen_contains: tuple[str, ...] = ()
    screen_excludes: tuple[str, ...] = ()
    max_rows: int | None = None
    expanded: bool | None = None


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


def _step(raw: object, index: int, path: Path) -> Step:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{path}: steps[{index}]: must be an object")
    known = {"keys", "resize", "screen_contains", "screen_excludes", "max_rows", "expanded"}
    unknown = set(raw) - known
    if unknown:
        raise ScenarioError(f"{path}: steps[{index}]: unknown fields {sorted(unknown)}")
    keys = raw.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(key, str) and key for key in keys):
        raise ScenarioError(f"{path}: steps[{index}].keys: a list of non-empty strings")
    resize = raw.get("resize")
    if resize is not None and not (isinstance(resize, list) and len(resize) == 2 and all(isinstance(v, int) and v > 0 for v in resize)):
        raise ScenarioError(f"{path}: steps[{index}].resize: [width, height]")
    return Step(
        keys=tuple(key_from_name(key) for key in keys),
        resize=(resize[0], resize[1]) if resize else None,
        screen_contains=tuple(raw.get("screen_contains", ())),
        screen_excludes=tuple(raw.get("screen_excludes", ())),
        max_rows=raw.get("max_rows"),
        expanded=raw.get("expanded"),
    )


def load_scenario(path: Path, corpus: Path = BUILTIN_CORPUS) -> Scenario:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ScenarioError(f"{path}: (file): {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: (root): must be an object")
    steps = _require(data, "steps", list, path)
    host = data.get("hostExpand")
    return Scenario(
        path=path,
        name=path.stem,
        description=str(_require(data, "description", str, path)),
        fixture=corpus / str(_require(data, "fixture", str, path)),
        ask=dict(data.get("ask") or {}),
        width=int(data.get("width", 120)),
        height=int(data.get("height", 40)),
        expand_key=key_from_name(str(data.get("expandKey", "<ctrl+o>"))),
        double_press=bool(data.get("doublePress", True)),
        steps=tuple(_step(raw, index, path) for index, raw in enumerate(steps)),  # type: ignore[arg-type]
        decision=data.get("decision"),
        reason=data.get("reason"),
        host_expand=None if host is None else tuple(bool(value) for value in host),
    )


def discover_scenarios(folder: Path = SCENARIO_DIR) -> list[Path]:
    return sorted(folder.glob("*.json"))


def _check_screen(prompt: PermissionPrompt, step: Step, width: int, height: int, where: str) -> list[str]:
    lines = prompt.render(width, height)
    reading = read_frame(lines, width)
    screen = "\n".join(reading.rows)
    failures = []
    if reading.frame_rows != len(lines):
        failures.append(f"{where}: {len(lines)} frame lines took {reading.frame_rows} screen rows")
    limit = min(height, step.max_rows) if step.max_rows else height
    if reading.frame_rows > limit:
        failures.append(f"{where}: frame is {reading.frame_rows} rows, over {limit}")
    if not reading.transcript_intact or reading.cursor_left_frame or reading.foreign_events:
        failures.append(f"{where}: frame left its rows or emitted controls: {reading.foreign_events[:3]}")
    failures.extend(f"{where}: screen lacks {text!r}" for text in step.screen_contains if text not in screen)
    failures.extend(f"{where}: screen shows {text!r}" for text in step.screen_excludes if text in screen)
    if step.expanded is not None and prompt.expanded != step.expanded:
        failures.append(f"{where}: expanded is {prompt.expanded}, expected {step.expanded}")
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


def run_scenario(scenario: Scenario) -> ScenarioResult:
    host: list[bool] = []
    prompt = _prompt_for(scenario, host)
    width, height = scenario.width, scenario.height
    failures: list[str] = []
    total_keys = sum(len(step.keys) for step in scenario.steps)
    pressed = 0
    for index, step in enumerate(scenario.steps):
        if step.resize:
            width, height = step.resize
        prompt.render(width, height)
        for key in step.keys:
            if prompt.decision is not None:
                failures.append(f"steps[{index}]: key {key!r} after the prompt decided {prompt.decision.state}")
            prompt.handle_key(key)
            pressed += 1
            if prompt.decision is not None and pressed < total_keys:
                failures.append(f"steps[{index}]: decided {prompt.decision.state} before the script ended")
        if prompt.decision is None:
            failures.extend(_check_screen(prompt, step, width, height, f"steps[{index}]"))
        elif step.screen_contains or step.screen_excludes or step.expanded is not None:
            failures.append(f"steps[{index}]: a screen checkpoint after the prompt decided")
    decision = prompt.decision
    state = decision.state if decision else None
    reason = decision.denial_reason if decision else None
    if state != scenario.decision:
        failures.append(f"decision: {state}, expected {scenario.decision}")
    if scenario.reason is not None and reason != scenario.reason:
        failures.append(f"reason: {reason!r}, expected {scenario.reason!r}")
    if scenario.host_expand is not None and tuple(host) != scenario.host_expand:
        failures.append(f"host expand calls: {host}, expected {list(scenario.host_expand)}")
    return ScenarioResult(scenario, tuple(dict.fromkeys(failures)), state, reason, tuple(host))
