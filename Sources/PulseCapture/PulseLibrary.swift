import CPulseAudio

/// Facts about the libpulse this station is linked against.
public enum PulseLibrary {
    /// The library's version, for example "16.1.0".
    public static var version: String { String(cString: pa_get_library_version()) }
}
