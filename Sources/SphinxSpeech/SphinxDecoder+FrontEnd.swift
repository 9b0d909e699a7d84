import CPocketSphinx
import Foundation

/// What the decoder's own front end makes of one utterance's audio, computed before the decoder sees it:
/// the cepstra summed (for the utterance's cepstral mean), and where in the audio each frame the decoder
/// will search comes from.
struct FrontEndPass {
    var cepstra: CepstralSum
    /// For each frame the decoder searches, in order, its frame in the utterance's audio.
    ///
    /// sphinxbase's voice activity detection (`-remove_silence`, on by default) drops quiet frames
    /// before the search: a breath of silence before the first word, and any pause over half a second
    /// (`-vad_postspeech`) inside an utterance. The search and its lattice count only the frames kept,
    /// and pocketsphinx's segments add the start of the *last* stretch of speech to every word, which is
    /// right only when nothing was dropped but the utterance's beginning. This map gives every frame
    /// its place in the audio.
    var audioFrames: [Int]

    /// Where search frame `frame` lies in the audio (the nearest known frame outside the map).
    func audioFrame(_ frame: Int) -> Int {
        guard let last = audioFrames.last else { return frame }
        if frame < 0 { return frame + (audioFrames.first ?? 0) }
        if frame >= audioFrames.count { return last + frame - (audioFrames.count - 1) }
        return audioFrames[frame]
    }
}

extension SphinxDecoder {
    /// Runs `audio` through a front end of the decoder's own settings, one frame step at a time, so
    /// that each frame it keeps is known by its place in the audio.
    ///
    /// Fed one step at a time, sphinxbase's front end reads exactly one new frame of audio per call
    /// and returns the frames it keeps: none in silence, the new one in speech, and, when speech
    /// starts, the quiet frames it held back before it (`-vad_prespeech`), which are the frames just
    /// before the new one.
    func frontEndPass(of audio: [Int16]) -> FrontEndPass? {
        guard let frontEnd, !audio.isEmpty, let length = cepstralLength else { return nil }
        var frameShift: Int32 = 0
        var frameSize: Int32 = 0
        fe_get_input_size(frontEnd, &frameShift, &frameSize)
        let width = Int(fe_get_output_size(frontEnd))
        guard frameShift > 0, frameSize > 0, width >= length else { return nil }
        // Room for the frames held back before speech and the new one.
        let capacity = max(1, cmd_ln_int_r(ps_get_config(decoder), "-vad_prespeech")) + 2
        var rows = [mfcc_t](repeating: 0, count: capacity * width)
        var sum = [Double](repeating: 0, count: length)
        var frames = 0
        var audioFrames: [Int] = []
        audioFrames.reserveCapacity(audio.count / Int(frameShift) + 1)
        fe_start_stream(frontEnd)
        _ = fe_start_utt(frontEnd)
        let failed = rows.withUnsafeMutableBufferPointer { rowStorage -> Bool in
            guard let base = rowStorage.baseAddress else { return true }
            var pointers: [UnsafeMutablePointer<mfcc_t>?] = (0..<capacity).map { base + $0 * width }
            return audio.withUnsafeBufferPointer { samples -> Bool in
                guard let start = samples.baseAddress else { return true }
                var position = 0
                // The audio frame the last call read; the first call reads a whole frame.
                var audioFrame = -1
                while position < samples.count {
                    let whole = position == 0 ? Int(frameSize) : Int(frameShift)
                    let step = min(whole, samples.count - position)
                    var input: UnsafePointer<Int16>? = start + position
                    var remaining = step
                    var produced = Int32(capacity)
                    var startFrame: Int32 = 0
                    let status = pointers.withUnsafeMutableBufferPointer { buffer in
                        fe_process_frames(frontEnd, &input, &remaining, buffer.baseAddress, &produced, &startFrame)
                    }
                    guard status >= 0 else { return true }
                    position += step - remaining
                    guard step == whole else { break }
                    audioFrame += 1
                    let count = Int(produced)
                    for index in 0..<count {
                        audioFrames.append(audioFrame - count + 1 + index)
                        guard let row = pointers[index] else { continue }
                        for coefficient in 0..<length { sum[coefficient] += Double(row[coefficient]) }
                    }
                    frames += count
                    if remaining > 0 { break }
                }
                // The part frame at the end, which the decoder searches too when it is speech.
                var last = [mfcc_t](repeating: 0, count: width)
                var lastFrames: Int32 = 0
                _ = fe_end_utt(frontEnd, &last, &lastFrames)
                if lastFrames > 0 { audioFrames.append(audioFrame + 1) }
                return false
            }
        }
        guard !failed, frames > 0 else { return nil }
        return FrontEndPass(cepstra: CepstralSum(sum: sum, frames: frames), audioFrames: audioFrames)
    }
}
