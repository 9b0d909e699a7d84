import Foundation

/// Where a clinic keeps what it says by voice besides punctuation: its text blocks
/// (`text-blocks.json`) and its work types' sections (`work-types.json`), in the config folder.
public struct ClinicTextFiles: Sendable, Equatable {
    public var blocks: URL
    public var workTypes: URL

    public init(configDirectory: URL) {
        blocks = configDirectory.appendingPathComponent("text-blocks.json")
        workTypes = configDirectory.appendingPathComponent("work-types.json")
    }

    /// The blocks, and every section of every work type once; a file that cannot be read gives none
    /// (the command that writes it says why).
    public func load() -> (blocks: [TextBlock], sections: [String]) {
        let blocks = (try? TextBlocks.load(from: blocks).all) ?? []
        var seen: Set<String> = []
        let sections = ((try? WorkTypes.load(from: workTypes).all) ?? []).flatMap { $0.sections ?? [] }
            .filter { seen.insert($0.lowercased()).inserted }
        return (blocks, sections)
    }
}
