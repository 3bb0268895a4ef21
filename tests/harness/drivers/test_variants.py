"""The gate judged both ways: mutants it must reject, styles it must pass (``askbench.harness.drivers.variants``, ``askbench mutate``).

Fast and targeted: every mutant on its own target fixtures, in process, at
every width; every style on a sample (a fixture or more per family, and the
hostile ones) and on hostile text from hypothesis; one of each through the
real adapter subprocess. The whole corpus is ``askbench mutate``'s job.

The mutants the judge still lets through are strict xfails whose reason
names the gap, so the judge that closes it turns them into failures to
remove.
"""

import re
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_gate_properties import HOSTILE_TEXT
from wcwidth import iter_graphemes

from askbench.harness.drivers.adapter_client import AdapterCommand, AdapterSource
from askbench.harness.drivers.adapters.variant import command_for
from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.drivers.paint import warning_paint
from askbench.harness.drivers.variants import MUTANTS, STYLES, VARIANTS, Variant, variant_named
from askbench.harness.drivers.variants.mutants import capping_by
from askbench.harness.drivers.variants.style_ask import paint_tokens
from askbench.harness.drivers.variants.words import word_wrap
from askbench.harness.exit_codes import EXIT_OK, EXIT_VIOLATION
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_corpus
from askbench.harness.frontends.cli import main
from askbench.harness.reporters.mutation_report import to_markdown
from askbench.harness.runners.gate import judge_payload, run_gate
from askbench.harness.runners.mutate import (
    MUTATE_WIDTHS,
    Difference,
    MutantResult,
    mutant_differences,
    run_mutation,
)
from askbench.impl.cells import cell_width, expand_tabs, is_grapheme_break
from askbench.impl.dialog import DialogBudget, capped_field
from askbench.impl.neutralise import neutralise
from askbench.impl.payload import build_payload

INVARIANTS = {
    "containment",
    "legible",
    "cap",
    "rows",
    "core",
    "evidence",
    "verbatim",
    "elision",
    "highlight",
    "labels",
    "runs",
    "fit",
    "layout",
    "expect",
    "reaches",
    "TIMEOUT",
}
IN_PROCESS = [mutant for mutant in MUTANTS if mutant.adapter_timeout is None]

SURVIVES_TODAY: dict[str, str] = {}
"""Mutants the judge still lets through on their targets, each with the gap that lets it: none today."""


def corpus_file(key: str) -> Path:
    return BUILTIN_CORPUS / f"{key}.json"


# ── the catalogue ──────────────────────────────────────────────────────────


def test_every_variant_is_named_once_and_can_be_a_matrix_column():
    assert len(VARIANTS) == len(MUTANTS) + len(STYLES)
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", name) for name in VARIANTS)
    assert {variant.kind for variant in MUTANTS} == {"mutant"} and {
        variant.kind for variant in STYLES
    } == {"style"}


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda mutant: mutant.name)
def test_a_mutant_names_the_invariants_that_reject_it_and_fixtures_in_the_corpus(mutant):
    assert set(mutant.invariants) <= INVARIANTS
    assert mutant.targets and all(corpus_file(target).is_file() for target in mutant.targets)


MEANING_CLASSES = {
    "mutant": {
        "option-reads-deny",
        "option-words-swapped",
        "opens-on-session",
        "opens-on-session-painted",
        "numbered-opens-on-session",
        "no-deny-offered",
        "title-false-requester",
        "value-white-on-white",
        "value-black",
        "value-struck-through",
        "value-pure-yellow",
        "value-navy",
        "deny-options-dark-grey",
        "value-solarized-background",
        "extra-kind-false",
        "extra-cwd-false",
        "extra-lines-false",
        "extra-requester-false",
        "extra-label-claims",
        "gemini-option-1-reads-no",
        "claude-no-deny",
        "codex-esc-approves",
        "codex-option-1-reads-no",
        "gemini-unlabelled-word-changed",
        "claude-unlabelled-tail-dropped",
        "gemini-unlabelled-second-block",
        "claude-unlabelled-text-above-value",
        "codex-unlabelled-other-fact",
        "gemini-unlabelled-word-beside-box",
        "gemini-unlabelled-header-other-command",
    },
    "style": {
        "boxed",
        "numbered-options",
        "one-row-options",
        "reordered-core",
        "surface-before-tool",
        "capitalised-labels",
        "labels-above",
        "gemini-like",
        "own-colours",
        "extra-facts-first",
        "extra-counts-between",
        "extra-cwd-last",
        "gemini-cli",
        "claude-code",
        "codex-cli",
        "gemini-cli-unlabelled",
        "claude-code-unlabelled",
        "codex-cli-unlabelled",
    },
}
"""The classes of chrome and colour that lie about the request, false extra facts, and the layouts of other agents'
prompts (Gemini CLI, Claude Code, Codex), their command labelled or unlabelled as the agents show it, with the lies
each could tell."""


