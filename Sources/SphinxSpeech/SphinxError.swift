import StationCore

/// A failure of libpocketsphinx, with the call that failed and its return code.
public struct SphinxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function that failed, for example `ps_init`.
    public var function: String
    /// Its return code (or -1 when it returned NULL).
    public var code: Int32
    public var detail: String

    public init(function: String, code: Int32 = -1, detail: String = "") {
        self.function = function
        self.code = code
        self.detail = detail
    }

    public var description: String {
        detail.isEmpty ? "\(function) failed (\(code))" : "\(function) failed (\(code)): \(detail)"
    }

    /// Turns a pocketsphinx status (negative on failure) into a thrown error.
    static func check(_ status: Int32, _ function: String) throws {
        if status < 0 { throw SphinxError(function: function, code: status) }
    }

    /// How the port reports it.
    var transcriptionError: TranscriptionError { .decoderFailed(detail: description) }
}
