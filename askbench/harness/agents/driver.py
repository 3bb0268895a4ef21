"""Driving one CLI through one fixture at one width: start it, wait for its prompt, expand, page, decline.

Each run has its own temporary HOME and working folder, its own fake model
on a free port and its own tmux server, so runs share nothing and may go in
parallel. What it keeps is what the verdicts need: the screens tmux showed
at each step, the raw byte stream up to each of them, and what the model
was asked and told.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..fixtures.loading import BUILTIN_CORPUS, Fixture
from ..terminals.palettes import PALETTES, Palette
from .answerback import wrapped
from .fake_model import FakeModel
from .profiles import QUIET_ENV, Profile, fill
from .settle import mask, settle
from .tmux import HEIGHT, Tmux
from .toolcall import Intent, ToolCall, intent_of

__all__ = [
    "USER_PROMPT",
    "TERMINAL_THEME",
    "Outcome",
    "Capture",
    "Run",
    "drive",
    "Timing",
    "mcp_record_for",
]

Outcome = Literal["prompt", "refused", "no prompt", "timeout", "unsupported", "crashed"]
REPO = Path(__file__).resolve().parents[3]
MAX_PAGES = 12
MAX_PRE_PROMPTS = 3
STDERR_KEPT = 4000
"""Characters of a crashed CLI's stderr kept with its run: its error is at the end."""
USER_PROMPT = "Run the tool call you were asked for."
"""The user's turn every CLI is started with; CLIs show it above their prompt, so a prompt that hides it is too tall."""
USER_PROMPT_MARK = "\u276f"
"""What a CLI that is typed into (``Profile.typed_prompt``) shows when it is ready for input."""
Take = Callable[[str, Sequence[str]], None]
TERMINAL_THEME: Palette = PALETTES[0]
"""The theme every run's terminal claims when the CLI asks for its colours (``answerback``): xterm's dark default."""


@dataclass(frozen=True)
class Timing:
    """How long to wait at each step, in seconds."""

    start: float = 60.0
    quiet: float = 1.0
    """How long the prompt must stand still before it is taken."""
    step: float = 10.0
    key_quiet: float = 0.6
    """How long a screen must stand still after a key's answer has begun to show."""
    patience: float = 2.0
    """How long a key may go unanswered before it is taken to have done nothing (the last page)."""


@dataclass(frozen=True)
class Capture:
    """One screen: the rows tmux showed and how many bytes of the raw stream had arrived by then."""

    step: str
    rows: tuple[str, ...]
    offset: int


@dataclass(frozen=True)
class Run:
    profile: str
    fixture: str
    width: int
    outcome: Outcome
    captures: tuple[Capture, ...] = ()
    raw: bytes = b""
    call: ToolCall | None = None
    results: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()
    """Every tool name the CLI offered its model, for a call no offered tool fits."""
    notes: tuple[str, ...] = ()
    height: int = HEIGHT
    requests: tuple[str, ...] = ()
    """The path of every request the fake model got, in order."""
    after_call: tuple[str, ...] | None = None
    """The path of every request the fake model got after it sent the call (None: not recorded, an older run),
    to tell a CLI that ended its turn from one whose tool result the fake model could not read."""
    exit_status: int | None = None
    """The CLI's exit status when it exited before asking (128 + N for signal N), else None."""
    stderr: str = ""
    """The end of what the CLI wrote to its stderr, for a CLI that exited before asking."""

    def capture(self, step: str) -> Capture | None:
        return next((capture for capture in self.captures if capture.step == step), None)

    def pages(self) -> list[Capture]:
        return [
            capture for capture in self.captures if capture.step.startswith(("expanded", "page"))
        ]


def mcp_record_for(fixture: Fixture, folder: Path) -> Path:
    """The recorded ``tools/list`` of the fixture's MCP server, or an empty one in ``folder``."""
    server = str(fixture.schema.get("server", ""))
    if server:
        record = BUILTIN_CORPUS / "mcp" / "servers" / f"{server}.json"
        if record.is_file():
            return record
    empty = folder / "empty-mcp.json"
    empty.write_text(json.dumps({"serverInfo": {"name": "empty", "version": "0"}, "tools": []}))
    return empty


def _values(
    model: FakeModel, home: Path, work: Path, intent: Intent | None, record: Path, style_tools: str
) -> dict[str, str]:
    return {
        "base_url": model.base_url,
        "port": str(model.port),
        "home": str(home),
        "work": str(work),
        "python": sys.executable,
        "mcp_server": (intent.server if intent and intent.kind == "mcp" else "") or "fixture",
        "mcp_record": str(record),
        "tools": style_tools,
        "prompt": USER_PROMPT,
    }


