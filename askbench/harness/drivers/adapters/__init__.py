"""Implementations behind the ``askbench/1`` contract, runnable as commands.

``python -m askbench.harness.drivers.adapters.reference`` is the reference renderer behind
the contract (the gate must judge it exactly as in process);
``python -m askbench.harness.drivers.adapters.naive`` is a deliberately naive renderer the
gate must fail. Both serve either mode: they answer every request line on
stdin until stdin closes. See ``docs/adapters.md``.
"""

__all__ = ["naive", "reference", "variant"]
