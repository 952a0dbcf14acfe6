"""Deliberately broken (and a few still valid) variants of valid documents.

Each mutation parses the document, changes one thing through graphql-core's AST (or, for
syntax damage and layout, the text), and prints it again; it returns None when the
document has nothing it applies to. Together they reach every validation rule: unknown
fields, arguments, types, directives, fragments and variables; missing and duplicate
arguments; wrong literal and variable types; conflicting fields; fragment cycles and
wrong spreads; leaf and composite selection mistakes; several operations; syntax errors.
"""

import graphql
from graphql import TypeInfo, TypeInfoVisitor, Visitor


class Sites(Visitor):
    """Every place a mutation may change, with its types from TypeInfo."""

    def __init__(self, type_info):
        super().__init__()
        self.type_info = type_info
        self.fields = []  # (FieldNode, parent type, field definition or None)
        self.arguments = []  # (node with .arguments, ArgumentNode, argument type or None)
        self.object_values = []  # (ObjectValueNode, input object type or None)
        self.nested_values = []  # (ListValueNode or ObjectFieldNode, input type or None)
        self.selection_sets = []  # (SelectionSetNode, parent type or None)
        self.operations = []
        self.fragments = []

    def enter_field(self, node, *_):
        self.fields.append((node, self.type_info.get_parent_type(), self.type_info.get_field_def()))

    def enter_argument(self, node, key, parent, path, ancestors):
        self.arguments.append((ancestors[-1] if ancestors else None, node, self.type_info.get_input_type()))

    def enter_object_value(self, node, *_):
        self.object_values.append((node, graphql.get_named_type(self.type_info.get_input_type())))

    def enter_list_value(self, node, *_):
        self.nested_values.append((node, self.type_info.get_input_type()))

    def enter_object_field(self, node, *_):
        self.nested_values.append((node, self.type_info.get_input_type()))

    def enter_selection_set(self, node, *_):
        self.selection_sets.append((node, graphql.get_named_type(self.type_info.get_type())))

    def enter_operation_definition(self, node, *_):
        self.operations.append(node)

    def enter_fragment_definition(self, node, *_):
        self.fragments.append(node)


def sites(schema, document):
    type_info = TypeInfo(schema)
    found = Sites(type_info)
    graphql.visit(document, TypeInfoVisitor(type_info, found))
    return found


def name(value):
    return graphql.NameNode(value=value)


def field(value, selections=None):
    selection_set = graphql.SelectionSetNode(selections=selections) if selections is not None else None
    return graphql.FieldNode(name=name(value), arguments=[], directives=[], selection_set=selection_set)


def selection_set(*selections):
    return graphql.SelectionSetNode(selections=list(selections))


# AST mutations: each takes (schema, document, sites, rng) and changes the document in
# place, returning False when it does not apply.


def unknown_field(schema, document, found, rng):
    candidates = [f for f in found.fields if f[0].name.value != "__typename"]
    if not candidates:
        return False
    node = rng.choice(candidates)[0]
    original = node.name.value
    node.name = name(rng.choice([original + "s", original[:-1] or "x", "unknownField", original.upper()]))
    return True


def drop_argument(schema, document, found, rng):
    if not found.arguments:
        return False
    owner, argument, _ = rng.choice(found.arguments)
    owner.arguments = [a for a in owner.arguments if a is not argument]
    return True


WRONG_LITERALS = [
    lambda: graphql.IntValueNode(value="1"),
    lambda: graphql.IntValueNode(value="2147483648"),
    lambda: graphql.FloatValueNode(value="1.5"),
    lambda: graphql.StringValueNode(value="text"),
    lambda: graphql.BooleanValueNode(value=True),
    lambda: graphql.NullValueNode(),
    lambda: graphql.EnumValueNode(value="NOT_A_VALUE"),
    lambda: graphql.ListValueNode(values=[graphql.IntValueNode(value="1"), graphql.StringValueNode(value="a")]),
    lambda: graphql.ObjectValueNode(fields=[graphql.ObjectFieldNode(name=name("unknown"), value=graphql.IntValueNode(value="1"))]),
    lambda: graphql.ObjectValueNode(fields=[]),
]


