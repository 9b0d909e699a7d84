/// How a live stream's feed lines up with the recording's file. The decoder may only take the file's
/// audio in order from its first sample; chunks carry their place in the file, so a break is seen.
enum LiveFeed: Equatable {
    /// Every chunk so far followed the one before, from the file's start.
    case contiguous
    /// A chunk was missing (dropped by a full buffer, or never fed because listening stopped): what
    /// was decoded is kept, and the rest is read from the file at finish.
    case gap
    /// The feed went back over audio already decoded (the capture cut the file back), or decoding
    /// failed: at finish the decode starts over on the whole file.
    case startOver
    /// Finishing: the stream reads the file and takes no more chunks.
    case finishing
}
