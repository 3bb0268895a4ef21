"""``askbench render``: one fixture's prompt, as the terminal receives it or as the gate's terminal shows it.

Without ``--impl`` or ``--terminal`` it writes the reference's frame lines
exactly as a terminal receives them. With either, it shows a *screen*: the
frame of the reference or of any renderer behind the ``askbench/1`` adapter
contract (the same frame source ``check --impl`` judges), laid out on the
terminal model the gate reads it on — the cells the judge saw, wrapped rows
and a box included. A renderer's author sees why ``fit`` or ``layout``
failed on ``ambiguous-wide`` without guessing what that terminal does, and
``--beside`` puts the reference's screen next to theirs.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import TYPE_CHECKING

from ..exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from ..reporters.colour import COLOUR_CHOICES, wants_colour
from ..terms import AdapterFailure

if TYPE_CHECKING:
    from askbench.impl.dialog import DialogBudget
    from askbench.impl.payload import PromptPayload

    from ..drivers.frame_sources import FrameSource
    from ..fixtures.loading import Fixture
    from ..terminals.models import TerminalModel
    from ..terms import View

__all__ = ["add_render_parser", "cmd_render"]


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _render_width(text: str) -> int:
    """``render --width``: the dialog's own minimum, said plainly (argparse exits 2) rather than a traceback."""
    from askbench.impl.dialog import MIN_WIDTH

    width = _positive(text)
    if width < MIN_WIDTH:
        raise argparse.ArgumentTypeError(
            f"the dialog needs at least {MIN_WIDTH} columns, got {width}"
        )
    return width


def cmd_render(args: argparse.Namespace) -> int:
    from askbench.impl.dialog import DialogBudget

    from ..fixtures.ids import FixtureNotFound, resolve
    from ..fixtures.loading import UnusableFixture, load_checked_prompt

    if args.beside and not args.impl:
        print(
            "askbench render: --beside shows the reference beside --impl CMD's screen: name one",
            file=sys.stderr,
        )
        return EXIT_UNUSABLE
    try:
        loaded, payload = load_checked_prompt(resolve(args.fixture))
    except (UnusableFixture, FixtureNotFound) as error:
        print(f"askbench: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    budget = DialogBudget(
        max_rows=args.max_rows or loaded.max_rows,
        field_max_width=args.field_max_width or loaded.field_max_width,
        width=args.width,
    )
    view: View = "complete" if args.complete else "legacy" if args.legacy else "bounded"
    if args.impl or args.terminal:
        return _screens(args, loaded, payload, view, budget)
    _write_frame(args, payload, view, budget)
    return EXIT_OK


def _write_frame(
    args: argparse.Namespace, payload: PromptPayload, view: View, budget: DialogBudget
) -> None:
    """The reference's frame lines, exactly as the terminal receives them."""
    from askbench.impl.frame import render_frame

    from ..drivers.paint import chrome_style, warning_paint

    colour = not args.plain and wants_colour(args.color, sys.stdout)
    frame = render_frame(
        payload,
        view,
        budget,
        paint=warning_paint if colour else None,
        style=chrome_style if colour else None,
    )
    sys.stdout.write("\n".join(frame.lines) + "\n")


