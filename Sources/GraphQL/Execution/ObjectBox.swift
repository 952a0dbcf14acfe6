/// An application value on its way through the executor: an object for the next level, the
/// root value, or the request's context.
///
/// The executor does not know the Swift types of the values it hands to resolvers. Held in
/// an `Any`, a struct would be cast and copied out — with a retain and a release of every
/// string and array in it — each time a resolver reads one of its fields. Boxed once when
/// it is resolved, the value is read in place: a resolver compares the box's class with the
/// one it was registered for and reads the field it needs.
@usableFromInline
final class ObjectBox<Value>: ErasedBox {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    var anyValue: Any { value }
    var valueType: Any.Type { type(of: value as Any) }
}

/// What the executor asks of a box whose Swift type it does not know.
protocol ErasedBox: AnyObject {
    /// The boxed value, for the slow path of `unbox` and for messages.
    var anyValue: Any { get }
    /// The dynamic type of the value: it finds the object type of an abstract field's value
    /// when the resolver did not name one.
    var valueType: Any.Type { get }
}

/// The value an executor object stands for: a box's value, or the object itself when the
/// application resolved an instance of its own class (`Resolved.boxed`).
@usableFromInline
func anyValue(of object: AnyObject) -> Any {
    (object as? any ErasedBox)?.anyValue ?? object
}

/// The dynamic Swift type of the value an executor object stands for.
func valueType(of object: AnyObject) -> Any.Type {
    (object as? any ErasedBox)?.valueType ?? type(of: object)
}

/// The value of a box as `T`, copied out: read in place when the box was made for `T` (the
/// common case, one comparison of classes), otherwise cast (a value boxed as an
/// existential, such as a root value passed as `Any`). Nil when it is not a `T` at all.
@inlinable
func unbox<T>(_ object: AnyObject, as type: T.Type) -> T? {
    withUnboxed(object, as: type) { $0 }
}

/// Runs `body` on the value of a box as `T` without copying it out when the box was made
/// for `T`, so a large value (the request's context holds every repository) is not
/// retained field by field for each resolver call. Nil, without running `body`, when the
/// value is not a `T`.
@inlinable
func withUnboxed<T, Result>(
    _ object: AnyObject, as type: T.Type, _ body: (T) throws -> Result
) rethrows -> Result? {
    if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(ObjectBox<T>.self) {
        return try body(unsafeDowncast(object, to: ObjectBox<T>.self).value)
    }
    guard let value = anyValue(of: object) as? T else { return nil }
    return try body(value)
}
