import CLibPQ
import Foundation
import Localization

/// A statement the server refused, with its SQLSTATE and its message (the database's own words; the
/// clinic store's rules raise theirs in class `DS`, see `Migration1`).
struct PostgresError: Error, Sendable, Equatable {
    /// The five-character SQLSTATE, such as `42501` (insufficient privilege) or `DS004` (signed already).
    var sqlState: String
    var message: String
    var detail: String?

    static let insufficientPrivilege = "42501"
    static let uniqueViolation = "23505"
    static let undefinedTable = "42P01"
    static let invalidSchemaName = "3F000"

    /// The error of a failed result, read with `PQresultErrorField`; libpq's own message when the
    /// server sent none (the connection was lost).
    init(result: OpaquePointer?, connection: OpaquePointer?) {
        func field(_ code: UInt8) -> String? {
            guard let result, let text = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: text)
        }
        sqlState = field(UInt8(ascii: "C")) ?? "08006"
        message =
            field(UInt8(ascii: "M"))
            ?? connection.flatMap { PQerrorMessage($0) }.map { Self.oneLine(String(cString: $0)) }
            ?? tr("the server gave no reason")
        detail = field(UInt8(ascii: "D"))
    }

    init(sqlState: String, message: String, detail: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
    }

    /// libpq's multi-line messages ("…failed: No such file or directory\n\tIs the server running…") as one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether the clinic store's own rules refused the step (as opposed to a privilege or the server).
    var isStoreRule: Bool { sqlState.hasPrefix("DS") }
}
