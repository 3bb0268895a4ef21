"""The documentation, shipped in the wheel as ``askbench.docs`` so ``askbench docs NAME`` finds it in an install."""
