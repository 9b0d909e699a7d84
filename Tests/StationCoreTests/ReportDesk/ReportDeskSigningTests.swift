import Foundation
import StationCore
import StationTestSupport
import Testing

/// Signing takes the correction claim: a report someone corrects elsewhere is not signed, and the
/// refusal names who corrects it; a correction open here keeps the report from being signed under it.
@MainActor
@Suite("The desk: signing holds the one-editor claim")
struct ReportDeskSigningTests {
    @Test("signing claims the report, signs it as the user at the clock's time, and gives the claim back")
    func signs() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.clock.advance(by: .seconds(90))
        let signed = try await fixture.sign(report.id)
        #expect(signed.status == .signed && signed.signedBy == "bob")
        #expect(signed.signedAt == fixture.clock.wallTime)
        #expect(fixture.claims.calls.current == ["claim 1", "release 1"])
    }

    @Test("a report being corrected at another station is not signed; the refusal names who corrects it")
    func refusedWhileCorrectedElsewhere() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.claims.holdElsewhere(report.id, by: ReportDeskFixture.anna)
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in try await fixture.sign(report.id) }
        #expect(refusal == .beingCorrected(id: 1, by: ReportDeskFixture.anna, step: .sign))
        #expect(refusal?.description == "Report 1 is being corrected by anna on ws-12. Sign it when they are done.")
        #expect(try await fixture.store.report(id: 1)?.status == .draft, "nothing was signed")
        #expect(fixture.training.requests.isEmpty)
        fixture.claims.holdElsewhere(report.id, by: nil)
        #expect(try await fixture.sign(report.id).status == .signed, "signed once they are done")
    }

    @Test("a report open for correction here is not signed under its editor; closing it gives the claim back")
    func refusedWhileOpenHere() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        try fixture.desk.open(report)
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in try await fixture.sign(report.id) }
        #expect(refusal == .openHere(id: 1, step: .sign))
        #expect(fixture.desk.openCorrections == [1])
        fixture.desk.close(report.id)
        #expect(fixture.claims.calls.current == ["claim 1", "release 1"])
        #expect(try await fixture.sign(report.id).status == .signed)
    }

    @Test("a report signed already, or by a station that does not know its user, is refused in words")
    func otherRefusals() async throws {
        let fixture = ReportDeskFixture()
        let signed = try await fixture.signed(by: "anna")
        let again = await fixture.refusal { () async throws(ReportRefusal) in try await fixture.sign(signed.id) }
        #expect(
            again?.description
                == "Report 1 is signed already by anna on 15 January 2027 08:00; a change to it is an amendment with a reason."
        )
        #expect(fixture.desk.refusal(toSign: signed) == again, "the question is not asked for a refused step")
        let anonymous = ReportDeskFixture(user: nil)
        let draft = try await anonymous.draft()
        #expect(
            await anonymous.refusal { () async throws(ReportRefusal) in try await anonymous.sign(draft.id) }?
                .description == "The station does not know who you are, so it cannot sign reports.")
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in try await fixture.sign(9) }
                == .noSuchReport(id: 9))
    }

    @Test("signing or correcting your own report asks for training; another's report, or a refusal, asks nothing")
    func training() async throws {
        let fixture = ReportDeskFixture()
        let mine = try await fixture.draft(by: "bob", locale: "de-DE")
        let annas = try await fixture.draft(by: "anna")
        _ = try await fixture.desk.save(mine.id, text: "Knie geschwollen")
        _ = try await fixture.sign(mine.id)
        _ = try await fixture.desk.save(annas.id, text: "corrected by bob")
        _ = try await fixture.sign(annas.id)
        _ = await fixture.refusal { () async throws(ReportRefusal) in try await fixture.sign(mine.id) }
        #expect(fixture.training.requests == ["bob de-DE", "bob de-DE"])
    }
}
