import Foundation
import Localization
import Recordings
import StationCore
import StationSystem

/// Owns every loaded decoder and every dictation being decoded; runs on its own thread, so all
/// libpocketsphinx calls happen there, one at a time.
///
/// A decoder is loaded once per model and kept when its dictation ends, for the next one; a second
/// decoder is loaded only while two dictations of one locale are decoded at once.
actor SphinxEngine {
    /// What a caller needs to know about a stream it opened.
    struct Opened: Sendable {
        let id: Int
        let model: SpeechModel
        let punctuation: SpokenPunctuation
        /// The speaker's voice profile the stream decodes with; nil: the stock model.
        var profile: SpeakerModel? = nil
    }

    /// The words of a finished stream.
    struct Decoded: Sendable {
        let words: [String]
        let confidence: Double?
        let samples: Int
        /// The words with their times and confidence.
        var recognized: [RecognizedWord] = []
        /// The language model's evidence of a sentence end after each recognized word (`SentenceEndEvidence`).
        var sentenceEnds: [Double?] = []
        /// The most audio the stream held at once, in samples (`DecodeStream.mostHeld`).
        var mostHeld = 0
    }

    /// Audio decoded per step when reading a file: 0.25 s, a few tens of milliseconds of work, so a
    /// cancellation is seen quickly and live feeding is never held up for long.
    static let fileStep = 4_000

    /// Decoding blocks for tens of milliseconds at a time, so it runs neither on the main thread nor in
    /// the few threads of Swift's shared pool.
    private nonisolated let executor = ThreadExecutor(name: "ds.decoder")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let locator: ModelLocator
    /// Where pocketsphinx's own (filtered) log goes.
    let decoderLog: any StationLog
    let log: any StationLog
    let probe: ModelProbe
    /// Which voice profile decodes a speaker's dictations; nil: every speaker gets the stock model.
    let speakerModels: (any SpeakerModelChoosing)?
    var idleDecoders: [URL: [SphinxDecoder]] = [:]
    /// Decoders of MAP voice profiles waiting for their speaker's next dictation (a few, most recent).
    var idleProfiles = IdleProfileDecoders()
    private var punctuation: [String: SpokenPunctuation] = [:]
    private var streams: [Int: DecodeStream] = [:]
    private var readers: [Int: AudioFileReader] = [:]
    private var feeds: [Int: LiveFeed] = [:]
    /// Time spent decoding each live stream's chunks, to say how it keeps up.
    private var busy: [Int: Duration] = [:]
    private var nextID = 1
    /// How each dictation's utterances are normalized (a benchmark may choose another).
    var cepstralMeanPolicy = DictationCepstralMean.adopted
    /// Whether spoken commands are words of their own in decoding (`CommandWeights`).
    var weighsCommands = CommandWeights.standard
    /// Their unigram, as a multiple of a word's own (`CommandWeights.unigram`).
    var commandWeight = CommandWeights.unigram
    /// Decoders loaded so far: one per model and dictation decoded at once, however long the station runs.
    var decodersLoaded = 0

    init(
        locator: ModelLocator, decoderLog: any StationLog, log: any StationLog, probe: ModelProbe = ModelProbe(),
        speakerModels: (any SpeakerModelChoosing)? = nil
    ) {
        self.locator = locator
        self.speakerModels = speakerModels
        self.probe = probe
        self.decoderLog = decoderLog
        self.log = log
    }

    /// The decoding thread, as the decoder log knows it (set when the first decoder loads).
    var logThread: UInt?

    // The thread ends once its last job (the one releasing this engine) has run.
    deinit {
        executor.shutDown()
        if let logThread { DecoderLog.shared.forget(thread: logThread) }
    }

    /// Dictations being decoded now.
    var openStreams: Int { streams.count }

    /// Loads the decoder of `locale` now, so the first dictation does not wait for it.
    func preload(locale: String) throws(TranscriptionError) {
        checkIn(try load(locale).decoder)
    }

    /// Starts decoding a dictation in `locale`, of `speaker` (with their voice profile when they have one).
    func startDecoding(locale: String, live: Bool, speaker: String? = nil) throws(TranscriptionError) -> Opened {
        let (model, decoder) = try decoder(for: locale, speaker: speaker)
        let id = nextID
        nextID += 1
        streams[id] = DecodeStream(decoder: decoder, showsPartials: live, cepstralMean: cepstralMeanPolicy)
        return Opened(id: id, model: model, punctuation: commands(for: model, in: decoder), profile: decoder.speaker)
    }

    /// Decodes captured audio; returns a new partial hypothesis when one is due, and how the stream
    /// keeps up with the recording.
    func feedMeasured(_ id: Int, _ chunk: AudioChunk) -> (partial: [String]?, pace: LiveDecodingPace?) {
        let clock = ContinuousClock()
        let started = clock.now
        let partial = feed(id, chunk)
        guard let stream = streams[id], feeds[id, default: .contiguous] == .contiguous else { return (partial, nil) }
        let spent = busy[id, default: .zero] + (clock.now - started)
        busy[id] = spent
        let fed = Double(max(1, stream.samplesFed)) / Double(AudioChunk.sampleRate)
        let behind = Duration.microseconds(Int64(stream.lag) * 1_000_000 / Int64(AudioChunk.sampleRate))
        return (partial, LiveDecodingPace(realTimeFactor: spent.seconds / fed, behind: behind))
    }

    /// Decodes captured audio; returns a new partial hypothesis when one is due.
    ///
    /// Only the chunk that follows the last one is decoded. After a missing chunk the stream takes no
    /// more, and finishing reads the rest from the file; after a chunk that goes back, or a decoding
    /// failure, the stream starts over empty, and finishing decodes the whole file.
    func feed(_ id: Int, _ chunk: AudioChunk) -> [String]? {
        guard let stream = streams[id], feeds[id, default: .contiguous] == .contiguous else { return nil }
        guard chunk.position == stream.samplesFed else {
            let at = Self.seconds(stream.samplesFed)
            if chunk.position > stream.samplesFed {
                feeds[id] = .gap
                log.log(.warning, "live decoding: audio after \(at) s was not fed; that part is decoded from the file")
            } else {
                startOver(id, stream)
                log.log(.warning, "live decoding: the recording was cut back before \(at) s; it is decoded anew")
            }
            return nil
        }
        stream.append(chunk.samples[...])
        do {
            // Up to the chunk and one file step: keeps up with real time, and never holds a cancel long.
            try stream.work(budget: chunk.samples.count + Self.fileStep)
            return stream.duePartial()
        } catch {
            _ = decoderFailure(error)
            startOver(id, stream)
            return nil
        }
    }

    /// Drops what a stream decoded; it takes no more chunks, and finishing decodes the whole file.
    private func startOver(_ id: Int, _ stream: DecodeStream) {
        stream.abandon()
        streams[id] = DecodeStream(decoder: stream.decoder, showsPartials: false, cepstralMean: cepstralMeanPolicy)
        feeds[id] = .startOver
    }

    private static func seconds(_ samples: Int) -> String {
        String(format: "%.2f", Double(samples) / Double(AudioChunk.sampleRate))
    }

    /// Makes the stream read `file` from its start.
    func attach(file: URL, to id: Int) throws(TranscriptionError) {
        readers[id] = try reader(for: file)
    }

    /// Prepares a live stream to read the part of `file` it was not fed: from the end of the unbroken
    /// feed, which may stop at a gap. When the fed audio is not the file's (its first seconds differ, or
    /// the file is shorter), or the feed went back, the stream starts over on the whole file.
    /// Returns whether it started over.
    func attachRest(of file: URL, to id: Int) throws(TranscriptionError) -> Bool {
        guard let stream = streams[id] else { throw .decoderFailed(detail: tr("the dictation was cancelled")) }
        let feed = feeds[id, default: .contiguous]
        feeds[id] = .finishing
        stream.showsPartials = false
        if feed != .startOver, try skipFed(by: stream, in: file, to: id) { return false }
        if streams[id] === stream { startOver(id, stream) }
        feeds[id] = .finishing
        readers[id] = try reader(for: file)
        if stream.samplesFed > 0 { log.log(.info, "live decoding: the fed audio is not the file's; decoding it whole") }
        return true
    }

    /// Attaches `file` after the audio the stream was fed, when that audio is the file's.
    private func skipFed(by stream: DecodeStream, in file: URL, to id: Int) throws(TranscriptionError) -> Bool {
        let reader = try reader(for: file)
        let head = stream.head
        do {
            guard try reader.read(maximum: head.count) == head else { return false }
            var skip = stream.samplesFed - head.count
            while skip > 0 {
                let skipped = try reader.read(maximum: min(skip, 1 << 16)).count
                guard skipped > 0 else { return false }
                skip -= skipped
            }
        } catch {
            throw unreadable(error)
        }
        readers[id] = reader
        return true
    }

    /// Does the next step of decoding: reads a step of the attached file, or decodes a step of what was
    /// read. Returns false once everything is decoded.
    func decodeFileStep(_ id: Int) throws(TranscriptionError) -> Bool {
        guard let stream = streams[id] else { return false }
        if stream.hasWork {
            do { try stream.work(budget: Self.fileStep) } catch { throw decoderFailure(error) }
            return true
        }
        guard let reader = readers[id] else {
            stream.endOfAudio()
            return stream.hasWork
        }
        let samples: [Int16]
        do { samples = try reader.read(maximum: Self.fileStep) } catch { throw unreadable(error) }
        if samples.isEmpty {
            readers[id] = nil
            stream.endOfAudio()
            return stream.hasWork
        }
        stream.append(samples[...])
        return true
    }

    /// Ends a stream and returns its words; its decoder waits for the next dictation.
    func finish(_ id: Int) throws(TranscriptionError) -> Decoded {
        guard let stream = streams.removeValue(forKey: id) else {
            throw .decoderFailed(detail: tr("the dictation was cancelled"))
        }
        readers[id] = nil
        feeds[id] = nil
        busy[id] = nil
        defer { checkIn(stream.decoder) }
        do {
            stream.endOfAudio()
            try stream.work(budget: .max)
            let (words, confidence) = stream.result
            return Decoded(
                words: words, confidence: confidence, samples: stream.samplesFed, recognized: stream.recognizedWords,
                sentenceEnds: stream.decoder.sentenceEndEvidence(after: stream.recognizedWords.map(\.text)),
                mostHeld: stream.mostHeld)
        } catch {
            throw decoderFailure(error)
        }
    }

    /// Drops a stream and everything it decoded.
    func cancel(_ id: Int) {
        readers[id] = nil
        feeds[id] = nil
        busy[id] = nil
        guard let stream = streams.removeValue(forKey: id) else { return }
        stream.abandon()
        checkIn(stream.decoder)
    }

    /// A decoder for `locale`: the installed model's, or the system's when the installed one does not load.
    /// An idle decoder that carries `transform` (an MLLR profile's, or none) is preferred.
    func load(
        _ locale: String, base: SpeechModel? = nil, preferring transform: SpeakerModel? = nil
    ) throws(TranscriptionError) -> (model: SpeechModel, decoder: SphinxDecoder) {
        let model: SpeechModel
        if let base { model = base } else { model = try locator.model(for: locale) }
        do {
            return (model, try checkOut(model, preferring: transform))
        } catch {
            guard !model.isSystem, let system = locator.systemModel(for: locale) else { throw error }
            log.log(.warning, "using the system's \(system.locale) speech model instead of the broken installed one")
            return (system, try checkOut(system, preferring: transform))
        }
    }

    func checkOut(
        _ model: SpeechModel, preferring transform: SpeakerModel? = nil
    ) throws(TranscriptionError)
        -> SphinxDecoder
    {
        let commands = commandWords(for: model)
        while let decoder = takeIdle(model.acousticModel, preferring: transform) {
            // A clinic word removed or said anew since, or a new command (a text block): only a fresh
            // decoder forgets or takes it.
            if decoder.catchUp(with: locator.vocabulary, log: log), decoder.hasCommandWords(commands) {
                return decoder
            }
        }
        // Without libpocketsphinx no model loads: say what is missing, not that the model is broken.
        do { try SphinxLibrary.load() } catch { throw .decoderFailed(detail: error.detail) }
        if !model.isSystem, let problem = probe.problem(with: model, log: log) {
            log.log(.error, "the installed \(model.locale) speech model does not load")
            throw .modelBroken(locale: model.locale, detail: problem)
        }
        do {
            let decoder = try SphinxDecoder(
                model: model, log: decoderLog, vocabulary: locator.vocabulary, commands: commands,
                commandWeight: commandWeight, cache: locator.languageModelCache, notes: log)
            logThread = UInt(pthread_self())
            decodersLoaded += 1
            log.log(.info, "loaded the \(model.locale) speech model")
            return decoder
        } catch {
            log.log(.error, "cannot load the \(model.locale) speech model: \(error)")
            throw .modelBroken(locale: model.locale, detail: tr("the decoder cannot load it (\(error))"))
        }
    }

    func checkIn(_ decoder: SphinxDecoder) {
        if decoder.speaker != nil, decoder.speaker?.transform == nil { return idleProfiles.add(decoder) }
        idleDecoders[decoder.model.acousticModel, default: []].append(decoder)
    }

    func punctuation(for model: SpeechModel) -> SpokenPunctuation {
        if let known = punctuation[model.locale] { return known }
        let made = SpokenPunctuation(table: PunctuationTables.table(for: model, log: log))
        punctuation[model.locale] = made
        return made
    }

    private func reader(for file: URL) throws(TranscriptionError) -> AudioFileReader {
        do { return try AudioFileReader(url: file) } catch { throw unreadable(error) }
    }

    private func unreadable(_ error: any Error) -> TranscriptionError {
        .unreadableAudio(detail: "\(error)")
    }

    private func decoderFailure(_ error: any Error) -> TranscriptionError {
        log.log(.error, "decoding failed: \(error)")
        return .decoderFailed(detail: "\(error)")
    }
}

extension Duration {
    /// In seconds, as a number.
    fileprivate var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
