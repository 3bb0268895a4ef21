"""The askbench/1 adapter contract end to end: real subprocesses, a small corpus subset, one width."""

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from askbench.harness.drivers.adapter_client import AdapterCommand, AdapterSource
from askbench.harness.drivers.adapter_pipes import CHUNK, StderrTail, read_answer
from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.drivers.protocol import (
    ExternalFrame,
    decode_answer,
    dump_json,
    encode_request,
    fixture_to_json,
    payload_from_json,
    payload_to_json,
    schema,
)
from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from askbench.harness.fixtures.loading import load_corpus, load_fixture
from askbench.harness.frontends.cli import main
from askbench.harness.runners.gate import judge_payload, run_gate
from askbench.harness.terms import AdapterFailure
from askbench.impl.dialog import DialogBudget, core_facts
from askbench.impl.payload import build_payload

CORPUS = Path(__file__).resolve().parents[3] / "corpus"
REPRO = CORPUS / "bash" / "powershell-here-string-report-200-lines.json"
ESCAPES = CORPUS / "adversarial" / "bash-csi-cursor-up-erase-line-fake-ls.json"
SUBSET = [
    REPRO,
    ESCAPES,
    CORPUS / "forwarded" / "bash-external-directory-forwarded-pg-backup.json",
    CORPUS / "mcp" / "brave-search-web-search-count-offset.json",
    CORPUS / "unicode" / "cjk-path-read-japanese-sales-report.json",
    CORPUS / "adversarial" / "mcp-arguments-nested-3000-deep.json",
    CORPUS / "adversarial" / "mcp-number-1e400-overflows-to-infinity.json",
    CORPUS / "adversarial" / "bash-lone-low-surrogate-and-reversed-pair.json",
]
WIDTHS = [80]
PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m askbench.harness.drivers.adapters.reference"
NAIVE = f"{PYTHON} -m askbench.harness.drivers.adapters.naive"


def script(code: str) -> str:
    return f"{PYTHON} -c {shlex.quote(code)}"


def ask_once(command: AdapterCommand):
    """The adapter's answer to one request: ``ls``, bounded, at 80 columns."""
    with AdapterSource(command) as source:
        return source(
            build_payload({"name": "bash", "input": {"command": "ls"}}),
            None,
            "bounded",
            80,
            load_fixture(ESCAPES).budget(80),
        )


def summary(run):
    """What a verdict is made of, without timings."""
    return [
        (
            result.fixture.name,
            width.width,
            width.legacy_rows,
            width.bounded_rows,
            width.complete_rows,
            width.elided,
            [(v.invariant, v.view, v.message) for v in width.violations],
        )
        for result in run.results
        for width in result.widths
    ]


def invariants(run, name):
    result = next(result for result in run.results if result.fixture.name == name)
    return {violation.invariant for violation in result.violations}


# ── the reference behind the contract ──────────────────────────────────────


@pytest.mark.parametrize("mode", ["session", "oneshot"])
def test_the_reference_adapter_gets_the_in_process_verdicts(mode):
    paths = SUBSET if mode == "session" else SUBSET[:2]
    expected = run_gate(paths, WIDTHS)
    with AdapterSource(AdapterCommand(REFERENCE, mode)) as source:
        got = run_gate(paths, WIDTHS, source=source)
    assert summary(got) == summary(expected)
    assert got.exit_code == expected.exit_code == EXIT_OK
    assert source.restarts == 0 and source.requests == 3 * len(paths)


def test_check_impl_on_the_command_line_passes_the_reference_and_fails_the_naive(capsys):
    assert (
        main(["check", "--widths", "80", "--impl", REFERENCE, str(REPRO), str(ESCAPES)]) == EXIT_OK
    )
    assert "2 fixtures × 1 width: all 6 judgements passed" in capsys.readouterr().out
    assert main(["check", "--widths", "80", "--impl", NAIVE, str(REPRO)]) == EXIT_VIOLATION
    assert (
        "core (bounded @80, grapheme, codepoint, ambiguous-wide): no 'tool' line on screen"
        in capsys.readouterr().out
    )


# ── the naive adapter fails for the right reasons ──────────────────────────