def wrong_literal(schema, document, found, rng):
    if not found.arguments:
        return False
    _, argument, _ = rng.choice(found.arguments)
    argument.value = rng.choice(WRONG_LITERALS)()
    return True


def undefined_variable(schema, document, found, rng):
    if not found.arguments:
        return False
    _, argument, _ = rng.choice(found.arguments)
    argument.value = graphql.VariableNode(name=name(rng.choice(["undefined", "v0", "v9"])))
    return True


def unused_fragment(schema, document, found, rng):
    root = schema.query_type.name
    document.definitions = list(document.definitions) + [
        graphql.FragmentDefinitionNode(
            name=name("Unused"), type_condition=graphql.NamedTypeNode(name=name(root)), directives=[],
            selection_set=selection_set(field("__typename")),
        )
    ]
    return True


def duplicate_operation(schema, document, found, rng):
    if not found.operations:
        return False
    operation = rng.choice(found.operations)
    copy = graphql.OperationDefinitionNode(
        operation=operation.operation, name=operation.name, variable_definitions=[], directives=[],
        selection_set=selection_set(field("__typename")),
    )
    document.definitions = list(document.definitions) + [copy]
    return True


def anonymous_operation(schema, document, found, rng):
    document.definitions = [
        graphql.OperationDefinitionNode(
            operation=graphql.OperationType.QUERY, name=None, variable_definitions=[], directives=[],
            selection_set=selection_set(field("__typename")),
        )
    ] + list(document.definitions)
    return True


def remove_selection_set(schema, document, found, rng):
    candidates = [f for f in found.fields if f[0].selection_set is not None]
    if not candidates:
        return False
    rng.choice(candidates)[0].selection_set = None
    return True


def add_selection_set_to_leaf(schema, document, found, rng):
    candidates = [f for f in found.fields if f[0].selection_set is None]
    if not candidates:
        return False
    rng.choice(candidates)[0].selection_set = selection_set(field(rng.choice(["id", "__typename", "name"])))
    return True


def unused_variable(schema, document, found, rng):
    if not found.operations:
        return False
    operation = rng.choice(found.operations)
    operation.variable_definitions = list(operation.variable_definitions or []) + [
        graphql.VariableDefinitionNode(
            variable=graphql.VariableNode(name=name("unused")),
            type=graphql.NamedTypeNode(name=name("Int")), directives=[],
        )
    ]
    return True


def type_reference(text):
    return graphql.parse_type(text)


def wrong_variable_type(schema, document, found, rng):
    definitions = [v for o in found.operations for v in (o.variable_definitions or [])]
    if not definitions:
        return False
    definition = rng.choice(definitions)
    current = graphql.print_ast(definition.type)
    choices = [current.rstrip("!"), current + "!" if not current.endswith("!") else current, f"[{current}]",
               "Int", "String!", "Boolean", "Unknown", "ID!", "Float"]
    choices += [t.name for t in rng.sample(list(schema.type_map.values()), k=3) if not t.name.startswith("__")]
    definition.type = type_reference(rng.choice(choices))
    if rng.random() < 0.2:
        definition.default_value = rng.choice(WRONG_LITERALS)()
    return True


def alias_conflict(schema, document, found, rng):
    candidates = [s for s, _ in found.selection_sets if sum(isinstance(x, graphql.FieldNode) for x in s.selections) >= 2]
    if not candidates:
        return False
    fields = [x for x in rng.choice(candidates).selections if isinstance(x, graphql.FieldNode)]
    first, second = rng.sample(fields, 2)
    second.alias = name((first.alias or first.name).value)
    return True


