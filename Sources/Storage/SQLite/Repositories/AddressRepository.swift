import Foundation

/// Delivery addresses: listed default first, then newest first; at most one default.
public struct AddressRepository: Sendable {
    let database: Database

    /// A repository over `database`.
    public init(database: Database) {
        self.database = database
    }

    static let columns = "id, user_id, name, phone, region, detail, is_default"

    static func address<R: ColumnReader>(_ row: R) -> Address {
        Address(
            id: row.int64(0), userID: row.int64(1), name: row.string(2), phone: row.string(3),
            region: row.string(4), detail: row.string(5), isDefault: row.bool(6))
    }

    /// The user's addresses, the default first, then the newest first.
    public func addresses(userID: Int64) throws -> [Address] {
        try database.read(rowsOf: [("addresses", "user_id")], userID) { c in try Self.addresses(userID: userID, c) }
    }

    static func addresses(userID: Int64, _ c: Connection) throws -> [Address] {
        try c.query(
            "SELECT \(columns) FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC",
            userID, row: address)
    }

    /// One of the user's addresses, or `nil` (someone else's is `nil` too).
    public func address(id: Int64, userID: Int64) throws -> Address? {
        try database.read { c in try Self.address(id: id, userID: userID, c) }
    }

    static func address(id: Int64, userID: Int64, _ c: Connection) throws -> Address? {
        try c.queryFirst(
            "SELECT \(columns) FROM addresses WHERE id = ? AND user_id = ?", id, userID, row: address)
    }

    /// The user's default address, if any.
    static func defaultAddress(userID: Int64, _ c: Connection) throws -> Address? {
        try c.queryFirst(
            "SELECT \(columns) FROM addresses WHERE user_id = ? AND is_default = 1", userID,
            row: address)
    }

    /// Adds an address (validated); the new one goes first and becomes the default.
    public func addAddress(userID: Int64, _ input: AddressSnapshot) throws -> Address {
        let input = try Validation.address(input)
        return try database.write { c in
            try Bounds.check(Self.addresses(userID: userID, c).count + 1, atMost: Bounds.addresses, "addresses", of: "An account")
            try c.execute("UPDATE addresses SET is_default = 0 WHERE user_id = ?", userID)
            try c.execute(
                """
                INSERT INTO addresses (user_id, name, phone, region, detail, is_default)
                VALUES (?, ?, ?, ?, ?, 1)
                """, userID, input.name, input.phone, input.region, input.detail)
            return try Self.address(id: c.lastInsertRowID, userID: userID, c)!
        }
    }

    /// Changes an address; every field is given again and validated.
    public func updateAddress(id: Int64, userID: Int64, _ input: AddressSnapshot) throws -> Address {
        let input = try Validation.address(input)
        return try database.write { c in
            try c.execute(
                """
                UPDATE addresses SET name = ?, phone = ?, region = ?, detail = ?
                WHERE id = ? AND user_id = ?
                """, input.name, input.phone, input.region, input.detail, id, userID)
            guard c.changes == 1 else { throw DomainError.notFound("No address of yours has this ID.") }
            return try Self.address(id: id, userID: userID, c)!
        }
    }

    /// Removes an address; when it was the default, the first remaining one (the newest)
    /// becomes the default. Returns the remaining addresses.
    public func removeAddress(id: Int64, userID: Int64) throws -> [Address] {
        try database.write { c in
            guard let removed = try Self.address(id: id, userID: userID, c) else {
                throw DomainError.notFound("No address of yours has this ID.")
            }
            try c.execute("DELETE FROM addresses WHERE id = ?", id)
            if removed.isDefault {
                try c.execute(
                    """
                    UPDATE addresses SET is_default = 1 WHERE id = (
                        SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1)
                    """, userID)
            }
            return try Self.addresses(userID: userID, c)
        }
    }

    /// Makes an address the default. Returns the addresses, the default first.
    public func setDefault(id: Int64, userID: Int64) throws -> [Address] {
        try database.write { c in
            guard try Self.address(id: id, userID: userID, c) != nil else {
                throw DomainError.notFound("No address of yours has this ID.")
            }
            try c.execute("UPDATE addresses SET is_default = 0 WHERE user_id = ?", userID)
            try c.execute("UPDATE addresses SET is_default = 1 WHERE id = ?", id)
            return try Self.addresses(userID: userID, c)
        }
    }
}