def test_the_naive_adapter_fails_the_row_budget_and_containment():
    with AdapterSource(AdapterCommand(NAIVE)) as source:
        run = run_gate(SUBSET, WIDTHS, source=source)
    assert run.exit_code == EXIT_VIOLATION
    assert {"rows", "core", "verbatim"} <= invariants(run, REPRO.stem)
    assert "containment" not in invariants(run, REPRO.stem)
    assert {"containment", "core"} <= invariants(run, ESCAPES.stem)
    escapes = next(result for result in run.results if result.fixture.name == ESCAPES.stem)
    assert any("cursor_up" in v.message for v in escapes.violations if v.invariant == "containment")
    every = {violation.invariant for result in run.results for violation in result.violations}
    assert not every & {
        "CRASH",
        "TIMEOUT",
        "BAD_ANSWER",
    }, "naive in rendering, not in speaking the contract"


# ── crashes, hangs and junk are verdicts, and the run completes ────────────


@pytest.mark.parametrize("mode", ["session", "oneshot"])
def test_a_crashing_adapter_is_CRASH_for_every_view_and_the_run_completes(mode):
    crash = script("import sys; sys.stderr.write('renderer exploded'); sys.exit(3)")
    with AdapterSource(AdapterCommand(crash, mode)) as source:
        run = run_gate(SUBSET[:2], WIDTHS, source=source)
    assert run.exit_code == EXIT_VIOLATION
    for result in run.results:
        assert [(v.invariant, v.view) for v in result.violations] == [
            ("CRASH", "bounded"),
            ("CRASH", "complete"),
            ("CRASH", "legacy"),
        ]
        assert all(
            "exited with status 3" in v.message and "renderer exploded" in v.message
            for v in result.violations
        )


@pytest.mark.parametrize("mode", ["session", "oneshot"])
def test_a_crash_is_explained_by_what_the_adapter_wrote_to_stderr_after_its_stdout_closed(mode):
    """End of file on stdout says nothing of stderr: its last words are read on, however the two pipes' ends
    interleave (a crash's message once lost them under load)."""
    late = (
        "exec "
        + script(  # no shell left holding stdout open: its end of file comes at once
            "import os, sys, time\n"
            "os.close(1)\n"
            "time.sleep(0.3)\n"
            "sys.stderr.write('last words')\n"
            "sys.exit(3)\n"
        )
    )
    answer = ask_once(AdapterCommand(late, mode))
    assert isinstance(answer, AdapterFailure) and answer.kind == "CRASH"
    assert "exited with status 3" in answer.message and "last words" in answer.message


@pytest.mark.parametrize("mode", ["session", "oneshot"])
def test_a_hanging_adapter_is_TIMEOUT_for_every_view_and_the_run_completes(mode):
    hang = script("import time; time.sleep(60)")
    started = time.monotonic()
    with AdapterSource(AdapterCommand(hang, mode, timeout=0.5)) as source:
        run = run_gate([REPRO], WIDTHS, source=source)
    assert time.monotonic() - started < 15
    assert [(v.invariant, v.view) for v in run.results[0].violations] == [
        ("TIMEOUT", "bounded"),
        ("TIMEOUT", "complete"),
        ("TIMEOUT", "legacy"),
    ]
    assert "no answer within 0.5 s" in run.results[0].violations[0].message


def test_a_session_adapter_that_crashes_on_one_view_is_restarted_for_the_next():
    flaky = script(
        "import json, sys\n"
        "from askbench.harness.drivers.adapters.reference import answer\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    if request['view'] == 'complete':\n"
        "        sys.exit(1)\n"
        "    print(answer(request), flush=True)\n"
    )
    with AdapterSource(AdapterCommand(flaky)) as source:
        run = run_gate([ESCAPES], WIDTHS, source=source)
    assert [(v.invariant, v.view) for v in run.results[0].violations] == [("CRASH", "complete")]
    assert source.restarts == 1
    assert (
        run.results[0].widths[0].legacy_rows == 2
    )  # the restarted process answered the legacy view


@pytest.mark.parametrize(
    "code",
    [
        "print('hello')",
        "import json; print(json.dumps({'id': 'someone else', 'lines': [], 'elided': False}))",
        "import json; print(json.dumps({'id': json.loads(line)['id'], 'lines': 'x'}))",
    ],
    ids=["not-json", "wrong-id", "schema"],
)
def test_a_malformed_answer_is_BAD_ANSWER(code):
    adapter = script(f"import sys\nfor line in sys.stdin:\n    {code}\n    sys.stdout.flush()\n")
    with AdapterSource(AdapterCommand(adapter, timeout=5)) as source:
        run = run_gate([ESCAPES], WIDTHS, source=source)
    assert [v.invariant for v in run.results[0].violations] == ["BAD_ANSWER"] * 3


