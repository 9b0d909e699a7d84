import CPocketSphinx
import Foundation
import Localization

extension SphinxDecoder {
    /// `-mllr FILE` when the acoustic model folder holds a speaker's MLLR transform (`mllr_matrix`, an
    /// author's voice profile made by SpeakerAdaptation); nothing for any other model.
    static func speakerTransform(in acousticModel: URL) -> [String] {
        let transform = acousticModel.appendingPathComponent("mllr_matrix")
        return FileManager.default.fileExists(atPath: transform.path) ? ["-mllr", transform.path] : []
    }

    /// The feature streams' lengths an MLLR transform of this model must have.
    var streamLengths: [Int] {
        guard let feature = ps_get_feat(decoder) else { return [] }
        let f = feature.pointee
        let count = f.n_sv > 0 ? Int(f.n_sv) : Int(f.n_stream)
        return (0..<count).map { index in
            if f.lda != nil { return Int(f.out_dim) }
            if let lengths = f.sv_len { return Int(lengths[index]) }
            return Int(f.stream_len[index])
        }
    }

    /// Applies the MLLR transform in `file` to this decoder's model (`ps_update_mllr`): pocketsphinx
    /// reloads the model's means and variances from their files and transforms them, so a previous
    /// transform is replaced, not compounded. A file of another shape than the model's is refused
    /// (pocketsphinx would read past its matrices).
    func apply(transform file: URL) throws {
        guard let shape = MLLRTransform(contentsOf: file) else {
            throw SphinxError(function: "ps_mllr_read", detail: tr("the transform file is missing or malformed"))
        }
        guard shape.streamLengths == streamLengths else {
            throw SphinxError(function: "ps_update_mllr", detail: tr("the transform does not fit the model"))
        }
        try update(from: file)
    }

    /// Takes the decoder back to its own model: the identity transform, of the model's shape.
    func removeTransform() throws {
        let identity = MLLRTransform(classes: 1, streamLengths: streamLengths)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dictation-station-identity-\(UUID().uuidString).mllr")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(identity.identityText.utf8)) else {
            throw SphinxError(function: "ps_mllr_read", detail: tr("cannot write the identity transform"))
        }
        defer { try? FileManager.default.removeItem(at: file) }
        try update(from: file)
    }

    private func update(from file: URL) throws {
        guard let transform = ps_mllr_read(file.path) else {
            throw SphinxError(function: "ps_mllr_read", detail: tr("the transform cannot be read"))
        }
        // The decoder takes the transform over and frees the one it had.
        guard ps_update_mllr(decoder, transform) != nil else {
            throw SphinxError(function: "ps_update_mllr")
        }
    }
}
