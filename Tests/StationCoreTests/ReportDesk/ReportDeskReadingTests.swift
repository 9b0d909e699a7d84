import Foundation
import StationCore
import StationTestSupport
import Testing

/// A signature attests a reading (issue 23, item 3): the desk signs only a report whose text was shown
/// to the signer, only as it was shown, and its question says how many of the decoder's unsure words
/// were never visited and how the text begins.
@MainActor
@Suite("The desk: signing what was read")
struct ReportDeskReadingTests {
    /// "the elbow men is swollen" with "elbow" and "men" unsure, as the decoder stores it.
    func draftWithUnsureWords(
        _ fixture: ReportDeskFixture, text: String = "the elbow men is swollen"
    ) async throws
        -> Report
    {
        let confidences: [Double] = [0.9, 0.1, 0.2, 0.8, 0.95]
        let words = zip(["the", "elbow", "men", "is", "swollen"], confidences).enumerated().map { index, pair in
            RecognizedWord(
                text: pair.0, start: .milliseconds(400 * index), end: .milliseconds(400 * index + 350),
                confidence: pair.1)
        }
        return try await fixture.store.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: fixture.clock.wallTime, audioDuration: .seconds(3),
                audioFile: nil, text: text, author: "bob", words: words))
    }

    @Test("a report never shown is refused, saying to open it first; the lifecycle's refusals come before")
    func neverShown() async throws {
        let fixture = ReportDeskFixture()
        let draft = try await fixture.draft()
        let refusal = fixture.desk.refusal(toSign: draft, after: nil)
        #expect(refusal == .notRead(id: 1))
        #expect(
            refusal?.description
                == "Open report 1 and read it before signing it: S signs from the report view (Enter opens it).")
        #expect(fixture.desk.refusal(toSign: draft, after: ReportReading(showing: draft)) == nil)
        let other = try await fixture.draft("another text")
        #expect(fixture.desk.refusal(toSign: other, after: ReportReading(showing: draft)) == .notRead(id: 2))
        let signed = try await fixture.signed(by: "anna")
        #expect(fixture.desk.refusal(toSign: signed, after: nil) == fixture.desk.refusal(toSign: signed))
    }

    @Test("a text changed since it was shown is not signed: nothing signed, the claim goes back")
    func changedSinceShown() async throws {
        let fixture = ReportDeskFixture()
        let draft = try await fixture.draft("knee swollen")
        let reading = ReportReading(showing: draft)
        _ = try await fixture.store.revise(
            id: draft.id, text: "elbow swollen", at: fixture.clock.wallTime, by: "anna", reason: nil)
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.sign(draft.id, after: reading)
        }
        #expect(refusal == .changedSinceRead(id: 1))
        #expect(
            refusal?.description == "Report 1 changed since it was shown to you: read it again before signing it.")
        #expect(try await fixture.store.report(id: 1)?.status == .corrected, "nothing was signed")
        #expect(fixture.claims.calls.current == ["claim 1", "release 1"])
    }

    @Test("the question counts the unsure words never visited, names them, and shows how the text begins")
    func question() async throws {
        let fixture = ReportDeskFixture()
        let report = try await draftWithUnsureWords(fixture)
        var reading = ReportReading(showing: report)
        let unread = try fixture.desk.signingQuestion(for: report, after: reading)
        #expect(unread.unsure.map(\.word.text) == ["elbow", "men"])
        #expect(unread.unvisited.count == 2)
        #expect(
            unread.unsureSummary == "2 of 2 words the decoder was unsure of were never visited (\"elbow\", \"men\").")
        #expect(unread.opening == "the elbow men is swollen")
        reading.visit(unread.unsure[1])
        let halfway = try fixture.desk.signingQuestion(for: report, after: reading)
        #expect(halfway.unvisited.map(\.word.text) == ["elbow"])
        #expect(halfway.unsureSummary == "1 of 2 words the decoder was unsure of was never visited (\"elbow\").")
        reading.visit(unread.unsure[0])
        #expect(
            try fixture.desk.signingQuestion(for: report, after: reading).unsureSummary
                == "The 2 words the decoder was unsure of were all visited.")
        // A word corrected since is no longer unsure; a long text is cut at a word.
        let long = String(repeating: "The knee is swollen and warm. ", count: 10)
        let corrected = try await fixture.store.revise(
            id: report.id, text: "the elbow is swollen\n" + long, at: fixture.clock.wallTime, by: "bob", reason: nil)
        let after = try fixture.desk.signingQuestion(for: corrected, after: ReportReading(showing: corrected))
        #expect(after.unsure.map(\.word.text) == ["elbow"])
        #expect(after.opening.hasPrefix("the elbow is swollen The knee is swollen"))
        #expect(after.opening.hasSuffix(" …") && after.opening.count <= SigningQuestion.openingLength + 2)
    }

    @Test("sign asks its question about the report as stored, under the claim; no signs nothing")
    func confirmation() async throws {
        let fixture = ReportDeskFixture()
        let report = try await draftWithUnsureWords(fixture)
        var asked: [SigningQuestion] = []
        let declined = try await fixture.desk.sign(report.id, after: ReportReading(showing: report)) { question in
            asked.append(question)
            #expect(fixture.claims.calls.current == ["claim 1"], "asked while the claim is held")
            return false
        }
        #expect(declined == .declined(report))
        #expect(asked.map(\.unvisited.count) == [2])
        #expect(try await fixture.store.report(id: 1)?.status == .draft)
        #expect(fixture.claims.calls.current == ["claim 1", "release 1"])
        let signed = try await fixture.desk.sign(report.id, after: ReportReading(showing: report)) { _ in true }
        guard case .signed(let done) = signed else {
            Issue.record("not signed: \(signed)")
            return
        }
        #expect(done.status == .signed && done.signedBy == "bob")
    }
}
