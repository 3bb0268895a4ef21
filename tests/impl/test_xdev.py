import json
import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.impl.xdev import (
    DOCS_PER_DEVICE_CAP,
    DOCS_TOTAL_BUDGET,
    EXTERNAL_DESCRIPTION_CAP,
    KEEP_TOP_LEVEL,
    TRANSPORT_TOOLS,
    Device,
    DeviceArgsError,
    Docs,
    Executed,
    UnknownDeviceError,
    XdevError,
    XdevRegistry,
    decode_streaming_args,
    is_mountable,
    parse_device_path,
)

MODEST = settings(max_examples=150, deadline=None)
ADDITIONAL = "## Additional devices (docs on demand)"

ISSUE_SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "labels": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["title"],
    "additionalProperties": False,
}


def _noop(args):
    return None


def device(name, description="", **kwargs):
    kwargs.setdefault("execute", _noop)
    return Device(name=name, description=description, **kwargs)


class Recorder:
    def __init__(self, value="done"):
        self.calls = []
        self.value = value

    def __call__(self, args):
        self.calls.append(args)
        return self.value


# --------------------------------------------------------------------------
# Registry


def test_builtins_come_first_and_reconcile_replaces_dynamic_mounts_wholesale():
    registry = XdevRegistry([device("lsp"), device("browser")])
    registry.reconcile([device("gh_issue"), device("gh_pr")])
    assert [d.name for d in registry.list()] == ["lsp", "browser", "gh_issue", "gh_pr"]

    registry.reconcile([device("slack_post"), device("gh_pr")])
    assert [d.name for d in registry.list()] == ["lsp", "browser", "slack_post", "gh_pr"]
    assert registry.get("gh_issue") is None
    assert "gh_issue" not in registry
    assert len(registry) == 4

    registry.reconcile([])
    assert [d.name for d in registry.list()] == ["lsp", "browser"]


def test_dynamic_entry_never_shadows_a_builtin():
    builtin = device("lsp", "the real one")
    registry = XdevRegistry([builtin])
    registry.reconcile([device("lsp", "an impostor", external=True), device("other")])
    assert registry.get("lsp") is builtin
    assert [d.name for d in registry.list()] == ["lsp", "other"]


def test_an_earlier_dynamic_mount_wins_over_a_later_duplicate():
    first, second = device("gh", "first"), device("gh", "second")
    registry = XdevRegistry()
    registry.reconcile([first, device("x"), second])
    assert registry.get("gh") is first
    assert [d.name for d in registry.list()] == ["gh", "x"]


def test_duplicate_builtins_are_rejected():
    with pytest.raises(ValueError, match="lsp"):
        XdevRegistry([device("lsp"), device("lsp")])


@pytest.mark.parametrize(
    "name", ["", "has space", "a/b", "q?", "frag#", "tab\t", "nl\n", "\x1b[31m"]
)
def test_device_names_must_round_trip_through_the_url(name):
    with pytest.raises(ValueError):
        device(name)


def test_entries_summary_falls_back_from_summary_to_description_to_label_to_name():
    registry = XdevRegistry(
        [
            device("a", "first line\nsecond", summary="Explicit  summary"),
            device("b", "\n   \n  Creates an issue.  \nMore."),
            device("c", "", label="Label C"),
            device("d", "  \n"),
            device("e", "desc", summary="   "),
        ]
    )
    assert [(e.name, e.summary) for e in registry.entries()] == [
        ("a", "Explicit summary"),
        ("b", "Creates an issue."),
        ("c", "Label C"),
        ("d", "d"),
        ("e", "desc"),
    ]


def test_listing_exact_text_pads_names_to_the_widest():
    registry = XdevRegistry([device("lsp", "Language server.")])
    registry.reconcile([device("github_create_issue", "Create an issue.", external=True)])
    assert registry.listing() == (
        "xd:// 2 mounted tool devices.\n"
        "xd://lsp                 Language server.\n"
        "xd://github_create_issue Create an issue.\n"
        "\n"
        "Read xd://<tool> for docs; write xd://<tool> with JSON args to execute."
    )


