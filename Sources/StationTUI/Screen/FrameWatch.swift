import Observation
import Synchronization

/// Watches what each frame read, and asks for the next frame once when any of it changes.
///
/// A watch (`withObservationTracking`) cannot be taken back: it stays until something it watches
/// changes. Every frame drawn for another reason (a key, a resize) leaves one more, so after a few hundred
/// keys a single change fired hundreds of watches and drew hundreds of frames, each queued before the
/// next key. So frames are numbered, and only the watch of the last frame asks for another: one change,
/// one frame. A change made while a frame is being drawn (which that frame's own watch, set up once it is
/// drawn, cannot see) asks for the frame after it.
@MainActor
public final class FrameWatch {
    /// The number of the last frame drawn.
    public private(set) var frame = 0
    private let request: @Sendable (_ frame: Int) -> Void
    /// The frame being drawn now, if any; read by watches that fire on any thread.
    private let drawing = DrawingFrame()

    private final class DrawingFrame: Sendable {
        let number = Mutex<Int?>(nil)
    }

    /// `request` is called (on whichever thread made the change) with the number of the frame whose
    /// content changed; `isCurrent` says whether it still matters.
    public init(request: @escaping @Sendable (_ frame: Int) -> Void) { self.request = request }

    /// Draws a frame with `body`, watching what it reads.
    public func draw(_ body: () -> Void) {
        frame &+= 1
        let shown = frame
        let (request, drawing) = (request, drawing)
        drawing.number.withLock { $0 = shown }
        defer { drawing.number.withLock { $0 = nil } }
        withObservationTracking(body) { request(drawing.number.withLock { $0 } ?? shown) }
    }

    /// Whether a change to what frame `shown` read needs a new frame: only when no frame came since.
    public func isCurrent(_ shown: Int) -> Bool { shown == frame }
}
