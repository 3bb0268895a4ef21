"""Config normalisation, file parsing, and the JSON Schema's parity with the loader."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl import ConfigError, ConfigIssue, PermissionConfig, normalize_config, parse_config
from askbench.impl.config import FIELDS, positive_int

SCHEMA = json.loads(
    resources.files("askbench.impl").joinpath("config.schema.json").read_text(encoding="utf-8")
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
README = Path(__file__).resolve().parents[2] / "README.md"

DEFAULTS = {
    "toolInputPreviewMaxLength": ("tool_input_preview_max_length", 200),
    "toolTextSummaryMaxLength": ("tool_text_summary_max_length", 80),
    "promptMaxRows": ("prompt_max_rows", 24),
    "promptFieldMaxWidth": ("prompt_field_max_width", 400),
}
INVALID = [
    0,
    -1,
    1.5,
    "400",
    True,
    False,
    None,
    [],
    {},
    [400],
    {"value": 400},
    -0.5,
    float("nan"),
    float("inf"),
]
INVALID_IDS = [
    "zero",
    "negative",
    "fraction",
    "string",
    "true",
    "false",
    "null",
    "empty-array",
    "empty-object",
    "array",
    "object",
    "negative-fraction",
    "nan",
    "infinity",
]


def test_fields_name_every_knob_with_its_default():
    assert dict(FIELDS) == DEFAULTS


def test_permission_config_defaults_agree_with_fields():
    config = PermissionConfig()
    for attribute, default in FIELDS.values():
        assert getattr(config, attribute) == default
    assert config.issues == ()


def test_empty_config_is_all_defaults_without_issues():
    config = normalize_config({})
    assert config == PermissionConfig()
    assert config.issues == ()


@pytest.mark.parametrize("key", list(DEFAULTS))
@pytest.mark.parametrize("value", [1, 7, 400, 10**12])
def test_positive_integers_are_kept(key, value):
    config = normalize_config({key: value})
    attribute, _ = DEFAULTS[key]
    assert getattr(config, attribute) == value
    assert config.issues == ()


def test_all_four_knobs_at_once():
    config = normalize_config(
        {
            "toolInputPreviewMaxLength": 400,
            "toolTextSummaryMaxLength": 120,
            "promptMaxRows": 30,
            "promptFieldMaxWidth": 300,
        }
    )
    assert (
        config.tool_input_preview_max_length,
        config.tool_text_summary_max_length,
        config.prompt_max_rows,
        config.prompt_field_max_width,
    ) == (400, 120, 30, 300)


@pytest.mark.parametrize("key", list(DEFAULTS))
@pytest.mark.parametrize("value", INVALID, ids=INVALID_IDS)
def test_invalid_values_fall_back_and_are_reported_by_field_name(key, value):
    config = normalize_config({key: value})
    attribute, default = DEFAULTS[key]
    assert getattr(config, attribute) == default
    assert [issue.field for issue in config.issues] == [key]
    message = config.issues[0].message
    assert "positive integer" in message
    assert f"using {default}" in message


def test_issue_message_quotes_the_value_as_json():
    (issue,) = normalize_config({"promptMaxRows": "400"}).issues
    assert issue == ConfigIssue("promptMaxRows", 'must be a positive integer, got "400"; using 24')
    assert str(issue) == 'promptMaxRows: must be a positive integer, got "400"; using 24'


def test_true_is_not_one():
    config = normalize_config({"promptMaxRows": True})
    assert config.prompt_max_rows == 24
    assert type(config.prompt_max_rows) is int


def test_a_whole_number_written_with_a_fraction_part_is_that_integer():
    """JSON (and the schema's ``integer``) do not tell 400.0 from 400; nor does the upstream."""
    config = parse_config('{"promptFieldMaxWidth": 400.0}', "c.json")
    assert config.prompt_field_max_width == 400
    assert type(config.prompt_field_max_width) is int
    assert config.issues == ()


def test_valid_and_invalid_fields_are_judged_separately():
    config = normalize_config({"promptMaxRows": 30, "promptFieldMaxWidth": 0})
    assert config.prompt_max_rows == 30
    assert config.prompt_field_max_width == 400
    assert [issue.field for issue in config.issues] == ["promptFieldMaxWidth"]


def test_unknown_keys_are_reported_not_kept():
    config = normalize_config({"promptMaxRow": 30, "toolInputPreviewMaxLength": 300})
    assert config.issues == (ConfigIssue("promptMaxRow", "unknown setting, ignored"),)
    assert config.prompt_max_rows == 24
    assert config.tool_input_preview_max_length == 300
    assert not hasattr(config, "promptMaxRow")


def test_schema_key_is_accepted_silently():
    config = normalize_config({"$schema": "./config.schema.json", "promptMaxRows": 10})
    assert config.issues == ()
    assert config.prompt_max_rows == 10


def test_issues_keep_the_order_of_the_input():
    config = normalize_config({"zeta": 1, "promptMaxRows": 0, "alpha": 2})
    assert [issue.field for issue in config.issues] == ["zeta", "promptMaxRows", "alpha"]


def test_issues_do_not_affect_equality():
    assert normalize_config({"promptMaxRows": 0}) == normalize_config({})


def test_non_object_root_is_reported_not_raised():
    config = normalize_config([1, 2])  # type: ignore[arg-type]
    assert config == PermissionConfig()
    assert [issue.field for issue in config.issues] == ["(root)"]


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text()),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)


