"""normalize: one test (or a few) per schema feature the compiler core promises to handle."""

from __future__ import annotations

import pytest

from compiler.normalize import (
    UNSET,
    AnyShape,
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NeverShape,
    NullShape,
    NumberShape,
    ObjectShape,
    StringShape,
    TupleShape,
    UnionShape,
    normalize,
    walk,
)


def prop(shape: ObjectShape, name: str):
    return next(p for p in shape.properties if p.name == name)


# --------------------------------------------------------------------------- booleans, junk, no type


@pytest.mark.parametrize("value", [True, {}, {"description": "anything"}])
def test_true_and_empty_schemas_allow_anything(value):
    assert isinstance(normalize(value), AnyShape)


def test_false_schema_allows_nothing():
    assert isinstance(normalize(False), NeverShape)


@pytest.mark.parametrize("value", [None, 3, 2.5, "string", [1, 2], [{"type": "string"}]])
def test_values_that_are_not_schemas_fall_back_with_a_reason(value):
    shape = normalize(value)
    assert isinstance(shape, AnyShape)
    assert "must be an object or a boolean" in shape.reason


@pytest.mark.parametrize(
    "schema, cls",
    [
        ({"properties": {"a": {}}}, ObjectShape),
        ({"required": ["a"]}, ObjectShape),
        ({"additionalProperties": {"type": "string"}}, ObjectShape),
        ({"items": {"type": "string"}}, ArrayShape),
        ({"prefixItems": [{}]}, TupleShape),
        ({"minLength": 2}, StringShape),
        ({"format": "email"}, StringShape),
        ({"maximum": 3}, NumberShape),
        ({"enum": [1, 2]}, EnumShape),
        ({"const": "x"}, ConstShape),
    ],
)
def test_a_missing_type_is_inferred_from_keywords(schema, cls):
    assert isinstance(normalize(schema), cls)


def test_keywords_of_several_types_without_type_give_a_union():
    shape = normalize({"minimum": 1, "maxLength": 3})
    assert isinstance(shape, UnionShape)
    assert [type(b) for b in shape.branches] == [StringShape, NumberShape]


def test_unknown_type_names_fall_back_to_inference():
    shape = normalize({"type": "str", "maxLength": 3})
    assert isinstance(shape, StringShape)
    assert any("type" in note for note in shape.ignored)


# --------------------------------------------------------------------------- nullables, type arrays


def test_type_array_with_null_folds_into_nullable():
    shape = normalize({"type": ["string", "null"], "title": "Name"})
    assert isinstance(shape, StringShape) and shape.nullable and shape.title == "Name"


def test_type_array_of_two_types_is_a_union_with_type_labels():
    shape = normalize({"type": ["boolean", "string"], "maxLength": 4})
    assert isinstance(shape, UnionShape)
    assert [type(b) for b in shape.branches] == [BooleanShape, StringShape]
    assert shape.branches[1].maxLength == 4
    assert shape.labels == ("Yes/no", "Text")


def test_pydantic_optional_shape_folds_into_nullable_t():
    shape = normalize(
        {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "default": None, "title": "Limit"}
    )
    assert isinstance(shape, NumberShape)
    assert shape.integer and shape.nullable and shape.minimum == 1
    assert shape.default is None and shape.title == "Limit"


def test_optional_ref_folds_into_nullable_object():
    schema = {
        "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}}},
        "anyOf": [{"$ref": "#/$defs/Point"}, {"type": "null"}],
    }
    shape = normalize(schema)
    assert isinstance(shape, ObjectShape) and shape.nullable
    assert prop(shape, "x").shape == NumberShape()


def test_openapi_nullable_is_honoured():
    assert normalize({"type": "string", "nullable": True}).nullable


def test_enum_with_null_is_nullable_enum():
    shape = normalize({"enum": ["a", None, "b", "a"]})
    assert isinstance(shape, EnumShape)
    assert shape.values == ("a", "b") and shape.nullable


# --------------------------------------------------------------------------- enums, consts


def test_titled_enum_from_one_of_consts():
    shape = normalize({"oneOf": [{"const": "lo", "title": "Low"}, {"const": "hi", "title": "High", "description": "d"}]})
    assert isinstance(shape, EnumShape)
    assert shape.values == ("lo", "hi") and shape.labels == ("Low", "High")
    assert shape.descriptions == (None, "d")


def test_const():
    assert normalize({"const": {"a": 1}}) == ConstShape(value={"a": 1})


def test_empty_enum_is_never():
    assert isinstance(normalize({"enum": []}), NeverShape)


