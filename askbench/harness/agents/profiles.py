"""One profile per agent CLI: the package it installs from, how it is pointed at the fake model, and its keys.

A profile is data. Values may name the run's places and ports as
``{base_url}``, ``{home}``, ``{work}``, ``{python}``, ``{mcp_server}`` (the
server's name), ``{mcp_record}`` (its recorded ``tools/list``), ``{tools}``,
``{style}`` and ``{prompt}``; ``fill`` puts them in. Bumping a CLI is one
line: its ``version``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .wire import Protocol

__all__ = [
    "PrePrompt",
    "Profile",
    "PROFILES",
    "STANDINS",
    "standin",
    "fill",
    "QUIET_ENV",
    "profile_named",
]

QUIET_ENV: Mapping[str, str] = {
    "TERM": "xterm-256color",
    "LANG": "C.UTF-8",
    "NO_COLOR": "",
    "HTTPS_PROXY": "http://127.0.0.1:9",
    "HTTP_PROXY": "http://127.0.0.1:9",
    "NO_PROXY": "127.0.0.1,localhost",
    "DO_NOT_TRACK": "1",
    "CI": "",
}
"""Every run: a UTF-8 xterm, and any request that is not for 127.0.0.1 sent to a closed port of it."""


@dataclass(frozen=True)
class PrePrompt:
    """A prompt a CLI shows before the one that carries the call — access to a directory or a URL the call
    names — and the keys that allow it, so the prompt judged is the one that shows the call."""

    what: str
    """What it asks, as the verdict's note says it."""
    screen: str
    """A regular expression that tells this pre-prompt is on screen (and not the prompt that carries the call)."""
    keys: tuple[str, ...] = ("Enter",)
    """tmux key names that allow it."""


@dataclass(frozen=True)
class Profile:
    name: str
    label: str
    """How the report names the CLI."""
    package: str
    """The npm package, empty for the stand-in."""
    version: str
    bin: str
    """The executable under ``node_modules/.bin`` (or an absolute command for the stand-in)."""
    protocol: Protocol
    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=dict)
    files: Mapping[str, str] = field(default_factory=dict)
    """Files to seed, relative to the fresh HOME (``work/...`` for the working folder's)."""
    expand_key: tuple[str, ...] = ("C-o",)
    """tmux key names, pressed in order, that show the whole input."""
    page_key: str = "PageDown"
    close_key: tuple[str, ...] = ()
    """What leaves the expanded view for the prompt again, when the decline key does not."""
    decline_key: tuple[str, ...] = ("Escape",)
    prompt: str = r"(?i)\b(allow|approve|proceed|permission)\b"
    """A regular expression that tells the permission prompt is on screen."""
    title: str = r"^$never"
    """Where the prompt begins: the last row matching it starts the rows judged (the transcript above is not the
    prompt). Where no row matches, as when the prompt pushed its own head off screen, the whole screen is judged."""
    deny: str = r"(?i)\b(no|deny|reject|cancel|esc)\b"
    """The deny option as the prompt words it (the option, not a key hint: a hint says a key declines, an option
    shows what declining is); the ``options`` verdict wants it on screen."""
    expand_hint: str = r"(?i)ctrl\+o|\^o"
    """How the prompt names its expand key, for the ``elision`` verdict."""
    shell: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    write: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    mcp: bool = True
    """Whether the profile's files register the fake MCP server."""
    typed_prompt: bool = False
    """Type the user's turn once the CLI has settled, instead of passing it in argv: a CLI whose first turn
    would leave before its MCP servers are connected offers their tools only on a later one."""
    start_seconds: float = 0.0
    """At least this long to wait for the first prompt, for a CLI that starts slowly."""
    pre_prompts: tuple[PrePrompt, ...] = ()
    """The prompts it may show before the one that carries the call, each answered by allowing it."""

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each known ``{name}`` replaced; other braces (JSON, TOML) are left alone."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


_PROMPT = "Run the tool call you were asked for."

_MCP_JSON = '{"{mcp_server}": {"command": "{python}", "args": ["-m", "askbench.harness.agents.fake_mcp", "{mcp_record}"], "env": {}}}'