def test_every_class_of_meaning_has_its_variant():
    for kind, names in MEANING_CLASSES.items():
        assert {name for name in names if name in VARIANTS and VARIANTS[name].kind == kind} == names


def test_a_variant_must_say_what_it_is():
    with pytest.raises(ValueError, match="needs the invariants"):
        Variant(
            "nameless-defect",
            "a mutant with no invariant",
            "mutant",
            reference_source,
            (),
            ("bash/x",),
        )
    with pytest.raises(ValueError, match="is sound"):
        Variant(
            "judged-style", "a style some invariant rejects", "style", reference_source, ("core",)
        )
    with pytest.raises(KeyError, match="there are: escape-passthrough"):
        variant_named("no-such-variant")


# ── mutants: killed wherever they show on their targets ─────────────────────


@pytest.fixture(scope="module")
def target_run():
    paths = sorted({corpus_file(target) for mutant in IN_PROCESS for target in mutant.targets})
    return run_mutation(paths, IN_PROCESS, MUTATE_WIDTHS, targets_only=True)


def _expected_to_die(mutants):
    return [
        pytest.param(
            mutant.name,
            id=mutant.name,
            marks=[pytest.mark.xfail(strict=True, reason=SURVIVES_TODAY[mutant.name])]
            if mutant.name in SURVIVES_TODAY
            else [],
        )
        for mutant in mutants
    ]


@pytest.mark.parametrize("name", _expected_to_die(IN_PROCESS))
def test_a_mutant_is_killed_by_its_invariant_wherever_it_shows_on_its_targets(target_run, name):
    result = next(result for result in target_run.mutants if result.variant.name == name)
    assert result.shown_on == set(
        result.variant.targets
    ), "a target where the defect never shows proves nothing"
    assert [(d.fixture, d.width, d.view, d.reported) for d in result.survivors] == []
    assert result.verdict == "KILLED"


def test_every_mutant_shows_on_a_fixture_of_the_corpus(target_run):
    stale = {result.variant.name for result in target_run.mutants if result.verdict == "STALE"}
    assert stale <= {
        "widths-by-graphemes"
    }, "only the mutant waiting for the conservative cell_width may be stale"


NON_SGR_ESCAPES = st.sampled_from(
    [
        "\x1b[1A",
        "\x1b[2K",
        "\x1b[2J\x1b[H",
        "\x1b]0;title\x07",
        "\x1b]52;c;cm0gLXJmIH4=\x07",
        "\x1b7\x1b[5;1Hls -la\x1b8",
        "\x1bc",
        "\x1b[?1049h",
    ]
)


@given(
    before=HOSTILE_TEXT,
    escape=NON_SGR_ESCAPES,
    after=HOSTILE_TEXT,
    width=st.sampled_from(MUTATE_WIDTHS),
)
def test_escape_passthrough_is_rejected_by_containment_wherever_an_escape_reaches_the_screen(
    before, escape, after, width
):
    call = {"name": "bash", "input": {"command": before + escape + after}}
    fixture = Fixture(
        Path("generated/escape.json"), "escape", "generated", "hypothesis", "hypothesis", call
    )
    found = mutant_differences(
        variant_named("escape-passthrough"), build_payload(call), fixture, width
    )
    assert found, "the escape is in every view, so every view differs"
    assert [(d.view, d.reported) for d in found if not d.killed] == []


