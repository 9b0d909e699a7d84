import Foundation

extension SphinxDecoder {
    /// `-mllr FILE` when the acoustic model folder holds a speaker's MLLR transform (`mllr_matrix`, an
    /// author's voice profile made by SpeakerAdaptation); nothing for any other model.
    static func speakerTransform(in acousticModel: URL) -> [String] {
        let transform = acousticModel.appendingPathComponent("mllr_matrix")
        return FileManager.default.fileExists(atPath: transform.path) ? ["-mllr", transform.path] : []
    }
}
