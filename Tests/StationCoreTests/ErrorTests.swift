import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Errors")
struct ErrorTests {
    @Test("a capture that cannot start leaves the session idle with a user-facing error and a hint")
    func startFails() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try! #require(fixture.capture)
        // The failure is set before the chained start runs.
        capture.fail(.start, with: CaptureError.serverUnreachable(detail: "connection refused"))
        await session.settle()
        #expect(await eventually { session.state == .notRecording })
        #expect(session.lastError == .microphoneUnavailable(detail: "connection refused"))
        #expect(session.lastError?.recoveryHint.contains("PULSE_SERVER") == true)
        let notification = try! #require(fixture.station.notifier.notifications.first)
        #expect(notification.kind == .error)
        #expect(fixture.diagnostics.entries.contains { $0.contains("connection refused") }, "the cause is logged")
    }

    @Test("a failed resume keeps the paused recording and its audio")
    func resumeFails() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        await session.settleCalls()
        let file = session.audioFile
        fixture.capture?.fail(.resume, with: CaptureError.streamFailed(detail: "stream died"))
        session.pressMainAction()
        #expect(await eventually { session.state == .paused })
        #expect(session.audioFile == file)
        #expect(session.lastError == .captureFailed(detail: "stream died"))
        #expect(fixture.removedAudio.current.isEmpty, "an error never throws audio away")
        // The next resume opens a fresh capture appending to the same file.
        session.pressMainAction()
        await session.settleCalls()
        #expect(session.state == .recording)
        #expect(fixture.log.calls.last == "start \(file!.lastPathComponent) appending")
    }

    @Test("an audio file that cannot take more (a full disk) pauses at once with the error, the audio kept")
    func writeFails() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let file = session.audioFile
        fixture.capture?.emit(.writeFailed(detail: "No space left on device"))
        #expect(await eventually { session.state == .paused })
        #expect(session.lastError == .audioFileUnwritable)
        #expect(session.lastError?.recoveryHint.contains("disk space") == true)
        #expect(session.audioFile == file)
        #expect(fixture.removedAudio.current.isEmpty, "an error never throws audio away")
        #expect(fixture.station.notifier.notifications.first?.kind == .error)
        #expect(fixture.diagnostics.entries.contains { $0.contains("No space left on device") })
        // Once space is free again, resume appends to the same file.
        session.pressMainAction()
        await session.settleCalls()
        #expect(fixture.log.calls.last == "start \(file!.lastPathComponent) appending")
    }

    @Test("a failed transcription returns to paused with the audio, and send can be tried again")
    func transcriptionFails() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        fixture.transcriber.fail(with: TranscriptionError.modelNotInstalled(locale: "en-US"))
        session.pressSend()
        await session.settle()
        #expect(session.state == .paused)
        #expect(session.lastError == .modelNotInstalled(locale: "en-US"))
        #expect(session.lastError?.recoveryHint.contains("models install en-US") == true)
        #expect(session.audioFile != nil)
        #expect(fixture.reports.all.isEmpty)
        fixture.transcriber.answer("second try")
        session.pressSend()
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(fixture.reports.all.map(\.text) == ["second try"])
        #expect(fixture.removedAudio.current.isEmpty)
    }

    @Test("a report that cannot be saved keeps the dictation paused with its audio")
    func storeFails() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        fixture.reports.failWrites(with: CocoaError(.fileWriteOutOfSpace))
        session.pressSend()
        await session.settle()
        #expect(session.state == .paused)
        #expect(session.lastError == .reportNotSaved)
        #expect(session.audioFile != nil)
    }

    @Test(
        "every port error maps to a message and a recovery hint",
        arguments: [
            CaptureError.serverUnreachable(detail: "x"), .accessDenied(detail: "x"),
            .noSuchSource(name: "usb", available: ["a", "b"]), .streamFailed(detail: "x"), .recordingElsewhere,
            .fileUnwritable(detail: "x"), .diskFull(detail: "x"), .audioFileInOtherFormat(detail: "x"),
        ] as [any Error & Sendable]
            + [
                TranscriptionError.modelNotInstalled(locale: "nl-NL"), .modelBroken(locale: "nl-NL", detail: "x"),
                .unreadableAudio(detail: "x"), .decoderFailed(detail: "x"),
            ])
    func messages(_ error: any Error & Sendable) {
        let mapped = RecordingError(error)
        #expect(!mapped.message.isEmpty)
        #expect(!mapped.recoveryHint.isEmpty)
    }

    @Test("no such source lists the ones that exist")
    func noSuchSource() {
        let error = RecordingError(CaptureError.noSuchSource(name: "usb", available: ["mic.a", "mic.b"]))
        #expect(error.recoveryHint.contains("mic.a, mic.b"))
    }

    @Test("an error of a kind the station does not know is said to be unexpected, never a microphone fault")
    func unknownErrorsAreNeutral() {
        struct Strange: Error {}
        let mapped = RecordingError(Strange())
        #expect(mapped == .unexpected(detail: "Strange()"))
        #expect(mapped.message == "Something unexpected went wrong.")
        #expect(mapped.recoveryHint.contains("station.log"))
        #expect(!mapped.message.contains("stream") && !mapped.recoveryHint.contains("microphone"))
    }

    @Test(
        "file errors map by their kind",
        arguments: [
            (CocoaError(.fileNoSuchFile) as any Error & Sendable, RecordingError.fileMissing),
            (CocoaError(.fileReadNoSuchFile), .fileMissing),
            (CocoaError(.fileWriteNoPermission), .permissionDenied),
            (CocoaError(.fileWriteOutOfSpace), .diskFull),
            (POSIXError(.ENOSPC), .diskFull),
            (POSIXError(.EACCES), .permissionDenied),
            (CaptureError.diskFull(detail: "No space left on device"), .diskFull),
        ])
    func fileErrors(_ error: any Error & Sendable, _ expected: RecordingError) {
        #expect(RecordingError(error) == expected)
    }

    @Test("only a full disk asks to free disk space; a file in another format says what it is")
    func diskSpaceOnlyForAFullDisk() {
        #expect(RecordingError.diskFull.recoveryHint.contains("disk space"))
        let format = RecordingError(CaptureError.audioFileInOtherFormat(detail: "not a 16 kHz mono 16-bit WAV file"))
        #expect(format == .audioFileInOtherFormat)
        #expect(format.message.contains("16 kHz mono WAV"))
        #expect(!format.recoveryHint.contains("disk space"))
        for error in [RecordingError.fileMissing, .permissionDenied, .unexpected(detail: "x")] {
            #expect(!error.recoveryHint.contains("disk space"), "\(error)")
        }
    }
}
