import Foundation

/// A value guarded by a lock, for fakes that are called from any task.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Reads or changes the value under the lock.
    @discardableResult
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }
}

/// The calls fakes received, in the order they arrived, shared between fakes to check ordering across them.
public final class CallLog: Sendable {
    private let entries = Locked<[String]>([])

    public init() {}

    public func record(_ call: String) { entries.withLock { $0.append(call) } }

    public var calls: [String] { entries.current }

    public func reset() { entries.withLock { $0 = [] } }
}
