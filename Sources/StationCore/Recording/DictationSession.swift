import Foundation
import Observation

/// One named dictation and its recording state machine: notRecording → recording ⇄ paused → processing.
///
/// The session owns every side effect of a transition (timer, capture, transcription, reporting), so a
/// key press, a control-socket command and a test drive the very same code.
@MainActor
@Observable
public final class DictationSession: Identifiable {
    public let id: SessionID
    public internal(set) var name: String
    /// The language its dictations are transcribed in; changed through `Station.setLocale(of:to:)`.
    public internal(set) var locale: String
    public let created: Date
    /// Who made the session.
    public let author: String?
    /// The patient, work type and priority its reports get.
    public internal(set) var properties: DictationProperties

    public private(set) var state: RecordingState = .notRecording
    /// The recorded time, republished once per second while recording and exact at each transition.
    public private(set) var elapsed: Duration = .zero
    /// The last failure, until the next recording starts.
    public internal(set) var lastError: RecordingError?
    /// Whether the person paused (an interruption's end must not resume such a recording).
    public private(set) var isPausedByUser = false
    public internal(set) var level: AudioLevel = .silence
    /// The live decoder's current guess while recording.
    public internal(set) var partialTranscript = ""
    /// How the live decode keeps up with this recording (nil: not measured yet).
    public internal(set) var decodingPace: LiveDecodingPace?
    /// The audio of the dictation in progress.
    public private(set) var audioFile: URL?
    /// The dictation another station process holds in this session: shown, never acted on here.
    public internal(set) var heldElsewhere: RemoteDictation?
    /// A sent dictation in which no word was recognized: paused again, waiting for the person to send it
    /// anyway (`pressSendWithoutSpeech`) or discard it.
    public internal(set) var noSpeech: NoSpeechFound?
    /// Whether the recording has heard only near-silence for a few seconds (the wrong microphone?).
    public internal(set) var isInputVeryQuiet = false

    public weak var delegate: (any DictationSessionDelegate)?

    let dependencies: SessionDependencies
    var stopwatch: Stopwatch
    var capture: (any Capturing)?
    var live: Task<(any LiveTranscription)?, Never>?
    let captureCalls = OrderedCalls()
    private let reportCalls = OrderedCalls()
    private var tickTask: Task<Void, Never>?
    var listeners: [Task<Void, Never>] = []
    private var processingTask: Task<Void, Never>?
    var quietWatch = QuietInputWatch()
    private var isPublishing = false
    /// Bumped whenever a dictation ends, so late results of an earlier one are ignored.
    var epoch = 0

    /// A new, idle session.
    public init(
        id: SessionID = .make(), name: String, locale: String, created: Date, author: String? = nil,
        properties: DictationProperties = DictationProperties(), dependencies: SessionDependencies
    ) {
        self.id = id
        self.name = name
        self.locale = locale
        self.created = created
        self.author = author
        self.properties = properties
        self.dependencies = dependencies
        self.stopwatch = Stopwatch()
    }

    /// A session as persisted; one that was recording, paused or processing comes back paused with
    /// its audio and elapsed time, ready to resume or send.
    public init(restoring record: SessionRecord, dependencies: SessionDependencies) {
        self.id = record.id
        self.name = record.name
        self.locale = record.locale
        self.created = record.created
        self.author = record.author
        self.properties = record.properties
        self.dependencies = dependencies
        if record.state != .notRecording, let audio = record.audioFile {
            // The saved time may lag the audio (a crash while recording): the file's length is the truth.
            let kept = dependencies.recoverAudio(audio) ?? record.elapsed
            self.state = .paused
            self.isPausedByUser = true
            self.audioFile = audio
            self.stopwatch = Stopwatch(accumulated: kept)
            self.elapsed = kept
        } else {
            self.stopwatch = Stopwatch()
        }
    }

