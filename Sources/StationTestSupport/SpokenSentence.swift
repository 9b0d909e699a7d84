import Foundation

/// A sentence spoken by one of flite's voices, as the decoder's 16 kHz mono WAV.
public enum SpokenSentence {
    /// Speaks `text` with `voice` (`slt`, `rms`, `awb`, `kal16`) into `name`.wav in `folder`.
    public static func wav(_ text: String, voice: String = "slt", named name: String, in folder: URL) throws -> URL {
        let spoken = folder.appendingPathComponent("\(name)-\(voice).flite.wav")
        let wav = folder.appendingPathComponent("\(name)-\(voice).wav")
        try AudioFixtures.run("/usr/bin/flite", ["-voice", voice, "-t", text, "-o", spoken.path])
        try AudioFixtures.sox([spoken.path, "-r", "16000", "-c", "1", "-b", "16", wav.path])
        try? FileManager.default.removeItem(at: spoken)
        return wav
    }
}