@given(st.sampled_from(list(DEFAULTS)), json_values)
def test_any_json_value_normalises_to_a_positive_int(key, value):
    config = normalize_config({key: value})
    attribute, default = DEFAULTS[key]
    result = getattr(config, attribute)
    assert type(result) is int
    assert result > 0
    kept = positive_int(value) is not None
    assert result == (int(value) if kept else default)
    assert (config.issues == ()) == kept


@given(st.dictionaries(st.text(max_size=12), json_values, max_size=6))
def test_every_unknown_key_is_reported_exactly_once(raw):
    config = normalize_config(raw)
    unknown = [key for key in raw if key not in DEFAULTS and key != "$schema"]
    reported = [
        issue.field for issue in config.issues if issue.message == "unknown setting, ignored"
    ]
    assert reported == unknown


# ── parse_config ──


def test_parse_config_normalises_a_valid_file():
    config = parse_config('{"promptMaxRows": 12, "typo": 1}', "askbench.json")
    assert config.prompt_max_rows == 12
    assert [issue.field for issue in config.issues] == ["typo"]


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ('{\n  "promptMaxRows": 24,\n  "promptFieldMaxWidth": 400,\n}\n', 4, 1),
        ('{\n  "promptMaxRows": 24\n  "promptFieldMaxWidth": 400\n}\n', 3, 3),
        ('{"promptMaxRows": 2x}', 1, 20),
        ("", 1, 1),
    ],
    ids=["trailing-comma", "missing-comma", "bad-number", "empty-file"],
)
def test_malformed_json_raises_one_message_naming_file_line_and_column(text, line, column):
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "/home/u/.config/askbench.json")
    message = str(caught.value)
    assert message.startswith(f"/home/u/.config/askbench.json:{line}:{column}: not valid JSON: ")
    assert "\n" not in message
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__


def test_config_error_is_a_value_error():
    assert issubclass(ConfigError, ValueError)


@pytest.mark.parametrize(
    "text", ["[]", '"x"', "3", "null"], ids=["array", "string", "number", "null"]
)
def test_a_top_level_non_object_is_rejected_naming_the_file(text):
    with pytest.raises(ConfigError, match=r"^c\.json: expected a JSON object at the top level"):
        parse_config(text, "c.json")


def test_absurdly_deep_nesting_is_a_config_error_not_a_crash():
    with pytest.raises(ConfigError, match=r"^deep\.json: "):
        parse_config('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", "deep.json")


# ── Schema parity with the loader ──


def test_schema_properties_are_exactly_the_loader_fields():
    properties = dict(SCHEMA["properties"])
    assert properties.pop("$schema") == {"type": "string"}
    assert set(properties) == set(FIELDS)


@pytest.mark.parametrize("key", list(FIELDS))
def test_schema_property_matches_the_loader(key):
    prop = SCHEMA["properties"][key]
    assert prop["type"] == "integer"
    assert prop["minimum"] == 1
    assert prop["default"] == FIELDS[key][1]
    assert prop["description"]


def test_schema_rejects_unknown_keys():
    assert SCHEMA["additionalProperties"] is False
    assert SCHEMA["type"] == "object"


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def readme_example() -> dict:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    examples = [json.loads(block) for block in blocks if "promptMaxRows" in block]
    assert examples, "README documents no example config"
    return examples[0]


def test_readme_example_config_is_valid_and_loads_without_issues():
    example = readme_example()
    VALIDATOR.validate(example)
    config = normalize_config(example)
    assert config.issues == ()
    assert set(example) <= set(FIELDS) | {"$schema"}


def test_schema_defaults_are_a_valid_config_equal_to_the_defaults():
    example = {
        key: prop["default"] for key, prop in SCHEMA["properties"].items() if "default" in prop
    }
    VALIDATOR.validate(example)
    assert normalize_config(example) == PermissionConfig()


# NaN and Infinity are left out: they are not JSON, so a config file cannot carry them.
JSON_INVALID = [
    (value, name)
    for value, name in zip(INVALID, INVALID_IDS, strict=True)
    if name not in ("nan", "infinity")
]


@pytest.mark.parametrize(
    "value", [value for value, _ in JSON_INVALID], ids=[name for _, name in JSON_INVALID]
)
def test_schema_rejects_what_the_loader_rejects(value):
    assert not VALIDATOR.is_valid({"promptMaxRows": value})
    assert normalize_config({"promptMaxRows": value}).issues


def test_schema_rejects_an_unknown_key_the_loader_reports():
    assert not VALIDATOR.is_valid({"promptMaxRow": 30})


json_documents = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 10**6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=4),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=2), st.dictionaries(st.text(max_size=3), children, max_size=2)
    ),
    max_leaves=5,
)


@given(
    st.dictionaries(
        st.one_of(st.sampled_from([*FIELDS, "$schema"]), st.text(max_size=6)),
        st.one_of(st.integers(-3, 10**6), json_documents),
        max_size=5,
    )
)
def test_schema_validity_agrees_with_a_clean_normalisation(raw):
    """A document the schema accepts loads without issues, and one it rejects yields at least one."""
    if "$schema" in raw and not isinstance(raw["$schema"], str):
        raw = {**raw, "$schema": "x"}
    assert VALIDATOR.is_valid(raw) == (normalize_config(raw).issues == ())


def test_prompt_knobs_become_the_dialog_budget():
    from askbench.impl.dialog import DialogBudget

    config = normalize_config({"promptMaxRows": 12, "promptFieldMaxWidth": 90, "promptUnknown": 1})
    assert config.dialog_budget(100) == DialogBudget(max_rows=12, field_max_width=90, width=100)
    assert normalize_config({"promptMaxRows": 0}).dialog_budget(80) == DialogBudget(24, 400, 80)
