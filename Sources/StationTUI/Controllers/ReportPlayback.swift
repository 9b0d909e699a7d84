import Localization
import StationCore

/// `p` in the report view plays or pauses the report's audio, `←` `→` skip five seconds; the player's
/// progress is shown as `01:12 / 03:40` and a bar, and the end of playback returns the view to stopped.
extension ReportViewController {
    func togglePlayback() {
        guard let player = screen.services.player else {
            screen.notifier.warning(tr("Audio playback is not available in this build."))
            return
        }
        guard let file = report.audioFile else {
            screen.notifier.warning(tr("This report has no audio."))
            return
        }
        switch state.playback {
        case .stopped:
            state.playback = .playing
            screen.run { [weak self] in
                do {
                    try await player.play(file: file)
                } catch {
                    self?.screen.notifier.error(tr("The audio could not be played."))
                    self?.state.playback = .stopped
                }
            }
        case .playing:
            state.playback = .paused
            screen.run { try? await player.pause() }
        case .paused:
            state.playback = .playing
            screen.run { try? await player.resume() }
        }
    }

    func seek(by offset: Duration) {
        guard state.playback != .stopped, let player = screen.services.player else { return }
        screen.run { try? await player.seek(by: offset) }
    }

    /// Where the player is now; the view that is not playing ignores it.
    func playbackProgressed(_ progress: PlaybackProgress) {
        guard state.playback != .stopped else { return }
        switch progress.state {
        case .playing, .paused:
            state.progress = progress
        case .finished, .stopped:
            state.playback = .stopped
            state.progress = nil
        }
    }
}