# ── the pieces: a word wrapper that loses nothing, a cap in another unit ────


@given(
    line=HOSTILE_TEXT.map(lambda text: expand_tabs(neutralise(text).replace("\n", " "))),
    row_width=st.integers(1, 60),
)
def test_word_wrap_keeps_every_character_within_the_row(line, row_width):
    rows = word_wrap(line, row_width)
    assert "".join(rows) == line
    assert all(cell_width(row) <= row_width for row in rows if len(list(iter_graphemes(row))) > 1)
    offsets = [sum(len(row) for row in rows[:index]) for index in range(1, len(rows))]
    assert all(is_grapheme_break(line, offset) for offset in offsets)


@given(
    text=st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=300)
    | st.just("a\nb" * 50),
    cap=st.integers(1, 200),
    row_width=st.integers(1, 80),
)
def test_a_cap_in_another_unit_is_the_reference_cap_on_ascii(text, cap, row_width):
    assert capping_by(len, None)(text, cap, row_width) == capped_field(text, cap, row_width)


@given(
    row=HOSTILE_TEXT.map(lambda text: neutralise(text).replace("\n", " ")),
    needles=st.frozensets(st.sampled_from(["ls", "rm", "/etc/hosts", "界", "a"]), max_size=3),
)
def test_painting_tokens_only_adds_colour(row, needles):
    assert re.sub(r"\x1b\[[0-9;]*m", "", paint_tokens(row, needles, warning_paint)) == row


# ── the runner's verdicts ──────────────────────────────────────────────────

ROW_END = corpus_file("bash/sudo-wrapper-restart-nginx")


def _trailing_space(payload, fixture, view, width, budget):
    frame = reference_source(payload, fixture, view, width, budget)
    return replace(frame, lines=(frame.lines[0] + " ", *frame.lines[1:]))


def test_a_mutant_equal_to_the_reference_is_stale_and_fails_the_run():
    idle = Variant(
        "idle",
        "injects nothing",
        "mutant",
        reference_source,
        ("core",),
        ("bash/sudo-wrapper-restart-nginx",),
    )
    run = run_mutation([ROW_END], [idle], (80,))
    assert run.mutants[0].verdict == "STALE" and run.exit_code == EXIT_VIOLATION


def test_a_difference_the_gate_does_not_reject_is_a_survivor():
    invisible = Variant(
        "invisible",
        "a trailing space on the title",
        "mutant",
        _trailing_space,
        ("core",),
        ("bash/sudo-wrapper-restart-nginx",),
    )
    run = run_mutation([ROW_END], [invisible], (80,))
    result = run.mutants[0]
    assert result.verdict == "SURVIVED" and run.exit_code == EXIT_VIOLATION
    assert [(d.width, d.view, d.reported) for d in result.survivors] == [
        (80, "bounded", ()),
        (80, "complete", ()),
        (80, "legacy", ()),
    ]
    assert "### invisible — SURVIVED" in to_markdown(run)


def test_a_latent_mutant_may_pass_off_its_targets_but_not_on_them():
    latent = variant_named("values-at-column-0")
    harmless = Difference("bash/echo", 80, "complete", (), (), (), target=False)
    forged = Difference(
        latent.targets[0], 30, "complete", ("labels",), ("labels",), (), target=True
    )
    assert MutantResult(latent, {latent.targets[0]}, [harmless, forged]).verdict == "KILLED"
    missed = Difference(latent.targets[0], 20, "bounded", (), ("core",), (), target=True)
    assert (
        MutantResult(latent, {latent.targets[0]}, [harmless, forged, missed]).verdict == "SURVIVED"
    )


def test_a_mutant_none_of_whose_targets_ran_is_not_exercised():
    run = run_mutation([ROW_END], [variant_named("ellipsis-with-count")], (80,))
    assert run.mutants[0].verdict == "NOT EXERCISED" and run.exit_code == EXIT_VIOLATION


