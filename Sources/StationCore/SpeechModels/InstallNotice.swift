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
        case .installed: return (.info, "Speech model \(name) installed.")
        case .cancelled: return (.warning, "Installing the speech model \(name) was cancelled.")
        case .failed(let reason): return (.error, "Could not install the speech model \(name): \(reason)")
        case .started, .progress, .verifying: return nil
        }
    }
}
