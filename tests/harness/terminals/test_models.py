"""Each terminal model measures text its own way: the judge reads every frame on all of them."""

import pytest

from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.models import MODELS, cells_on


def test_emoji_sequences_occupy_their_grapheme_width():
    reading = read_frame(["👨\u200d👩\u200d👧 family"], 40)
    assert reading.rows == ["👨\u200d👩\u200d👧 family"]
    assert reading.unprintable == []


@pytest.mark.parametrize(
    "text, grapheme, codepoint, ambiguous_wide",
    [
        ("ls -la", 6, 6, 6),
        ("界", 2, 2, 2),
        ("…→", 2, 2, 4),
        ("👨\u200d👩\u200d👧", 2, 6, 6),
        ("e\u0301", 1, 1, 1),
    ],
)
def test_each_model_measures_text_its_own_way(
    text: str, grapheme: int, codepoint: int, ambiguous_wide: int
) -> None:
    """A cluster is one unit on ``grapheme``, each code point its own on ``codepoint``, and East Asian Ambiguous
    characters two cells on ``ambiguous-wide``."""
    measured = {name: cells_on(text, model) for name, model in MODELS.items()}
    assert measured == {
        "grapheme": grapheme,
        "codepoint": codepoint,
        "ambiguous-wide": ambiguous_wide,
    }
