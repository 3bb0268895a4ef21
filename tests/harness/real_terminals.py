"""The real terminals for tests: started once, or a skip that says what to install."""

import pytest

from askbench.harness.real_screen import TerminalUnavailable
from askbench.harness.terminal import TerminalModel
from askbench.harness.terminal_choice import REAL_TERMINALS, choose_terminals

REAL = tuple(REAL_TERMINALS)


def real_terminal(name: str) -> TerminalModel:
    try:
        return choose_terminals([name])[0]
    except TerminalUnavailable as error:
        pytest.skip(f"{name} is not installed here: {error}")
