import Localization
import StationCore

/// The capture-source picker's lines, as `dictation-station sources` lists them: the description a
/// person recognizes with the server's name beside it, and which source is the default and in use.
enum SourcePickerOptions {
    /// The index of the source recordings use now: the chosen one, else the server's default.
    static func inUse(_ sources: [AudioSource], chosen: String?) -> Int? {
        if let chosen, let index = sources.firstIndex(where: { $0.name == chosen }) { return index }
        return sources.firstIndex(where: \.isDefault)
    }

    static func options(_ sources: [AudioSource], chosen: String?) -> [PickerOption] {
        let used = inUse(sources, chosen: chosen)
        return sources.enumerated().map { index, source in
            let description = source.description.isEmpty ? source.name : source.description
            let label = description == source.name ? source.name : "\(description) (\(source.name))"
            var marks: [String] = []
            if index == used { marks.append(tr("● in use")) }
            if source.isDefault { marks.append(tr("* default")) }
            return PickerOption(label: label, detail: marks.joined(separator: ", "), value: source.name)
        }
    }
}