def test_listing_uses_singular_for_one_device():
    assert XdevRegistry([device("lsp", "Language server.")]).listing() == (
        "xd:// 1 mounted tool device.\n"
        "xd://lsp Language server.\n"
        "\n"
        "Read xd://<tool> for docs; write xd://<tool> with JSON args to execute."
    )


def test_listing_of_an_empty_registry():
    assert XdevRegistry().listing().splitlines()[0] == "xd:// 0 mounted tool devices."


def test_docs_exact_text():
    registry = XdevRegistry(
        [
            device(
                "gh_issue",
                "Create a GitHub issue.\n",
                label="GitHub",
                parameters={"type": "object"},
            )
        ]
    )
    assert registry.docs("gh_issue") == (
        "# gh_issue — GitHub\n"
        "\n"
        "Create a GitHub issue.\n"
        "\n"
        "## Schema\n"
        "```json\n"
        "{\n"
        '  "type": "object"\n'
        "}\n"
        "```\n"
        "Execute by writing JSON to xd://gh_issue."
    )


def test_docs_without_label_or_description():
    registry = XdevRegistry([device("bare")])
    assert registry.docs("bare") == (
        "# bare\n\n## Schema\n```json\n{}\n```\nExecute by writing JSON to xd://bare."
    )


def test_unknown_device_error_lists_the_mounted_devices():
    registry = XdevRegistry([device("lsp")])
    registry.reconcile([device("gh_issue")])
    with pytest.raises(UnknownDeviceError) as caught:
        registry.docs("nope")
    assert str(caught.value) == "No such tool device: xd://nope. Mounted: lsp, gh_issue."
    assert caught.value.device == "nope"
    assert caught.value.mounted == ("lsp", "gh_issue")
    assert isinstance(caught.value, XdevError)
    with pytest.raises(UnknownDeviceError, match="Mounted: lsp, gh_issue"):
        registry.dispatch("nope", "{}")


# --------------------------------------------------------------------------
# docs_all


def section(name, description, label=None):
    title = f"## {name}" + (f" — {label}" if label else "")
    body = f"{description}\n\n" if description else ""
    return (
        f"{title}\n\n{body}### Schema\n```json\n{{}}\n```\nExecute by writing JSON to xd://{name}."
    )


def test_docs_all_exact_text_with_capped_external_and_overflow():
    long_external = "E" * 150 + " " + "F" * 100
    huge = "H" * (DOCS_PER_DEVICE_CAP + 1)
    registry = XdevRegistry([device("lsp", "Language server.", label="LSP"), device("huge", huge)])
    registry.reconcile([device("gh", long_external, external=True)])
    expected_gh = "E" * 150 + " " + "F" * 49 + "… (full docs: read xd://gh)"
    assert registry.docs_all() == "\n\n".join(
        [
            section("lsp", "Language server.", "LSP"),
            section("gh", expected_gh),
            ADDITIONAL
            + "\n- xd://huge — "
            + "H" * 159
            + "…\n\nRead xd://<tool> for full docs and JSON schema before first use.",
        ]
    )


def test_docs_all_caps_external_description_but_keeps_builtin_prose_whole():
    prose = "word " * 100
    registry = XdevRegistry([device("mine", prose), device("theirs", prose, external=True)])
    registry.reconcile([device("dyn", prose)])
    text = registry.docs_all()
    assert section("mine", prose.strip()) in text
    assert "(full docs: read xd://theirs)" in text
    assert "(full docs: read xd://dyn)" in text
    assert "(full docs: read xd://mine)" not in text


def test_docs_all_short_external_description_has_no_pointer():
    registry = XdevRegistry()
    registry.reconcile([device("gh", "Short.", external=True)])
    assert registry.docs_all() == section("gh", "Short.")


