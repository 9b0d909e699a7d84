import Localization
import StationCore

/// The player line of an open report while its audio plays: state, `01:12 / 03:40` and a bar.
@MainActor
enum PlaybackLine {
    /// The line's text before the bar, for example "▶ 01:12 / 03:40".
    static func label(_ view: ReportViewState) -> String? {
        let mark: String
        switch view.playback {
        case .playing: mark = "▶"
        case .paused: mark = "‖"
        case .stopped: return nil
        }
        guard let progress = view.progress else { return tr("\(mark) starting…") }
        return "\(mark) \(ElapsedTimeFormat.string(for: progress.position)) / "
            + ElapsedTimeFormat.string(for: progress.duration)
    }

    /// How many of `width` cells of the bar are filled.
    static func filled(_ progress: PlaybackProgress?, width: Int) -> Int {
        guard let progress, width > 0, progress.duration > .zero else { return 0 }
        let fraction = progress.position / progress.duration
        return min(width, max(0, Int((fraction * Double(width)).rounded(.down))))
    }

    /// Draws the line at `row`; the keys that apply follow the bar.
    static func draw(_ view: ReportViewState, into writer: CanvasWriter, row: Int) {
        guard let label = label(view) else { return }
        let role: StyleRole = .info
        let keys = view.playback == .playing ? tr("  ← → ±5 s · p pauses") : tr("  p resumes")
        var column = writer.text(label + " ", row: row, role: role)
        let width = max(0, min(40, writer.area.width - column - writer.fit.width(keys)))
        let filled = filled(view.progress, width: width)
        if width > 0 {
            column = writer.text(String(repeating: "█", count: filled), row: row, column: column, role: role)
            column = writer.text(String(repeating: "·", count: width - filled), row: row, column: column, role: .dim)
        }
        writer.text(keys, row: row, column: column, role: .dim)
    }
}