    /// What is persisted of the session now.
    public func record(updated: Date) -> SessionRecord {
        SessionRecord(
            id: id, name: name, locale: locale, state: state, elapsed: measuredElapsed, audioFile: audioFile,
            created: created, updated: updated, author: author, properties: properties)
    }

    /// Takes over a dictation whose holder is gone (its claim is now this process's): paused, with its
    /// audio and the time the audio holds, as after a restart.
    func takeOver(_ record: SessionRecord) {
        guard state == .notRecording, let audio = record.audioFile else { return }
        let kept = dependencies.recoverAudio(audio) ?? record.elapsed
        heldElsewhere = nil
        audioFile = audio
        stopwatch = Stopwatch(accumulated: kept)
        elapsed = kept
        isPausedByUser = true
        transition(to: .paused)
    }

    /// The recorded time measured now, between the once-a-second republications.
    public var measuredElapsed: Duration { stopwatch.elapsed(at: dependencies.clock.now) }

    /// Whether the session holds audio that has not been sent.
    public var hasUnsentAudio: Bool { state != .notRecording }

    // MARK: Actions

    /// The main action: start, pause or resume. Does nothing while processing, or while another
    /// station process holds the dictation.
    public func pressMainAction() {
        guard heldElsewhere == nil else { return }
        switch state {
        case .notRecording: startRecording()
        case .recording: pause(byUser: true)
        case .paused: resume()
        case .processing: break
        }
    }

    /// Sends a paused recording to be transcribed. Unavailable in every other state.
    public func pressSend() {
        guard state == .paused, heldElsewhere == nil else { return }
        send()
    }

    /// Throws a paused recording away, or cancels one being processed; publishes nothing.
    public func pressDiscard() {
        guard canDiscard else { return }
        discard()
    }

    /// Discards as `pressDiscard` does but keeps the audio file, and says what `bringBack` needs to
    /// undo it; nil when there is nothing it may discard.
    func discardKeepingAudio() -> DiscardedDictation? {
        guard canDiscard, let file = audioFile else { return nil }
        let discarded = DiscardedDictation(
            sessionID: id, sessionName: name, audioFile: file, recorded: stopwatch.accumulated)
        discard(keepingAudio: true)
        return discarded
    }

    /// Brings a discarded dictation back, paused with its audio, as a restart would; false when the
    /// session has begun another dictation or another process holds it now.
    func bringBack(_ discarded: DiscardedDictation) -> Bool {
        guard state == .notRecording, heldElsewhere == nil, discarded.sessionID == id else { return false }
        if case .heldElsewhere = dependencies.ownership.claim(id) { return false }
        epoch += 1
        audioFile = discarded.audioFile
        stopwatch = Stopwatch(accumulated: discarded.recorded)
        elapsed = discarded.recorded
        isPausedByUser = true
        lastError = nil
        transition(to: .paused)
        return true
    }

    /// Whether `pressSend` would do something now.
    public var canSend: Bool { state == .paused && heldElsewhere == nil }
    /// Whether `pressDiscard` would do something now.
    public var canDiscard: Bool { (state == .paused || state == .processing) && !isPublishing && heldElsewhere == nil }

    // MARK: Transitions

    private func startRecording() {
        // The claim comes first: another process may have started this session's dictation already.
        if case .heldElsewhere(let holder) = dependencies.ownership.claim(id) {
            heldElsewhere = RemoteDictation(holder: holder, state: .recording, elapsed: .zero)
            delegate?.sessionDidChange(self)
            return
        }
        delegate?.sessionWillCapture(self)
        epoch += 1
        let file = dependencies.makeAudioFile(id)
        audioFile = file
        lastError = nil
        noSpeech = nil
        partialTranscript = ""
        decodingPace = nil
        stopwatch = Stopwatch()
        stopwatch.start(at: dependencies.clock.now)
        elapsed = .zero
        isPausedByUser = false
        quietWatch.reset()
        quietWatch.start(at: dependencies.clock.now)
        transition(to: .recording)
        openCapture(into: file, appending: false)
        startTicking()
    }