CLAUDE = Profile(
    name="claude-code",
    label="Claude Code",
    package="@anthropic-ai/claude-code",
    version="2.1.332",
    bin="claude",
    protocol="anthropic",
    argv=("--permission-mode", "manual"),
    typed_prompt=True,
    env={
        "ANTHROPIC_BASE_URL": "{base_url}",
        "ANTHROPIC_API_KEY": "sk-ant-api03-askbench-fake-key-0000000000",
        "CLAUDE_CONFIG_DIR": "{home}/.claude",
        "ENABLE_TOOL_SEARCH": "false",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
    },
    files={
        ".claude/.claude.json": '{"hasCompletedOnboarding": true, "theme": "dark", "numStartups": 3, '
        '"customApiKeyResponses": {"approved": ["-fake-key-0000000000"], "rejected": []}, '
        '"projects": {"{work}": {"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true, '
        '"allowedTools": []}}, "mcpServers": ' + _MCP_JSON + "}",
        ".claude/settings.json": '{"permissions": {"defaultMode": "manual"}, "autoUpdates": false}',
    },
    expand_key=("C-o",),
    close_key=("C-o",),
    decline_key=("Escape",),
    prompt=r"(?i)do you want to|allow|proceed\?",
    title=r"^ ?(Bash command|Tool use|Create file|Edit file|Write file|Overwrite file|Fetch|Read file)\b",
    deny=r"(?m)^\s*(❯\s*)?\d+\.\s+No\b",
    shell={"Bash": {"command": "{command}", "description": "Run the requested command"}},
    write={"Write": {"path": "file_path"}},
)

CODEX = Profile(
    name="codex",
    label="Codex CLI",
    package="@openai/codex",
    version="0.171.0",
    bin="codex",
    protocol="responses",
    argv=("-c", "check_for_update_on_startup=false", "{prompt}"),
    env={"CODEX_HOME": "{home}/.codex", "FAKE_API_KEY": "sk-askbench-fake", "RUST_LOG": "error"},
    files={
        ".codex/config.toml": 'model = "fake-model"\nmodel_provider = "fake"\napproval_policy = "on-request"\n'
        'sandbox_mode = "read-only"\ncheck_for_update_on_startup = false\n\n'
        '[model_providers.fake]\nname = "fake"\nbase_url = "{base_url}/v1"\nenv_key = "FAKE_API_KEY"\n'
        'wire_api = "responses"\n\n[projects."{work}"]\ntrust_level = "trusted"\n\n[analytics]\nenabled = false\n\n'
        '[mcp_servers.{mcp_server}]\ncommand = "{python}"\nargs = ["-m", "askbench.harness.agents.fake_mcp", "{mcp_record}"]\n',
    },
    expand_key=("C-a",),
    close_key=("q",),
    decline_key=("Escape",),
    prompt=r"(?i)would you like|allow|approve",
    title=r"(?i)^\s*(would you like|allow .* to )",
    deny=r"(?m)^\s*(›\s*)?\d+\.\s+(No|Cancel)\b",
    expand_hint=r"(?i)ctrl\+a|\^a",
    shell={
        "shell_command": {
            "command": "{command}",
            "sandbox_permissions": "require_escalated",
            "justification": "The task needs it",
        },
        "exec_command": {
            "cmd": "{command}",
            "sandbox_permissions": "require_escalated",
            "justification": "The task needs it",
        },
        "shell": {
            "command": "{argv}",
            "sandbox_permissions": "require_escalated",
            "justification": "The task needs it",
        },
    },
)

