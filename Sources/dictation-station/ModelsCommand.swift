import Dispatch
import Foundation
import SpeechModels
import StationCore

/// `models`: lists the catalog's locales with the state of their speech models; `models install LOCALE`
/// installs one (progress on stderr, Ctrl-C cancels); `models remove LOCALE` removes one.
enum ModelsCommand {
    /// Ctrl-C during an install: it was cancelled and nothing was left behind.
    static let cancelledStatus: Int32 = 130

    static let subcommand = Subcommand(name: "models") { parser, globals in
        let action = parser.next()
        let locale = parser.next()
        if let extra = parser.next() { throw ArgumentError.unexpectedArgument(extra) }
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let installer = try ModelWiring.installer(globals: globals, paths: paths)
        switch action {
        case nil, "list":
            if let locale { throw ArgumentError.unexpectedArgument(locale) }
            return await list(installer)
        case "install":
            guard let locale else { throw ArgumentError.missingArgument("LOCALE after 'models install'") }
            return await install(locale, with: installer)
        case "remove":
            guard let locale else { throw ArgumentError.missingArgument("LOCALE after 'models remove'") }
            return await remove(locale, with: installer)
        case let other?:
            throw ArgumentError.invalidValue(option: "models", value: other)
        }
    }

    private static func list(_ installer: ModelInstaller) async -> Int32 {
        let options = await installer.options()
        print(pad("LOCALE", 7) + pad("STATE", 11) + pad("SIZE", 10) + "NAME")
        for option in options {
            var size = option.size.map(ByteCountText.format) ?? "unknown"
            if option.state == .installed, let model = await installer.model(for: option.locale) {
                size = ByteCountText.format(
                    ByteCountText.diskUsage(of: model.acousticModel.deletingLastPathComponent()))
            } else if option.state == .system {
                size = "-"
            }
            let state = option.state == .system ? "system" : option.state.rawValue
            print(pad(option.locale, 7) + pad(state, 11) + pad(size, 10) + option.displayName)
        }
        return CommandLineTool.Exit.success
    }

    private static func install(_ locale: String, with installer: ModelInstaller) async -> Int32 {
        guard installer.catalog.entry(for: locale) != nil else {
            let offered = installer.catalog.locales.map(\.locale).joined(separator: ", ")
            printError("dictation-station: the catalog offers no speech model for '\(locale)' (offered: \(offered))")
            return CommandLineTool.Exit.usage
        }
        switch await installer.state(of: locale) {
        case .installed:
            printError("The \(locale) speech model is already installed.")
            return CommandLineTool.Exit.success
        case .system:
            printError("The \(locale) speech model is provided by the system; nothing to install.")
            return CommandLineTool.Exit.success
        case .installing, .available:
            break
        }
        // Ctrl-C cancels the install instead of killing the process, so nothing half-done is left.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { Task { await installer.cancelInstall(locale: locale) } }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let progress = ProgressLine(locale: locale)
        for await event in await installer.install(locale: locale) {
            switch event {
            case .started: progress.show("Installing the \(locale) speech model…")
            case .progress(let bytes, let total): progress.show(ProgressLine.downloaded(bytes, of: total))
            case .verifying: progress.show("Checking and unpacking…")
            case .installed:
                progress.finish("Installed the \(locale) speech model.")
                return CommandLineTool.Exit.success
            case .cancelled:
                progress.finish("Cancelled; nothing was installed.")
                return cancelledStatus
            case .failed(let reason):
                progress.finish("")
                printError("dictation-station: could not install \(locale): \(reason)")
                return CommandLineTool.Exit.failure
            }
        }
        return CommandLineTool.Exit.failure
    }

    private static func remove(_ locale: String, with installer: ModelInstaller) async -> Int32 {
        do {
            try await installer.uninstall(locale: locale)
            printError("Removed the \(locale) speech model.")
            return CommandLineTool.Exit.success
        } catch {
            printError("dictation-station: \(error)")
            return CommandLineTool.Exit.failure
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

    func show(_ text: String) {
        if inPlace {
            printError("\r\u{1B}[2K" + text, terminator: "")
        } else {
            printError(text)
        }
    }

    func finish(_ text: String) {
        if inPlace { printError("\r\u{1B}[2K", terminator: "") }
        if !text.isEmpty { printError(text) }
    }

    static func downloaded(_ bytes: Int64, of total: Int64?) -> String {
        guard let total, total > 0 else { return "Downloaded \(ByteCountText.format(bytes))" }
        let percent = min(100, bytes * 100 / total)
        return "Downloaded \(ByteCountText.format(bytes)) of \(ByteCountText.format(total)) (\(percent)%)"
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
