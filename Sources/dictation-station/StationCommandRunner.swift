/// Opens the station screen in the terminal.
enum StationCommandRunner {
    @MainActor
    static func run(globals: GlobalOptions) async -> Int32 {
        printError("dictation-station: the station screen is not available in this build yet; see --help.")
        return CommandLineTool.Exit.failure
    }
}
