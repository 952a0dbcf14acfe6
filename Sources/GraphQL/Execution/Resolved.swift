/// What a resolver returns for one field of one parent: cheap to build, and completed by the
/// executor against the field's type (section 6.4.3, CompleteValue).
///
/// Objects stay the application's own Swift values, boxed once (`object(_:type:)`); the
/// executor hands them back to the resolvers of the next level and never inspects them, so
/// no conversion or reflection happens on the way.
public enum Resolved {
    /// No value: `null` in the response (an error when the field is non-null).
    case null
    /// A leaf (scalar or enum name) or a list of leaves, before serialization; an `.object`
    /// value here is also accepted as the parent of an object type.
    case value(Value)
    /// An object for the next level, as `object(_:type:)` boxes it; an instance of an
    /// application class may also be given as it is. `type` names its concrete object type;
    /// it may be nil when the field's type is an object type, or when the Swift type of the
    /// object was registered for exactly one object type.
    case boxed(AnyObject, type: String?)
    /// A list whose items are completed one by one against the list's item type.
    case list([Resolved])
    /// A failure for this one position (a batch resolver's failed item, or a list item):
    /// handled like an error thrown by the resolver.
    case error(any Error)

    /// An object for the next level. `type` names its concrete object type; it may be nil
    /// when the field's type is an object type, or when `Object` was registered for exactly
    /// one object type.
    @inlinable public static func object<Object>(_ object: Object, type: String?) -> Resolved {
        .boxed(ObjectBox(object), type: type)
    }

    /// An object whose concrete type the executor works out.
    @inlinable public static func object<Object>(_ object: Object) -> Resolved {
        .boxed(ObjectBox(object), type: nil)
    }
}

/// A Swift value a resolver can return directly: strings, numbers, optionals, arrays,
/// `Value`, and the application's object types (through `OutputObject`).
public protocol OutputConvertible: SendableMetatype {
    /// The value as the executor completes it.
    var resolved: Resolved { get }
}

/// An application type whose values are GraphQL objects; conforming is all it takes.
public protocol OutputObject: OutputConvertible {}

extension OutputObject {
    @inlinable public var resolved: Resolved { .boxed(ObjectBox(self), type: nil) }
}

/// A Swift `String`-backed enum whose raw values are the GraphQL enum's value names.
public protocol OutputEnum: OutputConvertible, RawRepresentable where RawValue == String {}

extension OutputEnum {
    @inlinable public var resolved: Resolved { .value(.string(rawValue)) }
}

extension Resolved: OutputConvertible {
    @inlinable public var resolved: Resolved { self }
}

extension Value: OutputConvertible {
    @inlinable public var resolved: Resolved { .value(self) }
}

extension String: OutputConvertible {
    @inlinable public var resolved: Resolved { .value(.string(self)) }
}

extension Int: OutputConvertible {
    @inlinable public var resolved: Resolved { .value(.int(self)) }
}

extension Double: OutputConvertible {
    @inlinable public var resolved: Resolved { .value(.float(self)) }
}

extension Bool: OutputConvertible {
    @inlinable public var resolved: Resolved { .value(.bool(self)) }
}

extension Optional: OutputConvertible where Wrapped: OutputConvertible {
    @inlinable public var resolved: Resolved {
        switch self {
        case .some(let wrapped): wrapped.resolved
        case .none: .null
        }
    }
}

extension Array: OutputConvertible where Element: OutputConvertible {
    @inlinable public var resolved: Resolved { .list(map { $0.resolved }) }
}
