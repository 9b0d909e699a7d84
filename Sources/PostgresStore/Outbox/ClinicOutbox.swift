import Foundation
import StationCore
import StationSystem

/// Sent dictations kept on this workstation while the clinic store cannot be reached: one private file
/// each (0600, JSON) in a private folder (0700), named by the dictation's id and naming its recording,
/// which stays where it was recorded. `ClinicStore` delivers them, oldest first, before anything else
/// it does once the server answers again, and removes each once it is committed.
public final class ClinicOutbox: DictationOutbox, Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// What is kept of one dictation: the report as it was to be stored, and the session it ended.
    struct Kept: Codable, Sendable {
        var dictationID: String
        var audioFile: String
        var sessionName: String
        var locale: String
        var createdMicroseconds: Int64
        var durationMicroseconds: Int64
        var text: String
        var transcript: String
        var confidence: Double?
        var patientName: String?
        var patientIdentifier: String?
        var patientSystem: String?
        var workType: String
        var priority: String
        var words: String
        /// The session whose dictation this was: ended at delivery, if it still names this recording.
        var sessionID: String?

        var report: NewReport {
            get throws {
                NewReport(
                    sessionName: sessionName, locale: locale,
                    created: Date(timeIntervalSince1970: Double(createdMicroseconds) / 1_000_000),
                    audioDuration: .microseconds(durationMicroseconds),
                    audioFile: URL(fileURLWithPath: audioFile), text: text, transcript: transcript,
                    confidence: confidence,
                    properties: DictationProperties(
                        patient: Patient(name: patientName, identifier: patientIdentifier, system: patientSystem),
                        workType: workType, priority: ReportPriority(rawValue: priority) ?? .normal),
                    words: try WordsJSON.decode(words))
            }
        }
    }

    /// Keeps `report` (which has a recording) and the session it ends, to be delivered later.
    func keep(_ report: NewReport, endingSession session: SessionID?) throws {
        guard let audio = report.audioFile else { return }
        let patient = report.properties.patient
        let kept = Kept(
            dictationID: ClinicStore.dictationID(of: audio), audioFile: audio.path, sessionName: report.sessionName,
            locale: report.locale, createdMicroseconds: Int64(ReportRows.text(report.created)) ?? 0,
            durationMicroseconds: Int64(ReportRows.text(report.audioDuration)) ?? 0, text: report.text,
            transcript: report.transcript, confidence: report.confidence, patientName: patient?.name,
            patientIdentifier: patient?.identifier, patientSystem: patient?.system,
            workType: report.properties.workType, priority: report.properties.priority.rawValue,
            words: try WordsJSON.encode(report.words), sessionID: session?.rawValue)
        try PrivateDirectory.make(folder.path, creatingParents: true)
        try PrivateFile.replace(file(of: kept.dictationID).path, with: Array(try JSONEncoder().encode(kept)))
    }

    /// Every dictation kept, oldest first; a file that cannot be read is left where it is.
    func waiting() -> [Kept] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
            guard let descriptor = try? PrivateFile.open(folder.appendingPathComponent(name).path, .readOnly),
                let bytes = try? descriptor.readToEnd()
            else { return nil }
            descriptor.close()
            return try? JSONDecoder().decode(Kept.self, from: Data(bytes))
        }.sorted { $0.createdMicroseconds < $1.createdMicroseconds }
    }

    /// The file names of the recordings of the dictations that wait: theirs until they are delivered.
    public var waitingRecordingNames: Set<String> {
        Set(waiting().map { URL(fileURLWithPath: $0.audioFile).lastPathComponent })
    }

    /// How many dictations wait to be delivered.
    public var count: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).count {
            $0.hasSuffix(".json") && !$0.hasPrefix(".")
        }
    }

    /// Whether anything waits, without reading it.
    var isEmpty: Bool {
        !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains {
            $0.hasSuffix(".json") && !$0.hasPrefix(".")
        }
    }

    func remove(_ kept: Kept) { try? PrivateFile.remove(file(of: kept.dictationID).path) }

    public func isWaiting(_ audioFile: URL) -> Bool {
        FileManager.default.fileExists(atPath: file(of: ClinicStore.dictationID(of: audioFile)).path)
    }

    private func file(of dictationID: String) -> URL { folder.appendingPathComponent("\(dictationID).json") }
}
