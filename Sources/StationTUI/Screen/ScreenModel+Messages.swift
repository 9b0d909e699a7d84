import StationCore

/// `M`: the latest messages in full, wrapped, for the ones the strip cuts (an install error's cause).
extension ScreenModel {
    /// The messages the overlay shows: newest first, those already gone from the strip included.
    public var shownMessages: [StationNotification] { notifier.recent }

    func openMessages() {
        guard !notifier.recent.isEmpty else {
            notifier.info("No messages yet.")
            return
        }
        messagesShown = true
    }
}
