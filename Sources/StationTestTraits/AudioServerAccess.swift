import Testing

/// Gives a suite the test PulseAudio server to itself: suites with this trait run one after another,
/// while the rest of the tests go on in parallel. Needed because a phone-role stream in one test rightly
/// interrupts a capture in another, and playing into one sink while another test times its monitor
/// makes both measure each other.
public struct AudioServerAccess: SuiteTrait, TestScoping {
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await AudioServerTurns.shared.acquire()
        do {
            try await function()
        } catch {
            await AudioServerTurns.shared.release()
            throw error
        }
        await AudioServerTurns.shared.release()
    }
}

extension Trait where Self == AudioServerAccess {
    /// The suite uses the test PulseAudio server and must not overlap another suite that does.
    public static var audioServer: Self { AudioServerAccess() }
}

/// First come, first served turns at the audio server.
actor AudioServerTurns {
    static let shared = AudioServerTurns()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
