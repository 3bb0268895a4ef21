"""The real terminals for tests: started once, or a skip that says what to install."""

import pytest

from askbench.harness.terminals.choice import REAL_TERMINALS, choose_terminals
from askbench.harness.terminals.models import TerminalModel
from askbench.harness.terminals.real_screen import TerminalUnavailable

REAL = tuple(REAL_TERMINALS)


def real_terminal(name: str) -> TerminalModel:
    try:
        return choose_terminals([name])[0]
    except TerminalUnavailable as error:
        pytest.skip(f"{name} is not installed here: {error}")
