"""The exit codes every ``askbench`` command shares (``docs/design.md``, "Exit codes").

Defined apart from the commands and the gate, and importing nothing, so that the command line,
``askbench try`` and the gate say the same code for the same outcome without one importing the
others (building the command line imports no judge).
"""

__all__ = ["EXIT_OK", "EXIT_UNUSABLE", "EXIT_VIOLATION"]

EXIT_OK = 0
"""Every invariant holds on everything judged."""
EXIT_VIOLATION = 1
"""Some invariant or expectation does not hold."""
EXIT_UNUSABLE = 2
"""Input that could not be judged, or nothing judged at all; it wins over ``EXIT_VIOLATION``."""
