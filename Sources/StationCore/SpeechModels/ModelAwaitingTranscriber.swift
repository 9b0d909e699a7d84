import Foundation

/// What a dictation does while its locale's model is still being installed.
public enum ModelWait: Sendable, Equatable {
    /// The dictation waits for the install of `locale` to finish.
    case waiting(locale: String)
    /// The model is installed; transcription goes on.
    case ready(locale: String)
    /// The install ended without a model; the dictation fails with `modelNotInstalled`.
    case failed(locale: String)
}

/// A transcriber that, when the locale's model is being installed, waits for that install before
/// transcribing, and fails with `TranscriptionError.modelNotInstalled` when the install does not succeed.
public struct ModelAwaitingTranscriber: Transcribing {
    private let base: any Transcribing
    private let installer: any ModelInstalling
    private let onWait: @Sendable (ModelWait) -> Void

    /// `onWait` hears when a dictation starts waiting and how the wait ends, so a screen can show it.
    public init(
        base: any Transcribing, installer: any ModelInstalling,
        onWait: @escaping @Sendable (ModelWait) -> Void = { _ in }
    ) {
        self.base = base
        self.installer = installer
        self.onWait = onWait
    }

    public func transcribe(file: URL, locale: String) async throws -> Transcription {
        try await transcribe(file: file, locale: locale, speaker: nil)
    }

    public func transcribe(file: URL, locale: String, speaker: String?) async throws -> Transcription {
        try await awaitModel(locale)
        return try await base.transcribe(file: file, locale: locale, speaker: speaker)
    }

    /// No live decoding while the model is still missing: the whole file is decoded once it is there.
    public func beginLive(locale: String) async -> (any LiveTranscription)? {
        await beginLive(locale: locale, speaker: nil)
    }

    public func beginLive(locale: String, speaker: String?) async -> (any LiveTranscription)? {
        guard await installer.state(of: locale) != .installing else { return nil }
        return await base.beginLive(locale: locale, speaker: speaker)
    }

    private func awaitModel(_ locale: String) async throws {
        guard let events = await installer.inFlight(locale: locale) else { return }
        onWait(.waiting(locale: locale))
        for await event in events {
            switch event {
            case .installed:
                onWait(.ready(locale: locale))
                return
            case .cancelled, .failed:
                onWait(.failed(locale: locale))
                throw TranscriptionError.modelNotInstalled(locale: locale)
            case .started, .progress, .verifying:
                continue
            }
        }
        // The stream ended without a final event: the caller was cancelled, or the install vanished.
        try Task.checkCancellation()
        if await installer.state(of: locale).isUsable {
            onWait(.ready(locale: locale))
            return
        }
        onWait(.failed(locale: locale))
        throw TranscriptionError.modelNotInstalled(locale: locale)
    }
}
