"""A bash command run for real, inside a bubblewrap sandbox where running it can change nothing.

The traced oracle (``askbench.harness.judge.traced_oracle``) learns what a
command runs by letting bash run it, so the place it runs in must keep it
harmless whatever it is: no network (every namespace unshared), a root of
``/usr`` alone and read-only, a private scratch working folder, HOME and
``/tmp`` (small tmpfs), a time bound, a bound on processes, file size,
memory and CPU (``ulimit``, under a user id of its own so the process
count is the run's alone), and every program on ``/usr/bin`` a stub that
records its arguments and exits 0. bash's builtins (``eval``, ``source``,
``mapfile``, ``printf -v``, ``declare``) run for real: that is the point.
A few programs that run text they are handed (``env -S``, ``sed``'s ``e``,
``git``'s hooks, ``xargs``, ``find -exec``) run for real after recording,
so what they start is recorded too — their output discarded, since it is
the host's (``git | sh`` must not run git's usage text as commands); a shell they start is the real bash
with the tracing prelude, as is every ``sh`` and ``bash``. The programs that
only move the command's own text between its own files (``cat``, ``tee``,
``cp``, ``chmod``…) run for real too, so a script the command writes and then
runs (``cat > deploy.sh <<'EOF'`` … ``sh deploy.sh``) is run and traced.

What ran is told by two witnesses written to one log file: bash's DEBUG
trap (``set -T``, so command substitutions and subshells are traced too)
records each simple command's text before it runs (``BASH_COMMAND``), and
each stub records the argument vector it was started with. The trap is
installed through ``BASH_ENV`` by every bash the run starts, before the
command's own ``BASH_ENV`` is read; a command that removes the trap still
cannot run a program without its stub recording it.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import select
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "TRACED_SHELLS",
    "SandboxRun",
    "bwrap_version",
    "prepare_sandbox",
    "run_sandboxed",
    "sandbox_available",
    "sandbox_inputs",
]

TIME_BOUND = 2.0
"""Seconds a traced run may take, bwrap's start included; a run still going then is killed, and what it
recorded so far stands."""
PROCESSES = 64
LOG_BYTES = 4 << 20
"""What the log may hold: ``ulimit -f`` stops a writer past it, and the judge reads no more."""
TMPFS_BYTES = 16 << 20
MEMORY_KIB = 1 << 20
CPU_SECONDS = 4

_BWRAP = "bwrap"
_SCRATCH = "/scratch"
_HOME = "/home/user"
TRACED_SHELLS = frozenset({"sh", "bash", "dash", "rbash"})
"""Every shell a run starts is the real bash with the tracing prelude: what it runs is traced inside it."""
_SHELLS = tuple(sorted(TRACED_SHELLS))
_RUN_FOR_REAL = (
    "env",
    "xargs",
    "find",
    "timeout",
    "nice",
    "nohup",
    "stdbuf",
    "setsid",
    "sed",
    "git",
    "awk",
    "gawk",
    "mawk",
)
"""Programs that run text they are given: each runs after its stub records it, so what it starts is stubbed and
recorded in turn, its output discarded (what it prints is the host's: ``git | sh`` must not run git's usage).
Every other program only records."""
_FILES_FOR_REAL = ("cat", "tee", "cp", "mv", "ln", "mkdir", "chmod", "touch")
"""Programs that only move the command's own text between files: each runs for real, output kept, where every
path it is given is the run's own (relative, or under its working folder, HOME or ``/tmp``, with no ``..``) —
so ``cat > deploy.sh <<'EOF'`` writes the script a later ``sh deploy.sh`` runs, traced, while a host file is never
read (what ``/usr/share/…`` holds is this machine's, not the command's)."""
COMMON_NAMES = (
    "npm",
    "npx",
    "node",
    "yarn",
    "pnpm",
    "bun",
    "deno",
    "pip",
    "pip3",
    "python",
    "python3",
    "uv",
    "poetry",
    "cargo",
    "rustc",
    "go",
    "make",
    "curl",
    "wget",
    "ssh",
    "scp",
    "rsync",
    "docker",
    "kubectl",
    "terraform",
    "gh",
    "aws",
    "gcloud",
    "brew",
    "apt",
    "apt-get",
    "sudo",
    "pwsh",
    "java",
    "mvn",
    "gradle",
    "ruby",
    "gem",
    "bundle",
    "perl",
    "php",
    "composer",
    "dotnet",
    "nc",
    "openssl",
    "zsh",
    "ksh",
    "fish",
)
"""Names given a stub whether or not the host has the program: what agents' commands commonly run."""
_HOST_BINS = ("/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin")