def conflicting_arguments(schema, document, found, rng):
    candidates = [f for f in found.fields if f[0].arguments]
    if not candidates:
        return False
    node = rng.choice(candidates)[0]
    for set_node, _ in found.selection_sets:
        if node in set_node.selections:
            copy = graphql.FieldNode(
                alias=node.alias, name=node.name,
                arguments=[graphql.ArgumentNode(name=a.name, value=rng.choice(WRONG_LITERALS)()) for a in node.arguments],
                directives=[], selection_set=node.selection_set,
            )
            set_node.selections = list(set_node.selections) + [copy]
            return True
    return False


def fragment_cycle(schema, document, found, rng):
    candidates = [(s, t) for s, t in found.selection_sets if t is not None and graphql.is_composite_type(t)]
    if not candidates:
        return False
    set_node, type_ = rng.choice(candidates)
    cyclic = graphql.FragmentDefinitionNode(
        name=name("Cycle"), type_condition=graphql.NamedTypeNode(name=name(type_.name)), directives=[],
        selection_set=selection_set(field("__typename"), graphql.FragmentSpreadNode(name=name(rng.choice(["Cycle", "Back"])), directives=[])),
    )
    back = graphql.FragmentDefinitionNode(
        name=name("Back"), type_condition=graphql.NamedTypeNode(name=name(type_.name)), directives=[],
        selection_set=selection_set(graphql.FragmentSpreadNode(name=name("Cycle"), directives=[])),
    )
    set_node.selections = list(set_node.selections) + [graphql.FragmentSpreadNode(name=name("Cycle"), directives=[])]
    document.definitions = list(document.definitions) + [cyclic, back]
    return True


def spread_other_type(schema, document, found, rng):
    if not found.selection_sets:
        return False
    set_node, _ = rng.choice(found.selection_sets)
    names = [t for t in schema.type_map if not t.startswith("__")] + ["Unknown", "__Type"]
    target = rng.choice(names)
    inner = field(rng.choice(["__typename", "id", "name"]))
    if rng.random() < 0.5:
        spread = graphql.InlineFragmentNode(
            type_condition=graphql.NamedTypeNode(name=name(target)), directives=[], selection_set=selection_set(inner))
    else:
        document.definitions = list(document.definitions) + [
            graphql.FragmentDefinitionNode(
                name=name("Other"), type_condition=graphql.NamedTypeNode(name=name(target)), directives=[],
                selection_set=selection_set(inner))
        ]
        spread = graphql.FragmentSpreadNode(name=name("Other"), directives=[])
    set_node.selections = list(set_node.selections) + [spread]
    return True


def unknown_fragment(schema, document, found, rng):
    if not found.selection_sets:
        return False
    set_node, _ = rng.choice(found.selection_sets)
    set_node.selections = list(set_node.selections) + [graphql.FragmentSpreadNode(name=name("Missing"), directives=[])]
    return True


def directive_nodes(rng):
    boolean = graphql.BooleanValueNode(value=True)
    choices = [
        [graphql.DirectiveNode(name=name("skip"), arguments=[])],
        [graphql.DirectiveNode(name=name("include"), arguments=[graphql.ArgumentNode(name=name("if"), value=graphql.StringValueNode(value="yes"))])],
        [graphql.DirectiveNode(name=name("skip"), arguments=[graphql.ArgumentNode(name=name("if"), value=boolean)])] * 2,
        [graphql.DirectiveNode(name=name("deprecated"), arguments=[])],
        [graphql.DirectiveNode(name=name("unknown"), arguments=[])],
        [graphql.DirectiveNode(name=name("specifiedBy"), arguments=[graphql.ArgumentNode(name=name("url"), value=graphql.StringValueNode(value="u"))])],
        [graphql.DirectiveNode(name=name("include"), arguments=[graphql.ArgumentNode(name=name("if"), value=boolean), graphql.ArgumentNode(name=name("if"), value=boolean)])],
        [graphql.DirectiveNode(name=name("skip"), arguments=[graphql.ArgumentNode(name=name("if"), value=graphql.VariableNode(name=name("flag")))])],
    ]
    return rng.choice(choices)


