import Localization
import StationCore

/// Why an install failed, in words for the person who asked for it. Codable: the download helper
/// (`dictation-station-fetch`) hands its failures to the station as JSON.
package enum InstallFailure: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    case notInCatalog(String)
    case download(url: String, detail: String)
    case httpStatus(url: String, status: Int)
    case timedOut(url: String)
    case tooSlow(url: String, bytes: Int64, seconds: Int64, minimumRate: Int64)
    case pastDeadline(url: String, limit: Duration, received: Int64)
    case tooManyRedirects(url: String)
    case downloadTooLarge(url: String, limit: Int64)
    case webPage(file: String)
    case wrongContent(file: String, expected: String)
    case checksumMismatch(file: String)
    case badArchive(String)
    case unsafeArchive(String)
    case expandsTooMuch(file: String, limit: Int64, declared: Bool)
    case diskFull(free: Int64, needed: Int64, reserve: Int64)
    case incompleteModel(String)
    /// A C library the installer loads on first use (libarchive, libcrypto) could not be loaded.
    case libraryMissing(library: String, package: String, reason: String)
    case unexpected(String)

    package var description: String {
        switch self {
        case .notInCatalog(let locale): return tr("the catalog offers no speech model for \(locale)")
        case .download(let url, let detail): return tr("downloading \(url) failed: \(detail)")
        case .httpStatus(let url, let status): return tr("the server answered \(status) for \(url)")
        case .timedOut(let url): return tr("the server stopped answering while downloading \(url)")
        case .tooSlow(let url, let bytes, let seconds, let minimum):
            let (got, needed) = (ByteCount.text(bytes), ByteCount.text(minimum))
            return tr(
                "downloading \(url) is too slow (\(got) in \(seconds) s, at least \(needed)/s needed); try again later, or use --model-mirror or --from"
            )
        case .pastDeadline(let url, let limit, let received):
            let (within, got) = (TimeWords.duration(limit), ByteCount.text(received))
            return tr(
                "downloading \(url) did not finish within \(within) (\(got) received); try again later, or use --model-mirror or --from"
            )
        case .tooManyRedirects(let url): return tr("the server redirected too many times while downloading \(url)")
        case .downloadTooLarge(let url, let limit):
            return tr("\(url) is larger than expected (more than \(ByteCount.text(limit))); it was refused")
        case .webPage(let file):
            return tr(
                "the server sent a web page instead of \(file); the download site may have changed, try --model-mirror or --from"
            )
        case .wrongContent(let file, let expected): return tr("\(file) is not \(expected); it is not the expected file")
        case .checksumMismatch(let file): return tr("\(file) is damaged or not the expected file (sha256 differs)")
        case .badArchive(let detail): return tr("the download is not a readable archive (\(detail))")
        case .unsafeArchive(let detail): return tr("the archive was refused: \(detail)")
        case .expandsTooMuch(let file, let limit, let declared):
            let most = ByteCount.text(limit)
            return declared
                ? tr(
                    "\(file) unpacks to more than \(most), more than the catalog says; the install was stopped and nothing was kept"
                )
                : tr(
                    "\(file) unpacks to more than \(most), far more than a speech model; the install was stopped and nothing was kept"
                )
        case .diskFull(let free, let needed, let reserve):
            let (left, more, kept) = (ByteCount.text(free), ByteCount.text(needed), ByteCount.text(reserve))
            return needed > 0
                ? tr(
                    "not enough free disk space for the model: \(left) free, the install needs about \(more) more and the station keeps \(kept) free for recordings; nothing was kept"
                )
                : tr(
                    "not enough free disk space for the model: \(left) free and the station keeps \(kept) free for recordings; nothing was kept"
                )
        case .incompleteModel(let detail): return tr("the model is incomplete: \(detail)")
        case .libraryMissing(let library, let package, let reason):
            return tr("the installer needs \(library) (package \(package)), which could not be loaded: \(reason)")
        case .unexpected(let detail): return detail
        }
    }
}

/// Sizes as people read them (decimal units, like the `models` list).
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }
}
