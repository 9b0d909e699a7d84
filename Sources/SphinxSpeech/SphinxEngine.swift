import AudioFileReading
import Foundation
import StationCore

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
    }

    /// The words of a finished stream.
    struct Decoded: Sendable {
        let words: [String]
        let confidence: Double?
        let samples: Int
    }

    /// Audio decoded per step when reading a file: 0.25 s, a few tens of milliseconds of work, so a
    /// cancellation is seen quickly and live feeding is never held up for long.
    static let fileStep = 4_000

    private nonisolated let thread = DecodingThread(name: "dictation-station.decoder")
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    private let locator: ModelLocator
    private let logFile: URL?
    private let log: any StationLog
    private let probe: ModelProbe
    private var idleDecoders: [URL: [SphinxDecoder]] = [:]
    private var punctuation: [String: SpokenPunctuation] = [:]
    private var streams: [Int: DecodeStream] = [:]
    private var readers: [Int: AudioFileReader] = [:]
    private var failedLive: Set<Int> = []
    private var nextID = 1

    init(locator: ModelLocator, logFile: URL?, log: any StationLog, probe: ModelProbe = ModelProbe()) {
        self.locator = locator
        self.probe = probe
        self.logFile = logFile
        self.log = log
    }

    /// Loads the decoder of `locale` now, so the first dictation does not wait for it.
    func preload(locale: String) throws(TranscriptionError) {
        checkIn(try load(locale).decoder)
    }

    /// Starts decoding a dictation in `locale`.
    func open(locale: String, live: Bool) throws(TranscriptionError) -> Opened {
        let (model, decoder) = try load(locale)
        let id = nextID
        nextID += 1
        streams[id] = DecodeStream(decoder: decoder, showsPartials: live)
        return Opened(id: id, model: model, punctuation: punctuation(for: model))
    }

    /// Decodes captured audio; returns a new partial hypothesis when one is due.
    /// When decoding fails, the stream starts over empty and takes no more audio, so that finishing
    /// it decodes the whole file.
    func feed(_ id: Int, _ samples: [Int16]) -> [String]? {
        guard let stream = streams[id], !failedLive.contains(id) else { return nil }
        stream.append(samples[...])
        do {
            // Up to the chunk and one file step: keeps up with real time, and never holds a cancel long.
            try stream.work(budget: samples.count + Self.fileStep)
            return stream.duePartial()
        } catch {
            _ = decoderFailure(error)
            stream.abandon()
            streams[id] = DecodeStream(decoder: stream.decoder, showsPartials: false)
            failedLive.insert(id)
            return nil
        }
    }

    /// Makes the stream read `file` from its start.
    func attach(file: URL, to id: Int) throws(TranscriptionError) {
        readers[id] = try reader(for: file)
    }

    /// Prepares a live stream to read the part of `file` it was not fed. When the fed audio is not the
    /// start of the file (a capture that began before a restart), the stream starts over on the whole file.
    /// Returns whether it started over.
    func attachRest(of file: URL, to id: Int) throws(TranscriptionError) -> Bool {
        guard let stream = streams[id] else { throw .decoderFailed(detail: "the dictation was cancelled") }
        let reader = try reader(for: file)
        let head = stream.head
        let start: [Int16]
        do { start = try reader.read(maximum: head.count) } catch { throw unreadable(error) }
        stream.showsPartials = false
        guard !head.isEmpty, start == head else {
            stream.abandon()
            streams[id] = DecodeStream(decoder: stream.decoder, showsPartials: false)
            readers[id] = try self.reader(for: file)
            return true
        }
        var skip = stream.samplesFed - head.count
        while skip > 0 {
            let skipped: Int
            do { skipped = try reader.read(maximum: min(skip, 1 << 16)).count } catch { throw unreadable(error) }
            if skipped == 0 { break }
            skip -= skipped
        }
        readers[id] = reader
        return false
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
            throw .decoderFailed(detail: "the dictation was cancelled")
        }
        readers[id] = nil
        failedLive.remove(id)
        defer { checkIn(stream.decoder) }
        do {
            stream.endOfAudio()
            try stream.work(budget: .max)
            let (words, confidence) = stream.result
            return Decoded(words: words, confidence: confidence, samples: stream.samplesFed)
        } catch {
            throw decoderFailure(error)
        }
    }

    /// Drops a stream and everything it decoded.
    func cancel(_ id: Int) {
        readers[id] = nil
        failedLive.remove(id)
        guard let stream = streams.removeValue(forKey: id) else { return }
        stream.abandon()
        checkIn(stream.decoder)
    }

    /// A decoder for `locale`: the installed model's, or the system's when the installed one does not load.
    private func load(_ locale: String) throws(TranscriptionError) -> (model: SpeechModel, decoder: SphinxDecoder) {
        let model = try locator.model(for: locale)
        do {
            return (model, try checkOut(model))
        } catch {
            guard !model.isSystem, let system = locator.systemModel(for: locale) else { throw error }
            log.log(.warning, "using the system's \(system.locale) speech model instead of the broken installed one")
            return (system, try checkOut(system))
        }
    }

    private func checkOut(_ model: SpeechModel) throws(TranscriptionError) -> SphinxDecoder {
        if let decoder = idleDecoders[model.acousticModel]?.popLast() { return decoder }
        if !model.isSystem, let problem = probe.problem(with: model, log: log) {
            log.log(.error, "the installed \(model.locale) speech model does not load")
            throw .modelBroken(locale: model.locale, detail: problem)
        }
        do {
            let decoder = try SphinxDecoder(model: model, logFile: logFile)
            log.log(.info, "loaded the \(model.locale) speech model")
            return decoder
        } catch {
            log.log(.error, "cannot load the \(model.locale) speech model: \(error)")
            throw .modelBroken(locale: model.locale, detail: "the decoder cannot load it (\(error))")
        }
    }

    private func checkIn(_ decoder: SphinxDecoder) {
        idleDecoders[decoder.model.acousticModel, default: []].append(decoder)
    }

    private func punctuation(for model: SpeechModel) -> SpokenPunctuation {
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
