import Foundation
import StationSystem
import StationTestSupport

/// `dictation-station transcribe` against `pocketsphinx_continuous -infile` on the LibriVox files:
/// word error rate and wall time, each tool run as a person would run it.
enum FileComparison {
    static let model = "/usr/share/pocketsphinx/model/en-us"

    static func run(binary: URL) throws {
        let samples = try LibriVoxSamples.all()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("station-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: data) }

        let clock = ContinuousClock()
        var output = ""
        let stationTime = try clock.measure {
            output = try runTool(binary, ["--data-dir", data.path, "transcribe", "--tsv"] + samples.map(\.file.path))
        }
        var station = WordErrorRate.Count(errors: 0, referenceWords: 0)
        let lines = output.split(separator: "\n")
        for (line, sample) in zip(lines, samples) {
            let text = line.split(separator: "\t", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            station = station + WordErrorRate.count(hypothesis: text, reference: sample.reference)
        }

        var continuous = WordErrorRate.Count(errors: 0, referenceWords: 0)
        var continuousTime = Duration.zero
        for sample in samples {
            var text = ""
            continuousTime += try clock.measure {
                text = try runTool(
                    URL(fileURLWithPath: "/usr/bin/pocketsphinx_continuous"),
                    [
                        "-hmm", "\(model)/en-us", "-lm", "\(model)/en-us.lm.bin", "-dict",
                        "\(model)/cmudict-en-us.dict",
                        "-infile", sample.file.path, "-logfn", "/dev/null",
                    ])
            }
            continuous = continuous + WordErrorRate.count(hypothesis: text, reference: sample.reference)
        }

        print("Files: the \(samples.count) LibriVox recordings (\(station.referenceWords) words)")
        print("                                    WER      wall time")
        print(row("dictation-station transcribe", station, stationTime))
        print(row("pocketsphinx_continuous -infile", continuous, continuousTime))
        print(
            "ratio (station / continuous)      \(format(station.rate / continuous.rate))    "
                + "\(format(seconds(stationTime) / seconds(continuousTime)))")
    }

    static func row(_ name: String, _ count: WordErrorRate.Count, _ time: Duration) -> String {
        name.padding(toLength: 34, withPad: " ", startingAt: 0) + "\(format(count.rate))    \(format(seconds(time))) s"
    }

    static func runTool(_ tool: URL, _ arguments: [String]) throws -> String {
        var spawn = Spawn(tool.path, arguments)
        spawn.output = .capture
        return try spawn.run().outputText
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }
