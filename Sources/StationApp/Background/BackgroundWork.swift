import StationCore
import StationTUI

/// The station's work besides the keys: install progress to the title line, a dictation's wait for its
/// model to the notifications, what another station process changed, and the takeover of dictations
/// whose station died.
@MainActor
struct BackgroundWork {
    private let tasks: [Task<Void, Never>]

    /// What the front (the screen, or the line mode) does with the work's news.
    struct Front {
        /// An install's progress ("de-DE 42%"), nil when none runs.
        var installStatus: @MainActor (String?) -> Void
        /// Another station process changed the store: the report list reads again.
        var storeChanged: @MainActor () -> Void
    }

    static func start(
        station: Station, front: Front, installStatus: AsyncStream<String?>, context: StationStartup.Context
    ) -> BackgroundWork {
        let (ports, clock, interval) = (context.ports, context.clock, context.takeoverInterval)
        return BackgroundWork(tasks: [
            Task { @MainActor in
                for await status in installStatus { front.installStatus(status) }
            },
            Task { @MainActor in
                for await wait in ports.modelWaits {
                    if let notice = InstallNotice.notification(for: wait) {
                        station.notifier.post(notice.kind, notice.message)
                    }
                }
            },
            // What another station process changed shows as it is committed (the clinic store's notices),
            // or within a poll.
            Task { @MainActor in
                let changes = StoreChangeWatcher.changes(
                    of: ports.database, notices: ports.changeNotices, clock: clock, every: ports.changePoll)
                for await _ in changes {
                    front.storeChanged()
                    await station.syncSessions()
                    await ports.storeChanged()
                }
            },
            // A station that died writes nothing: its dictations are looked for on a timer.
            Task { @MainActor in
                while (try? await clock.sleep(for: interval)) != nil { await station.syncSessions() }
            },
            // The store's claims are kept alive, and taken back after the server was away, off the main actor.
            Task.detached { [heartbeat = ports.claimsHeartbeat] in
                while (try? await clock.sleep(for: interval)) != nil { heartbeat() }
            },
        ])
    }

    func cancel() { for task in tasks { task.cancel() } }
}