def test_docs_all_spends_the_budget_in_catalog_order_and_fills_gaps_later():
    big = [device(f"big{i}", "x" * 9_000) for i in range(6)]
    registry = XdevRegistry([*big, device("small", "tiny")])
    text = registry.docs_all()
    inlined, indexed = split_docs_all(text)
    assert inlined == ["big0", "big1", "big2", "big3", "big4", "small"]
    assert indexed == ["big5"]
    assert len(text) <= DOCS_TOTAL_BUDGET


def test_docs_all_device_over_the_per_device_cap_never_inlines_even_alone():
    registry = XdevRegistry([device("huge", "y" * DOCS_PER_DEVICE_CAP)])
    assert split_docs_all(registry.docs_all()) == ([], ["huge"])


def test_docs_all_index_alone_over_budget_inlines_nothing():
    registry = XdevRegistry()
    registry.reconcile([device(f"mcp_tool_{i}", "s" * 150, external=True) for i in range(400)])
    inlined, indexed = split_docs_all(registry.docs_all())
    assert inlined == []
    assert indexed == [f"mcp_tool_{i}" for i in range(400)]


def test_docs_all_of_an_empty_registry_is_empty():
    assert XdevRegistry().docs_all() == ""


def split_docs_all(text):
    """Names inlined (by section heading) and names in the on-demand index."""
    head, _, index = text.partition(ADDITIONAL)
    inlined = [line[3:].split(" — ")[0] for line in head.splitlines() if line.startswith("## ")]
    indexed = [
        line[len("- xd://") :].split(" — ")[0]
        for line in index.splitlines()
        if line.startswith("- xd://")
    ]
    return inlined, indexed


NAMES = st.sampled_from([f"tool_{i}" for i in range(16)]) | st.from_regex(
    r"[a-z][a-z0-9_]{0,11}", fullmatch=True
)
PROSE = st.text(alphabet=string.ascii_letters + " ", max_size=60)


