/// flite's ARPAbet phones as the CMU Sphinx models write them.
///
/// The CMU models (Debian's en-US among them) use cmudict's 39 phones in upper case without stress
/// (`AH`, `ER`…); flite writes them in lower case with a stress digit on vowels (`ah1`), adds the
/// reduced vowel `ax`, writes a few phones as pairs (`k-s`), and `pau`/epsilon for nothing.
public enum CMUPhones {
    /// flite phones cmudict does not have, as the cmudict phones they stand for.
    static let replacements: [String: [String]] = [
        "ax": ["AH"], "axr": ["ER"], "ix": ["IH"], "el": ["AH", "L"], "em": ["AH", "M"], "en": ["AH", "N"],
        "nx": ["N"], "dx": ["T"], "hv": ["HH"],
    ]

    /// Phones that stand for no sound.
    static let silent: Set<String> = ["pau", "epsilon", "_epsilon_", "h#", "brth"]

    /// The decoder's phones for flite's `phones`, in order.
    public static func decoderPhones(fromFlite phones: [String]) -> [String] {
        phones.flatMap { $0.split(separator: "-") }.flatMap { phone -> [String] in
            let bare = String(phone.lowercased().filter { !$0.isNumber })
            if bare.isEmpty || silent.contains(bare) { return [] }
            return replacements[bare] ?? [bare.uppercased()]
        }
    }
}
