"""Checks a JSON value against a schema of docs/api/openapi.json (OpenAPI 3.1, JSON
Schema 2020-12). Only the keywords the description uses are known; any other is an
error, so that no schema passes by being misread. (``jsonschema`` is not among the
test dependencies; with it, this module would be ``jsonschema.validate``.)"""

import re
from datetime import date, datetime

ANNOTATIONS = {"description", "title", "default", "examples"}
TYPES = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": lambda value: isinstance(value, int | float) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
}
FORMATS = {"date-time": datetime.fromisoformat, "date": date.fromisoformat}


class Invalid(AssertionError):
    pass


def validate(value, schema: dict, document: dict, where: str = "$") -> None:
    """``Invalid`` (saying where) unless ``value`` matches ``schema``, whose ``$ref``s
    point into ``document``."""
    for keyword, expected in schema.items():
        if keyword in ANNOTATIONS:
            continue
        check = KEYWORDS.get(keyword)
        if check is None:
            raise Invalid(f"{where}: the schema uses {keyword!r}, which this checker does not know")
        check(value, expected, schema, document, where)


def resolve(reference: str, document: dict) -> dict:
    assert reference.startswith("#/"), reference
    found = document
    for part in reference[2:].split("/"):
        found = found[part]
    return found


def _ref(value, reference, schema, document, where):
    validate(value, resolve(reference, document), document, where)


def _type(value, expected, schema, document, where):
    kinds = expected if isinstance(expected, list) else [expected]
    if not any(TYPES[kind](value) for kind in kinds):
        raise Invalid(f"{where}: {value!r} is not of type {expected}")


def _properties(value, properties, schema, document, where):
    if isinstance(value, dict):
        for name, subschema in properties.items():
            if name in value:
                validate(value[name], subschema, document, f"{where}.{name}")


def _additional(value, allowed, schema, document, where):
    if not isinstance(value, dict):
        return
    extra = [name for name in value if name not in schema.get("properties", {})]
    for name in extra:
        if allowed is False:
            raise Invalid(f"{where}: {name!r} is not in the schema")
        if isinstance(allowed, dict):
            validate(value[name], allowed, document, f"{where}.{name}")


def _required(value, names, schema, document, where):
    if isinstance(value, dict):
        missing = [name for name in names if name not in value]
        if missing:
            raise Invalid(f"{where}: {missing} missing")


def _items(value, items, schema, document, where):
    if isinstance(value, list):
        for index, item in enumerate(value):
            validate(item, items, document, f"{where}[{index}]")


def _enum(value, choices, schema, document, where):
    if not any(value == choice and type(value) is type(choice) for choice in choices):
        raise Invalid(f"{where}: {value!r} is not one of {choices}")


def _const(value, expected, schema, document, where):
    if value != expected or type(value) is not type(expected):
        raise Invalid(f"{where}: {value!r} is not {expected!r}")


def _any_of(value, schemas, schema, document, where):
    for option in schemas:
        try:
            validate(value, option, document, where)
            return
        except Invalid:
            continue
    raise Invalid(f"{where}: {value!r} matches none of {schemas}")


def _minimum(value, bound, schema, document, where):
    if TYPES["number"](value) and value < bound:
        raise Invalid(f"{where}: {value} < {bound}")


def _maximum(value, bound, schema, document, where):
    if TYPES["number"](value) and value > bound:
        raise Invalid(f"{where}: {value} > {bound}")


def _pattern(value, pattern, schema, document, where):
    if isinstance(value, str) and not re.search(pattern, value):
        raise Invalid(f"{where}: {value!r} does not match {pattern}")


def _min_length(value, bound, schema, document, where):
    if isinstance(value, str) and len(value) < bound:
        raise Invalid(f"{where}: {value!r} is shorter than {bound}")


def _max_length(value, bound, schema, document, where):
    if isinstance(value, str) and len(value) > bound:
        raise Invalid(f"{where}: {value!r} is longer than {bound}")


def _format(value, name, schema, document, where):
    if isinstance(value, str):
        try:
            FORMATS[name](value)
        except ValueError:
            raise Invalid(f"{where}: {value!r} is not a {name}") from None


KEYWORDS = {
    "$ref": _ref,
    "type": _type,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "enum": _enum,
    "const": _const,
    "anyOf": _any_of,
    "minimum": _minimum,
    "maximum": _maximum,
    "pattern": _pattern,
    "minLength": _min_length,
    "maxLength": _max_length,
    "format": _format,
}