def test_a_command_that_does_not_exist_is_CRASH_not_a_harness_error():
    with AdapterSource(AdapterCommand("/nonexistent/askbench-adapter")) as source:
        run = run_gate([ESCAPES], WIDTHS, source=source)
    assert {v.invariant for v in run.results[0].violations} == {"CRASH"}
    assert "127" in run.results[0].violations[0].message


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"", "empty"),
        (b"\xff\xfe", "not UTF-8"),
        (b"[1, 2", "not JSON"),
        (b"[]", "schema"),
        (b'{"id": "r", "lines": [1], "elided": false}', "schema at lines/0"),
        (b'{"id": "r", "lines": [], "elided": "no"}', "schema at elided"),
        (b'{"id": "q", "lines": [], "elided": false}', "id"),
    ],
)
def test_decode_answer_names_what_is_wrong(raw, reason):
    answer = decode_answer(raw, "r")
    assert isinstance(answer, AdapterFailure) and answer.kind == "BAD_ANSWER"
    assert reason in answer.message


def test_decode_answer_accepts_a_conforming_answer_with_extra_members():
    answer = decode_answer(
        b'{"id": "r", "lines": ["a", "\\u001b[33mb\\u001b[39m"], "elided": true, "x": 1}\n', "r"
    )
    assert answer == ExternalFrame(("a", "\x1b[33mb\x1b[39m"), True)


# ── the request: lossless, strict JSON, valid against its schema ───────────


def test_every_corpus_payload_survives_the_contract_round_trip():
    fixtures, _ = load_corpus([CORPUS])
    for fixture in fixtures:
        payload = build_payload(fixture.call, fixture.ask)
        assert (
            payload_from_json(json.loads(dump_json(payload_to_json(payload)))) == payload
        ), fixture.name


def test_a_forwarded_request_carries_the_childs_own_kind():
    """Elsewhere a ``forwarded`` kind means "arrived without a payload"; ours always has the child's request."""
    fixture = next(
        iter(
            load_corpus(
                [CORPUS / "forwarded" / "bash-external-directory-forwarded-pg-backup.json"]
            )[0]
        )
    )
    payload = build_payload(fixture.call, fixture.ask)
    sent = payload_to_json(payload)
    assert payload.kind == "forwarded" and payload.forwarded_kind == "bash_external_directory"
    assert (
        sent["kind"] == "bash_external_directory"
        and sent["request"]["requester"]["forwarded"] is True
    )


def not_json(name):
    raise AssertionError(f"{name} is not JSON")


def test_requests_are_ascii_strict_json_valid_against_the_request_schema():
    validator = Draft202012Validator(schema("request"))
    for path in SUBSET:
        fixture = load_fixture(path)
        payload = build_payload(fixture.call, fixture.ask)
        line = encode_request(
            "1:x",
            "bounded",
            80,
            fixture.max_rows,
            fixture.field_max_width,
            dump_json(fixture_to_json(fixture)),
            dump_json(payload_to_json(payload)),
        )
        assert line.isascii() and "\n" not in line
        previous = sys.getrecursionlimit()
        sys.setrecursionlimit(
            20_000
        )  # the 3,000-deep fixture: json and jsonschema recurse per level
        try:
            request = json.loads(line, parse_constant=not_json)
            errors = list(validator.iter_errors(request))
        finally:
            sys.setrecursionlimit(previous)
        assert errors == [], (path.name, errors[:1])
        assert request["payload"]["core"][0]["label"] == core_facts(payload)[0].label


def test_dump_json_spells_non_finite_numbers_as_json_and_leaves_strings_alone():
    text = dump_json(
        {"n": [float("inf"), float("-inf"), float("nan")], "s": 'Infinity NaN "-Infinity"'}
    )
    assert json.loads(text) == {
        "n": [float("inf"), float("-inf"), None],
        "s": 'Infinity NaN "-Infinity"',
    }
    assert text.startswith('{"n":[1e400,-1e400,null]')


# ── finding the ask on the screen ──────────────────────────────────────────


