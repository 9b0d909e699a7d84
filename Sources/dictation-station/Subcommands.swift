/// A subcommand: its name as typed, and what runs it.
struct Subcommand: Sendable {
    let name: String
    let run: @MainActor @Sendable (inout ArgumentParser, GlobalOptions) async throws -> Int32
}

/// Every subcommand the executable knows; `Usage` documents them.
enum Subcommands {
    @MainActor static let all: [Subcommand] = [
        ReportsCommand.subcommand,
        ModelsCommand.subcommand,
        TranscribeCommand.subcommand,
        ProfilesCommand.subcommand,
        VocabularyCommand.subcommand,
        ImportCommand.subcommand,
        RecoverCommand.subcommand,
        RecordCommand.subcommand,
        SourcesCommand.subcommand,
        ControlCommands.ctl,
        ControlCommands.status,
    ]
}