@st.composite
def devices(draw, external=None):
    body = draw(st.sampled_from([0, 180, 400, 5_000, 9_500, 11_000]) | st.integers(0, 14_000))
    properties = {f"p{i}": {"type": "string"} for i in range(draw(st.integers(0, 4)))}
    return Device(
        name=draw(NAMES),
        description=draw(PROSE) + "\n" + "lorem ipsum " * (body // 12),
        parameters={"type": "object", "properties": properties},
        execute=_noop,
        label=draw(st.none() | st.text(alphabet=string.ascii_letters, min_size=1, max_size=10)),
        summary=draw(st.none() | PROSE),
        external=draw(st.booleans()) if external is None else external,
    )


CATALOGS = st.tuples(
    st.lists(devices(), max_size=10, unique_by=lambda d: d.name),
    st.lists(devices(external=True), max_size=12),
)


@MODEST
@given(CATALOGS)
def test_docs_all_properties_over_random_catalogs(catalog):
    builtins, dynamic = catalog
    registry = XdevRegistry(builtins)
    registry.reconcile(dynamic)
    text = registry.docs_all()

    assert len(text) <= DOCS_TOTAL_BUDGET

    builtin_names = [d.name for d in builtins]
    dynamic_names = list(dict.fromkeys(d.name for d in dynamic if d.name not in builtin_names))
    catalog_names = builtin_names + dynamic_names
    assert [d.name for d in registry.list()] == catalog_names
    for builtin in builtins:
        assert registry.get(builtin.name) is builtin

    inlined, indexed = split_docs_all(text)
    assert sorted(inlined + indexed) == sorted(catalog_names)
    assert not set(inlined) & set(indexed)
    assert inlined == [n for n in catalog_names if n in inlined]
    assert indexed == [n for n in catalog_names if n in indexed]
    assert (ADDITIONAL in text) == bool(indexed)

    by_name = {d.name: d for d in registry.list()}
    for name in inlined:
        current = by_name[name]
        if current.external or name in dynamic_names:
            long = len(current.description.strip()) > EXTERNAL_DESCRIPTION_CAP
            assert (f"(full docs: read xd://{name})" in text) == long
        if not current.external and name in builtin_names:
            assert current.description.strip() in text


# --------------------------------------------------------------------------
# Mounting rules


@pytest.mark.parametrize("name", sorted(KEEP_TOP_LEVEL | TRANSPORT_TOOLS))
def test_pinned_and_transport_tools_never_mount(name):
    assert not is_mountable(device(name, discoverable=True))


def test_pinned_and_transport_sets_are_exactly_the_documented_ones():
    assert KEEP_TOP_LEVEL == {"todo", "ask", "grep", "web_search"}
    assert TRANSPORT_TOOLS == {"read", "write"}


@pytest.mark.parametrize(("discoverable", "expected"), [(True, True), (False, False)])
def test_only_discoverable_tools_mount(discoverable, expected):
    assert is_mountable(device("github_create_issue", discoverable=discoverable)) is expected
    assert is_mountable(device("lsp", discoverable=discoverable, external=True)) is expected


# --------------------------------------------------------------------------
# dispatch


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def registry(recorder):
    registry = XdevRegistry()
    registry.reconcile(
        [device("gh_issue", "Create an issue.", parameters=ISSUE_SCHEMA, execute=recorder)]
    )
    return registry


@pytest.mark.parametrize("content", ["", "   \n", "?", " ? ", "help", "HELP\n"])
def test_dispatch_help_returns_docs_without_executing(registry, recorder, content):
    result = registry.dispatch("gh_issue", content)
    assert result == Docs("gh_issue", registry.docs("gh_issue"))
    assert recorder.calls == []


def test_dispatch_success_passes_validated_args_and_returns_the_value(registry, recorder):
    result = registry.dispatch("gh_issue", '{"title": "Bug", "labels": ["a"]}')
    assert result == Executed("gh_issue", {"title": "Bug", "labels": ["a"]}, "done")
    assert recorder.calls == [{"title": "Bug", "labels": ["a"]}]


HOW_TO_DOCS = 'write xd://gh_issue with "?"'


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        ("[1, 2]", "an array"),
        ('"title"', "a string"),
        ("42", "a number"),
        ("1.5", "a number"),
        ("true", "a boolean"),
        ("null", "null"),
    ],
)
def test_dispatch_rejects_non_object_json(registry, recorder, content, kind):
    with pytest.raises(DeviceArgsError) as caught:
        registry.dispatch("gh_issue", content)
    message = str(caught.value)
    assert f"xd://gh_issue content must be a JSON object, got {kind}." in message
    assert HOW_TO_DOCS in message
    assert caught.value.device == "gh_issue"
    assert recorder.calls == []


@pytest.mark.parametrize("content", ['{"title": ', "not json", '{"title": NaN}', "{'title': 1}"])
def test_dispatch_parse_error_names_the_device_and_how_to_get_docs(registry, recorder, content):
    with pytest.raises(DeviceArgsError) as caught:
        registry.dispatch("gh_issue", content)
    message = str(caught.value)
    assert message.startswith("xd://gh_issue expects a JSON object as content (")
    assert HOW_TO_DOCS in message
    assert caught.value.docs is None
    assert recorder.calls == []


def test_dispatch_deeply_nested_content_is_an_error_not_a_crash(registry):
    with pytest.raises(DeviceArgsError, match="nested too deeply"):
        registry.dispatch("gh_issue", "[" * 100_000 + "]" * 100_000)


def test_dispatch_strips_habitual_intent_field(registry, recorder):
    result = registry.dispatch("gh_issue", '{"i": "file the bug", "title": "Bug"}')
    assert recorder.calls == [{"title": "Bug"}]
    assert result.args == {"title": "Bug"}


