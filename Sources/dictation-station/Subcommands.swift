import StationApp

/// A subcommand: its name as typed, and what parses its arguments and runs it.
struct Subcommand: Sendable {
    let name: String
    let run: @MainActor @Sendable ([String], GlobalOptions) async throws -> Int32
}

/// Every subcommand the executable knows; `Usage` documents them.
enum Subcommands {
    @MainActor static let all: [Subcommand] = [
        ReportsOptions.subcommand,
        ModelsOptions.subcommand,
        TranscribeOptions.subcommand,
        ProfilesOptions.subcommand,
        VocabularyOptions.subcommand,
        BlocksOptions.subcommand,
        ImportOptions.subcommand,
        RecoverOptions.subcommand,
        RecordOptions.subcommand,
        SourcesOptions.subcommand,
        ControlOptions.ctl,
        ControlOptions.status,
        ClinicOptions.subcommand,
    ]
}
