import Foundation
import Localization
import StationCore

/// `p` in the report view plays or pauses the report's audio, from a second before the unsure word
/// selected (`w`, `W`), where the heading says it is, else from the start; `←` `→` skip five seconds. The
/// player's progress is shown as `01:12 / 03:40` and a bar, and the end of playback returns the view to
/// stopped.
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
        // A word selected since the playback began (or with none playing): play from just before it.
        if let word = selectedWord, state.playback == .stopped || state.playbackWord != state.unsureSelection {
            state.playbackWord = state.unsureSelection
            play(file, from: max(.zero, word.start - .seconds(1)), on: player)
            return
        }
        switch state.playback {
        case .stopped:
            state.playbackWord = nil
            play(file, from: .zero, on: player)
        case .playing:
            state.playback = .paused
            screen.run { try? await player.pause() }
        case .paused:
            state.playback = .playing
            screen.run { try? await player.resume() }
        }
    }

    /// The unsure word selected in what the view shows.
    private var selectedWord: RecognizedWord? {
        let marks = state.shownUnsure.marks
        guard let selection = state.unsureSelection, marks.indices.contains(selection) else { return nil }
        return marks[selection].word
    }

    private func play(_ file: URL, from start: Duration, on player: any AudioPlaying) {
        state.playback = .playing
        screen.run { [weak self] in
            do {
                try await player.play(file: file, from: start)
            } catch PlaybackError.audioLibraryMissing {
                self?.screen.notifier.error(
                    tr("Playing needs the PulseAudio client library (package libpulse0), which could not be loaded."))
                self?.state.playback = .stopped
            } catch {
                self?.screen.notifier.error(tr("The audio could not be played."))
                self?.state.playback = .stopped
            }
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