def test_a_frame_without_its_chrome_is_a_layout_violation_not_a_crash():
    def no_options(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        return ExternalFrame(tuple(frame.lines[: frame.ask_start + frame.ask_rows]), frame.elided)

    fixture = load_fixture(ESCAPES)
    payload = build_payload(fixture.call, fixture.ask)
    result = judge_payload(
        payload,
        DialogBudget(max_rows=24, field_max_width=400, width=80),
        source=no_options,
        fixture=fixture,
    )
    assert "layout" in {violation.invariant for violation in result.violations}


# ── the matrix ─────────────────────────────────────────────────────────────


def test_matrix_writes_markdown_and_html_with_links_to_failing_screens(tmp_path, capsys):
    out = tmp_path / "reports"
    crash = script("import sys; sys.exit(2)")
    code = main(
        [
            "matrix",
            "--widths",
            "80",
            "--out",
            str(out),
            "--impl",
            f"naive={NAIVE}",
            "--impl",
            f"broken={crash}",
            str(REPRO),
            str(ESCAPES),
        ]
    )
    assert code == EXIT_OK
    markdown = (out / "matrix.md").read_text(encoding="utf-8")
    html = (out / "matrix.html").read_text(encoding="utf-8")
    assert "| fixture | reference | naive | broken |" in markdown
    assert f"| adversarial/{ESCAPES.stem} | ok | [containment" in markdown
    assert "[CRASH](matrix-screens/broken/" in markdown
    links = re.findall(r"\]\((matrix-screens/[^)]+)\)", markdown)
    assert len(links) == 4
    for link in links:
        assert (out / link).is_file()
        assert link in html
    assert (
        f"`{NAIVE}`" not in html and f"<code>{NAIVE}</code>" in html
    )  # its own markup, not Markdown backticks
    assert (
        html.count('<div class="scroll">') == 2
    )  # wide tables scroll in place; the page never overflows
    screen = (out / f"matrix-screens/naive/bash/{REPRO.stem}@80.txt").read_text(encoding="utf-8")
    assert (
        "rows (bounded @80, grapheme)" in screen
        and "── the bounded screen at 80 columns on grapheme, codepoint, ambiguous-wide (" in screen
        and "Permission Required" in screen
    )
    assert "reference            @80 2/2" in capsys.readouterr().out


def test_matrix_rejects_a_malformed_impl_spec(capsys, tmp_path):
    assert main(["matrix", "--out", str(tmp_path), "--impl", "no-command"]) == EXIT_UNUSABLE
    assert "NAME=CMD" in capsys.readouterr().err
    assert (
        main(["matrix", "--out", str(tmp_path), "--impl", f"reference={REFERENCE}"])
        == EXIT_UNUSABLE
    )


# ── every wait and every answer is bounded ─────────────────────────────────


def test_a_oneshot_adapter_that_leaves_a_daemon_holding_stdout_is_TIMEOUT(tmp_path):
    """It answers and exits 0, but a child in its own session keeps stdout open: end of file never comes.
    Without a deadline on that wait the gate would hang for good; with it the request is TIMEOUT."""
    pid_file = tmp_path / "daemon.pid"
    daemon = script(
        "import os, subprocess, sys\n"
        "sys.stdin.readline()\n"
        f"child = subprocess.Popen(['sleep', '60'], start_new_session=True)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('{}', flush=True)\n"
    )
    try:
        answer = ask_once(AdapterCommand(daemon, "oneshot", timeout=1.0))
        assert isinstance(answer, AdapterFailure) and answer.kind == "TIMEOUT"
    finally:
        if pid_file.exists():
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


@pytest.mark.parametrize("mode", ["session", "oneshot"])
@pytest.mark.parametrize("newline", [True, False], ids=["long-line", "flood"])
def test_an_answer_over_the_bound_is_BAD_ANSWER(mode, newline):
    """A 200 MB line, or a flood that never ends a line: reading stops at the bound (here 1 MiB)."""
    end = "sys.stdout.buffer.write(b'\\n')" if newline else "time.sleep(60)"
    flood = script(
        "import sys, time\n"
        "sys.stdin.readline()\n"
        "for _ in range(200 * 16):\n"
        "    sys.stdout.buffer.write(b'x' * 65536)\n"
        f"{end}\n"
    )
    command = AdapterCommand(flood, mode, timeout=30.0, max_answer=1 << 20)
    answer = ask_once(command)
    assert isinstance(answer, AdapterFailure) and answer.kind == "BAD_ANSWER"
    assert "over 1048576 bytes" in answer.message


def test_reading_an_answer_holds_no_more_than_the_bound_and_a_chunk():
    """The memory bound, structurally: the buffer stops growing at the limit, whatever is written."""
    read_end, write_end = os.pipe()
    writer = subprocess.Popen(
        [sys.executable, "-c", "import os, sys\nwhile True: os.write(1, b'x' * 65536)"],
        stdout=write_end,
    )
    os.close(write_end)
    buffer = bytearray()
    try:
        with os.fdopen(read_end, "rb", buffering=0) as stream:
            reading = read_answer(
                stream, None, buffer, StderrTail(100), time.monotonic() + 60, 1 << 20, until="line"
            )
    finally:
        writer.kill()
        writer.wait()
    assert reading.outcome == "too_big"
    assert len(buffer) <= (1 << 20) + CHUNK


@pytest.mark.parametrize(
    "command",
    ["/nonexistent/askbench-adapter", script("import sys; sys.stdin.readline(); print()")],
    ids=["cannot-start", "answers-nothing"],
)
def test_check_stops_with_exit_2_when_the_impl_answers_the_first_request_with_nothing(
    capsys, command
):
    assert main(["check", str(ESCAPES), "--widths", "80", "--impl", command]) == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert "answered its first request with nothing" in err
    if "nonexistent" in command:
        assert "not found" in err or "No such file" in err


def test_render_us_is_optional_and_a_number_when_present() -> None:
    """``renderUs`` (askbench/1): the gate takes an answer with or without it, and refuses one that is not a number."""
    from askbench.harness.drivers.protocol import answer_json, decode_answer

    assert decode_answer(answer_json("1", ["a"], False).encode(), "1") == decode_answer(
        answer_json("1", ["a"], False, 12.34).encode(), "1"
    )
    assert '"renderUs":12.3' in answer_json("1", ["a"], False, 12.34).replace(" ", "")
    bad = decode_answer(b'{"id": "1", "lines": ["a"], "elided": false, "renderUs": "fast"}', "1")
    assert getattr(bad, "kind", None) == "BAD_ANSWER" and "renderUs" in str(bad)


def test_an_adapter_renders_only_a_view_the_contract_names() -> None:
    from askbench.harness.drivers.protocol import view_of
    from askbench.harness.terms import VIEWS

    assert [view_of({"view": view}) for view in VIEWS] == list(VIEWS)
    for unknown in ("Bounded", "full", None, 1):
        with pytest.raises(ValueError, match="unknown view"):
            view_of({"view": unknown})


def test_a_request_larger_than_the_pipe_never_blocks_the_harness_on_an_adapter_that_reads_nothing() -> (
    None
):
    """What the pipe does not take at once is written from a thread: the harness times the adapter out."""
    deaf = script("import time; time.sleep(60)")
    payload = build_payload({"name": "bash", "input": {"command": "echo " + "x" * 1_000_000}})
    budget = DialogBudget(max_rows=24, field_max_width=400, width=80)
    started = time.monotonic()
    with AdapterSource(AdapterCommand(deaf, "session", timeout=0.5)) as source:
        answer = source(payload, None, "bounded", 80, budget)
    assert isinstance(answer, AdapterFailure) and answer.kind == "TIMEOUT"
    assert time.monotonic() - started < 10


def test_an_adapter_reads_the_end_of_its_input_though_a_process_was_forked_after_it_started() -> (
    None
):
    """A child forked while the session runs (the traced oracle's workers) must not hold the adapter's stdin open:
    the adapter ends when the harness closes it, not when its grace runs out and it is killed."""
    ends_at_eof = script(
        "import sys, json\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    print(json.dumps({'id': request['id'], 'lines': ['x'], 'elided': False}), flush=True)\n"
    )
    payload = build_payload({"name": "bash", "input": {"command": "ls"}})
    budget = DialogBudget(max_rows=24, field_max_width=400, width=80)
    source = AdapterSource(AdapterCommand(ends_at_eof, "session", timeout=5))
    source(payload, None, "bounded", 80, budget)
    child = os.fork()
    if child == 0:  # pragma: no cover - the child only waits
        time.sleep(10)
        os._exit(0)
    try:
        session = source._session
        assert session is not None
        started = time.monotonic()
        source.close()
        assert time.monotonic() - started < 1.5
        assert session.process.returncode == 0  # it left on its own, not killed
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
