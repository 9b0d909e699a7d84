import StationCore

/// What `profile.json` says about an author's voice profile (`VoiceProfileRecord`, the core's).
public typealias ProfileRecord = VoiceProfileRecord

extension VoiceProfileRecord {
    public static let fileName = "profile.json"
}

/// Word errors over the reference words (`WordErrors`, the core's).
public typealias WordErrorRate = WordErrors
