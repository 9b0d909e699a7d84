import Observation

/// Posts notifications that dismiss themselves after a delay measured on the injected clock; keeps the
/// newest first and at most `capacity` of them.
@MainActor
@Observable
public final class Notifier {
    /// The notifications showing now, newest first.
    public private(set) var notifications: [StationNotification] = []
    /// The latest notifications posted, newest first, also those already dismissed: for reading a
    /// message in full after the strip cut it or it went.
    public private(set) var recent: [StationNotification] = []

    private let clock: any StationClock
    private let lifetimes: [StationNotification.Kind: Duration]
    private let capacity: Int
    private var nextID = 1
    private var expiries: [Int: Task<Void, Never>] = [:]
    /// For messages that describe a state: whether it still holds. Checked by `dropStale`.
    private var conditions: [Int: @MainActor () -> Bool] = [:]
    /// Called after every change, so a screen knows to redraw.
    public var onChange: (() -> Void)?

    /// Errors stay longest: they carry what to do next.
    public static let defaultLifetimes: [StationNotification.Kind: Duration] = [
        .info: .seconds(4), .warning: .seconds(8), .error: .seconds(15),
    ]

    public init(
        clock: any StationClock, lifetimes: [StationNotification.Kind: Duration] = Notifier.defaultLifetimes,
        capacity: Int = 20
    ) {
        self.clock = clock
        self.lifetimes = lifetimes
        self.capacity = max(1, capacity)
    }

    /// Posts a notification and schedules its dismissal after its kind's lifetime, or `lasting`;
    /// returns its id.
    @discardableResult
    public func post(_ kind: StationNotification.Kind, _ message: String, lasting: Duration? = nil) -> Int {
        let id = nextID
        nextID += 1
        let notification = StationNotification(id: id, kind: kind, message: message, posted: clock.now)
        notifications.insert(notification, at: 0)
        recent.insert(notification, at: 0)
        if recent.count > capacity { recent.removeLast(recent.count - capacity) }
        while notifications.count > capacity, let oldest = notifications.popLast() {
            expiries.removeValue(forKey: oldest.id)?.cancel()
            conditions.removeValue(forKey: oldest.id)
        }
        let lifetime = lasting ?? lifetimes[kind] ?? .seconds(5)
        let clock = clock
        expiries[id] = Task { [weak self] in
            do {
                try await clock.sleep(for: lifetime)
            } catch {
                return
            }
            self?.dismiss(id)
        }
        onChange?()
        return id
    }

    /// Posts a message that describes a state ("… holds an unsent dictation"); it goes as soon as
    /// `stillTrue` says the state changed, at the next `dropStale`, or after `lasting` (its kind's
    /// lifetime when nil).
    @discardableResult
    public func post(
        _ kind: StationNotification.Kind, _ message: String, lasting: Duration? = nil,
        while stillTrue: @escaping @MainActor () -> Bool
    ) -> Int {
        let id = post(kind, message, lasting: lasting)
        conditions[id] = stillTrue
        return id
    }

    /// Removes every message whose state no longer holds; a screen calls this whenever it redraws.
    public func dropStale() {
        for (id, stillTrue) in conditions where !stillTrue() { dismiss(id) }
    }

    public func info(_ message: String) { post(.info, message) }
    public func warning(_ message: String) { post(.warning, message) }
    public func error(_ message: String) { post(.error, message) }

    /// Removes a notification before its time.
    public func dismiss(_ id: Int) {
        expiries.removeValue(forKey: id)?.cancel()
        conditions.removeValue(forKey: id)
        let before = notifications.count
        notifications.removeAll { $0.id == id }
        if notifications.count != before { onChange?() }
    }

    /// Removes every notification.
    public func dismissAll() {
        for task in expiries.values { task.cancel() }
        expiries = [:]
        conditions = [:]
        notifications = []
        onChange?()
    }
}
