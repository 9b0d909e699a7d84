import Foundation
import Localization
import StationCore

/// Installs the catalog's speech models into the models folder, one install per locale at a time: a
/// second request for a locale joins the install already running. Every install ends in exactly one
/// final event and leaves either the complete new model or everything as it was.
public actor ModelInstaller: ModelInstalling {
    /// Tunables; the defaults suit a clinic's network.
    public struct Options: Sendable {
        /// How long a server may stay silent before the download fails.
        public var idleTimeout: TimeInterval = 30
        /// The least time between two progress events.
        public var progressInterval: Duration = .milliseconds(250)
        /// Deadline, minimum rate, size limits and the free space kept for recordings.
        public var limits = InstallLimits()
        public var clock: any StationClock = SystemClock()

        public init() {}
    }

    private struct Job {
        var task: Task<Void, Never>?
        var subscribers: [UUID: AsyncStream<InstallEvent>.Continuation] = [:]
        /// What a joiner needs to catch up: started, the latest progress, verifying.
        var catchUp: [InstallEvent] = []
    }

    public nonisolated let catalog: ModelCatalog
    private let folders: ModelFolders
    private let options: Options
    private var jobs: [String: Job] = [:]

    public init(catalog: ModelCatalog, modelsDirectory: URL, options: Options = Options()) {
        self.catalog = catalog
        self.folders = ModelFolders(root: modelsDirectory)
        self.options = options
        folders.cleanUpAbandoned()
    }

    public func options() async -> [LocaleOption] {
        catalog.locales.map { entry in
            LocaleOption(
                locale: entry.locale, displayName: entry.displayName, state: currentState(of: entry.locale),
                size: entry.downloadSize)
        }
    }

    public func state(of locale: String) async -> ModelState { currentState(of: locale) }

    /// The model to decode `locale` with: the installed one, else the system's, else nil.
    public func model(for locale: String) async -> SpeechModel? {
        if let installed = ModelLayout.installedModel(in: folders.folder(for: locale)) { return installed }
        return systemModel(for: locale)
    }

    public func install(locale: String) async -> AsyncStream<InstallEvent> {
        if let joined = subscribe(to: locale) { return joined }
        let (stream, continuation) = AsyncStream.makeStream(of: InstallEvent.self)
        guard let entry = catalog.entry(for: locale) else {
            continuation.yield(.failed(reason: InstallFailure.notInCatalog(locale).description))
            continuation.finish()
            return stream
        }
        var job = Job()
        job.subscribers[UUID()] = continuation
        jobs[locale] = job
        // One ordered outbox per install: the pipeline writes to it from any thread, one relay reads it.
        let (outbox, post) = AsyncStream.makeStream(of: InstallEvent.self)
        let pipeline = InstallPipeline(
            entry: entry, folders: folders,
            downloader: ModelDownloader(
                idleTimeout: options.idleTimeout, limits: options.limits, clock: options.clock),
            throttle: ProgressThrottle(clock: options.clock, interval: options.progressInterval),
            report: { post.yield($0) })
        jobs[locale]?.task = Task.detached {
            do {
                try await pipeline.run()
                post.yield(.installed)
            } catch is CancellationError {
                post.yield(.cancelled)
            } catch let failure as InstallFailure {
                post.yield(.failed(reason: failure.description))
            } catch {
                post.yield(.failed(reason: error.localizedDescription))
            }
            post.finish()
        }
        Task { [weak self] in
            for await event in outbox {
                if event.isFinal {
                    await self?.finish(locale: locale, with: event)
                } else {
                    await self?.publish(event, locale: locale)
                }
            }
        }
        return stream
    }

    public func inFlight(locale: String) async -> AsyncStream<InstallEvent>? { subscribe(to: locale) }

    public func cancelInstall(locale: String) async { jobs[locale]?.task?.cancel() }

    public func uninstall(locale: String) async throws {
        guard jobs[locale] == nil else { throw ModelRemovalError.installing(locale: locale) }
        if FileManager.default.fileExists(atPath: folders.folder(for: locale).path) {
            do {
                try folders.remove(locale: locale)
            } catch {
                throw InstallFailure.unexpected(tr("cannot remove the \(locale) model: \(error)"))
            }
            return
        }
        if systemModel(for: locale) != nil { throw ModelRemovalError.providedBySystem(locale: locale) }
        throw ModelRemovalError.notInstalled(locale: locale)
    }

    private func currentState(of locale: String) -> ModelState {
        if jobs[locale] != nil { return .installing }
        if ModelLayout.installedModel(in: folders.folder(for: locale)) != nil { return .installed }
        if systemModel(for: locale) != nil { return .system }
        return .available
    }

    private func systemModel(for locale: String) -> SpeechModel? {
        guard let paths = catalog.entry(for: locale)?.system else { return nil }
        let model = SpeechModel(
            locale: locale, acousticModel: URL(fileURLWithPath: paths.acousticModel, isDirectory: true),
            languageModel: URL(fileURLWithPath: paths.languageModel),
            dictionary: URL(fileURLWithPath: paths.dictionary), isSystem: true)
        guard
            (try? ModelLayout.check(
                acoustic: model.acousticModel, languageModel: model.languageModel, dictionary: model.dictionary))
                != nil
        else { return nil }
        return model
    }

    private func subscribe(to locale: String) -> AsyncStream<InstallEvent>? {
        guard jobs[locale] != nil else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: InstallEvent.self)
        for event in jobs[locale]?.catchUp ?? [] { continuation.yield(event) }
        jobs[locale]?.subscribers[UUID()] = continuation
        return stream
    }

    private func publish(_ event: InstallEvent, locale: String) {
        guard var job = jobs[locale] else { return }
        switch event {
        case .progress: job.catchUp = job.catchUp.filter { if case .progress = $0 { false } else { true } } + [event]
        default: job.catchUp.append(event)
        }
        jobs[locale] = job
        for continuation in job.subscribers.values { continuation.yield(event) }
    }

    private func finish(locale: String, with outcome: InstallEvent) {
        guard let job = jobs.removeValue(forKey: locale) else { return }
        for continuation in job.subscribers.values {
            continuation.yield(outcome)
            continuation.finish()
        }
    }
}
