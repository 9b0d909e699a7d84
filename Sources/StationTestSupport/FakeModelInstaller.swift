import Foundation
import StationCore

/// A model installer that records its calls, keeps states a test sets, and lets the test emit each
/// install's events; a cancel ends the install in `cancelled`, as the real one does.
public final class FakeModelInstaller: ModelInstalling, Sendable {
    private struct State {
        var options: [LocaleOption] = []
        var subscribers: [String: [AsyncStream<InstallEvent>.Continuation]] = [:]
        var removalError: (any Error)?
    }

    public let log: CallLog
    private let state = Locked(State())

    public init(options: [LocaleOption], log: CallLog = CallLog()) {
        self.log = log
        state.withLock { $0.options = options }
    }

    /// Sets a locale's state (kept until an install changes it).
    public func setState(_ modelState: ModelState, for locale: String) {
        state.withLock { state in
            if let index = state.options.firstIndex(where: { $0.locale == locale }) {
                state.options[index].state = modelState
            }
        }
    }

    /// Whether an install of `locale` runs now.
    public func isInstalling(_ locale: String) -> Bool { state.current.subscribers[locale] != nil }

    /// Sends an event to everyone following the install of `locale`; a final event ends the install.
    public func emit(_ event: InstallEvent, for locale: String) {
        let subscribers = state.withLock { state -> [AsyncStream<InstallEvent>.Continuation] in
            let current = state.subscribers[locale] ?? []
            if event.isFinal {
                state.subscribers[locale] = nil
                let final: ModelState = event == .installed ? .installed : .available
                if let index = state.options.firstIndex(where: { $0.locale == locale }) {
                    state.options[index].state = final
                }
            }
            return current
        }
        for continuation in subscribers {
            continuation.yield(event)
            if event.isFinal { continuation.finish() }
        }
    }

    public func options() async -> [LocaleOption] { state.current.options }

    public func state(of locale: String) async -> ModelState {
        state.current.options.first { $0.locale == locale }?.state ?? .available
    }

    public func install(locale: String) async -> AsyncStream<InstallEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: InstallEvent.self)
        let joined = state.withLock { state -> Bool in
            let joined = state.subscribers[locale] != nil
            state.subscribers[locale, default: []].append(continuation)
            if let index = state.options.firstIndex(where: { $0.locale == locale }) {
                state.options[index].state = .installing
            }
            return joined
        }
        log.record(joined ? "join \(locale)" : "install \(locale)")
        return stream
    }

    public func inFlight(locale: String) async -> AsyncStream<InstallEvent>? {
        let (stream, continuation) = AsyncStream.makeStream(of: InstallEvent.self)
        let following = state.withLock { state -> Bool in
            guard state.subscribers[locale] != nil else { return false }
            state.subscribers[locale]?.append(continuation)
            return true
        }
        return following ? stream : nil
    }

    public func cancelInstall(locale: String) async {
        log.record("cancel \(locale)")
        if isInstalling(locale) { emit(.cancelled, for: locale) }
    }

    public func uninstall(locale: String) async throws {
        log.record("uninstall \(locale)")
        if let error = state.current.removalError { throw error }
        setState(.available, for: locale)
    }
}
