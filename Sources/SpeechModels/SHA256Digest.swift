import CCrypto
import Foundation
import StationSystem

/// The SHA-256 of a file, computed with libcrypto's EVP digest (`EVP_DigestInit_ex`, `EVP_DigestUpdate`,
/// `EVP_DigestFinal_ex`). The only file that calls libcrypto.
public enum SHA256Digest {
    /// The lowercase hex digest of the file; checks for cancellation between blocks.
    public static func hex(of file: URL) throws -> String {
        // libcrypto is loaded at the first checksum, not at every start of the station.
        if let reason = LazyLibrary.loadFailure(ds_crypto_load) {
            throw InstallFailure.libraryMissing(library: "libcrypto", package: "libssl3", reason: reason)
        }
        guard let context = EVP_MD_CTX_new() else { throw InstallFailure.unexpected("libcrypto: no digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw InstallFailure.unexpected("libcrypto: sha256 unavailable")
        }
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        while true {
            try Task.checkCancellation()
            guard let block = try handle.read(upToCount: 1 << 20), !block.isEmpty else { break }
            let ok = block.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            guard ok == 1 else { throw InstallFailure.unexpected("libcrypto: digest update failed") }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else {
            throw InstallFailure.unexpected("libcrypto: digest failed")
        }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}
