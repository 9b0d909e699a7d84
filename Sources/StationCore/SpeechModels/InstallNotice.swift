import Localization

/// The notification a finished install posts: a short info when installed, a warning when cancelled, an
/// error with its reason when it failed. Other events post nothing (progress shows in the locale choice).
public enum InstallNotice {
    public static func notification(
        for event: InstallEvent, locale: String, displayName: String
    )
        -> (kind: StationNotification.Kind, message: String)?
    {
        let name = displayName.isEmpty ? locale : "\(displayName) (\(locale))"
        switch event {
        case .installed: return (.info, tr("Speech model \(name) installed."))
        case .cancelled: return (.warning, tr("Installing the speech model \(name) was cancelled."))
        case .failed(let reason): return (.error, tr("Could not install the speech model \(name): \(reason)"))
        case .started, .progress, .verifying: return nil
        }
    }

    /// The notification for a dictation waiting on its locale's model: an info while it waits, an error
    /// when the install ends without a model (the dictation then fails with `modelNotInstalled`).
    public static func notification(for wait: ModelWait) -> (kind: StationNotification.Kind, message: String)? {
        switch wait {
        case .waiting(let locale):
            (.info, tr("The dictation waits for the \(locale) speech model to finish installing."))
        case .ready: nil
        case .failed(let locale):
            (.error, tr("The dictation was not transcribed: the \(locale) speech model could not be installed."))
        }
    }
}
