import Foundation
import Localization
import StationCore
import StationSystem

/// `blocks`: the clinic's text blocks (`$XDG_CONFIG_HOME/dictation-station/text-blocks.json`), put in a
/// report by saying "insert" and the block's name. `blocks add NAME --text-file F` adds one (or gives it
/// a new text), `blocks remove NAME` takes it out. A running station hears a change from its next
/// dictation.
public enum BlocksCommand {
    public enum Action: Sendable {
        case list
        case add(name: String, textFile: String)
        case remove(name: String)
    }

    public static func run(
        _ action: Action, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> Int32
    {
        let file = ConfigPaths.clinicText(environment: environment).blocks
        do {
            var blocks = try TextBlocks.load(from: file)
            switch action {
            case .list:
                list(blocks, file: file)
            case .add(let name, let textFile):
                guard let data = FileManager.default.contents(atPath: textFile) else {
                    printError(tr("dictation-station: \(SafeText.line(textFile)) cannot be read; nothing was saved."))
                    return ExitStatus.failure
                }
                let replaced = try blocks.add(name: name, text: String(decoding: data, as: UTF8.self))
                try save(blocks, to: file)
                let saved = try TextBlocks.checkedName(name)
                printText(
                    replaced
                        ? tr(
                            "The text block \"\(saved)\" has its new text. Say \"insert \(saved)\" to put it in a report."
                        )
                        : tr("Added the text block \"\(saved)\". Say \"insert \(saved)\" to put it in a report."))
                printText(tr("The station hears it from the next dictation."))
            case .remove(let name):
                guard blocks.remove(name: name) else { throw TextBlockError.notFound(name) }
                try save(blocks, to: file)
                printText(tr("Removed the text block \"\(SafeText.line(name))\"."))
            }
            return ExitStatus.success
        } catch let error as TextBlockError {
            printError("dictation-station: \(SafeText.line(error.description))")
            return ExitStatus.failure
        } catch let error as Errno {
            printError(tr("dictation-station: the text blocks cannot be saved in \(file.path): \(error.description)"))
            return ExitStatus.failure
        } catch {
            printError(tr("dictation-station: the text blocks cannot be saved in \(file.path)."))
            return ExitStatus.failure
        }
    }

    private static func list(_ blocks: TextBlocks, file: URL) {
        guard !blocks.all.isEmpty else {
            printText(
                tr(
                    "No text blocks yet. Add one with: dictation-station blocks add NAME --text-file FILE (in \(file.path))"
                ))
            return
        }
        printText(tr("NAME\tSAY\tTEXT"))
        for block in blocks.all {
            let firstLine = block.text.split(separator: "\n").first.map(String.init) ?? ""
            printText("\(block.name)\tinsert \(block.name)\t\(firstLine)")
        }
    }

    /// Writes the whole file anew (0600, never through a link), in a folder made private when new.
    private static func save(_ blocks: TextBlocks, to file: URL) throws(Errno) {
        let folder = file.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder) { try PrivateDirectory.make(folder, creatingParents: true) }
        try PrivateFile.replace(file.path, with: Array(blocks.encoded()))
    }
}
