import Foundation
import Testing

@Suite("Addresses: default first, validated")
struct AddressMutationsTests {
    static let add = """
        mutation($input: AddressInput!) { addAddress(input: $input) { id name phone region detail isDefault } }
        """

    static func address(_ name: String, phone: String = "13800138000", region: String = "上海市 浦东新区") -> JSON {
        ["name": .string(name), "phone": .string(phone), "region": .string(region), "detail": "张江路 1 号"]
    }

    @Test("a new address goes first and becomes the default; removing the default promotes the first remaining")
    func defaults() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let client = try world.account().client
        let home = try client.post(Self.add, ["input": Self.address("  家  ")]).ok()["addAddress"]
        #expect(home["name"].string == "家")
        #expect(home["isDefault"].bool == true)
        let office = try client.post(Self.add, ["input": Self.address("公司", phone: "+44 20 7946 0958")]).ok()["addAddress"]
        #expect(office["phone"].string == "+442079460958")
        let parents = try client.post(Self.add, ["input": Self.address("父母家")]).ok()["addAddress"]
        var list = try client.post(CommerceDocuments.addresses).ok()["addresses"].array
        #expect(list.map { $0["id"] } == [parents["id"], office["id"], home["id"]])
        #expect(list.map { $0["isDefault"].bool } == [true, false, false])

        list = try client.post(
            "mutation($id: ID!) { setDefaultAddress(id: $id) { id isDefault } }", ["id": home["id"]]
        ).ok()["setDefaultAddress"].array
        #expect(list.map { $0["id"] } == [home["id"], parents["id"], office["id"]])
        #expect(list.map { $0["isDefault"].bool } == [true, false, false])

        list = try client.post(
            "mutation($id: ID!) { removeAddress(id: $id) { id isDefault } }", ["id": home["id"]]
        ).ok()["removeAddress"].array
        #expect(list.map { $0["id"] } == [parents["id"], office["id"]])
        #expect(list.map { $0["isDefault"].bool } == [true, false])

        let updated = try client.post(
            "mutation($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { id name isDefault } }",
            ["id": office["id"], "input": Self.address("新公司")]
        ).ok()["updateAddress"]
        #expect(updated["name"].string == "新公司")
        #expect(updated["isDefault"].bool == false)
    }

    @Test("an ID of another type is refused with a message that reads right")
    func wrongIDType() throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let buyer = try world.account()
        let reply = try buyer.client.post(
            "mutation($id: ID!) { setDefaultAddress(id: $id) { id } }", ["id": .string(buyer.id)])
        #expect(reply.errorCode == "BAD_USER_INPUT")
        #expect(reply.errorMessage == "\"id\" must be an Address ID; \"\(buyer.id)\" is not one.")
    }

    @Test("a blank name or region or a malformed phone is BAD_USER_INPUT and changes nothing", arguments: [
        ("   ", "13800138000", "上海市"),
        ("小明", "12345", "上海市"),
        ("小明", "+", "上海市"),
        ("小明", "123456789012345678901", "上海市"),
        ("小明", "138-0013-800a", "上海市"),
        ("小明", "13800138000", " "),
    ])
    func validation(name: String, phone: String, region: String) throws {
        let world = try CommerceWorld.start()
        defer { world.stop() }
        let client = try world.account().client
        let kept = try client.post(Self.add, ["input": Self.address("家")]).ok()["addAddress"]
        let before = try client.post(CommerceDocuments.addresses).ok()
        let added = try client.post(Self.add, ["input": Self.address(name, phone: phone, region: region)])
        #expect(added.errorCode == "BAD_USER_INPUT")
        let updated = try client.post(
            "mutation($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { id } }",
            ["id": kept["id"], "input": Self.address(name, phone: phone, region: region)])
        #expect(updated.errorCode == "BAD_USER_INPUT")
        #expect(try client.post(CommerceDocuments.addresses).ok() == before)
    }
}
