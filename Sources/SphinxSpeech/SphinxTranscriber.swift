import Foundation
import StationCore

/// `Transcribing` over libpocketsphinx: files and live dictations, decoded on the engine's own thread.
public final class SphinxTranscriber: Transcribing {
    let engine: SphinxEngine

    /// Decodes with the models `locator` finds; pocketsphinx's own log, without the words it recognizes,
    /// goes to `logFile` (0600), or nowhere when it is nil. A speaker's dictations are decoded with the
    /// voice profile `speakers` gives them (none without it).
    public convenience init(
        locator: ModelLocator, logFile: URL?, log: any StationLog = SilentLog(),
        speakers: (any SpeakerModelChoosing)? = nil
    ) {
        self.init(
            locator: locator, decoderLog: logFile.map { FileStationLog(file: $0) } ?? SilentLog(), log: log,
            speakers: speakers)
    }

    /// The station's models; pocketsphinx's log, without the words it recognizes, goes to `log` (the
    /// station's log file), so that one writer appends to it. `vocabulary`: the folder of the clinic's
    /// words (the data directory's own when nil; the clinic store's copy with the clinic store).
    public convenience init(
        paths: StationPaths, log: any StationLog = SilentLog(), speakers: (any SpeakerModelChoosing)? = nil,
        clinicText: ClinicTextFiles? = nil, vocabulary: ClinicVocabulary? = nil
    ) {
        var locator = ModelLocator(modelsDirectory: paths.modelsDirectory)
        locator.vocabulary = vocabulary ?? ClinicVocabulary(paths: paths)
        locator.clinicText = clinicText
        self.init(locator: locator, decoderLog: log, log: log, speakers: speakers)
    }

    init(
        locator: ModelLocator, decoderLog: any StationLog, log: any StationLog, probe: ModelProbe = ModelProbe(),
        speakers: (any SpeakerModelChoosing)? = nil
    ) {
        engine = SphinxEngine(
            locator: locator, decoderLog: decoderLog, log: log, probe: probe, speakerModels: speakers)
    }

    /// Loads the decoder of `locale` ahead of the first dictation.
    public func preload(locale: String) async throws(TranscriptionError) {
        try await engine.preload(locale: locale)
    }

    /// Loads the decoder `speaker`'s dictations in `locale` use (their voice profile's, when they have
    /// one) ahead of their first dictation.
    public func preload(locale: String, speaker: String?) async throws(TranscriptionError) {
        try await engine.preload(locale: locale, speaker: speaker)
    }

    /// Decodes `file` a quarter second at a time. A cancelled caller gets `CancellationError` at once;
    /// the decode stops at its next step and nothing is published.
    public func transcribe(file: URL, locale: String) async throws -> Transcription {
        try await transcribe(file: file, locale: locale, speaker: nil)
    }

    public func transcribe(file: URL, locale: String, speaker: String?) async throws -> Transcription {
        try await Self.decode(file: file, locale: locale, speaker: speaker, engine: engine).transcription
    }

    /// Decodes `file` as `transcribe(file:locale:speaker:)` does, and says which model decoded it.
    public func transcribeNamingModel(
        file: URL, locale: String, speaker: String?
    ) async throws -> (transcription: Transcription, model: DecodingModel) {
        try await Self.decode(file: file, locale: locale, speaker: speaker, engine: engine)
    }

    public func beginLive(locale: String) async -> (any LiveTranscription)? {
        await beginLive(locale: locale, speaker: nil)
    }

    public func beginLive(locale: String, speaker: String?) async -> (any LiveTranscription)? {
        guard let opened = try? await engine.startDecoding(locale: locale, live: true, speaker: speaker) else {
            return nil
        }
        return SphinxLiveTranscription(opened: opened, locale: locale, speaker: speaker, engine: engine)
    }

    /// Decodes `file` whole in a stream of its own.
    static func decode(
        file: URL, locale: String, speaker: String?, engine: SphinxEngine
    ) async throws
        -> (transcription: Transcription, model: DecodingModel)
    {
        try await CancellableWork.run {
            let opened = try await engine.startDecoding(locale: locale, live: false, speaker: speaker)
            do {
                try Task.checkCancellation()
                try await engine.attach(file: file, to: opened.id)
                let model = DecodingModel(
                    locale: opened.model.locale,
                    profile: opened.profile.map { $0.transform == nil ? .map : .mllr })
                return (try await Self.decodeAttached(opened, engine: engine), model)
            } catch {
                await engine.cancel(opened.id)
                throw error
            }
        }
    }

    /// Decodes what is attached to the stream, then ends it.
    static func decodeAttached(_ opened: SphinxEngine.Opened, engine: SphinxEngine) async throws -> Transcription {
        while try await engine.decodeFileStep(opened.id) {
            try Task.checkCancellation()
        }
        try Task.checkCancellation()
        let decoded = try await engine.finish(opened.id)
        let (text, spoken) = DictationText.text(of: decoded, punctuation: opened.punctuation)
        return Transcription(
            text: text, locale: opened.model.locale,
            audioDuration: .microseconds(Int64(decoded.samples) * 1_000_000 / Int64(AudioChunk.sampleRate)),
            confidence: decoded.confidence, words: CommandToken.expanded(decoded.recognized), spoken: spoken)
    }
}

/// Which model decoded a dictation: its locale's stock model, or the speaker's voice profile.
public struct DecodingModel: Sendable, Equatable {
    /// How a voice profile adapts the stock model.
    public enum Profile: String, Sendable {
        /// A model of its own (maximum a posteriori adaptation).
        case map = "MAP"
        /// A transform of the stock model (maximum likelihood linear regression).
        case mllr = "MLLR"
    }

    public var locale: String
    /// The speaker's profile that decoded; nil for the stock model.
    public var profile: Profile?

    public init(locale: String, profile: Profile?) {
        self.locale = locale
        self.profile = profile
    }
}
