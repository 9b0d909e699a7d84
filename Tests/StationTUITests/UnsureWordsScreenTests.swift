import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The words the decoder was unsure of, underlined in the open report, `w` and `W` to go from one to the
/// next; the marks follow the text through corrections and formatting.
@Suite("Unsure words in the report view")
@MainActor
struct UnsureWordsScreenTests {
    /// The decoder's words for "the patient has pain in the left knee period": "has" and "left" unsure.
    static let words: [RecognizedWord] = [
        ("the", 0.95), ("patient", 0.9), ("has", 0.25), ("pain", 0.97), ("in", 0.9), ("the", 0.92), ("left", 0.12),
        ("knee", 0.88), ("period", 0.99),
    ].enumerated().map { index, word in
        RecognizedWord(
            text: word.0, start: .milliseconds(500 * index), end: .milliseconds(500 * index + 400),
            confidence: word.1)
    }

    /// A report with those words and `text`, opened in the report view.
    func opened(text: String = "The patient has pain in the left knee.", rows: Int = 30) async throws -> ScreenHarness {
        let harness = ScreenHarness(rows: rows, columns: 100, author: "anna")
        _ = try await harness.fixture.reports.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: harness.fixture.clock.wallTime,
                audioDuration: .seconds(5), audioFile: nil, text: text, words: Self.words))
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.tab, .enter)
        await harness.model.settle()
        return harness
    }

    /// The roles of the cells of `word` (a whole word) where it first shows below the text heading.
    func roles(of word: String, in grid: GridCanvas) throws -> [StyleRole] {
        let heading = try #require(grid.find("Text") ?? grid.find("Original transcript"), "the text heading")
        let target = Array(word)
        for row in (heading.row + 1)..<grid.rows {
            let cells = grid.cells[row].map(\.text)
            for column in 0...(cells.count - target.count) {
                let letters = cells[column..<(column + target.count)].map { Character($0.isEmpty ? " " : $0) }
                let before = column == 0 ? " " : cells[column - 1]
                let after = column + target.count < cells.count ? cells[column + target.count] : " "
                guard letters == target, !(before.first?.isLetter ?? false), !(after.first?.isLetter ?? false)
                else { continue }
                return (column..<(column + target.count)).map { grid.role(at: Point(row: row, column: $0)) }
            }
        }
        Issue.record("\(word) not in the text: \(grid.text)")
        return []
    }

    @Test("the sign question counts the unsure words never visited; w visits them, and the count follows")
    func signQuestionCountsVisits() async throws {
        let harness = try await opened()
        func question() -> String? {
            guard case .confirm(_, let message, _) = harness.model.dialog else { return nil }
            return message
        }
        harness.press(.character("S"))
        let unread = try #require(question(), "S in the view asks: \(harness.lastNotice)")
        #expect(
            unread.contains(
                "2 of 2 words the decoder was unsure of were never visited (\"has\", \"left\"). w goes to them."),
            "\(unread)")
        #expect(unread.contains("It begins: \"The patient has pain in the left knee.\""), "\(unread)")
        harness.press(.character("n"), .character("w"), .character("S"))
        #expect(question()?.contains("1 of 2 words the decoder was unsure of was never visited (\"left\").") == true)
        harness.press(.character("n"), .character("w"), .character("S"))
        #expect(question()?.contains("The 2 words the decoder was unsure of were all visited.") == true)
        harness.press(.character("y"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 1)?.status == .signed)
    }

    @Test(
        "S pressed while the view still reads the report's words asks once they are read, not never; closed meanwhile, nothing opens"
    )
    func signBeforeTheWordsAreRead() async throws {
        let harness = ScreenHarness(rows: 30, columns: 100, author: "anna")
        _ = try await harness.fixture.reports.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: harness.fixture.clock.wallTime,
                audioDuration: .seconds(5), audioFile: nil, text: "The patient has pain in the left knee.",
                words: Self.words))
        harness.model.reloadReports()
        await harness.model.settle()
        // Opened and S at once, as a quick hand does: the words are read in the background.
        harness.press(.tab, .enter, .character("S"))
        await harness.model.settle()
        guard case .confirm(_, let message, _) = harness.model.dialog else {
            Issue.record("no sign question after the words were read: \(harness.lastNotice)")
            return
        }
        #expect(message.contains("2 of 2 words the decoder was unsure of were never visited"), "\(message)")

        harness.press(.character("n"), .escape, .enter, .character("S"), .escape)
        await harness.model.settle()
        #expect(harness.model.dialog == nil, "the view was closed before its words were read")
    }

    @Test(
        "the cursor sits on the text's first line, then on the unsure word w selects, then on the sign question's answers"
    )
    func cursorFollowsTheReview() async throws {
        let harness = try await opened()
        var grid = harness.render()
        let heading = try #require(grid.find("Text"), "the text heading")
        let first = try #require(grid.find("The patient has"))
        #expect(first.row == heading.row + 1)
        #expect(grid.cursor == first, "on the first line of the text, for a screen reader to read it")

        harness.press(.character("w"))
        grid = harness.render()
        #expect(try roles(of: "has", in: grid) == [.unsureSelected, .unsureSelected, .unsureSelected])
        #expect(grid.cursor == Point(row: first.row, column: first.column + "The patient ".count), "on \"has\"")
        harness.press(.character("w"))
        grid = harness.render()
        let left = try #require(grid.find("left knee"))
        #expect(grid.cursor == left, "on \"left\"")

        harness.press(.character("S"))
        grid = harness.render()
        let answers = try #require(grid.find("y Yes"), "the sign question: \(grid.text)")
        #expect(grid.cursor == answers, "on the answers' first key")
    }

    @Test("the unsure words are underlined, the others not; the heading counts them and the key bar offers w")
    func underlined() async throws {
        let harness = try await opened()
        let grid = harness.render()
        #expect(try roles(of: "has", in: grid) == [.unsure, .unsure, .unsure])
        #expect(try roles(of: "left", in: grid) == Array(repeating: .unsure, count: 4))
        #expect(try roles(of: "patient", in: grid).allSatisfy { $0 == .normal })
        #expect(try roles(of: "knee", in: grid).allSatisfy { $0 == .normal })
        #expect(grid.text.contains("Text · 2 unsure words (w)"), "\(grid.text)")
        #expect(grid.line(harness.model.layout.keyBar.row).contains("w Unsure word"))
    }

    @Test("w selects the next unsure word and says which, W the previous; from the last it goes round")
    func jumps() async throws {
        let harness = try await opened()
        harness.press(.character("w"))
        var grid = harness.render()
        #expect(try roles(of: "has", in: grid) == [.unsureSelected, .unsureSelected, .unsureSelected])
        #expect(try roles(of: "left", in: grid).allSatisfy { $0 == .unsure })
        #expect(grid.text.contains("unsure word 1 of 2: 25 % at 00:01"), "\(grid.text)")
        harness.press(.character("w"))
        grid = harness.render()
        #expect(try roles(of: "left", in: grid).allSatisfy { $0 == .unsureSelected })
        #expect(try roles(of: "has", in: grid).allSatisfy { $0 == .unsure })
        #expect(grid.text.contains("unsure word 2 of 2: 12 % at 00:03"), "\(grid.text)")
        harness.press(.character("w"))
        #expect(harness.model.reportView?.unsureSelection == 0, "round to the first")
        harness.press(.character("W"))
        #expect(harness.model.reportView?.unsureSelection == 1, "W goes back")
    }

    @Test("after a correction only the words still as decoded are marked, matched in order ignoring case")
    func followsCorrections() async throws {
        let harness = try await opened()
        let report = try #require(harness.model.reportView?.report)
        // "left" corrected to "right"; "HAS" in capitals still matches; a sentence added before it.
        let saved = try await harness.fixture.reports.revise(
            id: report.id, text: "Seen today. The patient HAS pain in the right knee.", at: Date(), by: nil,
            reason: nil)
        harness.model.show(saved)
        await harness.model.settle()
        let grid = harness.render()
        #expect(try roles(of: "HAS", in: grid) == [.unsure, .unsure, .unsure])
        #expect(try roles(of: "right", in: grid).allSatisfy { $0 == .normal })
        #expect(grid.text.contains("Text · 1 unsure word (w)"), "\(grid.text)")
        // The original transcript keeps both marks.
        harness.press(.character("o"))
        let original = harness.render()
        #expect(original.text.contains("Original transcript · 2 unsure words (w)"), "\(original.text)")
    }

    @Test("w scrolls a word far down the text into view")
    func scrollsIntoView() async throws {
        let filler = Array(repeating: "Nothing of note here.", count: 40).joined(separator: "\n")
        let harness = try await opened(text: filler + "\nThe patient has pain in the left knee.", rows: 24)
        #expect(harness.render().find("left knee") == nil, "below the view at first")
        harness.press(.character("w"))
        let grid = harness.render()
        #expect(try roles(of: "has", in: grid).allSatisfy { $0 == .unsureSelected }, "\(grid.text)")
    }

    @Test("editing a report with words: the stored copy read on e is the same report, so nothing resets the editor")
    func editingKeepsTyping() async throws {
        let harness = try await opened()
        harness.press(.character("e"), .controlEnd)
        harness.type(" Seen again.")
        await harness.model.settle()
        #expect(harness.model.editor?.text.text == "The patient has pain in the left knee. Seen again.")
        let messages = harness.station.notifier.notifications.map(\.message)
        #expect(!messages.contains { $0.contains("another station") }, "\(messages)")
    }

    @Test("a report without decoder words marks nothing, and w says why")
    func noWords() async throws {
        let harness = ScreenHarness(rows: 30, columns: 100)
        _ = try await harness.addReport(session: "Old", text: "The patient has pain.")
        harness.press(.tab, .enter)
        await harness.model.settle()
        let grid = harness.render()
        #expect(!grid.text.contains("unsure"))
        #expect(try roles(of: "has", in: grid).allSatisfy { $0 == .normal })
        harness.press(.character("w"))
        #expect(harness.station.notifier.notifications.first?.message.contains("no word confidence") == true)
    }
}