def _screens(
    args: argparse.Namespace,
    fixture: Fixture,
    payload: PromptPayload,
    view: View,
    budget: DialogBudget,
) -> int:
    """The screen of ``--impl`` (else the reference) on ``--terminal``, and with ``--beside`` the reference's too."""
    from ..drivers.adapter_client import AdapterUnusable
    from ..drivers.frame_sources import reference_source
    from ..terminals.choice import choose_terminals
    from ..terminals.models import MODELS
    from ..terminals.real_screen import TerminalUnavailable
    from .adapter_commands import open_source

    try:
        model = choose_terminals([args.terminal or next(iter(MODELS))])[0]
    except TerminalUnavailable as error:
        print(f"askbench render: --terminal: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        with open_source(args) as source:
            shown = _screen(source or reference_source, fixture, payload, view, budget, model)
    except AdapterUnusable as error:
        print(f"askbench render: --impl: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    if isinstance(shown, AdapterFailure):
        print(f"askbench render: --impl: {shown.kind}: {shown.message}", file=sys.stderr)
        return EXIT_VIOLATION
    if not args.beside:
        sys.stdout.write("".join(f"{row}\n" for row in shown))
        return EXIT_OK
    reference = _screen(reference_source, fixture, payload, view, budget, model)
    assert not isinstance(reference, AdapterFailure)
    _write_beside(args, model, view, shown, reference)
    return EXIT_OK


def _screen(
    source: FrameSource,
    fixture: Fixture,
    payload: PromptPayload,
    view: View,
    budget: DialogBudget,
    model: TerminalModel,
) -> tuple[str, ...] | AdapterFailure:
    """The rows ``source``'s frame occupies on ``model``, or why there is no frame (``TIMEOUT``, ``BAD_ANSWER``)."""
    from ..terminals.frame_reading import read_frame

    frame = source(payload, fixture, view, budget.width, budget)
    if isinstance(frame, AdapterFailure):
        return frame
    return tuple(read_frame(frame.lines, budget.width, model).rows)


def _write_beside(
    args: argparse.Namespace,
    model: TerminalModel,
    view: View,
    shown: tuple[str, ...],
    reference: tuple[str, ...],
) -> None:
    from ..reporters.screen_pair import TitledScreen, beside
    from ..terminals.models import cells_on

    where = f"on {model.name}, {view} @{args.width}"
    lines = beside(
        TitledScreen((args.impl, where), shown),
        TitledScreen(("reference", where), reference),
        args.width,
        shutil.get_terminal_size().columns,
        lambda text: cells_on(text, model),
    )
    sys.stdout.write("".join(f"{line}\n" for line in lines))


def add_render_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``askbench render FIXTURE [--impl CMD] [--terminal NAME] [--beside] ...``."""
    from ..terminals.choice import TERMINAL_NAMES
    from ..terminals.models import MODELS
    from .adapter_commands import add_impl_options

    first = next(iter(MODELS))
    render = commands.add_parser(
        "render",
        help="one fixture's prompt: the frame as the terminal receives it, or a renderer's screen as the gate reads it",
        description="Without --impl or --terminal: write the reference's dialog frame (title, ask, options, hint) "
        "to stdout, one row per line, as the terminal receives it. With --impl CMD (a renderer behind the "
        "askbench/1 adapter contract, docs/adapters.md) or --terminal NAME: its screen as the gate reads it, "
        f"the rows the frame occupies on that terminal (default {first}, the first check reads on), a box "
        "and wrapped rows included, as text; --beside adds the reference's screen, side by side when both "
        "fit this terminal, else below. Exit 0: shown; 1: the adapter answered with no frame (TIMEOUT, "
        "BAD_ANSWER), as check counts it; 2: unusable input, an unknown terminal, or an adapter that "
        "answered nothing (it cannot start or crashed), as check stops on it.",
    )
    render.add_argument(
        "fixture",
        help="a fixture file, or a built-in fixture's id (mcp/github-create-issue-long-markdown-body)",
    )
    render.add_argument(
        "--width", type=_render_width, default=120, help="terminal width in columns (default 120)"
    )
    views = render.add_mutually_exclusive_group()
    views.add_argument(
        "--complete", action="store_true", help="the complete view (what ctrl+o shows)"
    )
    views.add_argument(
        "--legacy", action="store_true", help="the old unbounded dialog, the measured baseline"
    )
    render.add_argument(
        "--terminal",
        choices=TERMINAL_NAMES,
        metavar="NAME",
        help=f"show the screen on this terminal: {', '.join(TERMINAL_NAMES)} (with --impl, default "
        f"{first}); the models and real terminals check --terminal takes",
    )
    render.add_argument(
        "--beside",
        action="store_true",
        help="with --impl: the reference's screen on the same terminal beside it, each headed with its "
        "name and the terminal",
    )
    render.add_argument(
        "--color",
        choices=COLOUR_CHOICES,
        default="auto",
        help="the frame's colour, without --impl or --terminal: auto (colour on a terminal or under "
        "FORCE_COLOR, never under NO_COLOR; the default); always; never",
    )
    render.add_argument("--plain", action="store_true", help="no colour (--color never)")
    render.add_argument("--max-rows", type=_positive, help="override the fixture's row budget")
    render.add_argument(
        "--field-max-width", type=_positive, help="override the fixture's field cap (cells)"
    )
    add_impl_options(render, verb="show")
    render.set_defaults(run=cmd_render)
