import CPulseAudio
import StationCore
import StationSystem

/// Facts about the libpulse this station is linked against, which is loaded on first use.
public enum PulseLibrary {
    /// The library's version, for example "16.1.0".
    public static var version: String { String(cString: pa_get_library_version()) }

    /// Nil once libpulse is loaded, else the dynamic loader's reason. Every way into the audio server
    /// (a recording, playback, the list of sources) asks this before its loop's thread is made: a libpulse
    /// function reached without the library ends the process.
    static let loadFailure: String? = LazyLibrary.loadFailure(ds_pulse_load)

    /// Throws `.audioLibraryMissing`, with the loader's reason, when libpulse cannot be loaded.
    static func requireForCapture() throws(CaptureError) {
        if let loadFailure { throw .audioLibraryMissing(detail: loadFailure) }
    }

    /// Throws `.audioLibraryMissing`, with the loader's reason, when libpulse cannot be loaded.
    static func requireForPlayback() throws(PlaybackError) {
        if let loadFailure { throw .audioLibraryMissing(detail: loadFailure) }
    }
}
