import Foundation

/// Where the authors' voice profiles are kept: the data directory's files today (`SpeakerProfiles`),
/// the clinic store next, so that a profile follows its author to every workstation by a second
/// adapter, not a rewrite. A profile is a complete acoustic model folder that the decoder reads, and
/// its record; the store gives a training a private local folder to write its candidates in, then keeps
/// one of them (in place of the profile in use, all at once) or lets them go.
///
/// Training itself stays local (its queue, its tools, its scratch files): a store only ever sees a
/// finished candidate or a request for the profile in use.
public protocol VoiceProfileStore: Sendable {
    /// The record of `author`'s profile in `locale`, if there is a sound one.
    func record(author: String, locale: String) -> VoiceProfileRecord?
    /// The local folder `author`'s profile model in `locale` is read from (a clinic store copies it
    /// here first); nil when there is none.
    func modelFolder(author: String, locale: String) -> URL?
    /// Every profile's record, by author then locale.
    func all() -> [VoiceProfileRecord]
    /// A new private local folder for one training of `author`'s profile to write its candidates in.
    func scratchFolder(author: String) throws -> URL
    /// Keeps `model` (a model folder in `scratch`) as the profile `record` describes, in place of the
    /// one in use; a reader sees the old one or the new one, never a mix.
    func install(model: URL, record: VoiceProfileRecord, scratch: URL) throws
    /// Removes `author`'s profiles in every locale; false when there were none.
    func reset(author: String) throws -> Bool
    /// What the last training of `author`'s profile in `locale` was offered.
    func lastAttempt(author: String, locale: String) -> VoiceProfileAttempt?
    func recordAttempt(_ attempt: VoiceProfileAttempt, author: String, locale: String) throws
    /// Every author and locale a training was tried for, with its last attempt (for `profiles`).
    func allAttempts() -> [(author: String, locale: String, attempt: VoiceProfileAttempt)]
}