    /// Pauses a recording: by the person, or by an interruption or a lost server.
    func pause(byUser: Bool) {
        guard state == .recording else { return }
        stopwatch.stop(at: dependencies.clock.now)
        elapsed = stopwatch.accumulated
        isPausedByUser = byUser
        stopTicking()
        level = .silence
        if let capture {
            runCapture(capture, appending: true) { try await $0.pause() }
        }
        transition(to: .paused)
    }

    private func resume() {
        guard state == .paused, let file = audioFile else { return }
        delegate?.sessionWillCapture(self)
        lastError = nil
        noSpeech = nil
        stopwatch.start(at: dependencies.clock.now)
        isPausedByUser = false
        quietWatch.start(at: dependencies.clock.now)
        transition(to: .recording)
        if let capture {
            runCapture(capture, appending: true) { try await $0.resume() }
        } else {
            openCapture(into: file, appending: true)
        }
        startTicking()
    }

    private func send() {
        guard let file = audioFile else { return }
        let sending = epoch
        let stopped = capture.map { capture in captureCalls.enqueue { try await capture.stop() } }
        capture = nil
        stopListening()
        let live = self.live
        let recorded = stopwatch.accumulated
        noSpeech = nil
        transition(to: .processing)
        processingTask = Task { [weak self] in
            do {
                let url = try await stopped?.value ?? file
                try Task.checkCancellation()
                let transcription: Transcription
                if let decoder = await live?.value {
                    transcription = try await decoder.finish(file: url)
                } else {
                    guard let self else { return }
                    transcription = try await self.dependencies.transcriber.transcribe(
                        file: url, locale: self.locale, speaker: self.author)
                }
                try Task.checkCancellation()
                await self?.publish(transcription, audio: url, recorded: recorded, epoch: sending)
            } catch {
                self?.processingFailed(error, epoch: sending)
            }
        }
    }

    private func publish(
        _ transcription: Transcription, audio: URL, recorded: Duration, epoch sending: Int, evenIfEmpty: Bool = false
    ) async {
        guard sending == epoch, state == .processing else { return }
        guard transcription.hasSpeech || evenIfEmpty else {
            foundNoSpeech(NoSpeechFound(recorded: recorded, transcription: transcription, audio: audio))
            return
        }
        let dictation = FinishedDictation(
            sessionID: id, sessionName: name, transcription: transcription, audioFile: audio,
            recordedDuration: recorded)
        isPublishing = true
        defer { isPublishing = false }
        do {
            try await delegate?.session(self, didFinish: dictation)
        } catch {
            dependencies.log.log(.error, "storing a finished dictation failed: \(error)")
            dropLiveDecoder()
            fail(.reportNotSaved, keepAudio: true)
            return
        }
        endDictation()
    }

    /// Nothing recognized: a report of nothing helps no one, and the audio may hold what the decoder
    /// missed, so the dictation goes back to paused with its audio and the person decides.
    private func foundNoSpeech(_ found: NoSpeechFound) {
        dependencies.log.log(.info, "no speech recognized in a dictation of \(found.recorded)")
        // A send after a resume decodes the whole file again.
        live = nil
        isPausedByUser = true
        noSpeech = found
        transition(to: .paused)
        delegate?.session(self, didFindNoSpeech: found)
    }

    /// Stores a dictation in which no speech was recognized as it is: an empty report with its audio.
    public func pressSendWithoutSpeech() {
        guard state == .paused, heldElsewhere == nil, let found = noSpeech else { return }
        let sending = epoch
        noSpeech = nil
        transition(to: .processing)
        processingTask = Task { [weak self] in
            await self?.publish(
                found.transcription, audio: found.audio, recorded: found.recorded, epoch: sending, evenIfEmpty: true)
        }
    }

