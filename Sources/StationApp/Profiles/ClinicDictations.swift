import Foundation
import PostgresStore
import SpeakerAdaptation
import StationCore
import StationSystem

/// An author's corrected reports in the clinic store as training data: the store keeps their audio, not
/// the workstation, so each recording is written, under its own name (what the training's attempts
/// remember it by), into a private folder of this training's own in the author's profiles folder,
/// `<data>/profiles/<author>/.training-audio-<run>` (0700; files 0600). `remove()` takes it away when
/// the command ends; one a killed training left is reclaimed with the trainings' scratch folders (its
/// name begins `.training-`), while no training runs.
struct ClinicDictations: CorrectedDictations {
    let store: ClinicStore
    /// The data directory's profiles folder.
    let profiles: URL
    let run = UUID().uuidString

    func folder(author: String) throws -> URL {
        profiles.appendingPathComponent(try SpeakerProfiles.checkedAuthor(author), isDirectory: true)
            .appendingPathComponent(".training-audio-\(run)", isDirectory: true)
    }

    func dictations(author: String, locale: String) async throws -> [CorrectedDictation] {
        let listed = try await ReportDictations(store: store).dictations(author: author, locale: locale)
        let folder = try folder(author: author)
        try PrivateDirectory.make(folder.path, creatingParents: true)
        var found: [CorrectedDictation] = []
        for var dictation in listed {
            guard let id = dictation.report else { continue }
            let name = dictation.audioFile.lastPathComponent
            let copy = folder.appendingPathComponent(name.isEmpty ? "report-\(id).wav" : name)
            if !FileManager.default.fileExists(atPath: copy.path) {
                // A report whose audio the store does not keep stays listed, so training says it left it out.
                _ = try? await store.writeAudio(ofReport: id, to: copy)
            }
            dictation.audioFile = copy
            found.append(dictation)
        }
        return found
    }

    /// Removes this training's copies of the audio, for every author it trained.
    func remove() {
        let authors = (try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? []
        for author in authors where !author.hasPrefix(".") {
            let folder = profiles.appendingPathComponent(author).appendingPathComponent(".training-audio-\(run)")
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
