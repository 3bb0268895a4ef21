"""``askbench.harness.judge.judged_frames``: models that show a frame alike share one reading, and a frame is let go once read."""

from askbench.harness.terminals.models import MODELS


def _groups(lines, width):
    from askbench.harness.judge.judged_frames import HeldFrame, read_on

    held = HeldFrame(lines, False, len(lines), None)
    return [
        [model.name for model in judged.models]
        for judged in read_on(held, width, list(MODELS.values()))
    ]


def test_models_that_lay_every_line_out_alike_share_one_reading_wrapped_or_not():
    ascii_wraps = ["\x1b[1mecho " + "B" * 90 + "\x1b[0m", "short"]
    assert _groups(ascii_wraps, 40) == [list(MODELS)]
    ambiguous_fits = ["\u00b1" * 30]  # fits 40 columns even at two cells a character
    assert _groups(ambiguous_fits, 80) == [list(MODELS)]


def test_a_line_one_model_wraps_its_own_way_gets_that_model_a_reading_of_its_own():
    ambiguous = [
        "\u00b1" * 30
    ]  # 30 cells on most terminals, 60 where ambiguous characters are wide
    groups = _groups(ambiguous, 40)
    assert ["ambiguous-wide"] in groups
    assert sorted(name for group in groups for name in group) == sorted(MODELS)


class _Lines(list):
    """Frame lines a test can hold a weak reference to."""


def test_a_frame_s_lines_are_let_go_once_its_last_reading_is_made():
    import weakref

    from askbench.harness.judge.judged_frames import HeldFrame, read_on

    lines = _Lines(["Permission Required", "tool    : bash", "wide    : " + "\u00b1" * 45])
    gone = weakref.ref(lines)
    held = HeldFrame(lines, False, len(lines), None)
    del lines
    readings = read_on(held, 80, list(MODELS.values()))
    first = next(
        readings
    )  # the line wraps on ambiguous-wide alone: two readings, the lines kept for the second
    assert gone() is not None and first.reading.frame_rows == 3
    second = next(readings)
    assert gone() is None and second.reading.frame_rows == 4
    assert next(readings, None) is None
