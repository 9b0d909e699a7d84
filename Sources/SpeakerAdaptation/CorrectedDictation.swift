import Foundation
import StationCore

/// One dictation as adaptation data: its recording and the text its author finally kept.
public struct CorrectedDictation: Sendable, Equatable {
    public var audioFile: URL
    public var text: String
    public var created: Date
    /// The report it is, to say which one was left out of training; nil for the benchmark's.
    public var report: Int64?

    public init(audioFile: URL, text: String, created: Date, report: Int64? = nil) {
        self.audioFile = audioFile
        self.text = text
        self.created = created
        self.report = report
    }
}

/// Where an author's corrected dictations come from, newest first. The station's reports carry no
/// author yet; the wiring decides whose reports these are.
public protocol CorrectedDictations: Sendable {
    func dictations(author: String, locale: String) async throws -> [CorrectedDictation]
}

/// A fixed list per author (the benchmark, tests, and a station with one author).
public struct ListedDictations: CorrectedDictations {
    public var byAuthor: [String: [CorrectedDictation]]

    public init(_ byAuthor: [String: [CorrectedDictation]]) { self.byAuthor = byAuthor }

    public func dictations(author: String, locale: String) async throws -> [CorrectedDictation] {
        (byAuthor[author] ?? []).sorted { $0.created > $1.created }
    }
}

/// The corrected reports of a `ReportStore` in `locale` that still have their audio, dictated by the
/// author: a report's author is the logged-in user who sent it; reports from before authors were
/// recorded belong to no one and train no profile.
public struct ReportDictations: CorrectedDictations {
    public var store: any ReportStore
    /// The most reports read (newest first).
    public var limit: Int

    public init(store: any ReportStore, limit: Int = 400) {
        self.store = store
        self.limit = limit
    }

    public func dictations(author: String, locale: String) async throws -> [CorrectedDictation] {
        let reports = try await store.reports(ReportQuery(author: author), limit: limit, offset: 0)
        return reports.compactMap { (report: Report) -> CorrectedDictation? in
            // Only text a person has looked at: corrected or signed off. An untouched draft holds the
            // decoder's own mistakes, which training would learn (its numbers written as digits are
            // no correction). One whose recording is gone is kept here, so training says it left it out.
            guard report.status != .draft, report.locale == locale, report.author == author,
                let audio = report.audioFile
            else { return nil }
            // As the author said it: "120/80" is trained as "one hundred twenty over eighty".
            return CorrectedDictation(
                audioFile: audio, text: ClinicalNumbers.spoken(report.text, locale: report.locale),
                created: report.created, report: report.id)
        }
    }
}
