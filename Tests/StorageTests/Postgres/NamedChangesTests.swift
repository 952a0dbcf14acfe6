import Testing

@testable import Storage

/// The change set a PostgreSQL commit sends other instances in its notification.
@Suite("Named changes")
struct NamedChangesTests {
    static let catalog = DataCatalog(tables: [
        DataCatalog.Table(name: "users", columns: ["id", "name", "bio"], rowidColumn: 0),
        DataCatalog.Table(name: "auth_tokens", columns: ["id", "user_id", "digest"], rowidColumn: 0),
    ])

    static func sample() -> NamedChanges {
        var changes = NamedChanges()
        changes.note(table: "users", columns: "name", keys: "id=7")
        changes.note(table: "users", columns: "bio", keys: "id=8")
        changes.note(table: "auth_tokens", columns: nil, keys: "id=3,user_id=7")
        return changes
    }

    @Test("the payload carries the sender, each table's changed columns and the rows' keys")
    func roundTrip() {
        let sent = Self.sample()
        let text = sent.payload(instance: "instance-a")
        #expect(text == "instance-a\nt auth_tokens *\nt users bio,name\nk auth_tokens id 3\nk auth_tokens user_id 7\nk users id 7,8\n")
        let read = NamedChanges(payload: text)
        #expect(read.sender == "instance-a")
        #expect(read.tables == sent.tables && read.keys == sent.keys && !read.isEverything)
    }

    @Test("a payload that is not one of Kitchen's (an operator's NOTIFY, the trigger's *) is everything")
    func foreignPayloads() {
        for payload in ["", "*", "hello", "instance-a\nz what\n", "instance-a\n*\n"] {
            let read = NamedChanges(payload: payload)
            #expect(read.isEverything, "\(payload)")
        }
        #expect(NamedChanges(payload: "*").sender == nil)
    }

    @Test("numbered by a catalog: a table it lacks makes everything; a column that is no key is left out")
    func numbering() {
        let set = Self.sample().changeSet(in: Self.catalog)
        #expect(!set.isEverything)
        var bobsRow = ReadSet()
        bobsRow.read(Self.catalog.table(named: "users")!, column: 0, value: 9)
        #expect(!set.affects(bobsRow))
        var annsTokens = ReadSet()
        annsTokens.read(Self.catalog.table(named: "auth_tokens")!, column: 1, value: 7)
        #expect(set.affects(annsTokens))
        var unknown = NamedChanges()
        unknown.note(table: "recipes", columns: "name", keys: "id=1")
        #expect(unknown.changeSet(in: Self.catalog).isEverything)
        var odd = NamedChanges()
        odd.note(table: "users", columns: "bio", keys: "id=1,bio_id=4")
        #expect(odd.changeSet(in: Self.catalog).keys.count == 1)
    }
}
