"""``askbench.harness.judge.wider_frames``: a frame judged at a narrower width gives the verdicts judging it again would."""

from dataclasses import replace

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS
from askbench.harness.runners.gate import judge_payload
from askbench.harness.terminals.models import MODELS
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload


def _payload(command: str):
    return build_payload({"name": "bash", "input": {"command": command}})


def _judged_afresh(payload, width, **options):
    return judge_payload(
        payload, DialogBudget(max_rows=12, field_max_width=120, width=width), **options
    )


def _verdicts(result):
    return (
        sorted((v.invariant, v.view, v.width, v.message, v.terminal) for v in result.violations),
        result.complete_rows,
        result.legacy_rows,
    )


def test_a_frame_judged_at_a_narrower_width_gives_the_verdicts_judging_it_again_would():
    from askbench.harness.fixtures.loading import load_corpus
    from askbench.harness.judge.wider_frames import WiderFrames
    from askbench.harness.runners.gate import fixture_payload

    fixtures, _ = load_corpus([BUILTIN_CORPUS])
    taken = 0
    for fixture in fixtures[::7]:
        payload = fixture_payload(fixture)
        if isinstance(payload, str):
            continue
        wider = WiderFrames()
        for width in (80, 120, 160):
            options = {"fixture": fixture}
            remembered = len(wider.judged)
            with_memo = judge_payload(
                payload,
                DialogBudget(
                    max_rows=fixture.max_rows, field_max_width=fixture.field_max_width, width=width
                ),
                wider=wider,
                **options,
            )
            afresh = judge_payload(
                payload,
                DialogBudget(
                    max_rows=fixture.max_rows, field_max_width=fixture.field_max_width, width=width
                ),
                **options,
            )
            assert _verdicts(with_memo) == _verdicts(afresh), (fixture.path, width)
            taken += width > 80 and len(wider.judged) == remembered
    assert taken > 10  # the frames of many fixtures at 120 and 160 are the same


def _fixed(lines):
    """A source that renders the same complete and legacy frame at every width."""

    def render(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        return frame if view == "bounded" else replace(frame, lines=tuple(lines))

    return render


def test_a_frame_that_wrapped_at_the_narrower_width_is_judged_again_at_the_wider():
    from askbench.harness.judge.wider_frames import WiderFrames

    payload = _payload("ls")
    lines = ["Permission Required", "command : ls", "x" * 140, "", "  (y) Yes", "  (n) No", ""]
    wider = WiderFrames()
    narrow = judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=120),
        source=_fixed(lines),
        wider=wider,
    )
    wide = judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=160),
        source=_fixed(lines),
        wider=wider,
    )
    assert any(v.invariant == "fit" and v.view == "complete" for v in narrow.violations)
    assert _verdicts(wide) == _verdicts(
        judge_payload(
            payload, DialogBudget(max_rows=12, field_max_width=120, width=160), source=_fixed(lines)
        )
    )


def test_a_frame_is_taken_only_from_a_narrower_width_and_only_when_it_is_the_same_frame():
    from askbench.harness.judge.wider_frames import WiderFrames

    payload = _payload("ls")
    lines = ["Permission Required", "command : ls", "x" * 140, "", "  (y) Yes", "  (n) No", ""]
    wider = WiderFrames()
    judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=160),
        source=_fixed(lines),
        wider=wider,
    )  # fits 160: remembered
    narrow = judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=120),
        source=_fixed(lines),
        wider=wider,
    )
    assert _verdicts(narrow) == _verdicts(
        judge_payload(
            payload, DialogBudget(max_rows=12, field_max_width=120, width=120), source=_fixed(lines)
        )
    )

    def forged_at_160(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        if view == "complete" and width == 160:
            return replace(
                frame,
                lines=tuple("command : xx" if "command" in line else line for line in frame.lines),
            )
        return frame

    wider = WiderFrames()
    judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=120),
        source=forged_at_160,
        wider=wider,
    )
    forged = judge_payload(
        payload,
        DialogBudget(max_rows=12, field_max_width=120, width=160),
        source=forged_at_160,
        wider=wider,
    )
    assert _verdicts(forged) == _verdicts(
        judge_payload(
            payload, DialogBudget(max_rows=12, field_max_width=120, width=160), source=forged_at_160
        )
    )
    assert any(v.view == "complete" for v in forged.violations)


def test_a_frame_with_a_tab_or_on_a_real_terminal_is_never_taken_from_a_narrower_width():
    from askbench.harness.judge.wider_frames import WiderFrames
    from askbench.harness.terminals.models import TerminalModel

    models = list(MODELS.values())
    assert WiderFrames().key("complete", ["a\tb"], None, models) is None
    real = TerminalModel("real", "a real one", models[0].measure, screen=lambda lines, width: None)
    assert WiderFrames().key("complete", ["ab"], None, [*models, real]) is None
    assert WiderFrames().key("bounded", ["ab"], None, models) is None
    assert WiderFrames().key("complete", ["ab"], None, models) is not None
