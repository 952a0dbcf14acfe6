import Foundation
import KitchenTestSupport
import Testing

@testable import GraphQL

/// The graphql-js kitchen-sink documents of the conformance material
/// (`graphql-js-fixtures/`); `scripts/conformance` runs these.
@Suite("graphql-js fixtures", .enabled(if: OutsideMaterial.isGiven, "needs the conformance material: run scripts/conformance"))
struct FixtureTests {
    static let fixtures = OutsideMaterial.url("graphql-js-fixtures") ?? URL(fileURLWithPath: "/nonexistent")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("the executable kitchen sink parses into 6 definitions")
    func kitchenSinkParses() throws {
        let document = try parsed(try Self.fixture("kitchen-sink.graphql"))
        #expect(document.definitions.count == 6)
        #expect(document.executable.operations.count == 5)
        #expect(document.executable.fragments.count == 1)
    }

    @Test("the executable kitchen sink prints as graphql-js prints it")
    func kitchenSinkPrints() throws {
        let document = try parsed(try Self.fixture("kitchen-sink.graphql"))
        let expected = try Self.fixture("kitchen-sink.printed.graphql")
        #expect(Printer.print(document) + "\n" == expected)
    }

    @Test("the SDL kitchen sink parses into 38 definitions")
    func schemaKitchenSinkParses() throws {
        let document = try parsed(try Self.fixture("schema-kitchen-sink.graphql"))
        #expect(document.definitions.count == 38)
        #expect(document.typeSystem.definitions.count == 38)
    }

    @Test("the SDL kitchen sink prints as graphql-js prints it")
    func schemaKitchenSinkPrints() throws {
        let document = try parsed(try Self.fixture("schema-kitchen-sink.graphql"))
        let expected = try Self.fixture("schema-kitchen-sink.printed.graphql")
        #expect(Printer.print(document) + "\n" == expected)
    }

    @Test("printing the kitchen sinks is idempotent")
    func idempotent() throws {
        for name in ["kitchen-sink.graphql", "schema-kitchen-sink.graphql"] {
            let once = Printer.print(try parsed(try Self.fixture(name)))
            #expect(Printer.print(try parsed(once)) == once, "\(name)")
        }
    }

    @Test("the block string with an escaped triple quote evaluates as graphql-js says")
    func blockStringValue() throws {
        let document = try parsed(try Self.fixture("kitchen-sink.graphql"))
        let fragment = try #require(document.executable.fragments.first)
        guard case .field(let field) = fragment.selectionSet.selections.first,
            case .object(let fields) = field.arguments.last?.value.kind
        else {
            Issue.record("no obj argument")
            return
        }
        #expect(fields.last?.value.kind == .string("block string uses \"\"\"", isBlock: true))
    }

    /// Name nodes and their offsets, compared with graphql-core's parse tree of the same text
    /// (its offsets count code points; these fixtures are ASCII, so they are byte offsets).
    @Test("names and their offsets match graphql-core's parse tree")
    func offsetsMatchReference() throws {
        for name in ["kitchen-sink", "schema-kitchen-sink"] {
            let text = try Self.fixture(name + ".graphql")
            let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".ast.json"))
            var expected: [String] = []
            collectNames(try JSONSerialization.jsonObject(with: data), into: &expected)
            var actual = NameCollector()
            actual.collect(try parsed(text))
            #expect(expected.count > 50)
            #expect(actual.names.sorted() == expected.sorted(), "\(name)")
        }
    }

    /// Every `name` node of the JSON tree as `value@start-end`.
    private func collectNames(_ node: Any, into names: inout [String]) {
        if let object = node as? [String: Any] {
            if object["kind"] as? String == "name", let value = object["value"] as? String,
                let loc = object["loc"] as? [String: Any], let start = loc["start"] as? Int,
                let end = loc["end"] as? Int
            {
                names.append("\(value)@\(start)-\(end)")
            }
            for child in object.values { collectNames(child, into: &names) }
        } else if let array = node as? [Any] {
            for child in array { collectNames(child, into: &names) }
        }
    }
}

/// Every `Name` in a document as `value@start-end`.
struct NameCollector {
    var names: [String] = []

    mutating func collect(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .executable(.operation(let operation)):
                add(operation.name)
                for variable in operation.variableDefinitions {
                    add(variable.variable.name)
                    add(variable.type)
                    add(variable.defaultValue)
                    add(variable.directives)
                }
                add(operation.directives)
                add(operation.selectionSet)
            case .executable(.fragment(let fragment)):
                add(fragment.name)
                add(fragment.typeCondition)
                add(fragment.directives)
                add(fragment.selectionSet)
            case .typeSystem(.schema(let schema)), .typeSystem(.schemaExtension(let schema)):
                add(schema.directives)
                for operationType in schema.operationTypes { add(operationType.type) }
            case .typeSystem(.type(let type)), .typeSystem(.typeExtension(let type)):
                add(type.name)
                add(type.directives)
                switch type.kind {
                case .scalar: break
                case .object(let interfaces, let fields), .interface(let interfaces, let fields):
                    interfaces.forEach { add($0) }
                    for field in fields {
                        add(field.name)
                        field.arguments.forEach { add($0) }
                        add(field.type)
                        add(field.directives)
                    }
                case .union(let members): members.forEach { add($0) }
                case .enumeration(let values):
                    for value in values {
                        add(value.name)
                        add(value.directives)
                    }
                case .inputObject(let fields): fields.forEach { add($0) }
                }
            case .typeSystem(.directive(let directive)):
                add(directive.name)
                directive.arguments.forEach { add($0) }
                directive.locations.forEach { add($0) }
            }
        }
    }

    private mutating func add(_ name: Name?) {
        guard let name else { return }
        names.append("\(name.value)@\(name.location.start)-\(name.location.end)")
    }

    private mutating func add(_ type: TypeNode) { add(type.namedType) }

    private mutating func add(_ definition: InputValueDefinition) {
        add(definition.name)
        add(definition.type)
        add(definition.defaultValue)
        add(definition.directives)
    }

    private mutating func add<Reference>(_ directives: [GenericDirective<Reference>]) {
        for directive in directives {
            add(directive.name)
            for argument in directive.arguments {
                add(argument.name)
                add(argument.value)
            }
        }
    }

    private mutating func add<Reference>(_ value: GenericValueNode<Reference>?) {
        guard let value else { return }
        switch value.kind {
        case .variable(let reference): add((reference as? Variable)?.name)
        case .list(let items): items.forEach { add($0) }
        case .object(let fields):
            for field in fields {
                add(field.name)
                add(field.value)
            }
        default: break
        }
    }

    private mutating func add(_ selectionSet: SelectionSet?) {
        guard let selectionSet else { return }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                add(field.alias)
                add(field.name)
                for argument in field.arguments {
                    add(argument.name)
                    add(argument.value)
                }
                add(field.directives)
                add(field.selectionSet)
            case .fragmentSpread(let spread):
                add(spread.name)
                add(spread.directives)
            case .inlineFragment(let fragment):
                add(fragment.typeCondition)
                add(fragment.directives)
                add(fragment.selectionSet)
            }
        }
    }
}
