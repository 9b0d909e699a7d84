import Observation
import Synchronization
import Testing

@testable import StationTUI

/// One change, one frame: the watches of frames drawn before the last one ask for nothing.
@Suite("Frames follow changes")
@MainActor
struct FrameWatchTests {
    @Observable
    final class Shown {
        var text = "a"
    }

    @Test("after three frames, one change asks for one frame, the last one's; a change after it asks again")
    func oneChangeOneFrame() {
        let requests = Mutex<[Int]>([])
        let watch = FrameWatch { frame in requests.withLock { $0.append(frame) } }
        let shown = Shown()
        // Three frames in a row, as three keys draw them.
        for _ in 0..<3 { watch.draw { _ = shown.text } }
        shown.text = "b"
        let asked = requests.withLock { $0 }
        #expect(asked.sorted() == [1, 2, 3], "every frame's watch fires")
        #expect(asked.filter(watch.isCurrent) == [3], "only the last frame's asks for a new one")
        watch.draw { _ = shown.text }
        requests.withLock { $0 = [] }
        shown.text = "c"
        #expect(requests.withLock { $0 }.filter(watch.isCurrent) == [4])
    }

    @Test("a change made while a frame is drawn asks for the frame after it")
    func changeWhileDrawing() {
        let requests = Mutex<[Int]>([])
        let watch = FrameWatch { frame in requests.withLock { $0.append(frame) } }
        let shown = Shown()
        watch.draw { _ = shown.text }
        // The second frame's drawing changes what the first one read: only the first frame's watch sees it.
        watch.draw {
            _ = shown.text
            shown.text = "changed while drawn"
        }
        #expect(requests.withLock { $0 }.filter(watch.isCurrent) == [2], "the change is not lost")
    }
}