def test_dispatch_keeps_intent_field_when_the_schema_declares_it():
    recorder = Recorder()
    schema = {
        "type": "object",
        "properties": {"i": {"type": "integer"}},
        "additionalProperties": False,
    }
    registry = XdevRegistry([device("counter", parameters=schema, execute=recorder)])
    registry.dispatch("counter", '{"i": 3}')
    assert recorder.calls == [{"i": 3}]
    with pytest.raises(DeviceArgsError, match=r"at \$\.i: 'x' is not of type 'integer'"):
        registry.dispatch("counter", '{"i": "x"}')


def test_dispatch_schema_mismatch_returns_the_error_with_docs_appended(registry, recorder):
    with pytest.raises(DeviceArgsError) as caught:
        registry.dispatch("gh_issue", '{"title": "Bug", "labels": ["ok", 7]}')
    docs = registry.docs("gh_issue")
    assert str(caught.value) == (
        f"Invalid arguments for xd://gh_issue at $.labels[1]: 7 is not of type 'string'\n\n{docs}"
    )
    assert caught.value.docs == docs
    assert recorder.calls == []


def test_dispatch_reports_a_missing_required_field_at_the_root(registry):
    with pytest.raises(DeviceArgsError, match=r"at \$: 'title' is a required property"):
        registry.dispatch("gh_issue", "{}")


def test_dispatch_validates_with_draft_2020_12_semantics():
    schema = {"type": "array", "prefixItems": [{"type": "string"}], "items": False}
    registry = XdevRegistry(
        [device("tuple", parameters={"type": "object", "properties": {"t": schema}})]
    )
    registry.dispatch("tuple", '{"t": ["a"]}')
    with pytest.raises(DeviceArgsError, match=r"\$\.t"):
        registry.dispatch("tuple", '{"t": ["a", "b"]}')


def test_dispatch_with_an_unusable_schema_blames_the_device():
    registry = XdevRegistry([device("broken", parameters={"type": "no-such-type"})])
    with pytest.raises(
        XdevError, match="xd://broken declares an unusable parameter schema"
    ) as caught:
        registry.dispatch("broken", "{}")
    assert not isinstance(caught.value, DeviceArgsError)


def test_dispatch_lets_the_devices_own_failure_propagate():
    def explode(args):
        raise RuntimeError("backend down")

    registry = XdevRegistry([device("flaky", parameters={"type": "object"}, execute=explode)])
    with pytest.raises(RuntimeError, match="backend down"):
        registry.dispatch("flaky", "{}")


# --------------------------------------------------------------------------
# Paths


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("xd://", ""),
        ("xd://github_create_issue", "github_create_issue"),
        ("xd://mcp:github.create-issue", "mcp:github.create-issue"),
        ("xd://a/b", None),
        ("xd://name with space", None),
        ("xd://x?y", None),
        ("xd://bad\x1b", None),
        ("XD://github", None),
        ("/tmp/xd://x", None),
        ("src/main.py", None),
        ("", None),
    ],
)
def test_parse_device_path(path, expected):
    assert parse_device_path(path) == expected


@MODEST
@given(st.text(max_size=40))
def test_parse_device_path_agrees_with_device_names(text):
    name = parse_device_path("xd://" + text)
    if name:
        assert device(name).name == text
    else:
        assert name == "" and text == "" or name is None


