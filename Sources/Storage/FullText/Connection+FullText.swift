internal import CSQLite

extension Connection {
    /// Registers `kitchen_search_text(text)`, the SQL face of `FullText.indexable`, so that
    /// triggers can keep a search index in step with its table.
    ///
    /// Every connection registers it when it opens. A tool that opens the file without it
    /// (the `sqlite3` shell) can read but not write the tables whose triggers call it.
    func registerFullTextFunction() throws(SQLiteError) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        try check(
            sqlite3_create_function_v2(
                handle, "kitchen_search_text", 1, flags, nil, searchTextFunction, nil, nil, nil),
            handle)
    }
}

/// The C body of `kitchen_search_text`: NULL stays NULL, anything else is read as text.
private func searchTextFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
        let text = sqlite3_value_text(argument)
    else {
        sqlite3_result_null(context)
        return
    }
    let length = Int(sqlite3_value_bytes(argument))
    let spaced = FullText.indexable(
        String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
    // withCString always gives a non-null pointer, so "" stays text rather than NULL.
    spaced.withCString { chars in
        sqlite3_result_text(
            context, chars, Int32(spaced.utf8.count), kitchen_sqlite_transient())
    }
}