    private func processingFailed(_ error: any Error, epoch failing: Int) {
        guard failing == epoch, state == .processing else { return }
        dependencies.log.log(.error, "transcription failed: \(error)")
        dropLiveDecoder()
        fail(RecordingError(error), keepAudio: true)
    }

    /// After a failed send the live decode is spent or may be what broke: it gives its decoder back, and
    /// the next send decodes the file from the start.
    private func dropLiveDecoder() {
        if let live { Task { await live.value?.cancel() } }
        live = nil
    }

    /// Throws the dictation away; its audio too unless `keepingAudio` (a discard that can be undone
    /// for a while: the station removes the file later).
    private func discard(keepingAudio: Bool = false) {
        processingTask?.cancel()
        processingTask = nil
        if let capture {
            captureCalls.enqueue { _ = try await capture.stop() }
        }
        if let live {
            Task { await live.value?.cancel() }
        }
        if !keepingAudio, let file = audioFile { removeAudio(file) }
        endDictation()
    }

    /// Removes a discarded dictation's audio, behind the capture's stop, so the file is closed first.
    func removeAudio(_ file: URL) {
        let remove = dependencies.removeAudio
        captureCalls.enqueue { remove(file) }
    }

    /// Back to idle after a send or a discard.
    private func endDictation() {
        epoch += 1
        capture = nil
        live = nil
        stopListening()
        stopTicking()
        audioFile = nil
        noSpeech = nil
        partialTranscript = ""
        decodingPace = nil
        level = .silence
        stopwatch.reset()
        elapsed = .zero
        isPausedByUser = false
        transition(to: .notRecording)
    }

    /// Falls back to a safe state after a failure: paused with the audio kept, or idle when nothing
    /// was captured.
    func fail(_ error: RecordingError, keepAudio: Bool) {
        lastError = error
        delegate?.session(self, didFail: error)
        if keepAudio, audioFile != nil {
            if state == .recording {
                stopwatch.stop(at: dependencies.clock.now)
                elapsed = stopwatch.accumulated
            }
            stopTicking()
            isPausedByUser = true
            level = .silence
            transition(to: .paused)
        } else {
            endDictation()
        }
    }

    func transition(to newState: RecordingState) {
        state = newState
        if newState != .recording {
            quietWatch.stop()
            isInputVeryQuiet = false
        }
        let snapshot = SessionSnapshot(sessionID: id, name: name, state: newState, elapsed: stopwatch.accumulated)
        let reporter = dependencies.reporter
        reportCalls.enqueue { await reporter.report(snapshot) }
        delegate?.sessionDidChange(self)
    }

    /// Waits until every capture and reporting call enqueued so far has reached its service.
    public func settleCalls() async {
        await captureCalls.drain()
        await reportCalls.drain()
    }

    /// Waits for the enqueued calls and for a transcription in flight.
    public func settle() async {
        await settleCalls()
        await processingTask?.value
        await settleCalls()
    }

    // MARK: Timer

    /// Republishes the elapsed time on each whole second of recorded time, measured from the anchor.
    private func startTicking() {
        tickTask?.cancel()
        let clock = dependencies.clock
        tickTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                let current = self.stopwatch.elapsed(at: clock.now)
                self.elapsed = current
                if current >= .seconds(1) { self.delegate?.sessionDidTick(self) }
                self.checkQuietInput()
                let fraction = Duration(secondsComponent: 0, attosecondsComponent: current.components.attoseconds)
                do {
                    try await clock.sleep(for: .seconds(1) - fraction)
                } catch {
                    return
                }
            }
        }
    }

    /// Flags a recording that has heard only near-silence for a while; the flag goes with the quiet.
    /// (A flag, not a notification: the screen shows it as long as it holds.)
    func checkQuietInput() {
        let quiet = state == .recording && quietWatch.isQuiet(at: dependencies.clock.now)
        if quiet != isInputVeryQuiet { isInputVeryQuiet = quiet }
    }

    private func stopTicking() {
        tickTask?.cancel()
        tickTask = nil
    }
}
