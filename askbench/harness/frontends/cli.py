"""``askbench``: the gate CI runs and the views a contributor looks at."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from askbench import __version__

from ..exit_codes import EXIT_UNUSABLE
from ..reporters.colour import COLOUR_CHOICES, wants_colour
from .closed_pipe import discard_stdout
from .lazy_commands import AddParser, LazyCommands
from .option_types import argument_type, parse_widths
from .suggest import SuggestingParser, options_of, unknown_arguments


def _fixture_arg(text: str) -> str:
    """A fixture file, or a built-in fixture's id (``mcp/github-create-issue-long-markdown-body``) from any folder."""
    from ..fixtures.ids import FixtureNotFound, resolve

    try:
        return str(resolve(text))
    except FixtureNotFound as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_list(args: argparse.Namespace) -> int:
    """``check --list``: the ids of the fixtures a run would judge, one per line; nothing is rendered."""
    from ..fixtures.ids import selector
    from ..fixtures.loading import BUILTIN_CORPUS, load_corpus
    from ..reporters.escape import one_line

    fixtures, problems = load_corpus(args.paths or [BUILTIN_CORPUS])
    keep = selector(args.keyword, args.family)
    chosen = [fixture for fixture in fixtures if keep is None or keep(fixture)]
    for problem in problems:
        print(f"askbench: {one_line(problem.one())}", file=sys.stderr)
    try:
        print("\n".join(one_line(fixture.id) for fixture in chosen))
    except BrokenPipeError:
        discard_stdout()
    if not chosen:
        print("askbench check --list: no fixture matches", file=sys.stderr)
    return EXIT_UNUSABLE if problems or not chosen else 0


def _github_default() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def _positive_jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return jobs


def _jobs(args: argparse.Namespace) -> int | str:
    """The processes ``check`` judges in, or why the ones asked for cannot be had."""
    from ..runners.forked import default_jobs
    from ..terminals.models import MODELS

    in_process = not args.impl and all(name in MODELS for name in args.terminal)
    if args.jobs is None:
        return default_jobs() if in_process else 1
    jobs = int(args.jobs)
    if jobs > 1 and not in_process:
        return "an adapter (--impl) or a real terminal (--terminal) is judged in one process; drop --jobs"
    return jobs


def _option_conflict(args: argparse.Namespace, github: bool) -> str | None:
    """Why the options asked for cannot be had together, or None; ``args.jobs`` is resolved to a number."""
    if github and args.json:
        return "--github writes workflow commands to stdout, which --json holds; use one"
    jobs = _jobs(args)
    if isinstance(jobs, str):
        return f"--jobs: {jobs}"
    args.jobs = jobs
    return None


