"""Where frames come from: the reference in process, any implementation behind ``askbench/1``, the variants.

The judge asks a frame source for each view and judges whatever comes back (``frame_sources``).
The adapter contract (``protocol``), its client (``adapter_client``, ``adapter_pipes``), the
adapters that serve it (``adapters``) and the mutants and styles whose verdict is known
(``variants``) are all ways of producing frames; none of them reads a screen or judges one, so a
source can crash, hang or lie and the judge trusts none of it. The reference's colours (``paint``)
stand apart, so that what draws with them (``askbench try``) imports no adapter contract.
"""

__all__ = [
    "adapter_client",
    "adapter_pipes",
    "adapters",
    "frame_sources",
    "paint",
    "protocol",
    "variants",
]
