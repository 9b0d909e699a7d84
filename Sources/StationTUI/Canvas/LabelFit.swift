import StationCore

/// A label made of parts that give way in a set order when it is too wide: a session's or patient's
/// name is cut before the identifier that tells two patients apart, which is never cut while a name
/// has room to give.
public struct LabelPart: Sendable, Equatable {
    public var text: String
    /// When this part is cut: lower first; nil for a part that is kept whole.
    public var cutOrder: Int?
    /// The columns a cut part keeps (its ellipsis included).
    public var minimum: Int

    public init(_ text: String, cutOrder: Int? = nil, minimum: Int = 1) {
        self.text = text
        self.cutOrder = cutOrder
        self.minimum = minimum
    }

    /// The parts of a patient as lists show them: "Pieter de Vries (MRN300512)", the name cut first.
    public static func patient(_ patient: Patient?, none: String, cutOrder: Int = 0) -> [LabelPart] {
        guard let patient, !patient.isEmpty else { return [LabelPart(none, cutOrder: cutOrder)] }
        let name = patient.name.map { SafeText.line($0) }
        let identifier = patient.identifier.map { SafeText.line($0) }
        switch (name, identifier) {
        case (let name?, let identifier?):
            return [LabelPart(name, cutOrder: cutOrder, minimum: 2), LabelPart(" (\(identifier))")]
        case (let name?, nil): return [LabelPart(name, cutOrder: cutOrder, minimum: 2)]
        case (nil, let identifier?): return [LabelPart(identifier)]
        case (nil, nil): return [LabelPart(none, cutOrder: cutOrder)]
        }
    }
}

extension TextFit {
    /// The parts joined in at most `width` columns: the cut parts give way in their order, those of one
    /// order together (the widest first), each down to its minimum; only when that is not enough is the
    /// whole cut at its end.
    public func fit(_ parts: [LabelPart], width: Int) -> String {
        var texts = parts.map(\.text)
        var widths = texts.map { self.width($0) }
        var excess = widths.reduce(0, +) - width
        let orders = Set(parts.compactMap(\.cutOrder)).sorted()
        for order in orders where excess > 0 {
            let group = parts.indices.filter { parts[$0].cutOrder == order }
            // A column at a time from the widest part of the group that can still give one.
            var target = widths
            while excess > 0 {
                guard
                    let widest = group.filter({ target[$0] > min(parts[$0].minimum, widths[$0]) })
                        .max(by: { (target[$0], -$0) < (target[$1], -$1) })
                else { break }
                target[widest] -= 1
                excess -= 1
            }
            for index in group where target[index] < widths[index] {
                texts[index] = truncate(texts[index], to: target[index])
                // A wide character may leave a column more than asked.
                excess -= target[index] - self.width(texts[index])
                widths[index] = self.width(texts[index])
            }
        }
        return truncate(texts.joined(), to: width)
    }

    /// The parts fitted and padded with spaces to exactly `width` columns.
    public func pad(_ parts: [LabelPart], to width: Int) -> String {
        pad(fit(parts, width: width), to: width)
    }
}
