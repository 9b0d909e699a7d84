import Testing

@testable import PulseCapture

@Suite("libpulse links")
struct PulseLinkTests {
    @Test("reports the library's version")
    func version() {
        let parts = PulseLibrary.version.split(separator: ".")
        #expect(parts.count >= 2, "version \(PulseLibrary.version)")
        #expect(Int(parts[0]) ?? 0 >= 12)
    }
}
