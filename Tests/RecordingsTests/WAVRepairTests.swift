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

    @Test("reopening a recording for appending refuses a link in its place: the link's target is untouched")
    func appendRefusesLink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("elsewhere.wav")
        let wav = try WAVFile.create(at: target)
        try wav.append(samples: [1, 2, 3])
        // Never closed: a repair would rewrite the header, an append would add to it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        let before = try Data(contentsOf: target)
        let link = directory.appendingPathComponent("session-1.wav")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        do {
            _ = try WAVFile.openForAppending(at: link)
            Issue.record("the link was followed")
        } catch {
            guard case .system(let failure) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(failure.isLinkRefused)
            #expect(error.description.hasPrefix("\(link.path) is a symbolic link"), "\(error)")
        }
        #expect(try Data(contentsOf: target) == before)
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o644, "not chmodded through the link")
        #expect(throws: WAVError.self) { try repairWAV(at: link) }
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
