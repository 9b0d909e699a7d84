import StationCore

/// Where the open report's audio is while it plays: the player's progress, shown as `01:12 / 03:40` and
/// a bar, and the end of playback, which returns the view to stopped.
extension ScreenModel {
    /// Follows the player's progress for as long as the model lives.
    func followPlayback() {
        guard let player = services.player else { return }
        playbackWatch = Task { [weak self] in
            for await progress in player.progress {
                guard let self else { return }
                self.playbackProgressed(progress)
            }
        }
    }

    func playbackProgressed(_ progress: PlaybackProgress) {
        guard var view = reportView, view.playback != .stopped else { return }
        switch progress.state {
        case .playing, .paused:
            view.progress = progress
        case .finished, .stopped:
            view.playback = .stopped
            view.progress = nil
        }
        reportView = view
    }
}
