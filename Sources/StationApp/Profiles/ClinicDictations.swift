import Foundation
import PostgresStore
import SpeakerAdaptation
import StationCore
import StationSystem

/// An author's corrected reports in the clinic store as training data: the store keeps their audio, not
/// the workstation, so each recording is written into `folder` (private, 0700; files 0600) for the
/// training to read, under its own name (what the training's attempts remember it by). The caller
/// removes the folder when the training is done.
struct ClinicDictations: CorrectedDictations {
    let store: ClinicStore
    let folder: URL

    func dictations(author: String, locale: String) async throws -> [CorrectedDictation] {
        let listed = try await ReportDictations(store: store).dictations(author: author, locale: locale)
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
}