def cmd_check(args: argparse.Namespace) -> int:
    from ..fixtures.loading import BUILTIN_CORPUS
    from ..reporters.github import workflow_commands
    from ..reporters.json import to_json
    from ..reporters.junit import to_junit
    from ..reporters.progress import progress_for
    from ..reporters.table import format_table
    from ..runners.gate import run_gate
    from ..terminals.real_screen import TerminalUnavailable
    from .adapter_commands import open_source

    github = _github_default() and not args.json if args.github is None else args.github
    conflict = _option_conflict(args, github)
    if conflict:
        print(f"askbench check: {conflict}", file=sys.stderr)
        return EXIT_UNUSABLE
    from ..fixtures.ids import resolve_all, selector

    args.paths, unknown = resolve_all(args.paths)
    for message in unknown:
        print(f"askbench check: {message}", file=sys.stderr)
    if args.list:
        return cmd_list(args)
    if args.contrib:
        from .contrib import run_contrib

        return run_contrib(args.paths, args.widths, print)
    paths = args.paths or [BUILTIN_CORPUS]
    try:
        from ..terminals.choice import choose_terminals

        models = choose_terminals(args.terminal)
    except TerminalUnavailable as error:
        print(f"askbench check: --terminal: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    progress, finish = progress_for(sys.stdout, sys.stderr)
    from ..drivers.adapter_client import AdapterUnusable

    try:
        with open_source(args) as source:
            # the failing screens go into the JUnit report
            run = run_gate(
                paths,
                args.widths,
                progress,
                source=source,
                select=selector(args.keyword, args.family),
                keep_screens=bool(args.junit),
                models=models,
                jobs=args.jobs,
            )
    except AdapterUnusable as error:
        finish()
        print(f"askbench check: --impl: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    finish()
    if (args.keyword or args.family) and not run.results:
        print(
            "askbench check: no fixture matches -k/--family (askbench check --list shows the ids)",
            file=sys.stderr,
        )
    if args.junit:
        try:
            args.junit.parent.mkdir(parents=True, exist_ok=True)
            args.junit.write_text(to_junit(run), encoding="utf-8")
        except OSError as error:
            print(
                f"askbench check: --junit {args.junit}: cannot write: {error.strerror or error}",
                file=sys.stderr,
            )
            return EXIT_UNUSABLE
    try:
        if github:
            print("\n".join(workflow_commands(run)))
        if args.json:
            print(to_json(run, timings=args.timings, failures_only=args.failures_only))
        else:
            print(
                format_table(
                    run,
                    verbose=args.verbose,
                    failures_only=args.failures_only,
                    all_violations=args.all_violations,
                    colour=wants_colour(args.color, sys.stdout),
                )
            )
    except BrokenPipeError:
        discard_stdout()  # `askbench check | head`: the verdict stands, whoever stopped reading
    return run.exit_code


def build_parser() -> argparse.ArgumentParser:
    parser = SuggestingParser(
        prog="askbench",
        description="Bounded permission prompts for terminal coding agents, judged on a virtual terminal.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", action=LazyCommands
    )
    assert isinstance(commands, LazyCommands)
    for name, add in COMMANDS.items():
        commands.lazy(name, add)
    return parser


def _add_check(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from ..terminals.choice import TERMINAL_NAMES, parse_terminals
    from ..terminals.models import MODELS

    check = commands.add_parser(
        "check",
        help="run every invariant on every fixture at every width",
        description="Render every fixture, bounded, complete and legacy, at each width, read each frame on every "
        "terminal of --terminal (the judge's own models, or tmux and xterm.js), and check the invariants on the screen. Exit 0: all hold; 1: a violation; 2: unusable input (a path that "
        "does not exist, a folder with no fixtures, a malformed fixture, a fixture outside its corpus's families). "
        "The contract: docs/design.md (askbench docs design).",
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="fixture files or folders, or built-in fixture ids and families (mcp/x, mcp); "
        "default: the built-in corpus",
    )
    check.add_argument(
        "-k",
        dest="keyword",
        action="append",
        default=[],
        metavar="TEXT",
        help="only fixtures whose id (family/name) contains TEXT, any case, or matches it as a glob "
        "(*?[); repeat for any of several",
    )
    check.add_argument(
        "--family",
        action="append",
        default=[],
        metavar="F",
        help="only fixtures of family F; repeat for several",
    )
    check.add_argument(
        "--list",
        action="store_true",
        help="print the ids of the fixtures that would be judged, one per line, and judge none",
    )
    check.add_argument(
        "--contrib",
        action="store_true",
        help="every check a reviewer runs on the PATHs (no TODO left, the gate, MCP arguments against "
        "the recorded schema, the suite's claims/schema/snapshot tests in a checkout), then the screens "
        "to review",
    )
    check.add_argument(
        "--widths",
        type=parse_widths,
        default=[80, 120, 160],
        help="terminal widths, comma-separated (default 80,120,160)",
    )
    check.add_argument(
        "--terminal",
        type=argument_type(parse_terminals),
        default=list(MODELS),
        metavar="NAME[,NAME]",
        help=f"terminals to read every frame on: {', '.join(TERMINAL_NAMES)} "
        f"(default: the models, {','.join(MODELS)}); tmux and xterm.js are real terminals "
        "(tmux installed; xterm.js by `make terminals`)",
    )
    check.add_argument(
        "--jobs",
        type=_positive_jobs,
        metavar="N",
        help="judge the reference in N processes (default: one per processor); an adapter (--impl) or a "
        "real terminal is judged in one, as it is one process the judge talks to",
    )
    check.add_argument(
        "--json",
        action="store_true",
        help="print the results as JSON for machines; identical for identical input",
    )
    check.add_argument(
        "--timings", action="store_true", help="with --json: each width's render time (render_us)"
    )
    check.add_argument(
        "--junit",
        type=Path,
        metavar="FILE",
        help="also write JUnit XML: a testcase per fixture x width x view x terminal model",
    )
    check.add_argument(
        "--github",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="GitHub Actions annotations on stdout, one per failing fixture or unusable path "
        "(default: on when GITHUB_ACTIONS=true, unless --json)",
    )
    check.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="a table row for every fixture and width, passed or not (default: the failures in detail "
        "and a summary line)",
    )
    check.add_argument(
        "--failures-only",
        action="store_true",
        help="only the failing fixtures and widths in --json and in the -v table (the summary counts all)",
    )
    check.add_argument(
        "--all-violations",
        action="store_true",
        help="every violation of a row in the table (default: the first two and how many more)",
    )
    check.add_argument(
        "--color",
        choices=COLOUR_CHOICES,
        default="auto",
        help="colour the table: auto (a terminal or FORCE_COLOR, unless NO_COLOR is set), always, never",
    )
    from .adapter_commands import add_impl_options

    add_impl_options(check)
    check.set_defaults(run=cmd_check)


def _add_render(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .render_command import add_render_parser

    add_render_parser(commands)


def _add_try(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .try_prompt import cmd_try

    try_ = commands.add_parser(
        "try",
        help="the real interactive prompt in your terminal; prints the decision",
        description="Show one fixture's prompt inline in this terminal (ctrl+o: full request, y/s/n/r: decide, "
        "ctrl+c: leave). Prints the decision. Exit 0: decided; 130: ctrl+c; 1: an error; 2: unusable input.",
    )
    try_.add_argument(
        "fixture", type=_fixture_arg, help="a fixture file, or a built-in fixture's id"
    )
    try_.set_defaults(run=cmd_try)


def _add_docs(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .docs_command import add_docs_parser

    add_docs_parser(commands)


def _add_schema(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .schema_command import add_schema_parser

    add_schema_parser(commands)


def cmd_completion(args: argparse.Namespace) -> int:
    from .completion import completion_script

    sys.stdout.write(completion_script(build_parser(), args.shell))
    return 0


def _add_completion(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    completion = commands.add_parser(
        "completion",
        help="print a shell completion script: bash, zsh or fish",
        description="Print the completion script of askbench for a shell, made from this very command "
        'line. bash: eval "$(askbench completion bash)" in ~/.bashrc; zsh: askbench completion zsh > '
        "a folder on $fpath, as _askbench; fish: askbench completion fish > "
        "~/.config/fish/completions/askbench.fish.",
    )
    completion.add_argument("shell", choices=["bash", "zsh", "fish"], help="the shell")
    completion.set_defaults(run=cmd_completion)


def _add_matrix(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .adapter_commands import add_matrix_parser

    add_matrix_parser(commands, parse_widths)


def _add_new(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .new_command import add_new_parser

    add_new_parser(commands)


def _add_record(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .record_command import add_record_parser

    add_record_parser(commands)


def _add_bench(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .bench_command import add_bench_parser

    add_bench_parser(commands)


def _add_agents(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .agents_command import add_agents_parser

    add_agents_parser(commands, parse_widths)


def _add_agents_merge(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .agents_merge_command import add_agents_merge_parser

    add_agents_merge_parser(commands)


def _add_report(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .report_command import add_report_parser

    add_report_parser(commands, parse_widths)


def _add_mutate(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .mutate_command import add_mutate_parser

    add_mutate_parser(commands, parse_widths)


def _add_fuzz(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .fuzz_command import add_fuzz_parser

    add_fuzz_parser(commands)


COMMANDS: dict[str, AddParser] = {
    "check": _add_check,
    "render": _add_render,
    "try": _add_try,
    "docs": _add_docs,
    "schema": _add_schema,
    "completion": _add_completion,
    "matrix": _add_matrix,
    "new": _add_new,
    "record": _add_record,
    "bench": _add_bench,
    "agents": _add_agents,
    "agents-merge": _add_agents_merge,
    "report": _add_report,
    "mutate": _add_mutate,
    "fuzz": _add_fuzz,
}
"""Every subcommand, in the order the help lists them, with what adds its parser: each module is imported only
when its command runs (or the top-level help lists them all), so ``askbench --version`` imports no judge."""


def _joined(argv: Sequence[str]) -> list[str]:
    """``agents merge …`` as the command ``agents-merge``: a command's second word names a command of its own
    where the first takes paths, which a subparser of its own could not be told apart from."""
    words = list(argv)
    if len(words) >= 2 and f"{words[0]}-{words[1]}" in COMMANDS:
        return [f"{words[0]}-{words[1]}", *words[2:]]
    return words


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """``parse_args``, but an unknown option is refused by the command that was given, with the closest
    option it has."""
    parser = build_parser()
    args, extras = parser.parse_known_args(_joined(sys.argv[1:] if argv is None else argv))
    if extras:
        command = _subcommand(parser, getattr(args, "command", None))
        options = options_of(parser) + (options_of(command) if command else [])
        (command or parser).error(unknown_arguments(extras, options))
    return args


def _subcommand(
    parser: argparse.ArgumentParser, name: str | None
) -> argparse.ArgumentParser | None:
    if name is None:
        return None
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(name)
            return found
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    try:
        code: int = args.run(args)
    except BrokenPipeError:
        discard_stdout()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