def _environment(
    profile: Profile, values: Mapping[str, str], home: Path, bin_dir: Path | None
) -> dict[str, str]:
    path = os.pathsep.join(
        part
        for part in (
            str(bin_dir) if bin_dir else "",
            os.path.dirname(shutil.which("node") or ""),
            os.path.dirname(sys.executable),
            "/usr/local/bin",
            "/usr/bin",
            "/bin",
        )
        if part
    )
    env = {
        **QUIET_ENV,
        "HOME": str(home),
        "PATH": path,
        "PYTHONPATH": str(REPO),
        "TMPDIR": str(home.parent / "tmp"),
    }
    env.update({key: fill(value, values) for key, value in profile.env.items()})
    return env


def _seed(profile: Profile, values: Mapping[str, str], home: Path, work: Path) -> None:
    for relative, text in profile.files.items():
        target = (
            work / relative.removeprefix("work/")
            if relative.startswith("work/")
            else home / relative
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(fill(text, values), encoding="utf-8")


def _tools_for_standin(intent: Intent | None) -> str:
    if intent and intent.kind == "mcp":
        return f"bash,mcp__{intent.server}__{intent.tool}"
    return "bash"


def _offered(model: FakeModel) -> tuple[str, ...]:
    return tuple(
        dict.fromkeys(
            name
            for exchange in model.exchanges
            if exchange.request
            for name in exchange.request.tools
        )
    )


def drive(
    profile: Profile,
    fixture: Fixture,
    width: int,
    bin_dir: Path | None = None,
    timing: Timing = Timing(),
) -> Run:
    """Run ``profile`` on ``fixture`` at ``width`` × 40 and keep what it showed."""
    intent = intent_of(fixture)
    if intent is None:
        return Run(
            profile.name,
            fixture.id,
            width,
            "unsupported",
            notes=(f"no CLI tool fits a '{fixture.call.get('name')}' call",),
        )
    with tempfile.TemporaryDirectory(
        prefix="askbench-agents-", ignore_cleanup_errors=True
    ) as temporary:
        root = Path(temporary)
        home, work = root / "home", root / "work"
        for folder in (home, work, root / "tmp"):
            folder.mkdir()
        record = mcp_record_for(fixture, root)
        write = {
            tool: {key: name.replace("{work}", str(work)) for key, name in names.items()}
            for tool, names in profile.write.items()
        }
        with FakeModel(intent, profile.shell, write) as model:
            values = _values(model, home, work, intent, record, _tools_for_standin(intent))
            _seed(profile, values, home, work)
            env = _environment(profile, values, home, bin_dir)
            command = fill(profile.bin, values)
            program = str(bin_dir / command) if bin_dir and not os.path.isabs(command) else command
            argv = [program, *(fill(part, values) for part in profile.argv)]
            answered = wrapped(argv, TERMINAL_THEME.fg, TERMINAL_THEME.bg)
            with Tmux(answered, env, work, width, root / "raw.bin") as tmux:
                return _steps(profile, fixture, width, tmux, model, timing)


def _steps(
    profile: Profile, fixture: Fixture, width: int, tmux: Tmux, model: FakeModel, timing: Timing
) -> Run:
    prompt = re.compile(profile.prompt)
    captures: list[Capture] = []

    def take(step: str, rows: Sequence[str]) -> None:
        captures.append(Capture(step, tuple(rows), len(tmux.raw_bytes())))

    def shown(rows: Sequence[str]) -> bool:
        return model.state.called.is_set() and prompt.search("\n".join(rows)) is not None

    def stop() -> bool:
        return model.state.answered.is_set() or tmux.dead()

    if profile.typed_prompt:
        settle(
            tmux.screen,
            quiet=max(timing.quiet, 3.0),
            limit=timing.start / 2,
            until=lambda rows: USER_PROMPT_MARK in "".join(rows),
            stop=tmux.dead,
        )
        tmux.send("-l", USER_PROMPT)
        tmux.send("Enter")

    first = settle(
        tmux.screen,
        quiet=timing.quiet,
        limit=max(timing.start, profile.start_seconds),
        until=shown,
        stop=stop,
    )
    notes: list[str] = []
    rows: Sequence[str] = first.rows
    if shown(rows):
        rows = _past_pre_prompts(profile, tmux, timing, take, rows, (shown, stop), notes)
    take("prompt", rows)
    outcome = _first_outcome(model, first.quiet, shown(rows), tmux.dead())
    if notes and outcome == "refused":
        outcome = "no prompt"
        notes.append("once the pre-prompt was allowed, the call ran without a prompt of its own")
    status = tmux.exit_status() if outcome == "crashed" else None
    if outcome == "crashed":
        captures[-1] = Capture("prompt", tuple(tmux.screen()), len(tmux.raw_bytes()))
    if outcome == "prompt":
        last = _expand_and_page(profile, tmux, timing, take, rows)
        if profile.close_key:
            last = _after_key(tmux, timing, last, *profile.close_key)
        _decline(profile, tmux, model, timing, take, prompt, last)
    elif outcome == "refused":
        settled = settle(tmux.screen, quiet=timing.quiet, limit=timing.step)
        take("after", settled.rows)
    call = model.call
    return Run(
        profile.name,
        fixture.id,
        width,
        outcome,
        tuple(captures),
        tmux.raw_bytes(),
        call,
        tuple(model.results),
        _offered(model),
        tuple(notes),
        tmux.height,
        tuple(exchange.path for exchange in model.exchanges),
        _after_call(model),
        status,
        tmux.stderr()[-STDERR_KEPT:] if outcome == "crashed" else "",
    )


def _past_pre_prompts(
    profile: Profile,
    tmux: Tmux,
    timing: Timing,
    take: Take,
    rows: Sequence[str],
    waits: tuple[Callable[[Sequence[str]], bool], Callable[[], bool]],
    notes: list[str],
) -> Sequence[str]:
    """Allow each pre-prompt on screen (every one kept) until the screen is a prompt none describes: the one
    that carries the call. A pre-prompt still there after its keys is left for the verdict to judge.
    ``waits``: whether a screen shows a prompt, and whether to stop waiting (the model heard back, the CLI exited)."""
    shown, stop = waits
    for number in range(1, MAX_PRE_PROMPTS + 1):
        screen = "\n".join(rows)
        pre = next((pre for pre in profile.pre_prompts if re.search(pre.screen, screen)), None)
        if pre is None:
            break
        take(f"pre-prompt {number}", rows)
        notes.append(
            f"a pre-prompt came first ({pre.what}); the driver allowed it ({' '.join(pre.keys)})"
        )
        tmux.send(*pre.keys)
        rows = settle(
            tmux.screen,
            quiet=timing.quiet,
            limit=timing.start,
            until=shown,
            changed_from=rows,
            patience=timing.step,
            stop=stop,
        ).rows
    return rows


def _after_call(model: FakeModel) -> tuple[str, ...]:
    exchanges = model.exchanges
    sent = next((index for index, exchange in enumerate(exchanges) if exchange.sent_call), None)
    return () if sent is None else tuple(exchange.path for exchange in exchanges[sent + 1 :])


def _first_outcome(model: FakeModel, still: bool, prompted: bool, dead: bool) -> Outcome:
    if prompted:
        return "prompt"
    if model.state.answered.is_set():
        return "refused"
    if dead:
        return "crashed"
    if not model.state.called.is_set():
        return "unsupported" if _any_tools(model) else "timeout"
    return "no prompt" if still or dead else "timeout"


def _any_tools(model: FakeModel) -> bool:
    return bool(_offered(model))


def _after_key(tmux: Tmux, timing: Timing, before: Sequence[str], *keys: str) -> tuple[str, ...]:
    """The screen once the answer to ``keys`` has shown and stood still (or the key did nothing)."""
    tmux.send(*keys)
    return settle(
        tmux.screen,
        quiet=timing.key_quiet,
        limit=timing.step,
        changed_from=before,
        patience=timing.patience,
    ).rows


def _expand_and_page(
    profile: Profile, tmux: Tmux, timing: Timing, take: Take, before: Sequence[str]
) -> tuple[str, ...]:
    """Expand, then page until a page shows nothing new (a clock that ticked is nothing new); the last screen,
    for the keys that follow."""
    previous = _after_key(tmux, timing, before, *profile.expand_key)
    take("expanded", previous)
    for number in range(1, MAX_PAGES + 1):
        page = _after_key(tmux, timing, previous, profile.page_key)
        if mask(page) == mask(previous):
            break
        take(f"page {number}", page)
        previous = page
    return previous


def _decline(
    profile: Profile,
    tmux: Tmux,
    model: FakeModel,
    timing: Timing,
    take: Take,
    prompt: re.Pattern[str],
    before: Sequence[str],
) -> None:
    """Press the decline key until the model hears of it or the prompt is gone (an expanded view may eat one)."""
    after: Sequence[str] = before
    for _attempt in range(3):
        tmux.send(*profile.decline_key)
        after = settle(
            tmux.screen,
            quiet=timing.key_quiet,
            limit=timing.step,
            stop=model.state.answered.is_set,
            changed_from=after,
            patience=timing.patience,
        ).rows
        if model.state.answered.is_set() or prompt.search("\n".join(after)) is None:
            break
    final = settle(tmux.screen, quiet=timing.key_quiet, limit=timing.step)
    take("declined", final.rows)
