import ArgumentParsing
import Localization
import StationApp
import StationCore

/// `import --session NAME [--locale LOCALE] [--patient-name N] [--patient-id ID] [--patient-system S]
/// [--work-type CODE] [--urgent] [--author A] FILE...`.
enum ImportOptions {
    @MainActor static let subcommand = Subcommand(name: "import") { arguments, globals in
        try await ImportCommand.run(try parse(arguments), globals: globals)
    }

    static let syntax = CommandSyntax(
        [
            .value("--session"), .value("--locale"), .value("--patient-name"), .value("--patient-id"),
            .value("--patient-system"), .value("--work-type"), .flag("--urgent"), .value("--author"),
        ], doubleDashEndsOptions: true)

    static func parse(_ arguments: [String]) throws(ArgumentError) -> ImportCommand.Request {
        let parsed = try syntax.parse(arguments)
        var dictation = ImportProperties()
        let patient = { (option: String) throws(ArgumentError) -> String? in
            try parsed.value(option) { Patient.problem(with: $0) == nil ? $0 : nil }
        }
        dictation.patientName = try patient("--patient-name")
        dictation.patientID = try patient("--patient-id")
        dictation.patientSystem = try patient("--patient-system")
        dictation.workType = parsed.value("--work-type")
        dictation.urgent = parsed.has("--urgent")
        dictation.author = parsed.value("--author")
        guard let session = parsed.value("--session") else { throw .missingArgument("--session NAME") }
        guard !parsed.positionals.isEmpty else { throw .missingArgument(tr("FILE to import")) }
        return ImportCommand.Request(
            session: session, locale: parsed.value("--locale"), files: parsed.positionals, dictation: dictation)
    }
}
