/// The stored fields of a model value kept behind one reference, copied only when a copy
/// that shares them is changed (copy on write, as `Array` does).
///
/// A model such as `User` is copied several times on its way to a response: out of its row,
/// into a dictionary by id, into the list a batch resolver returns, into the box the
/// executor holds. Stored inline, each copy retains every string of the value (twelve
/// fields, nine of them strings, for a user) and each destruction releases them, an atomic
/// operation each. Behind one reference a copy is one retain.
public struct SharedFields<Fields: Sendable & Hashable>: Sendable, Hashable {
    @usableFromInline var storage: Storage

    @inlinable
    public init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// The fields, read in place; changing one first copies them if they are shared.
    @inlinable
    public var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    @inlinable
    public static func == (left: Self, right: Self) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// The one reference. `@unchecked Sendable`: its fields change only through
    /// `SharedFields.fields`, which first makes the storage its own when anyone else holds it,
    /// so no value another thread can see is ever changed.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline var fields: Fields

        @inlinable
        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