def test_askbench_mutate_writes_the_report_and_exits_by_the_verdicts(tmp_path, capsys):
    target = corpus_file(variant_named("elided-always").targets[0])
    assert (
        main(
            [
                "mutate",
                str(target),
                "--variants",
                "elided-always",
                "--widths",
                "80,20",
                "--out",
                str(tmp_path),
            ]
        )
        == EXIT_OK
    )
    report = (tmp_path / "mutation.md").read_text(encoding="utf-8")
    assert "### elided-always — KILLED" in report and "| killed by `elision` | 1 | 1 |" in report
    assert "elided-always                KILLED" in capsys.readouterr().out
    assert '<h3 id="elided-always--killed">elided-always — KILLED</h3>' in (
        tmp_path / "mutation.html"
    ).read_text(encoding="utf-8")


def test_the_matrix_shows_variants_as_columns(tmp_path):
    target = corpus_file("bash/sudo-wrapper-restart-nginx")
    assert (
        main(
            [
                "matrix",
                str(target),
                "--variants",
                "elided-always,no-paint",
                "--widths",
                "80",
                "--out",
                str(tmp_path),
            ]
        )
        == EXIT_OK
    )
    matrix = (tmp_path / "matrix.md").read_text(encoding="utf-8")
    assert (
        "| elided-always | variant, in process | 0/1 |" in matrix
        and "| no-paint | variant, in process | 1/1 |" in matrix
    )
    assert re.search(
        r"\| \S*sudo-wrapper-restart-nginx \| ok \| \[elision\]\(\S+\) \| ok \|", matrix
    )


# ── styles: sound, so the gate passes them ─────────────────────────────────

SAMPLE = [
    corpus_file(key)
    for key in (
        "bash/sudo-wrapper-restart-nginx",
        "bash/powershell-here-string-report-200-lines",
        "mcp/github-create-issue-long-markdown-body",
        "files/edit-many-replacements-python-invoices",
        "skill/skill-read-pdf-tools-skill-md",
        "forwarded/bash-external-directory-forwarded-pg-backup",
        "external/read-dotenv-symlink-to-run-secrets",
        "unicode/cjk-path-read-japanese-sales-report",
        "xdev/xdev-playwright-browser-evaluate-function",
        "adversarial/bash-csi-cursor-up-erase-line-fake-ls",
        "adversarial/bash-sgr-conceal-hidden-exfil",
        "adversarial/bash-input-keys-runs-rule-context-pose-as-core-rows",
        "adversarial/bash-input-keys-case-and-confusables-pose-as-core-rows",
        "adversarial/mcp-namespace-proxy-server-key-ignored-runs-on-postgres",
        "adversarial/mcp-issue-number-above-max-safe-integer-rounds-in-javascript",
        "xdev/xdev-write-path-traversal-names-no-device-authorized-keys",
        "mcp/gmail-send-email-body-line-reads-as-a-recipient",
        "adversarial/bash-command-lines-read-as-prompt-rows-narrow",
        "adversarial/mcp-500-cjk-title",
        # a layout that narrows the value's rows moves the cut: inside a command's words, or a wrapped script
        "adversarial/bash-command-substitution-at-the-end",
        "bash/fuzz-shell-runs-b8d205b60c",
        "bash/fuzz-shell-last-command-nested-behind-the-count-row",
    )
]


STYLE_WIDTHS = (80, 40, 20)
"""Wide, narrow, and the narrowest the gate accepts, where a layout puts labels above values."""


@pytest.fixture(scope="module")
def style_run():
    return run_mutation(SAMPLE, STYLES, STYLE_WIDTHS)


@pytest.mark.parametrize("name", [style.name for style in STYLES])
def test_a_style_passes_every_sampled_fixture_at_every_width(style_run, name):
    result = next(result for result in style_run.styles if result.variant.name == name)
    assert result.judged == len(SAMPLE) * len(STYLE_WIDTHS)
    assert [(item.fixture, item.width, str(item.violation)) for item in result.own] == []
    assert result.passed


def test_the_sample_covers_every_family_and_the_hostile_cases():
    fixtures, problems = load_corpus(SAMPLE)
    assert not problems
    assert {fixture.path.parent.name for fixture in fixtures} == {
        path.name
        for path in BUILTIN_CORPUS.iterdir()
        if path.is_dir() and path.name != "scenarios" and not path.name.startswith("__")
    }  # not __pycache__