# --------------------------------------------------------------------------- unions


def test_discriminator_is_detected_from_const_per_branch():
    shape = normalize(
        {
            "oneOf": [
                {"type": "object", "properties": {"kind": {"const": "cat"}, "meow": {"type": "boolean"}}},
                {"type": "object", "properties": {"kind": {"enum": ["dog"]}, "bark": {"type": "string"}}},
            ]
        }
    )
    assert isinstance(shape, UnionShape)
    assert shape.discriminator == "kind"
    assert shape.labels == ("cat", "dog")


def test_no_discriminator_when_values_repeat():
    shape = normalize(
        {
            "anyOf": [
                {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}},
                {"type": "object", "properties": {"kind": {"const": "a"}, "y": {"type": "string"}}},
            ]
        }
    )
    assert isinstance(shape, UnionShape) and shape.discriminator is None


def test_union_siblings_apply_to_every_branch():
    shape = normalize(
        {
            "type": "object",
            "properties": {"id": {"type": "string"}},
            "oneOf": [{"properties": {"a": {"type": "number"}}}, {"properties": {"b": {"type": "boolean"}}}],
        }
    )
    assert isinstance(shape, UnionShape)
    assert [p.name for p in shape.branches[0].properties] == ["id", "a"]
    assert [p.name for p in shape.branches[1].properties] == ["id", "b"]


def test_branch_titles_label_the_branches():
    shape = normalize({"oneOf": [{"type": "string", "title": "By name"}, {"type": "integer", "title": "By id"}]})
    assert shape.labels == ("By name", "By id")


# --------------------------------------------------------------------------- allOf


def test_all_of_merges_properties_and_required():
    shape = normalize(
        {
            "allOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"properties": {"b": {"type": "integer"}}, "required": ["b"]},
            ]
        }
    )
    assert isinstance(shape, ObjectShape)
    assert [(p.name, p.required) for p in shape.properties] == [("a", True), ("b", True)]


def test_all_of_takes_the_stricter_bounds():
    shape = normalize({"allOf": [{"type": "integer", "minimum": 1, "maximum": 10}, {"minimum": 3, "maximum": 20}]})
    assert (shape.minimum, shape.maximum) == (3, 10)


def test_all_of_same_property_in_both_parts_must_satisfy_both():
    shape = normalize(
        {
            "allOf": [
                {"properties": {"n": {"type": "number", "minimum": 0}}},
                {"properties": {"n": {"maximum": 5}}},
            ]
        }
    )
    n = prop(shape, "n").shape
    assert (n.minimum, n.maximum) == (0, 5)


def test_all_of_conflicting_types_is_a_clear_fallback():
    shape = normalize({"allOf": [{"type": "string"}, {"type": "number"}]})
    assert isinstance(shape, NeverShape)
    assert "type" in shape.reason


def test_all_of_conflicting_keyword_is_recorded_not_dropped():
    shape = normalize({"allOf": [{"type": "string", "pattern": "^a"}, {"pattern": "b$"}]})
    assert shape.pattern == "^a"
    assert any("pattern" in note and "b$" in note for note in shape.ignored)


def test_all_of_is_deterministic_first_annotation_wins():
    shape = normalize({"allOf": [{"title": "First", "type": "string"}, {"title": "Second"}]})
    assert shape.title == "First"


# --------------------------------------------------------------------------- $ref


def test_ref_to_defs_and_definitions():
    for key in ("$defs", "definitions"):
        shape = normalize({"type": "object", "properties": {"a": {"$ref": f"#/{key}/S"}}, key: {"S": {"type": "string"}}})
        assert isinstance(prop(shape, "a").shape, StringShape)


def test_ref_at_the_root():
    shape = normalize({"$ref": "#/$defs/Args", "$defs": {"Args": {"type": "object", "properties": {"q": {"type": "string"}}}}})
    assert isinstance(shape, ObjectShape) and shape.properties[0].name == "q"


def test_ref_siblings_describe_this_use():
    shape = normalize(
        {"properties": {"home": {"$ref": "#/$defs/A", "description": "Home address"}}, "$defs": {"A": {"type": "string", "description": "An address"}}}
    )
    assert prop(shape, "home").shape.description == "Home address"


def test_escaped_pointer_and_anchor_refs():
    shape = normalize(
        {
            "properties": {"a": {"$ref": "#/$defs/a~1b"}, "b": {"$ref": "#thing"}},
            "$defs": {"a/b": {"type": "boolean"}, "t": {"$anchor": "thing", "type": "integer"}},
        }
    )
    assert isinstance(prop(shape, "a").shape, BooleanShape)
    assert prop(shape, "b").shape.integer