# --------------------------------------------------------------------------
# Streaming decode


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"title": "Hel', {"title": "Hel"}),
        ('{"tit', {}),
        ('{"title"', {}),
        ('{"title": ', {}),
        ('{"a": 1, "title": ', {"a": 1}),
        ('{"a": 1,', {"a": 1}),
        ('{"a": 12', {"a": 12}),
        ('{"a": 12 ', {"a": 12}),
        ('{"a": "x"', {"a": "x"}),
        ('{"a": "x" ', {"a": "x"}),
        ('{"a": -', {}),
        ('{"a": 1.', {"a": 1}),
        ('{"a": 1.5e', {"a": 1.5}),
        ('{"a": tr', {"a": True}),
        ('{"a": n', {"a": None}),
        ('{"a": [1, 2', {"a": [1, 2]}),
        ('{"a": [1, ', {"a": [1]}),
        ('{"a": [1, {"b": "c', {"a": [1, {"b": "c"}]}),
        ('{"a": {"b": ', {"a": {}}),
        ('{"a": "x\\', {"a": "x"}),
        ('{"a": "x\\u00', {"a": "x"}),
        ('{"a": "x\\u00e9', {"a": "xé"}),
        ('{"a": "line\\nnext', {"a": "line\nnext"}),
        ('  {"a": 1}  ', {"a": 1}),
        ('{"a": 1} trailing', {"a": 1}),
        ('{"a": 1 "b": 2}', {"a": 1}),
        ('{"a": tx}', {}),
        ('{"a" 1}', {}),
        ('{"a": 1 2}', {"a": 1}),
        ('{"a": [1 2]}', {"a": [1]}),
        ("", {}),
        ("   ", {}),
        ("{", {}),
        ("[1, 2", {}),
        ('"text', {}),
        ("42", {}),
        ("null", {}),
    ],
)
def test_decode_streaming_truncations(content, expected):
    assert decode_streaming_args(content) == expected


def test_decode_streaming_survives_ten_thousand_levels():
    deep_open = '{"a":' * 10_000
    assert decode_streaming_args(deep_open) == {}
    assert decode_streaming_args(deep_open + "1" + "}" * 10_000) == {}
    assert decode_streaming_args('{"a":' + "[" * 10_000) == {}


def test_decode_streaming_is_not_fooled_by_non_strings():
    assert decode_streaming_args(None) == {}  # type: ignore[arg-type]


JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)
JSON_OBJECTS = st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=5)


@MODEST
@given(JSON_OBJECTS, st.booleans(), st.sampled_from([None, 2]))
def test_every_prefix_decodes_to_a_dict_and_the_whole_to_the_object(obj, ascii_only, indent):
    text = json.dumps(obj, ensure_ascii=ascii_only, indent=indent)
    for cut in range(len(text)):
        prefix = text[:cut]
        decoded = decode_streaming_args(prefix)
        assert isinstance(decoded, dict)
        assert set(decoded) <= set(obj)
        try:
            closed = json.loads(prefix + "}")
        except ValueError:
            continue
        assert decoded == closed
    assert decode_streaming_args(text[:-1]) == obj
    assert decode_streaming_args(text) == obj == json.loads(text)


@MODEST
@given(st.text(alphabet='{}[]":,-.0123456789eE+ntrufalsb\\ ', max_size=40) | st.text(max_size=40))
def test_decode_streaming_never_raises_on_arbitrary_text(text):
    assert isinstance(decode_streaming_args(text), dict)


JSONSCHEMA_PROBE = """
import json, sys
from askbench.impl import build_payload
from askbench.impl.xdev import Device, XdevRegistry

content = json.dumps({"title": "Flaky test", "body": "x" * 5000})
payload = build_payload({"name": "write", "input": {"path": "xd://github_create_issue", "content": content}})
before = "jsonschema" in sys.modules
registry = XdevRegistry([Device(name="issue", parameters={"type": "object"}, execute=lambda args: args)])
registry.dispatch("issue", "{}")
print(before, "jsonschema" in sys.modules)
"""


def test_jsonschema_is_imported_by_a_device_write_that_validates_never_by_its_preview():
    """The renderer shows ``write xd://…`` as the inner call without validating it: only ``dispatch`` needs the
    validator, so only ``dispatch`` loads it."""
    done = subprocess.run(
        [sys.executable, "-c", JSONSCHEMA_PROBE], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
