import CArchive
import Foundation
import Localization
import StationSystem

/// Unpacks archives (.tar.gz, .tar.bz2, .zip, …) and compressed single files with libarchive, refusing
/// absolute paths, `..` components, links that leave the target and writes through links
/// (`ARCHIVE_EXTRACT_SECURE_*`), and stopping once the unpacked bytes pass the budget. The only file
/// that calls libarchive.
enum ArchiveExtractor {
    /// Unpacks `archive` into the existing, empty folder `target`.
    static func extract(_ archive: URL, into target: URL, budget: UnpackBudget) throws {
        try loadLibrary()
        // A canonical target has no symlink of its own, so libarchive's symlink check covers the entries only.
        guard let root = realpath(target.path, nil) else {
            throw InstallFailure.unexpected(tr("cannot resolve \(target.lastPathComponent)"))
        }
        let rootPath = String(cString: root)
        free(root)
        guard let reader = archive_read_new() else { throw InstallFailure.unexpected("libarchive: no reader") }
        defer { archive_read_free(reader) }
        archive_read_support_filter_all(reader)
        archive_read_support_format_all(reader)
        guard let writer = archive_write_disk_new() else { throw InstallFailure.unexpected("libarchive: no writer") }
        defer { archive_write_free(writer) }
        let flags =
            ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_UNLINK
            | ARCHIVE_EXTRACT_NO_OVERWRITE
        archive_write_disk_set_options(writer, flags)

        guard archive_read_open_filename(reader, archive.path, 1 << 16) == ARCHIVE_OK else {
            throw InstallFailure.badArchive(message(reader))
        }
        var entry: OpaquePointer?
        var count = 0
        while true {
            try Task.checkCancellation()
            let status = archive_read_next_header(reader, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw InstallFailure.badArchive(message(reader))
            }
            try checkAndRelocate(entry, root: rootPath)
            // A bomb's header may say 4 GiB: refused before a byte of it is written.
            if archive_entry_size_is_set(entry) != 0 { try budget.admit(entrySize: archive_entry_size(entry)) }
            guard archive_write_header(writer, entry) == ARCHIVE_OK else {
                throw InstallFailure.unsafeArchive(message(writer))
            }
            if archive_entry_size(entry) > 0 { try copyData(from: reader, to: writer, budget: budget) }
            guard archive_write_finish_entry(writer) == ARCHIVE_OK else {
                throw InstallFailure.badArchive(message(writer))
            }
            count += 1
        }
        guard count > 0 else { throw InstallFailure.badArchive(tr("the archive is empty")) }
    }

    /// Decompresses a single compressed file (`.gz`, `.bz2`, `.xz`) into `destination`.
    static func decompress(_ file: URL, to destination: URL, budget: UnpackBudget) throws {
        try loadLibrary()
        guard let reader = archive_read_new() else { throw InstallFailure.unexpected("libarchive: no reader") }
        defer { archive_read_free(reader) }
        archive_read_support_filter_all(reader)
        archive_read_support_format_raw(reader)
        guard archive_read_open_filename(reader, file.path, 1 << 16) == ARCHIVE_OK else {
            throw InstallFailure.badArchive(message(reader))
        }
        var entry: OpaquePointer?
        guard archive_read_next_header(reader, &entry) == ARCHIVE_OK else {
            throw InstallFailure.badArchive(message(reader))
        }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw InstallFailure.unexpected(tr("cannot create \(destination.lastPathComponent)"))
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            try Task.checkCancellation()
            let read = buffer.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
            if read == 0 { break }
            guard read > 0 else { throw InstallFailure.badArchive(message(reader)) }
            try budget.consume(read)
            try output.write(contentsOf: Data(buffer[0..<read]))
        }
    }

    /// Refuses what could escape the target, then makes the entry's paths absolute inside `root`.
    /// libarchive is loaded at the first install, not at every start of the station.
    private static func loadLibrary() throws {
        if let reason = LazyLibrary.loadFailure(ds_archive_load) {
            throw InstallFailure.libraryMissing(library: "libarchive", package: "libarchive13", reason: reason)
        }
    }

    private static func checkAndRelocate(_ entry: OpaquePointer, root: String) throws {
        guard let rawPath = archive_entry_pathname(entry) else {
            throw InstallFailure.unsafeArchive(tr("an entry without a name"))
        }
        let path = String(cString: rawPath)
        guard ArchivePath.isSafeRelative(path) else {
            throw InstallFailure.unsafeArchive(tr("the entry '\(path)' would land outside the model folder"))
        }
        let isDirectory = ds_archive_entry_is_directory(entry) != 0
        let isRegular = ds_archive_entry_is_regular(entry) != 0
        let isSymlink = ds_archive_entry_is_symlink(entry) != 0
        if let rawLink = archive_entry_hardlink(entry) {
            let link = String(cString: rawLink)
            guard ArchivePath.isSafeRelative(link) else {
                throw InstallFailure.unsafeArchive(tr("the hard link '\(path)' points outside the model folder"))
            }
            archive_entry_copy_hardlink(entry, root + "/" + link)
        } else if isSymlink {
            let target = archive_entry_symlink(entry).map { String(cString: $0) } ?? ""
            guard ArchivePath.linkStaysInside(entry: path, target: target) else {
                throw InstallFailure.unsafeArchive(tr("the link '\(path)' points outside the model folder"))
            }
        } else if !isDirectory && !isRegular {
            throw InstallFailure.unsafeArchive(tr("the entry '\(path)' is not a file, folder or link"))
        }
        archive_entry_copy_pathname(entry, root + "/" + path)
    }

    private static func copyData(from reader: OpaquePointer, to writer: OpaquePointer, budget: UnpackBudget) throws {
        var block: UnsafeRawPointer?
        var size = 0
        var offset: la_int64_t = 0
        while true {
            try Task.checkCancellation()
            let status = archive_read_data_block(reader, &block, &size, &offset)
            if status == ARCHIVE_EOF { return }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN else {
                throw InstallFailure.badArchive(message(reader))
            }
            try budget.consume(size)
            guard archive_write_data_block(writer, block, size, offset) >= 0 else {
                throw InstallFailure.badArchive(message(writer))
            }
        }
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? tr("unreadable archive")
    }
}