def test_a_style_keeps_what_makes_a_prompt_safe(style_run):
    """Whatever else the judge says, no style lets the payload act, overflows a row, or loses its options."""
    unsafe = [
        (result.variant.name, item.fixture, item.width, str(item.violation))
        for result in style_run.styles
        for item in result.violations
        if item.violation.invariant in ("containment", "fit", "CRASH")
    ]
    assert unsafe == []


@settings(max_examples=25)
@given(
    style=st.sampled_from(STYLES),
    command=HOSTILE_TEXT,
    width=st.integers(20, 160),
    max_rows=st.integers(1, 30),
    field_max_width=st.integers(1, 600),
)
def test_a_style_passes_the_gate_on_any_hostile_command(
    style, command, width, max_rows, field_max_width
):
    payload = build_payload({"name": "bash", "input": {"command": command}})
    reference = judge_payload(
        payload, DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=width)
    )
    styled = judge_payload(
        payload,
        DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=width),
        source=style.render,
    )
    shared = {(v.invariant, v.view) for v in reference.violations}
    assert [str(v) for v in styled.violations if (v.invariant, v.view) not in shared] == []


# ── through the real adapter ───────────────────────────────────────────────


def test_a_style_through_the_adapter_gets_the_in_process_verdicts():
    style = variant_named("own-words")
    paths = SAMPLE[:2] + SAMPLE[9:12]
    expected = run_gate(paths, (80,), source=style.render)
    with AdapterSource(AdapterCommand(command_for(style.name))) as source:
        got = run_gate(paths, (80,), source=source)
    verdicts = [
        [[(v.invariant, v.view, v.message) for v in width.violations] for width in result.widths]
        for run in (expected, got)
        for result in run.results
    ]
    assert verdicts[: len(paths)] == verdicts[len(paths) :]
    assert source.restarts == 0


def test_quadratic_wrapping_costs_rows_times_length(monkeypatch):
    """What makes quadratic-wrap a time defect, counted rather than timed: doubling a line quadruples the
    grapheme steps, where the reference's wrap only doubles them."""
    from askbench.harness.drivers.variants import mutants

    steps = [0]

    def counting(text):
        for grapheme in iter_graphemes(text):
            steps[0] += 1
            yield grapheme

    monkeypatch.setattr(mutants, "iter_graphemes", counting)

    def cost(length):
        steps[0] = 0
        mutants._wrap_quadratically("x" * length, 40)
        return steps[0]

    assert cost(8_000) >= 3.9 * cost(4_000)


def test_a_mutant_whose_defect_is_time_is_killed_as_TIMEOUT_through_the_adapter(monkeypatch):
    """The mutation run's side of a time defect, without racing a clock: an adapter that answers the bounded
    and legacy views as the reference does and never answers the complete view is killed by TIMEOUT there alone."""
    import askbench.harness.runners.mutate

    never_completes = f"{shlex.quote(sys.executable)} -c " + shlex.quote(
        "import json, sys, time\n"
        "from askbench.harness.drivers.adapters.reference import answer\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    if request['view'] == 'complete':\n"
        "        time.sleep(3600)\n"
        "    print(answer(request), flush=True)\n"
    )
    monkeypatch.setattr(
        askbench.harness.runners.mutate, "command_for", lambda name: never_completes
    )
    mutant = variant_named("quadratic-wrap")
    run = run_mutation([corpus_file(mutant.targets[0])], [mutant], (80,), timeout=10.0)
    result = run.mutants[0]
    assert result.verdict == "KILLED"
    assert [(d.view, d.killed_by) for d in result.differences] == [("complete", ("TIMEOUT",))]


def test_the_variant_adapter_refuses_a_name_it_does_not_know():
    command = f"{shlex.quote(sys.executable)} -m askbench.harness.drivers.adapters.variant no-such-variant"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, input="", timeout=60)
    assert done.returncode == 2 and "there are: escape-passthrough" in done.stderr
