"""The user's configuration, normalised so that nothing invalid reaches a prompt.

Every knob is a positive integer. A bad value never fails a prompt: it falls
back to the default and is reported by field name, and an unknown key is
reported rather than silently kept, so a typo cannot pass for a setting.
The JSON Schema beside this module is kept in parity with ``FIELDS`` by a test.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from .dialog import DialogBudget
from .preview import TOOL_INPUT_PREVIEW_MAX_LENGTH, TOOL_TEXT_SUMMARY_MAX_LENGTH

PROMPT_MAX_ROWS = 24
PROMPT_FIELD_MAX_WIDTH = 400

FIELDS: Mapping[str, tuple[str, int]] = {
    "toolInputPreviewMaxLength": ("tool_input_preview_max_length", TOOL_INPUT_PREVIEW_MAX_LENGTH),
    "toolTextSummaryMaxLength": ("tool_text_summary_max_length", TOOL_TEXT_SUMMARY_MAX_LENGTH),
    "promptMaxRows": ("prompt_max_rows", PROMPT_MAX_ROWS),
    "promptFieldMaxWidth": ("prompt_field_max_width", PROMPT_FIELD_MAX_WIDTH),
}
"""JSON key → (attribute, default)."""

_IGNORED_KEYS = frozenset({"$schema"})


@dataclass(frozen=True)
class ConfigIssue:
    """One thing in the config that was not taken as written."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


@dataclass(frozen=True)
class PermissionConfig:
    tool_input_preview_max_length: int = TOOL_INPUT_PREVIEW_MAX_LENGTH
    tool_text_summary_max_length: int = TOOL_TEXT_SUMMARY_MAX_LENGTH
    prompt_max_rows: int = PROMPT_MAX_ROWS
    prompt_field_max_width: int = PROMPT_FIELD_MAX_WIDTH
    issues: tuple[ConfigIssue, ...] = field(default=(), compare=False)

    def dialog_budget(self, width: int) -> DialogBudget:
        """The bounded dialog's budget at a terminal width: read at each ask, so an edit applies to the next."""
        return DialogBudget(
            max_rows=self.prompt_max_rows, field_max_width=self.prompt_field_max_width, width=width
        )


class ConfigError(ValueError):
    """A config file that could not be read at all (not JSON, not an object)."""


def positive_int(value: object) -> int | None:
    """The knob's value when ``value`` is a positive whole number, else ``None``.

    ``true`` is not ``1``. A whole JSON number written ``400.0`` is ``400``:
    JSON (and the schema's ``"type": "integer"``) does not tell the two
    apart, and neither does the upstream's ``Number.isInteger``.
    """
    if isinstance(value, bool):
        return None
    if type(value) is int:
        return value if value > 0 else None
    if type(value) is float and value.is_integer() and value > 0:
        return int(value)
    return None


def normalize_config(raw: Mapping[str, object]) -> PermissionConfig:
    """Keep every valid knob, fall back to the default for the rest, report both kinds of miss."""
    if not isinstance(raw, Mapping):
        return PermissionConfig(
            issues=(ConfigIssue("(root)", f"expected an object, got {type(raw).__name__}"),)
        )
    values: dict[str, int] = {}
    issues: list[ConfigIssue] = []
    for key, value in raw.items():
        if key in _IGNORED_KEYS:
            continue
        if key not in FIELDS:
            issues.append(ConfigIssue(str(key), "unknown setting, ignored"))
            continue
        attribute, default = FIELDS[key]
        if (number := positive_int(value)) is not None:
            values[attribute] = number
        else:
            issues.append(
                ConfigIssue(
                    key, f"must be a positive integer, got {json.dumps(value)}; using {default}"
                )
            )
    return PermissionConfig(**values, issues=tuple(issues))


def parse_config(text: str, filename: str) -> PermissionConfig:
    """Normalise a config file's text; malformed JSON raises one message naming file and position."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(
            f"{filename}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise ConfigError(f"{filename}: nested too deeply to be a config file") from None
    if not isinstance(raw, dict):
        raise ConfigError(
            f"{filename}: expected a JSON object at the top level, got {type(raw).__name__}"
        )
    return normalize_config(raw)
