import Foundation
import StationCore
import StationTestSupport

/// How often each spoken command was heard: its mark in the text where it was said (after the word
/// before it, or one word either side), per command and voice.
struct CommandTally {
    struct Tally {
        var said = 0
        var heard = 0
        var misses: [String] = []
    }

    var byCommand: [String: Tally] = [:]
    var byVoice: [String: Tally] = [:]

    var said: Int { byCommand.values.reduce(0) { $0 + $1.said } }
    var heard: Int { byCommand.values.reduce(0) { $0 + $1.heard } }

    mutating func add(said: String, text: String, table: PunctuationTable, voice: String) {
        let saidWords = WordErrorRate.words(said)
        // The longest command phrase in the sentence said.
        guard
            let (phrase, start) = table.commands.keys.sorted(by: { $0.count > $1.count }).lazy.compactMap({
                phrase -> (String, Int)? in
                let words = phrase.split(separator: " ").map(String.init)
                guard let start = Self.find(words, in: saidWords) else { return nil }
                return (phrase, start)
            }).first, let mark = table.commands[phrase]
        else { return }
        let marks = Self.marks(in: text)
        let heard = [start - 1, start, start - 2].contains { marks[$0]?.contains(mark) == true }
        byCommand[phrase, default: Tally()].said += 1
        byVoice[voice, default: Tally()].said += 1
        if heard {
            byCommand[phrase, default: Tally()].heard += 1
            byVoice[voice, default: Tally()].heard += 1
        } else {
            byCommand[phrase, default: Tally()].misses.append(voice + ": " + SafeText.line(text))
        }
    }

    func print(title: String = "Spoken commands heard, each said in the middle of a sentence") {
        Swift.print(title)
        Swift.print(pad("command", 20) + pad("heard", 10) + "missed as")
        var total = Tally()
        for (phrase, tally) in byCommand.sorted(by: { $0.key < $1.key }) {
            total.said += tally.said
            total.heard += tally.heard
            Swift.print(
                pad(phrase, 20) + pad("\(tally.heard) / \(tally.said)", 10)
                    + tally.misses.map { "“\($0)”" }.joined(separator: " "))
        }
        Swift.print(pad("all", 20) + "\(total.heard) / \(total.said)")
        Swift.print(
            "by voice: "
                + byVoice.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value.heard)/\($0.value.said)" }
                .joined(separator: ", "))
    }

    /// The marks after each word of `text` (index of the word before them → the marks), line breaks too.
    static func marks(in text: String) -> [Int: String] {
        var marks: [Int: String] = [:]
        var words = 0
        var inWord = false
        for character in text {
            if character.isLetter || character.isNumber || character == "'" {
                if !inWord { words += 1 }
                inWord = true
            } else {
                inWord = false
                if ",.?!:;\n".contains(character) { marks[words - 1, default: ""].append(character) }
            }
        }
        return marks
    }

    static func find(_ phrase: [String], in words: [String]) -> Int? {
        guard words.count >= phrase.count else { return nil }
        return (0...(words.count - phrase.count)).first { Array(words[$0..<$0 + phrase.count]) == phrase }
    }
}
