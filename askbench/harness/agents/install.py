"""Where the pinned CLIs live: one npm prefix per CLI and version, in a cache folder outside the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .profiles import Profile

__all__ = ["default_cache", "bin_dir", "installed", "install"]


def default_cache() -> Path:
    """``$ASKBENCH_AGENTS_CACHE``, else ``~/.cache/askbench/agents``."""
    configured = os.environ.get("ASKBENCH_AGENTS_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "askbench" / "agents"


def _prefix(profile: Profile, cache: Path) -> Path:
    return cache / f"{profile.name}-{profile.version}"


def bin_dir(profile: Profile, cache: Path) -> Path:
    return _prefix(profile, cache) / "node_modules" / ".bin"


def installed(profile: Profile, cache: Path) -> bool:
    return (bin_dir(profile, cache) / profile.bin).exists()


def install(profile: Profile, cache: Path) -> str | None:
    """``npm install`` the pinned package into its own prefix; None when done, else why not."""
    if installed(profile, cache):
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed"
    prefix = _prefix(profile, cache)
    prefix.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--prefix", str(prefix), profile.spec],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not installed(profile, cache):
        return f"npm install {profile.spec} failed: {(done.stderr or done.stdout).strip()[-300:]}"
    return None
