/// Why an install failed, in words for the person who asked for it.
enum InstallFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case notInCatalog(String)
    case download(url: String, detail: String)
    case httpStatus(url: String, status: Int)
    case timedOut(url: String)
    case checksumMismatch(file: String)
    case badArchive(String)
    case unsafeArchive(String)
    case incompleteModel(String)
    case unexpected(String)

    var description: String {
        switch self {
        case .notInCatalog(let locale): "the catalog offers no speech model for \(locale)"
        case .download(let url, let detail): "downloading \(url) failed: \(detail)"
        case .httpStatus(let url, let status): "the server answered \(status) for \(url)"
        case .timedOut(let url): "the server stopped answering while downloading \(url)"
        case .checksumMismatch(let file): "\(file) is damaged or not the expected file (sha256 differs)"
        case .badArchive(let detail): "the download is not a readable archive (\(detail))"
        case .unsafeArchive(let detail): "the archive was refused: \(detail)"
        case .incompleteModel(let detail): "the model is incomplete: \(detail)"
        case .unexpected(let detail): detail
        }
    }
}
