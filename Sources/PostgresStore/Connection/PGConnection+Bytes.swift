import CLibPQ

/// Bytes in and out of `bytea` columns in libpq's binary format: no hex text twice the size on the
/// way, nothing to unescape on the way back.
extension PGConnection {
    /// Runs one statement whose last parameter, `$N` after `parameters`, is `bytes`, sent as binary. The
    /// corresponding C function is `PQexecParams` with a parameter format of 1.
    func execute(_ sql: String, _ parameters: [String?], bytes: UnsafeRawBufferPointer) throws(PostgresError) {
        // libpq wants a pointer even for no bytes, and reads none of it.
        let none: [CChar] = [0]
        let result = try withTextParameters(parameters) { values in
            none.withUnsafeBufferPointer { empty in
                let all = values + [bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty.baseAddress]
                let lengths = [Int32](repeating: 0, count: parameters.count) + [Int32(bytes.count)]
                let formats = [Int32](repeating: 0, count: parameters.count) + [1]
                return PQexecParams(handle, sql, Int32(all.count), nil, all, lengths, formats, 0)
            }
        }
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw PostgresError(result: result, connection: handle)
        }
    }

    /// The first column of the first row, a `bytea`, as its bytes; nil for no row or NULL. The
    /// corresponding C function is `PQexecParams` with a result format of 1.
    func bytes(_ sql: String, _ parameters: [String?]) throws(PostgresError) -> [UInt8]? {
        let result = try withTextParameters(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 1)
        }
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_TUPLES_OK, let result else {
            throw PostgresError(result: result, connection: handle)
        }
        guard PQntuples(result) > 0, PQgetisnull(result, 0, 0) == 0 else { return nil }
        let count = Int(PQgetlength(result, 0, 0))
        guard let value = PQgetvalue(result, 0, 0) else { return [] }
        return value.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }
}
