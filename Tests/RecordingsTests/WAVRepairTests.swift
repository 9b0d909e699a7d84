import Foundation
import StationTestSupport
import Testing

@testable import Recordings

@Suite("WAV files stay valid and are repaired")
struct WAVRepairTests {
    @Test("the header declares the audio written, after each update")
    func headerFollowsTheData() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.wav")
        let wav = try WAVFile.create(at: file)
        try wav.append(samples: [1, 2, 3, 4])
        try wav.updateHeader()
        #expect(try WAVInfo(file).dataBytes == 8)
        try wav.append(samples: [5, 6])
        try wav.close()
        #expect(try WAVInfo(file).dataBytes == 12)
        #expect(try AudioFileReader.samples(of: file) == [1, 2, 3, 4, 5, 6])
    }

    @Test("a file left with a stale header is fitted to its data, a half sample cut off")
    func repairsStaleHeader() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("left.wav")
        let wav = try WAVFile.create(at: file)
        try wav.append(samples: [7, 8])
        try wav.updateHeader()
        try wav.append(samples: [9, 10, 11])
        // A killed writer: no final header, and a torn last write.
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x01]))
        try handle.close()
        #expect(try WAVInfo(file).dataBytes == 4)
        #expect(AbandonedRecordings.repair(in: directory) == [file])
        #expect(try WAVInfo(file).dataBytes == 10)
        #expect(try AudioFileReader.samples(of: file) == [7, 8, 9, 10, 11])
        #expect(AbandonedRecordings.repair(in: directory).isEmpty, "a sound file is left alone")
    }

    @Test("appending continues a repaired file")
    func appendsAfterRepair() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("go-on.wav")
        let first = try WAVFile.create(at: file)
        try first.append(samples: [1, 2, 3])
        // Never closed: the header still says nothing was written.
        let second = try WAVFile.openForAppending(at: file)
        try second.append(samples: [4])
        try second.close()
        #expect(try AudioFileReader.samples(of: file) == [1, 2, 3, 4])
        #expect(try WAVInfo(file).dataBytes == 8)
    }

    @Test("a file that is not WAV is not touched")
    func leavesOtherFilesAlone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.wav")
        try Data("not audio".utf8).write(to: file)
        #expect(AbandonedRecordings.repair(in: directory).isEmpty)
        #expect(throws: WAVError.notWAV) { try WAVFile.openForAppending(at: file) }
        #expect(try Data(contentsOf: file) == Data("not audio".utf8))
    }

    @Test("a header with other chunks before the audio is read")
    func readsOtherChunks() throws {
        var bytes = WAVHeader.station(dataBytes: 4).canonicalBytes()
        let list: [UInt8] = Array("LIST".utf8) + [4, 0, 0, 0] + Array("INFO".utf8)
        bytes.insert(contentsOf: list, at: 36)
        let header = try #require(WAVHeader.parse(bytes + [1, 0, 2, 0]))
        #expect(header.dataOffset == 56 && header.dataBytes == 4)
        #expect(header.sampleRate == 16_000 && header.channels == 1)
    }
}