def misplaced_directive(schema, document, found, rng):
    targets = [f[0] for f in found.fields] + found.operations + found.fragments
    targets += [v for o in found.operations for v in (o.variable_definitions or [])]
    if not targets:
        return False
    target = rng.choice(targets)
    target.directives = list(target.directives or []) + directive_nodes(rng)
    return True


def duplicate_argument(schema, document, found, rng):
    if not found.arguments:
        return False
    owner, argument, _ = rng.choice(found.arguments)
    owner.arguments = list(owner.arguments) + [argument]
    return True


def unknown_argument(schema, document, found, rng):
    candidates = [f[0] for f in found.fields]
    if not candidates:
        return False
    node = rng.choice(candidates)
    node.arguments = list(node.arguments or []) + [
        graphql.ArgumentNode(name=name(rng.choice(["unknownArg", "first", "id", "after"])), value=graphql.IntValueNode(value="1"))
    ]
    return True


def input_object_damage(schema, document, found, rng):
    if not found.object_values:
        return False
    node, _ = rng.choice(found.object_values)
    fields = list(node.fields)
    roll = rng.random()
    if fields and roll < 0.4:
        fields.append(rng.choice(fields))
    elif fields and roll < 0.7:
        fields.remove(rng.choice(fields))
    else:
        fields.append(graphql.ObjectFieldNode(name=name("unknownField"), value=graphql.IntValueNode(value="1")))
    node.fields = fields
    return True


def deep_introspection(schema, document, found, rng):
    if not found.operations:
        return False
    depth = rng.choice([2, 3, 4])
    inner = field("name")
    for _ in range(depth):
        inner = field("fields", [field("type", [inner] if inner.name.value == "fields" else [field("name"), inner])])
    probe = field("__schema", [field("types", [inner])])
    operation = rng.choice(found.operations)
    operation.selection_set.selections = list(operation.selection_set.selections) + [probe]
    return True


def change_operation_type(schema, document, found, rng):
    if not found.operations:
        return False
    operation = rng.choice(found.operations)
    operation.operation = rng.choice([graphql.OperationType.SUBSCRIPTION, graphql.OperationType.MUTATION, graphql.OperationType.QUERY])
    return True


def type_system_definition(schema, document, found, rng):
    extra = graphql.parse(rng.choice(["type Extra { a: Int }", "extend type Query { b: Int }", "scalar Date", "schema { query: Query }"]))
    document.definitions = list(document.definitions) + list(extra.definitions)
    return True


VARIABLE_TYPES = ["Int", "Int!", "String", "String!", "Boolean!", "ID", "[Int]", "[String!]!", "Float"]


def nested_variable(schema, document, found, rng):
    """A variable inside a list or object literal, of the type expected there, its
    nullable or non-null form, or another type."""
    if not found.nested_values or not found.operations:
        return False
    node, expected = rng.choice(found.nested_values)
    choices = list(VARIABLE_TYPES)
    if expected is not None:
        text = str(expected)
        choices += [text, text.rstrip("!"), text + "!" if not text.endswith("!") else text]
    variable = graphql.VariableNode(name=name("nested"))
    if isinstance(node, graphql.ListValueNode):
        node.values = list(node.values) + [variable]
    else:
        node.value = variable
    operation = rng.choice(found.operations)
    default = rng.choice([None, None, graphql.NullValueNode(), graphql.IntValueNode(value="3")])
    operation.variable_definitions = list(operation.variable_definitions or []) + [
        graphql.VariableDefinitionNode(variable=graphql.VariableNode(name=name("nested")),
                                       type=type_reference(rng.choice(choices)), default_value=default, directives=[])
    ]
    return True


