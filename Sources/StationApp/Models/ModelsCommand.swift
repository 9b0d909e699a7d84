import ArgumentParsing
import Foundation
import Localization
import SpeechModels
import StationCore
import StationSystem
import StationTUI

/// `models`: lists the catalog's locales with the state of their speech models; `models install LOCALE
/// [--from FILE…]` installs one (progress on stderr, Ctrl-C cancels), from the catalog's addresses or
/// from files at hand; `models remove LOCALE` removes one. Everything it prints from the catalog, the
/// command line or an install's failure passes `SafeText`, so no escape sequence reaches the terminal.
public enum ModelsCommand {
    /// Ctrl-C during an install: it was cancelled and nothing was left behind.
    public static let cancelledStatus: Int32 = 130

    /// What the command line asked for.
    public enum Action: Sendable {
        case list
        /// From the catalog's addresses, or from `files` when there are any.
        case install(locale: String, files: [URL])
        case remove(locale: String)
    }

    public static func run(_ action: Action, globals: GlobalOptions) async throws -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let installer: ModelInstaller
        do {
            installer = try ModelWiring.installer(globals: globals, paths: paths)
        } catch let error as ArgumentError {
            throw error
        } catch {
            say("dictation-station: \(error)")
            return ExitStatus.failure
        }
        switch action {
        case .list:
            return await list(installer)
        case .install(let locale, let files):
            guard !files.isEmpty else { return await install(locale, with: installer) }
            guard let local = localInstaller(installer, locale: locale, files: files, paths: paths) else {
                return ExitStatus.failure
            }
            return await install(locale, with: local)
        case .remove(let locale):
            return await remove(locale, with: installer)
        }
    }

    /// An installer whose entry for `locale` reads the given files instead of the catalog's addresses.
    private static func localInstaller(
        _ installer: ModelInstaller, locale: String, files: [URL], paths: StationPaths
    ) -> ModelInstaller? {
        guard let entry = installer.catalog.entry(for: locale) else {
            sayNotInCatalog(locale, installer.catalog)
            return nil
        }
        do {
            let local = try entry.fromLocalFiles(files)
            var catalog = installer.catalog
            catalog.locales = catalog.locales.map { $0.locale == locale ? local : $0 }
            return ModelInstaller(catalog: catalog, modelsDirectory: paths.modelsDirectory)
        } catch {
            say("dictation-station: " + tr("cannot install \(locale) from the files given: \(error)"))
            return nil
        }
    }

    /// Writes a line to stderr with control characters made visible.
    static func say(_ text: String) { printError(SafeText.line(text)) }

    private static func sayNotInCatalog(_ locale: String, _ catalog: ModelCatalog) {
        let offered = catalog.locales.map(\.locale).joined(separator: ", ")
        say("dictation-station: " + tr("the catalog offers no speech model for '\(locale)' (offered: \(offered))"))
    }

    private static func list(_ installer: ModelInstaller) async -> Int32 {
        let options = await installer.options()
        print(pad(tr("LOCALE"), 7) + pad(tr("STATE"), 11) + pad(tr("SIZE"), 10) + tr("NAME"))
        for option in options {
            var size = option.size.map(ByteCountText.format) ?? tr("unknown")
            if option.state == .installed, let model = await installer.model(for: option.locale) {
                size = ByteCountText.format(
                    ByteCountText.diskUsage(of: model.acousticModel.deletingLastPathComponent()))
            } else if option.state == .system {
                size = "-"
            }
            let state = Self.stateWord(option.state)
            print(SafeText.line(pad(option.locale, 7) + pad(state, 11) + pad(size, 10) + option.displayName))
        }
        return ExitStatus.success
    }

    private static func install(_ locale: String, with installer: ModelInstaller) async -> Int32 {
        guard installer.catalog.entry(for: locale) != nil else {
            sayNotInCatalog(locale, installer.catalog)
            return ExitStatus.usage
        }
        switch await installer.state(of: locale) {
        case .installed:
            say(tr("The \(locale) speech model is already installed."))
            return ExitStatus.success
        case .system:
            say(tr("The \(locale) speech model is provided by the system; nothing to install."))
            return ExitStatus.success
        case .installing, .available:
            break
        }
        // Ctrl-C cancels the install instead of killing the process, so nothing half-done is left.
        let interrupt = try? SignalWatch([SIGINT]) { _ in Task { await installer.cancelInstall(locale: locale) } }
        defer { interrupt?.cancel() }
        let progress = ProgressLine(locale: locale)
        for await event in await installer.install(locale: locale) {
            switch event {
            case .started: progress.show(tr("Installing the \(locale) speech model…"))
            case .progress(let bytes, let total): progress.show(ProgressLine.downloaded(bytes, of: total))
            case .verifying: progress.show(tr("Checking and unpacking…"))
            case .installed:
                progress.finish(tr("Installed the \(locale) speech model."))
                return ExitStatus.success
            case .cancelled:
                progress.finish(tr("Cancelled; nothing was installed."))
                return cancelledStatus
            case .failed(let reason):
                progress.finish("")
                say("dictation-station: " + tr("could not install \(locale): \(reason)"))
                return ExitStatus.failure
            }
        }
        return ExitStatus.failure
    }

    private static func remove(_ locale: String, with installer: ModelInstaller) async -> Int32 {
        do {
            try await installer.uninstall(locale: locale)
            say(tr("Removed the \(locale) speech model."))
            return ExitStatus.success
        } catch {
            say("dictation-station: \(error)")
            return ExitStatus.failure
        }
    }

    /// A model's state as the list says it.
    private static func stateWord(_ state: ModelState) -> String {
        switch state {
        case .installed: tr("installed")
        case .system: tr("system")
        case .installing: tr("installing")
        case .available: tr("available")
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// One status line on stderr: rewritten in place on a terminal, one line per update otherwise.
final class ProgressLine: Sendable {
    private let inPlace = isatty(STDERR_FILENO) == 1
    let locale: String

    init(locale: String) { self.locale = locale }

    /// Shows `text` (made safe) in place of the last status.
    func show(_ text: String) {
        if inPlace {
            printError("\r\u{1B}[2K" + SafeText.line(text), terminator: "")
        } else {
            printError(SafeText.line(text))
        }
    }

    func finish(_ text: String) {
        if inPlace { printError("\r\u{1B}[2K", terminator: "") }
        if !text.isEmpty { printError(SafeText.line(text)) }
    }

    static func downloaded(_ bytes: Int64, of total: Int64?) -> String {
        let done = ByteCountText.format(bytes)
        guard let total, total > 0 else { return tr("Downloaded \(done)") }
        let percent = min(100, bytes * 100 / total)
        return tr("Downloaded \(done) of \(ByteCountText.format(total)) (\(percent)%)")
    }
}

/// Sizes as people read them.
enum ByteCountText {
    static func format(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// The bytes of every regular file below `folder`.
    static func diskUsage(of folder: URL) -> Int64 {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        else { return 0 }
        var total: Int64 = 0
        for case let url as URL in enumerator {
            total += Int64((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
