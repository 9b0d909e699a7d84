/// A unit of measure as it is said and as clinicians write it after a number ("ten milligrams" →
/// "10 mg"). Every spoken word is in the en-US pronunciation dictionary, so the written form can be
/// said back for voice training.
struct ClinicalUnit: Sendable {
    /// As written after the number.
    var written: String
    /// How it is said after any number but one; the first is the one `spoken` gives back.
    var plural: [String]
    /// After "one", when it differs.
    var singular: [String]?
    /// Written straight after the number ("98%"), not after a space.
    var attached = false
    /// Written as it was said ("1 unit", "10 units"): only the number changes.
    var keepsSpokenWords = false

    /// The ways to say it, longest first so "millimeters of mercury" wins over "millimeters".
    var phrases: [[String]] { [plural] + (singular.map { [$0] } ?? []) }

    static let all: [ClinicalUnit] = [
        unit("mcg/kg/min", "micrograms per kilogram per minute", "microgram per kilogram per minute"),
        unit("mg/kg", "milligrams per kilogram", "milligram per kilogram"),
        unit("mcg/kg", "micrograms per kilogram", "microgram per kilogram"),
        unit("mmHg", "millimeters of mercury", "millimeter of mercury"),
        unit("L/min", "liters per minute", "liter per minute"),
        unit("bpm", "beats per minute", "beat per minute"),
        unit("breaths/min", "breaths per minute", "breath per minute"),
        unit("mg", "milligrams", "milligram"),
        unit("mcg", "micrograms", "microgram"),
        unit("kg", "kilograms", "kilogram"),
        unit("g", "grams", "gram"),
        unit("mL", "milliliters", "milliliter"),
        unit("L", "liters", "liter"),
        unit("mm", "millimeters", "millimeter"),
        unit("cm", "centimeters", "centimeter"),
        unit("lb", "pounds", "pound"),
        ClinicalUnit(written: "%", plural: ["percent"], attached: true),
        // ISMP: "units" is never abbreviated (a "U" is misread as 0 or 4).
        ClinicalUnit(written: "units", plural: ["units"], singular: ["unit"], keepsSpokenWords: true),
    ]

    /// "per cent" and British spellings are read too, and written the same way.
    static let variants: [(spoken: [String], unit: String)] = [
        (["per", "cent"], "%"), (["millilitres"], "mL"), (["millilitre"], "mL"), (["litres"], "L"),
        (["litre"], "L"), (["litres", "per", "minute"], "L/min"),
    ]

    private static func unit(_ written: String, _ plural: String, _ singular: String) -> ClinicalUnit {
        ClinicalUnit(
            written: written, plural: plural.split(separator: " ").map(String.init),
            singular: singular.split(separator: " ").map(String.init))
    }

    /// Every spoken phrase with its unit, longest first.
    static let spokenPhrases: [(spoken: [String], unit: ClinicalUnit)] = {
        let byWritten = Dictionary(all.map { ($0.written, $0) }, uniquingKeysWith: { first, _ in first })
        let own = all.flatMap { unit in unit.phrases.map { ($0, unit) } }
        let other = variants.compactMap { variant in byWritten[variant.unit].map { (variant.spoken, $0) } }
        return (own + other).sorted { $0.0.count > $1.0.count }
    }()

    /// The unit written as `written`, for saying it back.
    static func written(_ written: String) -> ClinicalUnit? { all.first { $0.written == written } }
}
