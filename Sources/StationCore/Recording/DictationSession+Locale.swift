import Foundation

extension DictationSession {
    /// Transcribes this session's dictations in `newLocale` from now on, the dictation it holds too (a
    /// paused one is decoded again from its file when sent). Only for a session that is idle or paused
    /// here; `Station.setLocale(of:to:)` checks that and persists the change.
    func changeLocale(to newLocale: String) {
        guard newLocale != locale else { return }
        locale = newLocale
        // What was found in the old language is no longer the answer: a send decodes again.
        lastError = nil
        noSpeech = nil
        if let live {
            self.live = nil
            Task { await live.value?.cancel() }
        }
        // A paused capture goes on feeding a live decoder in the new language once resumed.
        if state == .paused, let capture { listen(to: capture) }
        delegate?.sessionDidChange(self)
    }
}
