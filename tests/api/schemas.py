"""Checks a JSON value against a schema of docs/api/openapi.json (OpenAPI 3.1, whose
schemas are JSON Schema 2020-12) with ``jsonschema``, its ``$ref``s read in the whole
description."""

from jsonschema import Draft202012Validator, FormatChecker, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

Invalid = ValidationError


def validate(value, schema: dict, document: dict) -> None:
    """``Invalid`` (saying where and why) unless ``value`` matches ``schema``, whose
    ``$ref``s point into ``document``."""
    described = Draft202012Validator(document, registry=_registry(document), format_checker=FormatChecker())
    described.evolve(schema=schema).validate(value)


def resolve(reference: str, document: dict) -> dict:
    """What ``reference`` (``#/…``) points to in ``document``."""
    return _registry(document).resolver().lookup(reference).contents


def _registry(document: dict) -> Registry:
    return Registry().with_resource("", Resource.from_contents(document, default_specification=DRAFT202012))