GEMINI = Profile(
    name="gemini-cli",
    label="Gemini CLI",
    package="@google/gemini-cli",
    version="0.61.0",
    bin="gemini",
    protocol="gemini",
    argv=("--model", "gemini-2.5-flash", "--prompt-interactive", "{prompt}"),
    env={
        "GOOGLE_GEMINI_BASE_URL": "{base_url}",
        "GEMINI_API_KEY": "askbench-fake-key",
        "GEMINI_CLI_NO_RELAUNCH": "true",
        "GEMINI_TELEMETRY_ENABLED": "false",
    },
    files={
        ".gemini/settings.json": '{"security": {"auth": {"selectedType": "gemini-api-key"}, '
        '"folderTrust": {"enabled": false}}, "privacy": {"usageStatisticsEnabled": false}, '
        '"telemetry": {"enabled": false}, "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, '
        '"ui": {"hideTips": true}, "mcpServers": ' + _MCP_JSON + "}",
        ".gemini/trustedFolders.json": '{"{work}": "TRUST_FOLDER"}',
    },
    expand_key=("C-o",),
    decline_key=("Escape",),
    prompt=r"(?i)allow execution|allow once|apply this change|do you want|waiting for user confirmation",
    title=r"^│ \? ",
    deny=r"(?m)^\W*(●\s*)?\d+\.\s+No\b",
    shell={
        "run_shell_command": {"command": "{command}", "description": "Run the requested command"}
    },
    write={"write_file": {"path": "file_path"}},
)

OPENCODE = Profile(
    name="opencode",
    label="OpenCode",
    package="opencode-ai",
    version="1.18.33",
    bin="opencode",
    protocol="chat",
    argv=("--prompt", "{prompt}"),
    start_seconds=180.0,
    env={
        "OPENCODE_DISABLE_AUTOUPDATE": "true",
        "OPENCODE_DISABLE_SHARE": "true",
        "OPENCODE_DISABLE_LSP_DOWNLOAD": "true",
        "OPENCODE_DISABLE_DEFAULT_PLUGINS": "true",
        "OPENCODE_DISABLE_MODELS_FETCH": "true",
        "OPENCODE_DISABLE_CLAUDE_CODE": "true",
        "OPENCODE_PURE": "1",
        "OPENCODE_DISABLE_EXTERNAL_SKILLS": "1",
        "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS": "1",
        "OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER": "true",
        "OPENCODE_DISABLE_TERMINAL_TITLE": "true",
        "XDG_CONFIG_HOME": "{home}/.config",
        "XDG_DATA_HOME": "{home}/.local/share",
        "XDG_CACHE_HOME": "{home}/.cache",
        "XDG_STATE_HOME": "{home}/.local/state",
    },
    files={
        "work/opencode.json": '{"$schema": "https://opencode.ai/config.json", "autoupdate": false, "share": "disabled", '
        '"model": "fake/fake-model", "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "fake", '
        '"options": {"baseURL": "{base_url}/v1", "apiKey": "fake"}, "models": {"fake-model": {"name": "fake", '
        '"tool_call": true}}}}, "permission": {"bash": "ask", "edit": "ask", "webfetch": "ask", "*": "ask"}, '
        '"mcp": {"{mcp_server}": {"type": "local", "command": ["{python}", "-m", "askbench.harness.agents.fake_mcp", '
        '"{mcp_record}"], "enabled": true}}}',
    },
    expand_key=("C-f",),
    close_key=("C-f",),
    decline_key=("Escape",),
    prompt=r"(?i)permission required|allow once",
    title=r"Permission required",
    deny=r"\bReject\b",
    expand_hint=r"(?i)ctrl\+f",
    shell={"bash": {"command": "{command}", "description": "Run the requested command"}},
    write={"write": {"path": "filePath"}},
    pre_prompts=(
        PrePrompt("access to an external directory", r"Access external directory", ("Enter",)),
    ),
)

QWEN = Profile(
    name="qwen-code",
    label="Qwen Code",
    package="@qwen-code/qwen-code",
    version="0.24.4",
    bin="qwen",
    protocol="chat",
    argv=(
        "--auth-type",
        "openai",
        "--model",
        "fake-model",
        "--approval-mode",
        "default",
        "--prompt-interactive",
        "{prompt}",
    ),
    env={
        "OPENAI_BASE_URL": "{base_url}/v1",
        "OPENAI_API_KEY": "sk-askbench-fake",
        "OPENAI_MODEL": "fake-model",
        "QWEN_CODE_NO_RELAUNCH": "true",
        "GEMINI_CLI_NO_RELAUNCH": "true",
    },
    files={
        ".qwen/settings.json": '{"security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": false}}, '
        '"privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}, '
        '"general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "ui": {"hideTips": true}, '
        # MCP tools offered up front: by default Qwen Code defers them behind its tool_search/tool_call bridge,
        # which the fake model does not walk; the approval asked is the MCP tool's either way
        '"tools": {"toolSearch": {"enabled": false}}, '
        '"mcpServers": ' + _MCP_JSON + "}",
        ".qwen/trustedFolders.json": '{"{work}": "TRUST_FOLDER"}',
    },
    expand_key=("C-o",),
    decline_key=("Escape",),
    prompt=r"(?i)allow execution|allow once|apply this change|do you want|waiting for user confirmation",
    title=r"^\s*│?\s*\? ",
    deny=r"(?m)^\W*(●\s*)?\d+\.\s+No\b",
    shell={
        "run_shell_command": {"command": "{command}", "description": "Run the requested command"}
    },
    write={"write_file": {"path": "file_path", "root": "{work}"}},
)

