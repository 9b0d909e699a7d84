import StationCore
import Testing

@testable import PulseCapture

@Suite("LevelMeter")
struct LevelMeterTests {
    @Test("twenty levels a second, across chunks of any size")
    func twentyASecond() {
        var meter = LevelMeter()
        var levels: [AudioLevel] = []
        for _ in 0..<50 { levels += meter.add([Int16](repeating: 1_000, count: 320)) }
        #expect(levels.count == 20)
    }

    @Test("peak and RMS of a full-scale square wave and of silence")
    func measures() throws {
        var meter = LevelMeter()
        let square = (0..<800).map { $0 % 2 == 0 ? Int16.max : -Int16.max }
        let loud = try #require(meter.add(square).first)
        #expect(loud.peak > 0.99 && loud.rms > 0.99)
        let quiet = try #require(meter.add([Int16](repeating: 0, count: 800)).first)
        #expect(quiet == .silence)
    }
}
