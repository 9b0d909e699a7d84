import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore

/// Wires an author's voice profile into decoding: their profile's model when they have a sound one,
/// else the stock model (the one the station would use anyway).
enum AuthorDecoding {
    static func transcriber(
        author: String?, locale: String, paths: StationPaths, log: any StationLog
    ) throws
        -> SphinxTranscriber
    {
        guard let author else { return SphinxTranscriber(paths: paths, log: log) }
        let base = try ModelLocator(modelsDirectory: paths.modelsDirectory).model(for: locale)
        let model = SpeakerProfiles(paths: paths).model(author: try SpeakerProfiles.checkedAuthor(author), base: base)
        guard model != base else { return SphinxTranscriber(paths: paths, log: log) }
        var locator = ModelLocator(
            modelsDirectory: model.acousticModel.appendingPathComponent("no-installed-models"), systemModels: [model])
        locator.vocabulary = ClinicVocabulary(paths: paths)
        return SphinxTranscriber(locator: locator, logFile: paths.logFile, log: log)
    }
}