COPILOT = Profile(
    name="copilot",
    label="GitHub Copilot CLI",
    package="@github/copilot",
    version="1.0.102",
    bin="copilot",
    protocol="chat",
    argv=(
        "--no-auto-update",
        "--disable-client-telemetry",
        "--no-custom-instructions",
        "--additional-mcp-config",
        '{"mcpServers": {"{mcp_server}": {"type": "local", "command": "{python}", '
        '"args": ["-m", "askbench.harness.agents.fake_mcp", "{mcp_record}"], "tools": ["*"]}}}',
        "--interactive",
        "{prompt}",
    ),
    env={
        "COPILOT_PROVIDER_BASE_URL": "{base_url}/v1",
        "COPILOT_PROVIDER_TYPE": "openai",
        "COPILOT_PROVIDER_API_KEY": "sk-askbench-fake",
        "COPILOT_MODEL": "fake-model",
        "COPILOT_OFFLINE": "true",
        "COPILOT_AUTO_UPDATE": "false",
        "COPILOT_HOME": "{home}/.copilot",
    },
    files={
        ".copilot/config.json": '{"trusted_folders": ["{work}"], "banner": "never", "render_markdown": true}',
    },
    expand_key=("C-o",),
    decline_key=("Escape",),
    prompt=r"(?i)do you want|allow|approve",
    title=r"^╭─",
    deny=r"(?m)^\W*(❯\s*)?\d+\.\s+No\b",
    shell={"bash": {"command": "{command}", "description": "Run the requested command"}},
    write={"create": {"path": "path", "content": "file_text", "root": "{work}"}},
    pre_prompts=(
        PrePrompt("access to paths outside the session's", r"Allow path access", ("1",)),
        PrePrompt(
            "access to a URL",
            r"Allow URL access|Allow web access|attempting to access the following URL",
            ("1",),
        ),
    ),
)

PROFILES: Mapping[str, Profile] = {
    profile.name: profile for profile in (CLAUDE, CODEX, GEMINI, OPENCODE, QWEN, COPILOT)
}


def standin(protocol: Protocol, style: str = "sound") -> Profile:
    """The scripted stand-in CLI speaking ``protocol`` in one of its styles (``askbench.harness.agents.standin``)."""
    return Profile(
        name=f"standin-{protocol}" + ("" if style == "sound" else f"-{style}"),
        label=f"stand-in ({protocol}, {style})",
        package="",
        version="0",
        bin="{python}",
        protocol=protocol,
        argv=(
            "-m",
            "askbench.harness.agents.standin",
            "--protocol",
            protocol,
            "--base-url",
            "{base_url}",
            "--style",
            style,
            "--tools",
            "{tools}",
        ),
        expand_key=("C-o",),
        decline_key=("n",),
        prompt=r"Permission required|Deny \(n\)",
        title=r"^Permission required",
        deny=r"Deny \(n\)",
        shell={"bash": {"command": "{command}"}},
        write={},
        mcp=False,
        pre_prompts=(PrePrompt("access to an external directory", r"Access external directory"),),
    )


STANDINS: Mapping[str, Profile] = {
    f"standin-{protocol}": standin(protocol)
    for protocol in ("anthropic", "responses", "chat", "gemini")
}


def profile_named(name: str) -> Profile:
    """The pinned CLI or stand-in of that name (``--cli``, and a shard file's CLIs); ``KeyError`` for another."""
    return PROFILES.get(name) or STANDINS[name]