def test_recursive_ref_is_expanded_to_a_bound_then_json():
    schema = {
        "$defs": {"Node": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
        "$ref": "#/$defs/Node",
    }
    shape = normalize(schema)
    depth = 0
    while isinstance(shape, ObjectShape):
        depth += 1
        shape = prop(shape, "children").shape.items
    assert depth == walk.MAX_REF_REPEAT
    assert isinstance(shape, AnyShape) and "recursive" in shape.reason


def test_self_reference_at_root_terminates():
    assert isinstance(normalize({"$ref": "#"}), AnyShape)
    assert isinstance(normalize({"allOf": [{"$ref": "#"}], "type": "string"}), (AnyShape, StringShape))


def test_unresolvable_and_remote_refs_are_reported_never_fetched():
    shape = normalize({"properties": {"a": {"$ref": "https://example.com/s.json"}, "b": {"$ref": "#/nope"}}})
    for name in ("a", "b"):
        assert any("does not resolve" in n for n in prop(shape, name).shape.ignored)


# --------------------------------------------------------------------------- arrays, tuples, maps


def test_prefix_items_tuple_2020_12():
    shape = normalize({"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "items": False})
    assert isinstance(shape, TupleShape)
    assert [type(s) for s in shape.prefix] == [StringShape, NumberShape] and shape.rest is None


def test_items_array_tuple_draft_07_with_additional_items():
    shape = normalize({"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "number"}})
    assert isinstance(shape, TupleShape) and isinstance(shape.rest, NumberShape)


def test_array_bounds_and_uniqueness():
    shape = normalize({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": True})
    assert (shape.minItems, shape.maxItems, shape.uniqueItems) == (1, 3, True)


def test_additional_and_pattern_properties_and_property_names():
    shape = normalize(
        {
            "type": "object",
            "additionalProperties": {"type": "number"},
            "patternProperties": {"^x-": {"type": "string"}},
            "propertyNames": {"enum": ["a", "b"]},
        }
    )
    assert isinstance(shape.additional, NumberShape)
    assert shape.patterns[0][0] == "^x-"
    assert shape.propertyNames.values == ("a", "b")


def test_additional_properties_false_is_never():
    assert isinstance(normalize({"type": "object", "additionalProperties": False}).additional, NeverShape)


# --------------------------------------------------------------------------- conditionals


def test_if_then_else_properties_are_offered_as_optional():
    shape = normalize(
        {
            "type": "object",
            "properties": {"mode": {"enum": ["a", "b"]}},
            "if": {"properties": {"mode": {"const": "a"}}},
            "then": {"properties": {"x": {"type": "string"}}, "required": ["x"]},
            "else": {"properties": {"y": {"type": "number"}}},
        }
    )
    assert [(p.name, p.required) for p in shape.properties] == [("mode", False), ("x", False), ("y", False)]
    assert shape.conditional == ("x", "y")


def test_dependent_required_and_draft_07_dependencies():
    shape = normalize(
        {
            "type": "object",
            "properties": {"card": {"type": "string"}},
            "dependentRequired": {"card": ["billing"]},
            "dependencies": {"a": ["b"], "card": {"properties": {"cvv": {"type": "string"}}}},
        }
    )
    assert dict(shape.dependentRequired) == {"card": ("billing",), "a": ("b",)}
    assert "cvv" in [p.name for p in shape.properties]


def test_dependent_schemas_add_optional_properties():
    shape = normalize({"type": "object", "dependentSchemas": {"a": {"properties": {"z": {"type": "boolean"}}}}})
    assert prop(shape, "z").required is False


# --------------------------------------------------------------------------- annotations, formats, numbers


def test_annotations_are_kept():
    shape = normalize(
        {
            "type": "string",
            "title": "T",
            "description": "D",
            "default": "x",
            "examples": ["e1", "e2"],
            "readOnly": True,
            "writeOnly": True,
            "deprecated": True,
        }
    )
    assert (shape.title, shape.description, shape.default, shape.examples) == ("T", "D", "x", ("e1", "e2"))
    assert shape.readOnly and shape.writeOnly and shape.deprecated


def test_default_null_is_distinct_from_no_default():
    assert normalize({"type": ["string", "null"], "default": None}).default is None
    assert normalize({"type": "string"}).default is UNSET


@pytest.mark.parametrize("fmt", ["date", "time", "date-time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"])
def test_string_formats(fmt):
    assert normalize({"type": "string", "format": fmt}).format == fmt


def test_content_encoding_and_media_type():
    shape = normalize({"type": "string", "contentEncoding": "base64", "contentMediaType": "image/png"})
    assert (shape.contentEncoding, shape.contentMediaType) == ("base64", "image/png")


def test_numeric_bounds_including_exclusive_and_multiple_of():
    shape = normalize({"type": "number", "minimum": 0, "exclusiveMaximum": 10, "multipleOf": 0.5})
    assert (shape.minimum, shape.exclusiveMaximum, shape.multipleOf) == (0, 10, 0.5)


def test_draft_04_boolean_exclusive_bounds():
    shape = normalize({"type": "integer", "minimum": 0, "exclusiveMinimum": True})
    assert (shape.minimum, shape.exclusiveMinimum) == (None, 0)


def test_string_length_and_pattern():
    shape = normalize({"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"})
    assert (shape.minLength, shape.maxLength, shape.pattern) == (2, 5, "^[a-z]+$")


def test_nonsense_keyword_values_are_dropped_safely():
    shape = normalize({"type": "number", "minimum": "3", "maximum": 1e400, "multipleOf": -2})
    assert (shape.minimum, shape.maximum, shape.multipleOf) == (None, None, None)


def test_unused_keywords_are_recorded_as_ignored():
    shape = normalize({"type": "array", "items": {}, "contains": {"type": "string"}, "x-foo": 1})
    assert any(n.startswith("x-foo") for n in shape.ignored)


# --------------------------------------------------------------------------- order and bounds


def test_property_order_follows_the_schema():
    names = [f"p{i}" for i in (5, 1, 9, 0, 3)]
    shape = normalize({"type": "object", "properties": {n: {"type": "string"} for n in names}})
    assert [p.name for p in shape.properties] == names


def test_required_names_without_a_schema_become_required_any():
    shape = normalize({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]})
    assert [(p.name, p.required, type(p.shape)) for p in shape.properties] == [
        ("a", True, StringShape),
        ("b", True, AnyShape),
    ]


def test_ten_thousand_properties():
    shape = normalize({"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(10_000)}})
    assert len(shape.properties) == 10_000


def test_five_thousand_value_enum():
    shape = normalize({"enum": list(range(5_000))})
    assert len(shape.values) == 5_000


def test_two_hundred_deep_nesting_is_cut_at_the_depth_bound():
    schema: dict = {"type": "string"}
    for _ in range(200):
        schema = {"type": "object", "properties": {"n": schema}}
    shape = normalize(schema)
    depth = 0
    while isinstance(shape, ObjectShape):
        shape, depth = shape.properties[0].shape, depth + 1
    assert depth == walk.MAX_DEPTH + 1
    assert "deeper" in shape.reason


def test_exponential_ref_fan_out_is_bounded_by_the_step_budget():
    defs = {f"D{i}": {"type": "object", "properties": {"a": {"$ref": f"#/$defs/D{i + 1}"}, "b": {"$ref": f"#/$defs/D{i + 1}"}}} for i in range(40)}
    defs["D40"] = {"type": "string"}
    shape = normalize({"$defs": defs, "$ref": "#/$defs/D0"})

    def count(s) -> int:
        return 1 + sum(count(p.shape) for p in getattr(s, "properties", ()))

    # the depth bound alone would allow 2**33 shapes; the step budget keeps it linear
    assert count(shape) <= walk.MAX_STEPS


def test_all_of_fan_out_is_bounded():
    defs = {f"D{i}": {"allOf": [{"$ref": f"#/$defs/D{i + 1}"}, {"$ref": f"#/$defs/D{i + 1}"}]} for i in range(60)}
    defs["D60"] = {"type": "string"}
    shape = normalize({"$defs": defs, "$ref": "#/$defs/D0"})
    assert isinstance(shape, (StringShape, AnyShape))


def test_null_type():
    assert isinstance(normalize({"type": "null"}), NullShape)


def test_recursive_unions_through_the_root_stop_at_the_reference_budget():
    schema = {
        "anyOf": [{"$ref": "#"}, {"type": "object", "properties": {"a": {"$ref": "#"}, "b": {"$ref": "#"}, "c": {"$ref": "#"}}}],
        "properties": {"d": {"$ref": "#"}},
    }
    walker = walk._Walk(schema)
    walker.shape(schema, walker.root_refs, (), 0)
    assert walker.ref_shapes <= walk.MAX_REF_SHAPES + 1 and walker.steps < 3 * walk.MAX_REF_SHAPES
