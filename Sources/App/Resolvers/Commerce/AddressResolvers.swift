import GraphQL
import Storage

/// `Address` (one of the viewer's delivery addresses) and `AddressSnapshot` (the copy an
/// order keeps, so editing an address never rewrites past orders).
enum AddressResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Address", parent: Address.self) { address in
            address.property("id") { GlobalID.encode("Address", $0.id) }
            address.property("name") { $0.name }
            address.property("phone") { $0.phone }
            address.property("region") { $0.region }
            address.property("detail") { $0.detail }
            address.property("isDefault") { $0.isDefault }
        }
        resolvers.type("AddressSnapshot", parent: AddressSnapshot.self) { snapshot in
            snapshot.property("name") { $0.name }
            snapshot.property("phone") { $0.phone }
            snapshot.property("region") { $0.region }
            snapshot.property("detail") { $0.detail }
        }
    }

    /// An `AddressInput` as the repository takes it (validated there).
    static func input(_ arguments: Arguments) -> AddressSnapshot {
        let input = arguments.object("input") ?? ObjectValue()
        func text(_ key: String) -> String {
            if case .string(let value)? = input[key] { return value }
            return ""
        }
        return AddressSnapshot(
            name: text("name"), phone: text("phone"), region: text("region"), detail: text("detail"))
    }
}