def fragment_field_conflict(schema, document, found, rng):
    """Two fragments on one type that give one response name to different fields."""
    candidates = [(s, t) for s, t in found.selection_sets
                  if t is not None and hasattr(t, "fields") and len(t.fields) >= 2]
    if not candidates:
        return False
    set_node, type_ = rng.choice(candidates)
    first, second = rng.sample(list(type_.fields), 2)
    definitions = []
    for fragment_name, field_name in (("Left", first), ("Right", second)):
        selected = field(field_name)
        selected.alias = name("same")
        named = graphql.get_named_type(type_.fields[field_name].type)
        if graphql.is_composite_type(named):
            selected.selection_set = selection_set(field("__typename"))
        definitions.append(graphql.FragmentDefinitionNode(
            name=name(fragment_name), type_condition=graphql.NamedTypeNode(name=name(type_.name)),
            directives=[], selection_set=selection_set(selected)))
    set_node.selections = list(set_node.selections) + [
        graphql.FragmentSpreadNode(name=name("Left"), directives=[]),
        graphql.FragmentSpreadNode(name=name("Right"), directives=[]),
    ]
    document.definitions = list(document.definitions) + definitions
    return True


AST_MUTATIONS = [
    nested_variable, fragment_field_conflict,
    unknown_field, drop_argument, wrong_literal, undefined_variable, unused_fragment,
    duplicate_operation, anonymous_operation, remove_selection_set, add_selection_set_to_leaf,
    unused_variable, wrong_variable_type, alias_conflict, conflicting_arguments, fragment_cycle,
    spread_other_type, unknown_fragment, misplaced_directive, duplicate_argument, unknown_argument,
    input_object_damage, deep_introspection, change_operation_type, type_system_definition,
]


# Text mutations.

SYNTAX_PIECES = ["{", "}", "(", ")", "[", "]", ":", "$", "@", "!", "=", "...", ".", "|", "&", '"', '"""',
                 "1.", "0x1", "00", "1e", "-", "\\u", "\u0007", "\u00a0", "#", ",", "on", "fragment", "\ufeff"]


def syntax_damage(text, rng):
    if not text:
        return "{"
    position = rng.randrange(len(text))
    roll = rng.random()
    if roll < 0.3:
        return text[:position] + text[position + 1:]
    if roll < 0.6:
        return text[:position] + rng.choice(SYNTAX_PIECES) + text[position:]
    if roll < 0.8:
        return text[:position]
    if roll < 0.9:
        return text[:position] + '"unterminated' + ("\n" if rng.random() < 0.5 else "") + text[position:]
    return text[:position] + rng.choice(['"\\x"', '"\\u12"', '"""a\\"""', "1.0e", ".5", "0.e1", "-x"]) + text[position:]


def relayout(text, rng):
    """The same document laid out differently: one line, CRLF, tabs, comments, commas."""
    lines = text.split("\n")
    roll = rng.random()
    if roll < 0.3:
        return " ".join(line.strip() for line in lines)
    if roll < 0.5:
        return "\r\n".join(lines)
    if roll < 0.7:
        return "\n".join(line.replace("  ", "\t") for line in lines)
    if roll < 0.85:
        return "# leading comment 😀\n" + "\n".join(line + (" # c" if rng.random() < 0.2 else "") for line in lines)
    return "\n".join(line + ("," if rng.random() < 0.3 and not line.endswith("{") else "") for line in lines)


def frozen(node):
    """`node` with every list made a tuple: graphql-core 3.2's visitor walks only tuples."""
    if isinstance(node, (list, tuple)):
        return tuple(frozen(item) for item in node)
    if isinstance(node, graphql.Node):
        for key in node.keys:
            setattr(node, key, frozen(getattr(node, key, None)))
    return node


def mutate(schema, text, rng):
    """A variant of `text` with one to three changes, and what they were."""
    applied = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            document = graphql.parse(text)
        except graphql.GraphQLError:
            break
        found = sites(schema, document)
        mutation = rng.choice(AST_MUTATIONS)
        if mutation(schema, document, found, rng):
            text = graphql.print_ast(frozen(document))
            applied.append(mutation.__name__)
    roll = rng.random()
    if roll < 0.25:
        text = relayout(text, rng)
        applied.append("relayout")
    if roll > 0.85 or not applied:
        text = syntax_damage(text, rng)
        applied.append("syntax_damage")
    return text, applied
