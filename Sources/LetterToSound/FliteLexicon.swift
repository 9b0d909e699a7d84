import CFlite
import Foundation
import Localization
import StationSystem
import Synchronization

/// US English pronunciations from flite's CMU lexicon (derived from cmudict): a word the lexicon holds
/// as it lists it, any other spelled out by flite's letter-to-sound rules.
///
/// flite's phones are ARPAbet in lower case with a stress digit on vowels (`m eh1 t ax0 …`);
/// `CMUPhones.decoderPhones(fromFlite:)` turns them into the CMU models' phones.
public enum FliteLexicon {
    /// flite's phones for `word` (`lex_lookup`: the lexicon, else its letter-to-sound rules); nil when
    /// flite cannot say it (`LetterToSoundError` tells why).
    public static func flitePhones(of word: String) throws(LetterToSoundError) -> [String] {
        try phones(of: word, rulesOnly: false)
    }

    /// flite's letter-to-sound rules alone (`lts_apply`), even for a word its lexicon holds: what a
    /// word it does not know gets. For measuring the rules against a dictionary.
    public static func rulePhones(of word: String) throws(LetterToSoundError) -> [String] {
        try phones(of: word, rulesOnly: true)
    }

    /// The CMU models' phones for `word` (upper case, no stress), as the decoder's dictionary writes them.
    public static func pronunciation(of word: String) throws(LetterToSoundError) -> [String] {
        CMUPhones.decoderPhones(fromFlite: try flitePhones(of: word))
    }

    /// The longest word spelled out; flite's rules are meant for words, not text.
    public static let maximumLength = 40

    private static func phones(of word: String, rulesOnly: Bool) throws(LetterToSoundError) -> [String] {
        let spelled = word.lowercased()
        guard !spelled.isEmpty, spelled.count <= maximumLength else { throw .unsayable(word) }
        // The rules know the letters a–z only and silently drop anything else (digits, accents), which
        // would give a wrong pronunciation without a word of warning: refuse those instead.
        let parts = spelled.split(separator: "-", omittingEmptySubsequences: false)
        guard
            parts.allSatisfy({ part in
                !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "'" }
                    && part.unicodeScalars.contains { $0 != "'" }
            })
        else { throw .unsayable(word) }
        // flite is loaded at the first word it spells, not at every start of the station.
        if let reason = LazyLibrary.loadFailure(ds_flite_load) { throw .libraryMissing(reason: reason) }
        let phones = lexicon.withLock { lexicon in
            parts.flatMap { lookUp(String($0), rulesOnly: rulesOnly, in: lexicon) }
        }
        guard !phones.isEmpty else { throw .unsayable(word) }
        return phones
    }

    /// flite's lexicon, behind a mutex: it is a process-wide static and its lookups are not documented
    /// as thread-safe. `cmu_lex_init` fills the static lexicon once and returns it.
    private static let lexicon = Mutex(cmu_lex_init()!)

    /// One hyphen-free part; call with the lexicon's mutex held.
    private static func lookUp(
        _ part: String, rulesOnly: Bool, in lexicon: UnsafeMutablePointer<cst_lexicon>
    ) -> [String] {
        let list: UnsafeMutablePointer<cst_val>? =
            rulesOnly
            ? lts_apply(part, "", lexicon.pointee.lts_rule_set)
            : lex_lookup(lexicon, part, nil, nil)
        guard let list else { return [] }
        defer { delete_val(list) }
        var phones: [String] = []
        var cell: UnsafePointer<cst_val>? = UnsafePointer(list)
        while let current = cell {
            if let text = val_string(val_car(current)) { phones.append(String(cString: text)) }
            cell = val_cdr(current)
        }
        return phones
    }
}

/// Why flite gives no pronunciation.
public enum LetterToSoundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Empty, too long, or holding something other than the letters a–z, apostrophes and hyphens.
    case unsayable(String)
    /// flite's libraries (Debian's libflite1) could not be loaded: `reason` is the loader's.
    case libraryMissing(reason: String)

    public var description: String {
        switch self {
        case .unsayable:
            tr(
                "flite's letter-to-sound rules spell out words of the letters a–z (with ' or -), at most \(FliteLexicon.maximumLength) long; give this word's pronunciation instead"
            )
        case .libraryMissing(let reason):
            tr(
                "pronunciations of new words need flite (package libflite1), which could not be loaded: \(reason); give this word's pronunciation instead, or ask the administrator to install flite"
            )
        }
    }
}