@dataclass(frozen=True, slots=True)
class SandboxRun:
    """What a run's witnesses wrote (the raw log), and whether the run ended within its bounds."""

    log: bytes
    finished: bool
    """False when the time bound ended it: the log holds what ran until then."""


@cache
def sandbox_available() -> bool:
    """Whether bubblewrap is installed and can build a sandbox here (it needs user namespaces or root)."""
    if shutil.which(_BWRAP) is None or shutil.which("bash") is None:
        return False
    try:
        done = subprocess.run(
            [_BWRAP, *_mounts(Path("/nonexistent")), "--", f"{_real()}/true"],
            capture_output=True,
            timeout=10,
            check=False,
            user=(uid := _identity()),
            group=uid,
            extra_groups=None if uid is None else [],
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


@cache
def bwrap_version() -> str:
    done = subprocess.run([_BWRAP, "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "bubblewrap"


@cache
def _nonce() -> str:
    return secrets.token_hex(6)


def nonce() -> str:
    """The mark every line of the judge's own prelude holds, so that its commands are never taken for the
    command's: per judge process, unknown to a command written beforehand."""
    return _nonce()


@cache
def _root() -> str:
    """The folder the judge's own files stand in inside the sandbox: named by the nonce, so that every line of
    the stub and the prelude holds it."""
    return f"/askbench-{nonce()}"


def _real() -> str:
    return f"{_root()}/real"


def _kit_at() -> str:
    return f"{_root()}/kit"


def _log() -> str:
    return f"{_root()}/log"


def _more() -> str:
    """Where the stubs for the programs only this command names stand, last on PATH."""
    return f"{_root()}/more"


def _command() -> str:
    return f"{_root()}/command"


def _child_env() -> str:
    """Where a stub for a shell keeps the command's own ``BASH_ENV`` for the prelude to read after it."""
    return f"ASKBENCH_CHILD_ENV_{nonce()}"


def _prelude() -> str:
    mark = f"__askbench_{nonce()}"
    return f"""\
set -T
{mark}_trace() {{ builtin printf 'T%s\\0' "$1" >> {_log()}; }}
trap '{mark}_trace "$BASH_COMMAND"' DEBUG
if [[ -n ${{{_child_env()}-}} ]]; then {mark}_env=${{{_child_env()}}}; unset {_child_env()}; \
{mark}_env=${{{mark}_env@P}}; [[ -r ${mark}_env ]] && . "${mark}_env"; fi
"""


def _stub() -> str:
    mark = f"__askbench_{nonce()}"
    shells = "|".join(_SHELLS)
    real = "|".join(_RUN_FOR_REAL)
    files = "|".join(_FILES_FOR_REAL)
    return f"""\
#!{_real()}/bash -p
{mark}_n=${{0##*/}}
builtin printf '%s\\0' "A$(( $# + 1 ))" "${mark}_n" "$@" >> {_log()}
{mark}_own() {{
  local a
  for a; do
    case $a in
      */../*|../*|*/..|..) return 1;;
      -*|[!/]*|/tmp/*|"$HOME"/*|"$PWD"/*) ;;
      *) return 1;;
    esac
  done
}}
case ${mark}_n in
  {shells})
    [[ ${{BASH_ENV-}} == {_kit_at()}/prelude.sh ]] || export {_child_env()}=${{BASH_ENV-}}
    export BASH_ENV={_kit_at()}/prelude.sh
    exec {_real()}/bash "$@";;
  {real}) [[ -x {_real()}/${mark}_n ]] && exec {_real()}/"${mark}_n" "$@" > /dev/null;;
  {files}) [[ -x {_real()}/${mark}_n ]] && {mark}_own "$@" && exec {_real()}/"${mark}_n" "$@";;
esac
exit "${{{mark}_status:-0}}"
"""


def sandbox_inputs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a run's records depend on besides the command, for runs kept between judges: the host programs a
    run starts for real (bash among them), and every name a stub stands for."""
    real = (*_SHELLS, *_RUN_FOR_REAL, *_FILES_FOR_REAL)
    return tuple(f"/usr/bin/{name}" for name in real), tuple(sorted(_stub_names()))


@cache
def _stub_names() -> frozenset[str]:
    names = set(COMMON_NAMES) | set(_SHELLS) | set(_RUN_FOR_REAL) | set(_FILES_FOR_REAL)
    for folder in _HOST_BINS:
        try:
            names.update(os.listdir(folder))
        except OSError:
            continue
    return frozenset(names)


@cache
def _kit() -> Path:
    """The prelude, the stub and a folder of stubs named as every program the host has and the common ones:
    made once per judge process, removed at its exit."""
    root = Path(tempfile.mkdtemp(prefix="askbench-traced-", dir=_memory_folder()))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    (root / "prelude.sh").write_text(_prelude(), encoding="utf-8")
    stub = root / "stub"
    stub.write_text(_stub(), encoding="utf-8")
    stub.chmod(0o755)
    stubs = root / "bin"
    stubs.mkdir()
    _link_stubs(stubs, _stub_names())
    root.chmod(0o755)
    return root


def _memory_folder() -> str | None:
    """``/dev/shm`` where the host has it to write in: the kit is a thousand links, made at every judge's start,
    which a disk's file system can take a second to write; else the system's temporary folder."""
    memory = "/dev/shm"
    return memory if os.path.isdir(memory) and os.access(memory, os.W_OK | os.X_OK) else None


_NAME_BYTES = 255
"""The longest file name Linux file systems take: a longer program name is no program, and runs nothing."""


def _file_name(name: str) -> bool:
    """Whether ``name`` can name a program on PATH."""
    return (
        bool(name)
        and "/" not in name
        and name not in (".", "..")
        and len(name.encode("utf-8", "surrogateescape")) <= _NAME_BYTES
    )


def _link_stubs(folder: Path, names: Iterable[str]) -> None:
    for name in names:
        if _file_name(name):
            try:
                (folder / name).symlink_to(f"{_kit_at()}/stub")
            except (OSError, ValueError):
                continue


def prepare_sandbox(locale_folder: Path | None) -> None:
    """Make the kit (and ``locale_folder``'s locales in it) now: processes forked after this share them."""
    _kit()
    if locale_folder is not None:
        _kit_locales(locale_folder)


def _locale_at() -> str:
    return f"{_root()}/locales"


_kit_locales_lock = threading.Lock()


def _kit_locales(folder: Path) -> Path:
    """``folder``'s locales inside the kit, where the run's own user can read them (the user's cache may
    stand in a home no other user enters): linked where the file system allows, else copied; once per
    judge process, whichever of the runs running at once asks first."""
    with _kit_locales_lock:
        return _made_kit_locales(folder)


@cache
def _made_kit_locales(folder: Path) -> Path:
    kit = _kit() / "locales"

    def link_or_copy(source: str, destination: str) -> object:
        try:
            os.link(source, destination)
        except OSError:
            shutil.copy2(source, destination)
        return destination

    shutil.copytree(folder, kit, copy_function=link_or_copy)
    for path in (kit, *kit.rglob("*")):
        path.chmod(0o755 if path.is_dir() else 0o644)
    return kit


def _locale(name: str, folder: Path | None) -> list[str]:
    """The sandbox's locale: ``name``, from ``folder`` (``LOCPATH``) when it is not one of the host's."""
    if folder is None:
        return ["--setenv", "LC_ALL", name]
    kit = _kit_locales(folder)
    return [
        "--ro-bind",
        str(kit),
        _locale_at(),
        "--setenv",
        "LOCPATH",
        _locale_at(),
        "--setenv",
        "LC_ALL",
        name,
    ]


def _mounts(run: Path) -> list[str]:
    kit = _kit()
    local = run / "bin"
    tmpfs = ["--size", str(TMPFS_BYTES), "--tmpfs"]
    return [
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--ro-bind",
        "/usr",
        "/usr",
        "--ro-bind",
        "/usr/bin",
        _real(),
        "--ro-bind",
        str(kit),
        _kit_at(),
        "--ro-bind",
        str(kit / "bin"),
        "/usr/bin",
        *(
            arg
            for folder in _HOST_BINS[1:]
            if Path(folder).is_dir()
            for arg in ("--ro-bind", str(kit / "bin"), folder)
        ),
        *(["--ro-bind", str(local), _more()] if local.is_dir() else []),
        "--symlink",
        "usr/bin",
        "/bin",
        "--symlink",
        "usr/sbin",
        "/sbin",
        "--symlink",
        "usr/lib",
        "/lib",
        *(["--symlink", "usr/lib64", "/lib64"] if Path("/usr/lib64").exists() else []),
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        *tmpfs,
        "/tmp",
        *tmpfs,
        _HOME,
        *tmpfs,
        _SCRATCH,
        "--chdir",
        _SCRATCH,
        "--setenv",
        "PATH",
        f"/usr/local/bin:/usr/bin:/bin:/usr/sbin:{_more()}",
        "--setenv",
        "HOME",
        _HOME,
        "--setenv",
        "USER",
        "user",
        # git runs for its hooks and the settings that name programs, never to reach a repository: a fetch would
        # start git's own helpers (``git-upload-pack 'origin'``), which no screen of the command shows
        "--setenv",
        "GIT_CONFIG_COUNT",
        "1",
        "--setenv",
        "GIT_CONFIG_KEY_0",
        "protocol.allow",
        "--setenv",
        "GIT_CONFIG_VALUE_0",
        "never",
    ]


def _identity() -> int | None:
    """Under root, a user id no other process has: ``ulimit -u`` counts a user's processes, and never root's."""
    if os.geteuid() != 0:
        return None
    return 200_000 + secrets.randbelow(100_000)


def _entry() -> str:
    """Bounds set before the command runs (hard and soft, so it cannot raise them), the scratch folder made an
    empty git repository as an agent's working folder is, and the command read by bash from a file: an
    argument holds at most 128 KiB."""
    return (
        f"ulimit -u {PROCESSES} -f {LOG_BYTES // 1024} -v {MEMORY_KIB} -t {CPU_SECONDS} 2>/dev/null;"
        f" {{ builtin printf 'ref: refs/heads/main\\n' > .git/HEAD; }} 2>/dev/null;"
        f" BASH_ENV={_kit_at()}/prelude.sh exec {_real()}/bash -O extglob {_command()} </dev/null"
    )


def run_sandboxed(
    command: str,
    names: Iterable[str] = (),
    locale: str = "C.UTF-8",
    locale_folder: Path | None = None,
) -> SandboxRun:
    """Run ``command`` under bash in the sandbox, with a stub also for each of ``names`` (the programs the
    static reading finds), in ``locale`` (compiled in ``locale_folder`` when it is not the host's), and
    return what its witnesses recorded."""
    with tempfile.TemporaryDirectory(prefix="askbench-run-") as scratch:
        run = Path(scratch)
        run.chmod(0o755)
        source, log = run / "command", run / "log"
        source.write_text(command, encoding="utf-8", errors="surrogateescape")
        log.touch()
        uid = _identity()
        if uid is not None:
            os.chown(log, uid, uid)
        missing = {
            name for name in names if _file_name(name) and not (_kit() / "bin" / name).exists()
        }
        if missing:
            (run / "bin").mkdir()
            _link_stubs(run / "bin", missing)
        argv = [
            _BWRAP,
            *_mounts(run),
            *_locale(locale, locale_folder),
            "--ro-bind",
            str(source),
            _command(),
            "--bind",
            str(log),
            _log(),
            "--dir",
            f"{_SCRATCH}/.git",
            "--dir",
            f"{_SCRATCH}/.git/objects",
            "--dir",
            f"{_SCRATCH}/.git/refs",
            "--",
            f"{_real()}/bash",
            "--norc",
            "--noprofile",
            "-c",
            _entry(),
        ]
        finished = _run_bounded(argv, uid)
        with log.open("rb") as written:
            return SandboxRun(written.read(LOG_BYTES), finished)


def _run_bounded(argv: list[str], uid: int | None) -> bool:
    process = subprocess.Popen(  # noqa: S603 - the sandbox's own argv, no shell
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        user=uid,
        group=uid,
        extra_groups=None if uid is None else [],
    )
    finished = _ended_within(process, TIME_BOUND)
    if not finished:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.kill()
    process.wait()
    return finished


def _ended_within(process: subprocess.Popen[bytes], seconds: float) -> bool:
    """Whether ``process`` ends within ``seconds``, waited for on its pidfd: ``Popen.wait`` with a timeout
    polls, sleeping up to 50 ms between looks, and the judge waits on hundreds of short runs. The process is
    not reaped here, so its group is still its own to kill."""
    try:
        handle = os.pidfd_open(process.pid)
    except OSError:
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return False
        return True
    try:
        ready, _, _ = select.select([handle], [], [], seconds)
    finally:
        os.close(handle)
    return bool(ready)
