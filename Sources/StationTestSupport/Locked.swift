import Foundation
import Synchronization

/// A value guarded by a mutex, for fakes that are called from any task.
public final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) { mutex = Mutex(value) }

    /// Reads or changes the value under the mutex.
    @discardableResult
    public func withLock<T: Sendable, E: Error>(_ body: (inout sending Value) throws(E) -> T) throws(E) -> T {
        try mutex.withLock { (value: inout sending Value) throws(E) -> T in try body(&value) }
    }
}

extension Locked where Value: Sendable {
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
