extension Execution {
    /// Records a field error at `slot` and makes the position null (section 6.4.4): the
    /// null then moves up to the nearest nullable position.
    ///
    /// A position a null has already replaced (with an error reported for it) gets no
    /// second error: one error per nulled position, as graphql-js reports.
    mutating func fail(_ slot: Int, with error: GraphQLError, _ site: FieldSite) {
        guard tree.isAlive(tree.owner(of: slot)) else { return }
        var error = error
        if error.path.isEmpty { error.path = tree.path(of: slot) }
        if error.locations.isEmpty { error.locations = locations(site) }
        errors.append((error, tree.order(of: slot)))
        tree.setNull(at: slot)
    }

    /// Records one error at several positions (a failed batch), each with its own path.
    mutating func fail(_ slots: [Int], with error: GraphQLError, _ site: FieldSite) {
        for slot in slots {
            var located = error
            located.path = tree.path(of: slot)
            fail(slot, with: located, site)
        }
    }

    /// A resolver's error as the client sees it: a `GraphQLError` keeps its message and
    /// code; anything else is handed to `onInternalError` and masked as it says.
    func located(_ error: any Error, at slot: Int, _ site: FieldSite) -> GraphQLError {
        if var error = error as? GraphQLError {
            if error.path.isEmpty { error.path = tree.path(of: slot) }
            if error.locations.isEmpty { error.locations = locations(site) }
            return error
        }
        return mask(error, at: slot, site)
    }

    /// `Internal server error`, code `INTERNAL` (or what the hook shows instead); the
    /// detail goes to the hook only.
    func mask(_ error: any Error, at slot: Int, _ site: FieldSite) -> GraphQLError {
        let path = tree.path(of: slot)
        let shown = onInternalError?(error, path) ?? MaskedError()
        var extensions = ObjectValue()
        if let id = shown.requestID { extensions["requestId"] = .string(id) }
        return GraphQLError(
            shown.message, locations: locations(site), path: path, code: shown.code, extensions: extensions)
    }

    /// An error the engine finds in what the application returned (a wrong shape, an
    /// unknown type): graphql-js's message, code `INTERNAL`.
    func internalFailure(_ message: String, at slot: Int, _ site: FieldSite) -> GraphQLError {
        GraphQLError(
            message, locations: locations(site), path: tree.path(of: slot), code: .internalError)
    }

    /// The locations of every field node merged into the entry.
    func locations(_ site: FieldSite) -> [SourceLocation] {
        site.fields.map { source.lineColumn(at: $0.location.start) }
    }
}
