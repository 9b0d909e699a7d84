import Foundation
import Localization
import StationCore

extension SphinxEngine {
    /// The decoder for a dictation of `speaker` in `locale`: their MAP profile's own decoder, or the
    /// stock decoder with their MLLR transform applied, or the stock decoder as it loaded. A profile
    /// that does not load or apply is logged and the stock model decodes: a profile never stops a
    /// dictation.
    func decoder(
        for locale: String, speaker: String?
    ) throws(TranscriptionError) -> (
        model: SpeechModel, decoder: SphinxDecoder
    ) {
        let base = try locator.model(for: locale)
        let profile = speaker.flatMap { speakerModels?.speakerModel(speaker: $0, base: base) }
        if let profile, profile.transform == nil {
            if let decoder = profileDecoder(profile) { return (base, decoder) }
        }
        let wanted = profile?.transform == nil ? nil : profile
        let (model, decoder) = try load(locale, base: base, preferring: wanted)
        // A profile is trained from one base model; when that one is broken and the system's decodes
        // instead, its transform does not belong there.
        guard prepare(decoder, for: model == base ? wanted : nil) else {
            // Still transformed: it must not decode anyone else. A fresh decoder takes its place.
            let idle = idleDecoders.removeValue(forKey: model.acousticModel)
            defer { idleDecoders[model.acousticModel] = idle }
            return (model, try checkOut(model))
        }
        return (model, decoder)
    }

    /// Loads the decoder of `speaker`'s dictations in `locale` now (their profile's, or the stock one
    /// with their transform), so their first dictation does not wait for it.
    func preload(locale: String, speaker: String?) throws(TranscriptionError) {
        checkIn(try decoder(for: locale, speaker: speaker).decoder)
    }

    /// The profiles whose MAP decoders wait for their speakers now, least recently used first.
    var idleProfileModels: [SpeakerModel] { idleProfiles.decoders.compactMap(\.speaker) }

    /// Idle decoders of the acoustic model `folder` (stock decoders, whatever transform they carry).
    func idleCount(of folder: URL) -> Int { idleDecoders[folder]?.count ?? 0 }

    /// An idle decoder of `model`, one carrying `transform` when there is such a one.
    func takeIdle(_ model: URL, preferring transform: SpeakerModel?) -> SphinxDecoder? {
        guard var idle = idleDecoders[model], !idle.isEmpty else { return nil }
        let index = idle.lastIndex { $0.speaker == transform } ?? idle.count - 1
        let decoder = idle.remove(at: index)
        idleDecoders[model] = idle
        return decoder
    }

    /// The MAP profile's decoder: the idle one, else loaded now (probed first, like an installed model,
    /// since a malformed model file ends the process). Nil when it does not load.
    private func profileDecoder(_ profile: SpeakerModel) -> SphinxDecoder? {
        // A clinic word removed or said anew since: only a fresh decoder forgets it.
        let commands = commandWords(for: profile.model)
        if let decoder = idleProfiles.take(profile), decoder.catchUp(with: locator.vocabulary, log: log),
            decoder.hasCommandWords(commands)
        {
            return decoder
        }
        if let problem = probe.problem(with: profile.model, log: log) {
            log.log(.warning, "a voice profile's model does not load (\(problem)); decoding with the stock model")
            return nil
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let decoder = try SphinxDecoder(
                model: profile.model, log: decoderLog, vocabulary: locator.vocabulary, commands: commands,
                commandWeight: commandWeight, cache: locator.languageModelCache, notes: log)
            logThread = UInt(pthread_self())
            decodersLoaded += 1
            decoder.speaker = profile
            log.log(.info, "loaded a voice profile's \(profile.model.locale) model in \(clock.now - started)")
            return decoder
        } catch {
            log.log(.warning, "a voice profile's model does not load (\(error)); decoding with the stock model")
            return nil
        }
    }

    /// Gives a stock decoder `transform` (an MLLR profile's) or takes it back to no transform, unless
    /// it carries that already. When the transform cannot be applied the decoder goes back to none.
    /// Returns false when the decoder is left with another speaker's transform.
    private func prepare(_ decoder: SphinxDecoder, for transform: SpeakerModel?) -> Bool {
        guard decoder.speaker != transform else { return true }
        let clock = ContinuousClock()
        let started = clock.now
        if let transform, let file = transform.transform {
            do {
                try decoder.apply(transform: file)
                decoder.speaker = transform
                log.log(.info, "applied a voice profile's transform in \(clock.now - started)")
                return true
            } catch {
                log.log(
                    .warning, tr("a voice profile's transform does not apply (\(error)); decoding with the stock model")
                )
            }
        }
        guard decoder.speaker != nil else { return true }
        do {
            try decoder.removeTransform()
            decoder.speaker = nil
            log.log(.info, "took a voice profile's transform off in \(clock.now - started)")
            return true
        } catch {
            log.log(.error, "a voice profile's transform cannot be taken off (\(error)); loading the model again")
            return false
        }
    }
}
