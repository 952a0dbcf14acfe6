import Foundation

/// Addresses on PostgreSQL (`AddressStore`). Every change locks the user's row first, so
/// two devices changing one address book at once (each moving the default) apply their
/// changes one after the other, and the partial unique index keeps one default per user.
struct PostgresAddresses: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = AddressRepository.columns

    static func addresses(userID: Int64, _ c: PostgresConnection) throws -> [Address] {
        try c.query(
            "SELECT \(columns) FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id DESC",
            userID, row: { AddressRepository.address($0) })
    }

    static func address(id: Int64, userID: Int64, _ c: PostgresConnection) throws -> Address? {
        try c.queryFirst(
            "SELECT \(columns) FROM addresses WHERE id = $1 AND user_id = $2", id, userID,
            row: { AddressRepository.address($0) })
    }

    static func defaultAddress(userID: Int64, _ c: PostgresConnection) throws -> Address? {
        try c.queryFirst(
            "SELECT \(columns) FROM addresses WHERE user_id = $1 AND is_default", userID,
            row: { AddressRepository.address($0) })
    }

    /// Locks the user's row for the rest of the transaction.
    static func lockUser(_ userID: Int64, _ c: PostgresConnection) throws {
        _ = try c.queryFirst("SELECT id FROM users WHERE id = $1 FOR UPDATE", userID) { $0.int64(0) }
    }

    /// Runs a change of the user's addresses with the user's row locked.
    private func change<T>(userID: Int64, _ body: (PostgresConnection) throws -> T) throws -> T {
        try database.write { c in
            try Self.lockUser(userID, c)
            return try body(c)
        }
    }
}

extension PostgresAddresses: AddressStore {
    func addresses(userID: Int64) throws -> [Address] {
        try database.read { c in try Self.addresses(userID: userID, c) }
    }

    func address(id: Int64, userID: Int64) throws -> Address? {
        try database.read { c in try Self.address(id: id, userID: userID, c) }
    }

    func addAddress(userID: Int64, _ input: AddressSnapshot) throws -> Address {
        let input = try Validation.address(input)
        return try change(userID: userID) { c in
            try Bounds.check(Self.addresses(userID: userID, c).count + 1, atMost: Bounds.addresses, "addresses", of: "An account")
            try c.execute("UPDATE addresses SET is_default = FALSE WHERE user_id = $1 AND is_default", userID)
            let id = try c.queryFirst(
                """
                INSERT INTO addresses (user_id, name, phone, region, detail, is_default)
                VALUES ($1, $2, $3, $4, $5, TRUE) RETURNING id
                """, userID, input.name, input.phone, input.region, input.detail) { $0.int64(0) }!
            return try Self.address(id: id, userID: userID, c)!
        }
    }

    func updateAddress(id: Int64, userID: Int64, _ input: AddressSnapshot) throws -> Address {
        let input = try Validation.address(input)
        return try change(userID: userID) { c in
            try c.execute(
                "UPDATE addresses SET name = $1, phone = $2, region = $3, detail = $4 WHERE id = $5 AND user_id = $6",
                input.name, input.phone, input.region, input.detail, id, userID)
            guard c.changes == 1 else { throw DomainError.notFound("No address of yours has this ID.") }
            return try Self.address(id: id, userID: userID, c)!
        }
    }

    func removeAddress(id: Int64, userID: Int64) throws -> [Address] {
        try change(userID: userID) { c in
            guard let removed = try Self.address(id: id, userID: userID, c) else {
                throw DomainError.notFound("No address of yours has this ID.")
            }
            try c.execute("DELETE FROM addresses WHERE id = $1", id)
            if removed.isDefault {
                try c.execute(
                    """
                    UPDATE addresses SET is_default = TRUE WHERE id = (
                        SELECT id FROM addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1)
                    """, userID)
            }
            return try Self.addresses(userID: userID, c)
        }
    }

    func setDefault(id: Int64, userID: Int64) throws -> [Address] {
        try change(userID: userID) { c in
            guard try Self.address(id: id, userID: userID, c) != nil else {
                throw DomainError.notFound("No address of yours has this ID.")
            }
            try c.execute("UPDATE addresses SET is_default = FALSE WHERE user_id = $1 AND is_default", userID)
            try c.execute("UPDATE addresses SET is_default = TRUE WHERE id = $1", id)
            return try Self.addresses(userID: userID, c)
        }
    }

    func addresses(ids: [Int64], userID: Int64) throws -> [Int64: Address] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.query(
                "SELECT \(Self.columns) FROM addresses WHERE user_id = $1 AND id = ANY($2::bigint[])",
                arguments: [.integer(userID), .integers(distinct(ids))]) { AddressRepository.address($0) }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        }
    }
}
