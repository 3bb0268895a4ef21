"""One tmux server per run: its own socket, one window of a fixed size, the pane's bytes piped to a file.

The program is started behind a gate (a shell that waits for a file), so
``pipe-pane`` is in place before the program writes its first byte: the
raw stream on file is all the program ever wrote. Its stderr is teed to a
file beside the stream (still reaching the pane), and the pane is kept when
the program exits, so a CLI that crashes leaves its exit status, its error
and its last screen to report. The shell outlives the program until the tee
has written all of it, and exits with the program's status.
"""

from __future__ import annotations

import shlex
import subprocess
import time
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType

__all__ = ["Tmux", "HEIGHT", "tmux_available"]

HEIGHT = 40


def tmux_available() -> bool:
    try:
        return subprocess.run(["tmux", "-V"], capture_output=True, check=False).returncode == 0
    except OSError:
        return False


class Tmux:
    """A private tmux server running ``argv`` in ``cwd`` with exactly ``env`` (a context manager)."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        cwd: Path,
        width: int,
        raw: Path,
        height: int = HEIGHT,
    ) -> None:
        self.socket = f"askbench-{uuid.uuid4().hex[:12]}"
        self.width, self.height = width, height
        self.raw = raw
        self._gate = raw.with_suffix(".go")
        self._stderr = raw.with_suffix(".err")
        self._status = raw.with_suffix(".status")
        self._argv, self._env, self._cwd = list(argv), dict(env), cwd

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=30,
        )
        return done.stdout

    def start(self) -> None:
        self.raw.write_bytes(b"")
        self._stderr.write_bytes(b"")
        self._status.unlink(missing_ok=True)
        environment = " ".join(
            shlex.quote(f"{key}={value}") for key, value in sorted(self._env.items())
        )
        program = " ".join(shlex.quote(part) for part in self._argv)
        gate = shlex.quote(str(self._gate))
        stderr = shlex.quote(str(self._stderr))
        status = shlex.quote(str(self._status))
        script = (
            f"while [ ! -e {gate} ]; do sleep 0.02; done; "
            f"env -i {environment} {program} 2> >(exec tee -a {stderr} >&2); "
            f"status=$?; wait $!; printf %s $status > {status}; exit $status"
        )
        self._tmux(
            "new-session",
            "-d",
            "-x",
            str(self.width),
            "-y",
            str(self.height),
            "-c",
            str(self._cwd),
            "bash",
            "-c",
            script,
        )
        self._tmux("set-option", "-g", "remain-on-exit", "on")
        self._tmux("set-option", "-g", "status", "off")
        self._tmux("resize-window", "-x", str(self.width), "-y", str(self.height))
        self._tmux("pipe-pane", "-o", f"cat >> {shlex.quote(str(self.raw))}")
        self._gate.write_text("")

    def screen(self, styled: bool = False) -> list[str]:
        """The visible rows as tmux shows them (with SGR when ``styled``), padded to the pane's height."""
        text = self._tmux("capture-pane", "-p", *(["-e"] if styled else []))
        rows = text.split("\n")[: self.height]
        return rows + [""] * (self.height - len(rows))

    def send(self, *keys: str) -> None:
        self._tmux("send-keys", *keys)

    def dead(self) -> bool:
        return self._tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def exit_status(self, settle_seconds: float = 5.0) -> int | None:
        """The program's exit status once it has exited (the pane is kept dead), else None.

        The shell that runs it writes its status (a signal's as a shell says
        it, 128 plus its number) to a file of its own before it exits, so a
        dead pane has it whether or not tmux has reaped the shell yet. Only a
        shell that did not get so far is asked of tmux, again until it says,
        and reads -1 if it never does.
        """
        deadline = time.monotonic() + settle_seconds
        while True:
            dead, status, signal = (
                self._tmux(
                    "display-message", "-p", "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}"
                )
                .strip()
                .split(":")
                + ["", ""]
            )[:3]
            if dead != "1":
                return None
            written = self._status.read_text() if self._status.is_file() else ""
            if written.isdigit():
                return int(written)
            if status.isdigit():
                return int(status)
            if signal.isdigit():
                return 128 + int(signal)
            if time.monotonic() >= deadline:
                return -1
            time.sleep(0.02)

    def stderr(self) -> str:
        """What the program wrote to its stderr so far."""
        try:
            return self._stderr.read_bytes().decode("utf-8", "replace")
        except FileNotFoundError:
            return ""

    def raw_bytes(self) -> bytes:
        return self.raw.read_bytes()

    def __enter__(self) -> Tmux:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        socket = self._tmux("display-message", "-p", "#{socket_path}").strip()
        self._tmux("kill-server")
        if socket:
            Path(socket).unlink(missing_ok=True)
