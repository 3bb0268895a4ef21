"""bash itself, asked what a command runs: by its parser (``bash --pretty-print``), executing nothing.

Both halves of the harness need bash's reading and neither may borrow it from
the other: the judge (``askbench.harness.judge.what_runs``) owes every
command bash reads, and the reference's driver hands the same reading to the
renderer as its ``CommandReader`` where tree-sitter's reading may not be
bash's. So it stands here, below both, and imports neither.
"""

__all__ = ["bash_oracle", "bash_reader", "reading"]
