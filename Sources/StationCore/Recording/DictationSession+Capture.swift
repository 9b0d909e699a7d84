import Foundation
import Localization

/// The session's side of the capture: calls in transition order, and what the capture tells back.
extension DictationSession {
    /// Makes a capture for the dictation, listens to it, and starts it behind every earlier call.
    func openCapture(into file: URL, appending: Bool) {
        let capture = dependencies.makeCapture()
        self.capture = capture
        listen(to: capture)
        runCapture(capture, appending: appending) { try await $0.start(recordingTo: file, appending: appending) }
    }

    /// Enqueues a call to the capture; a failure is handled only while that capture is still current.
    /// `appending` says whether audio may already be in the file, so a failure must keep it.
    func runCapture(
        _ capture: any Capturing, appending: Bool,
        _ call: @escaping @Sendable (any Capturing) async throws -> Void
    ) {
        let running = epoch
        let task = captureCalls.enqueue { try await call(capture) }
        Task { [weak self] in
            do {
                try await task.value
            } catch {
                self?.captureFailed(error, capture: capture, keepAudio: appending, epoch: running)
            }
        }
    }

    private func captureFailed(_ error: any Error, capture failed: any Capturing, keepAudio: Bool, epoch failing: Int) {
        guard failing == epoch, let current = capture, current === failed else { return }
        dependencies.log.log(.error, "capture failed: \(error)")
        // The capture is spent; a resume opens a new one that appends to the same file.
        capture = nil
        stopListening()
        captureCalls.enqueue { _ = try? await failed.stop() }
        fail(RecordingError(error), keepAudio: keepAudio)
    }

    /// Forwards levels, frames and events of the capture to the session.
    ///
    /// Only the current capture and the current dictation's decoder count: a stream hands out what it
    /// still holds even after its listener was stopped, and the session may be recording the next
    /// dictation by then (a discard and a start typed ahead), whose level and live text that is not.
    func listen(to capture: any Capturing) {
        stopListening()
        let live = liveDecoder()
        listeners = [
            Task { [weak self] in
                for await event in capture.events {
                    self?.handle(event, from: capture)
                }
            },
            Task { [weak self] in
                for await level in capture.levels {
                    guard let self, self.isLive(capture) else { continue }
                    self.level = level
                    self.quietWatch.hear(level)
                    self.checkQuietInput()
                }
            },
            Task { await Self.feed(capture, to: live) },
            Task { [weak self] in
                guard let decoder = await live.value else { return }
                for await partial in decoder.partials {
                    guard let self, self.live == live, self.state == .recording || self.state == .paused else {
                        continue
                    }
                    self.partialTranscript = partial
                }
            },
            Task { [weak self] in
                guard let decoder = await live.value else { return }
                for await pace in decoder.paces {
                    guard let self, self.live == live, self.state == .recording || self.state == .paused else {
                        continue
                    }
                    self.decodingPace = pace
                }
            },
        ]
    }

    /// Hands the captured audio to the dictation's decoder as it arrives. Off the main actor: a busy
    /// screen must not hold up the audio on its way from the capture thread to the decoder.
    private nonisolated static func feed(
        _ capture: any Capturing, to live: Task<(any LiveTranscription)?, Never>
    ) async {
        guard let decoder = await live.value else { return }
        for await chunk in capture.frames {
            await decoder.feed(chunk)
        }
    }

    /// Whether what `source` measures is the live level: it is the capture of a dictation recording now.
    /// A paused or ended dictation has no live level.
    private func isLive(_ source: any Capturing) -> Bool {
        guard let current = capture, current === source else { return false }
        return state == .recording
    }

    func stopListening() {
        for listener in listeners { listener.cancel() }
        listeners = []
    }

    /// The dictation's live decoder, begun once per dictation.
    private func liveDecoder() -> Task<(any LiveTranscription)?, Never> {
        if let live { return live }
        let transcriber = dependencies.transcriber
        let (locale, author) = (locale, author)
        let task = Task { await transcriber.beginLive(locale: locale, speaker: author) }
        live = task
        return task
    }

    private func handle(_ event: CaptureEvent, from source: any Capturing) {
        guard let current = capture, current === source else { return }
        switch event {
        case .interruptionBegan:
            pause(byUser: false)
        case .interruptionEnded(let mayResume):
            if mayResume, state == .paused, !isPausedByUser {
                pressMainAction()
            }
        case .sourceChanged(let detail):
            delegate?.session(self, didNotice: detail)
        case .serverGone:
            captureEnded(
                from: source, log: "audio server gone during a recording",
                notice: tr("The audio server went away; the recording is paused and kept."))
        case .sourceLost:
            captureEnded(
                from: source, log: "microphone removed during a recording",
                notice: tr("The microphone was unplugged or removed; the recording is paused and kept."))
        case .writeFailed(let detail):
            dependencies.log.log(.error, "writing the audio file failed: \(detail)")
            capture = nil
            stopListening()
            captureCalls.enqueue { _ = try? await source.stop() }
            fail(.audioFileUnwritable, keepAudio: true)
        }
    }

    /// The capture is over without a stop: pause, keep the audio, and say why. A resume opens a new
    /// capture that appends to the same file.
    private func captureEnded(from source: any Capturing, log message: String, notice: String) {
        dependencies.log.log(.warning, message)
        capture = nil
        stopListening()
        captureCalls.enqueue { _ = try? await source.stop() }
        pause(byUser: true)
        delegate?.session(self, didNotice: notice)
    }
}

extension DictationSession {
    /// Moves the dictation's capture to `source`, behind every earlier capture call: recording, it goes
    /// on from the new source at once; paused, it resumes from it. Nil when no capture is open (the next
    /// one opens on the chosen source anyway). A failed move leaves the capture on its source.
    func moveCapture(toSource source: String) -> Task<Void, any Error>? {
        guard let capture, state == .recording || state == .paused else { return nil }
        return captureCalls.enqueue { try await capture.move(toSource: source) }
    }
}
