"""Disagreements between Kitchen and graphql-core 3.2 that are known and explained.

Each entry names the deviation, says why (Kitchen's deliberate deviations from graphql-js
are listed in Tests/GraphQLTests/DEVIATIONS.md; the rest are places where graphql-core 3.2
differs from graphql-js 16, which Kitchen follows), and recognizes a document it explains
from the document's text and both error lists ([{message, locations}]). A recognized
disagreement is counted apart and does not fail the test. Each recognizer removes only the
errors its deviation accounts for and then requires everything else to agree exactly.
"""

import re

import graphql

STANDARD_SCALARS = {"Int", "Float", "String", "Boolean", "ID"}


def places(errors):
    return sorted(tuple(tuple(place) for place in error["locations"]) for error in errors)


def type_system_ranges(text):
    """(first line, last line) of each type-system definition or extension in `text`."""
    try:
        document = graphql.parse(text)
    except graphql.GraphQLError:
        return []
    ranges = []
    for definition in document.definitions:
        if isinstance(definition, graphql.ExecutableDefinitionNode) or definition.loc is None:
            continue
        start = graphql.get_location(definition.loc.source, definition.loc.start).line
        end = graphql.get_location(definition.loc.source, definition.loc.end).line
        ranges.append((start, end))
    return ranges


def inside_type_system(text):
    ranges = type_system_ranges(text)

    def test(error):
        return bool(error["locations"]) and all(
            any(start <= line <= end for start, end in ranges) for line, _ in error["locations"])
    return test


def type_system_not_walked(text, expected, actual):
    """Kitchen reports a type-system definition in a request with ExecutableDefinitionsRule
    only; graphql-js's other rules also report unknown types and directives inside it
    (DEVIATIONS.md, "Type-system definitions in a request are not walked")."""
    inside = inside_type_system(text)
    rest = [error for error in expected
            if not (inside(error) and error["message"].startswith(("Unknown type", "Unknown directive")))]
    return len(rest) < len(expected) and places(rest) == places(actual)


UNKNOWN_STANDARD_SCALAR = re.compile(r"^Unknown type '(\w+)'\.")


def builtin_scalars_known(text, expected, actual):
    """Kitchen's schemas always hold the five standard scalars; graphql-js reports one that
    the schema does not use as an unknown type (DEVIATIONS.md, "Built-in scalars are always
    known")."""
    def unknown_standard(error):
        match = UNKNOWN_STANDARD_SCALAR.match(error["message"])
        return match is not None and match.group(1) in STANDARD_SCALARS
    rest = [error for error in expected if not unknown_standard(error)]
    return len(rest) < len(expected) and places(rest) == places(actual)


def combined(text, expected, actual):
    """More than one of the above in one document."""
    inside = inside_type_system(text)
    expected = [error for error in expected
                if not (inside(error) and error["message"].startswith(("Unknown type", "Unknown directive")))]
    expected = [error for error in expected
                if not (UNKNOWN_STANDARD_SCALAR.match(error["message"])
                        and UNKNOWN_STANDARD_SCALAR.match(error["message"]).group(1) in STANDARD_SCALARS)]
    return places(expected) == places(actual)


KNOWN_DEVIATIONS = [
    {"id": "type-system-definitions-not-walked", "applies": type_system_not_walked},
    {"id": "standard-scalars-always-known", "applies": builtin_scalars_known},
    {"id": "several-of-the-above", "applies": combined},
]
