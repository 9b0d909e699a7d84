import ArgumentParsing
import Foundation
import SpeechModels
import StationCore

/// Builds the model installer the station and the `models` subcommand share: the catalog from
/// `--catalog` / `DICTATION_STATION_CATALOG` (else the built-in one), fetched from `--model-mirror` when
/// given, installing into the data directory's models folder.
enum ModelWiring {
    static func installer(
        globals: GlobalOptions, paths: StationPaths, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ModelInstaller {
        var catalog = try ModelCatalog.resolve(option: globals.catalog, environment: environment)
        if let mirror = globals.modelMirror, !mirror.isEmpty {
            catalog = catalog.mirrored(to: try mirrorURL(mirror))
        }
        return ModelInstaller(catalog: catalog, modelsDirectory: paths.modelsDirectory)
    }

    /// An http(s) or file URL, or a plain path to a local folder.
    static func mirrorURL(_ text: String) throws -> URL {
        if text.hasPrefix("/") { return URL(fileURLWithPath: text, isDirectory: true) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https", "file"].contains(scheme)
        else { throw ArgumentError.invalidValue(option: "--model-mirror", value: text) }
        return url
    }
}
