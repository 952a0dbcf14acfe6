"""Random executable documents for a schema, fast and mostly valid.

hypothesis-graphql writes good documents but needs about a tenth of a second for each one
against Kitchen's schema; this generator writes thousands per second, with what
hypothesis-graphql leaves out: aliases, variables (of the exact, a nullable or a list
type), named fragments, inline fragments on abstract types, directives, several
operations. Documents are "mostly" valid: two fragments on different types may select
differently shaped fields under one response name, which the differential test welcomes.
"""

import random

import graphql
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLUnionType,
)

# Pieces of string values: ASCII, characters the printer escapes, non-ASCII characters of
# the Basic Multilingual Plane, and one astral character (columns after it differ between
# graphql-js, which counts UTF-16 units, and graphql-core).
STRING_PIECES = list("abcXYZ 019_-") + ["\n", "\t", '"', "\\", "é", "红", "烧", "€", "😀"]


class DocumentGenerator:
    """Writes random operations against one graphql-core schema."""

    def __init__(self, schema, rng, custom_scalars=None):
        self.schema = schema
        self.rng = rng
        self.custom_scalars = custom_scalars or {}

    # Documents ---------------------------------------------------------------------

    def document(self):
        """A document: one or two operations plus the fragments they spread."""
        self.fragments = []
        self.fragment_count = 0
        count = 1 if self.rng.random() < 0.85 else 2
        operations = [self.operation(index, named=count > 1) for index in range(count)]
        definitions = operations + self.fragments
        return graphql.print_ast(graphql.DocumentNode(definitions=definitions))

    def operation(self, index, named):
        rng = self.rng
        roots = [("query", self.schema.query_type)]
        if self.schema.mutation_type is not None:
            roots.append(("mutation", self.schema.mutation_type))
        kind, root = roots[0] if rng.random() < 0.75 or len(roots) == 1 else roots[1]
        self.variables = []
        selection = self.selection_set(root, depth=0)
        named = named or rng.random() < 0.6
        return graphql.OperationDefinitionNode(
            operation=graphql.OperationType(kind),
            name=graphql.NameNode(value=f"Op{index}{rng.randrange(100)}") if named else None,
            variable_definitions=self.variables,
            directives=[],
            selection_set=selection,
        )

    # Selections --------------------------------------------------------------------

    def selection_set(self, parent, depth):
        rng = self.rng
        selections = []
        used = set()
        if isinstance(parent, GraphQLUnionType) or (
            isinstance(parent, GraphQLInterfaceType) and rng.random() < 0.5
        ):
            if rng.random() < 0.5:
                selections.append(self.field_node("__typename"))
            for possible in rng.sample(
                list(self.schema.get_possible_types(parent)),
                k=min(2, len(self.schema.get_possible_types(parent))),
            ):
                selections.append(self.fragment_selection(possible, depth))
            if not selections:
                selections.append(self.field_node("__typename"))
            return graphql.SelectionSetNode(selections=selections)
        fields = list(parent.fields.items())
        count = rng.randint(1, 4) if depth < 3 else 1
        for name, field in rng.sample(fields, k=min(count, len(fields))):
            named = graphql.get_named_type(field.type)
            composite = graphql.is_composite_type(named)
            if composite and depth >= 3:
                continue
            response = name
            alias = None
            if rng.random() < 0.15:
                alias = f"{name}{rng.randrange(10)}"
                response = alias
            if response in used:
                continue
            used.add(response)
            arguments = self.arguments(field.args)
            sub = self.selection_set(named, depth + 1) if composite else None
            selections.append(
                graphql.FieldNode(
                    alias=graphql.NameNode(value=alias) if alias else None,
                    name=graphql.NameNode(value=name),
                    arguments=arguments,
                    directives=self.directives(),
                    selection_set=sub,
                )
            )
        if not selections or rng.random() < 0.1:
            selections.append(self.field_node("__typename"))
        if depth > 0 and rng.random() < 0.15:
            return graphql.SelectionSetNode(selections=[self.fragment_selection(parent, depth, selections)])
        return graphql.SelectionSetNode(selections=selections)

    def fragment_selection(self, type_, depth, selections=None):
        """An inline fragment or a spread of a new named fragment on `type_`."""
        if selections is None:
            selections = self.selection_set(type_, depth + 1).selections
        condition = graphql.NamedTypeNode(name=graphql.NameNode(value=type_.name))
        selection_set = graphql.SelectionSetNode(selections=selections)
        if self.rng.random() < 0.5:
            return graphql.InlineFragmentNode(
                type_condition=condition, directives=self.directives(), selection_set=selection_set
            )
        self.fragment_count += 1
        name = f"F{self.fragment_count}"
        self.fragments.append(
            graphql.FragmentDefinitionNode(
                name=graphql.NameNode(value=name),
                type_condition=condition,
                directives=[],
                selection_set=selection_set,
            )
        )
        return graphql.FragmentSpreadNode(name=graphql.NameNode(value=name), directives=self.directives())

    def field_node(self, name):
        return graphql.FieldNode(name=graphql.NameNode(value=name), arguments=[], directives=[])

    def directives(self):
        rng = self.rng
        if rng.random() > 0.08:
            return []
        name = rng.choice(["skip", "include"])
        if rng.random() < 0.4:
            value = self.variable_for(GraphQLNonNull(graphql.GraphQLBoolean))
        else:
            value = graphql.BooleanValueNode(value=rng.random() < 0.5)
        argument = graphql.ArgumentNode(name=graphql.NameNode(value="if"), value=value)
        return [graphql.DirectiveNode(name=graphql.NameNode(value=name), arguments=[argument])]

    # Arguments and values ---------------------------------------------------------

    def arguments(self, args):
        rng = self.rng
        nodes = []
        for name, arg in args.items():
            required = graphql.is_non_null_type(arg.type) and arg.default_value is graphql.Undefined
            if not required and rng.random() > 0.3:
                continue
            if rng.random() < 0.25:
                value = self.variable_for(arg.type, has_default=arg.default_value is not graphql.Undefined)
            else:
                value = self.value(arg.type)
            nodes.append(graphql.ArgumentNode(name=graphql.NameNode(value=name), value=value))
        rng.shuffle(nodes)
        return nodes

    def variable_for(self, type_, has_default=False):
        """A new variable for a position of `type_`: its exact type, or for a non-null
        position with a default a nullable one, or a non-null one where nullable is allowed."""
        rng = self.rng
        variable_type = type_
        default = None
        roll = rng.random()
        if graphql.is_non_null_type(type_) and has_default and roll < 0.3:
            variable_type = type_.of_type
        elif not graphql.is_non_null_type(type_) and roll < 0.3:
            variable_type = GraphQLNonNull(type_)
        elif not graphql.is_non_null_type(type_) and roll < 0.45:
            default = self.value(type_, constant=True)
        name = f"v{len(self.variables)}"
        self.variables.append(
            graphql.VariableDefinitionNode(
                variable=graphql.VariableNode(name=graphql.NameNode(value=name)),
                type=type_node(variable_type),
                default_value=default,
                directives=[],
            )
        )
        return graphql.VariableNode(name=graphql.NameNode(value=name))

    def value(self, type_, constant=False, depth=0, nullable=True):
        rng = self.rng
        if graphql.is_non_null_type(type_):
            return self.value(type_.of_type, constant, depth, nullable=False)
        if nullable and rng.random() < 0.08:
            return graphql.NullValueNode()
        if isinstance(type_, GraphQLList):
            if rng.random() < 0.25:
                return self.value(type_.of_type, constant, depth + 1)
            return graphql.ListValueNode(
                values=[self.value(type_.of_type, constant, depth + 1) for _ in range(rng.randint(0, 3))]
            )
        if isinstance(type_, GraphQLEnumType):
            return graphql.EnumValueNode(value=rng.choice(list(type_.values)))
        if isinstance(type_, GraphQLInputObjectType):
            fields = []
            is_one_of = is_one_of_type(type_)
            items = list(type_.fields.items())
            if is_one_of and items:
                name, field = rng.choice(items)
                return graphql.ObjectValueNode(
                    fields=[
                        graphql.ObjectFieldNode(
                            name=graphql.NameNode(value=name),
                            value=self.value(GraphQLNonNull(field.type.of_type if graphql.is_non_null_type(field.type) else field.type), constant, depth + 1),
                        )
                    ]
                )
            for name, field in items:
                required = graphql.is_non_null_type(field.type) and field.default_value is graphql.Undefined
                if required or (depth < 3 and rng.random() < 0.4):
                    fields.append(
                        graphql.ObjectFieldNode(
                            name=graphql.NameNode(value=name), value=self.value(field.type, constant, depth + 1)
                        )
                    )
            rng.shuffle(fields)
            return graphql.ObjectValueNode(fields=fields)
        return self.scalar(type_)

    def scalar(self, type_):
        rng = self.rng
        name = type_.name
        if name in self.custom_scalars:
            return graphql.StringValueNode(value=rng.choice(self.custom_scalars[name]))
        if name == "Int":
            return graphql.IntValueNode(value=str(rng.choice([0, 1, -1, 20, 2147483647, -2147483648, rng.randrange(-1000, 1000)])))
        if name == "Float":
            return rng.choice(
                [graphql.FloatValueNode(value=rng.choice(["1.5", "-0.25", "1e3", "6.02E23"])), graphql.IntValueNode(value="3")]
            )
        if name == "Boolean":
            return graphql.BooleanValueNode(value=rng.random() < 0.5)
        if name == "ID" and rng.random() < 0.3:
            return graphql.IntValueNode(value=str(rng.randrange(1000)))
        return graphql.StringValueNode(value=self.string())

    def string(self):
        return "".join(self.rng.choice(STRING_PIECES) for _ in range(self.rng.randint(0, 8)))


def is_one_of_type(type_):
    """Whether an input object is `@oneOf` (graphql-core 3.2 does not know the directive)."""
    node = type_.ast_node
    return node is not None and any(d.name.value == "oneOf" for d in node.directives or [])


def type_node(type_):
    """The AST for a type reference."""
    if isinstance(type_, GraphQLNonNull):
        return graphql.NonNullTypeNode(type=type_node(type_.of_type))
    if isinstance(type_, GraphQLList):
        return graphql.ListTypeNode(type=type_node(type_.of_type))
    return graphql.NamedTypeNode(name=graphql.NameNode(value=type_.name))


def generate(schema, count, seed, custom_scalars=None):
    """`count` documents for `schema`, the same for the same seed."""
    generator = DocumentGenerator(schema, random.Random(seed), custom_scalars)
    return [generator.document() for _ in range(count)]
