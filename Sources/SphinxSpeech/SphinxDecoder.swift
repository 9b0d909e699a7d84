import CPocketSphinx
import Foundation
import Localization
import StationCore

/// One loaded libpocketsphinx decoder for one model. Not thread-safe: only `SphinxEngine` (on its own
/// thread) touches it.
final class SphinxDecoder {
    let model: SpeechModel
    let decoder: OpaquePointer
    /// The decoder, for the extensions in other files.
    var pointer: OpaquePointer { decoder }
    /// The clinic's words this decoder took (`SphinxDecoder+Vocabulary`).
    var applied = AppliedVocabulary()
    /// The command words its language model was written with (`SphinxDecoder+Commands`).
    var commandWords: Set<String> = []
    /// The voice profile it decodes with now: its own model's (MAP) or an MLLR transform applied to
    /// its stock model; nil for the stock model as loaded.
    var speaker: SpeakerModel?
    /// A front end of the decoder's own settings, used only to measure an utterance's cepstral mean.
    let frontEnd: OpaquePointer?
    /// The live cepstral mean as the model loaded it (`-cmninit`), restored at each dictation's start.
    private(set) var initialCepstralMean: CepstralMeanState?

    /// Loads the model (about 0.3 s for Debian's en-US) with `languageModel` and `dictionary` in place of
    /// its own when given (`VocabularyLanguageModel`, `DecodingDictionary`); pocketsphinx's log, filtered of every word it recognizes, goes
    /// to `log`.
    init(model: SpeechModel, log: any StationLog, languageModel: URL? = nil, dictionary: URL? = nil) throws {
        self.model = model
        try SphinxLibrary.load()
        DecoderLog.shared.route(to: log)
        let arguments: [String] =
            [
                "-hmm", model.acousticModel.path, "-lm", (languageModel ?? model.languageModel).path, "-dict",
                (dictionary ?? model.dictionary).path,
                // Everything goes through `DecoderLog`; anything written straight to the log file is lost.
                "-logfn", "/dev/null",
                // Measured on the LibriVox files (71 words): the default second passes (flat lexicon, then
                // lattice best path) scored 28.2 % WER, the first pass alone 21.1 %, and it is faster. The
                // lattice is still searched for confidence (`wordConfidence`) without changing the words.
                "-fwdflat", "no", "-bestpath", "no",
            ] + Self.speakerTransform(in: model.acousticModel)
        let argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv
        let config = pointers.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 0)
        }
        guard let config else { throw SphinxError(function: "cmd_ln_parse_r", detail: "bad decoder options") }
        defer { _ = cmd_ln_free_r(config) }
        guard let decoder = ps_init(config) else {
            throw SphinxError(function: "ps_init", detail: tr("the model could not be loaded (see the log)"))
        }
        self.decoder = decoder
        frontEnd = fe_init_auto_r(ps_get_config(decoder))
        initialCepstralMean = cepstralMeanState
        try prime()
    }

    deinit {
        if let frontEnd { _ = fe_free(frontEnd) }
        _ = ps_free(decoder)
    }

    /// Starts an utterance. Given a cepstral mean, normalizes the cepstra by it (see
    /// `DictationCepstralMean`), while the audio still goes in small steps; without it, the running
    /// estimate is used.
    func startUtterance(cepstralMean: [Float]? = nil) throws {
        // A new stream: the noise estimate starts afresh, so an utterance decodes the same whatever
        // the decoder heard before.
        try SphinxError.check(ps_start_stream(decoder), "ps_start_stream")
        try SphinxError.check(ps_start_utt(decoder), "ps_start_utt")
        if let cepstralMean { setCepstralMean(cepstralMean) }
    }

    /// The loaded decoder, for the cepstral mean's accessors (`SphinxDecoder+CepstralMean`).
    var handle: OpaquePointer { decoder }

    func process(_ samples: ArraySlice<Int16>) throws {
        guard !samples.isEmpty else { return }
        let status = samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        try SphinxError.check(status, "ps_process_raw")
    }

    func endUtterance() throws { try SphinxError.check(ps_end_utt(decoder), "ps_end_utt") }

    /// The best hypothesis so far, or after `endUtterance` the final one; words separated by spaces.
    var hypothesis: String {
        var score: Int32 = 0
        guard let text = ps_get_hyp(decoder, &score) else { return "" }
        return String(cString: text)
    }

    /// The mean posterior probability (0…1) of the words on the best path through the last finished
    /// utterance's word lattice; nil when it has no words.
    var wordConfidence: Double? {
        guard let lattice = ps_get_lattice(decoder) else { return nil }
        let config = ps_get_config(decoder)
        // The lattice multiplies acoustic scores by this: `-ascale` is its inverse (20 overflowed every posterior).
        let acousticScale = Float(1 / cmd_ln_float_r(config, "-ascale"))
        let languageWeight = Float(cmd_ln_float_r(config, "-bestpathlw") / cmd_ln_float_r(config, "-lw"))
        let languageModel = ps_get_lm(decoder, ps_get_search(decoder))
        guard var link = ps_lattice_bestpath(lattice, languageModel, languageWeight, acousticScale) else { return nil }
        _ = ps_lattice_posterior(lattice, languageModel, acousticScale)
        let logmath = ps_lattice_get_logmath(lattice)
        var sum = 0.0
        var count = 0
        while true {
            if let word = ps_latlink_baseword(lattice, link).map({ String(cString: $0) }),
                !word.hasPrefix("<"), !word.hasPrefix("[")
            {
                let posterior = ps_latlink_prob(lattice, link, nil)
                sum += min(1, max(0, logmath_exp(logmath, posterior)))
                count += 1
            }
            guard let previous = ps_latlink_pred(link) else { break }
            link = previous
        }
        return count == 0 ? nil : sum / Double(count)
    }
}
