"""``--terminal NAME[,NAME]``: the models and the real terminals a run judges every frame on, by name."""

from __future__ import annotations

from collections.abc import Callable

from .models import MODELS, TerminalModel

__all__ = ["REAL_TERMINALS", "TERMINAL_NAMES", "choose_terminals", "parse_terminals"]


def _tmux() -> TerminalModel:
    from .tmux_screen import tmux_model

    return tmux_model()


def _xterm(name: str) -> Callable[[], TerminalModel]:
    def start() -> TerminalModel:
        from .xterm_screen import xterm_model

        return xterm_model(name)

    return start


REAL_TERMINALS: dict[str, Callable[[], TerminalModel]] = {
    "tmux": _tmux,
    "xterm": _xterm("xterm"),
    "xterm-unicode11": _xterm("xterm-unicode11"),
}
"""Real terminals, started on first use; each raises ``TerminalUnavailable`` when it is not installed."""
TERMINAL_NAMES = (*MODELS, *REAL_TERMINALS)


def parse_terminals(text: str) -> list[str]:
    """``grapheme,tmux``: known names, each once; a ValueError lists the choices."""
    names = list(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    unknown = [name for name in names if name not in TERMINAL_NAMES]
    if unknown or not names:
        raise ValueError(
            f"unknown terminal {', '.join(map(repr, unknown)) or repr(text)}; choose from {', '.join(TERMINAL_NAMES)}"
        )
    return names


def choose_terminals(names: list[str]) -> list[TerminalModel]:
    """The terminals named, in order; a real one is started here (``TerminalUnavailable`` when it is not installed)."""
    return [MODELS[name] if name in MODELS else REAL_TERMINALS[name]() for name in names]
