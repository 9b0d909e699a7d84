import Foundation
import StationTestSupport
import Testing

@Suite("Test recordings are the same every run")
struct AudioFixturesTests {
    @Test("a noise and a change of volume give the same samples twice (sox's generators seeded alike)")
    func repeatable() throws {
        let folder = try AudioFixtures.temporaryDirectory("repeatable")
        defer { try? FileManager.default.removeItem(at: folder) }
        var made: [Data] = []
        for index in 0..<2 {
            let noise = folder.appendingPathComponent("noise-\(index).wav")
            try AudioFixtures.sox([
                "-n", "-r", "16000", "-c", "1", "-b", "16", noise.path, "synth", "0.5", "whitenoise", "vol", "0.01",
            ])
            let softer = folder.appendingPathComponent("softer-\(index).wav")
            try AudioFixtures.sox([
                LibriVoxSamples.folder.appendingPathComponent("sense_and_sensibility_01_austen_64kb-0880.wav").path,
                "-b", "16", softer.path, "vol", "0.5",
            ])
            made.append(try Data(contentsOf: noise) + Data(contentsOf: softer))
        }
        #expect(made[0] == made[1])
    }
}
